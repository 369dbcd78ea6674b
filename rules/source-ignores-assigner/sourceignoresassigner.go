// Package sourceignoresassigner implements the rule source-ignores-assigner.
package sourceignoresassigner

import (
	"fmt"
	"path/filepath"

	"golang.org/x/tools/go/analysis"

	"github.com/flinklint/flinklint/jobgraph"
	"github.com/flinklint/flinklint/parsers/model"
	"github.com/flinklint/flinklint/rules/internal/report"
	"github.com/flinklint/flinklint/rules/internal/rule"
)

// Analyzer reports PyFlink from_source calls given a strategy with a
// Python timestamp assigner, which the source never runs.
var Analyzer = rule.New("source-ignores-assigner", run)

func run(pass *analysis.Pass, g *jobgraph.Graph) {
	p := g.Project()
	src := report.NewSource(pass)
	for _, n := range p.Calls("fromSource") {
		if n.Kind != model.Call || n.File.Lang != model.Python || n.Recv == nil || len(n.Args) < 2 {
			continue
		}
		assigner := g.StrategyAssigner(n.Args[1])
		if assigner == nil {
			continue
		}
		at := pass.Fset.Position(assigner.NamePos)
		msg := fmt.Sprintf("the timestamp assigner set at %s:%d (withTimestampAssigner) never runs: PyFlink's "+
			"fromSource hands the source only the Java part of the strategy, so the records keep the source's "+
			"own timestamps (a Kafka record's timestamp; none at all from a file or sequence source, which fails "+
			"event-time operators at run time) and event time is not what the assigner computes; pass "+
			"WatermarkStrategy.noWatermarks() here and apply the strategy with .assignTimestampsAndWatermarks(...) "+
			"on the stream", filepath.Base(at.Filename), at.Line)
		report.At(pass, n, msg, fix(src, n)...)
	}
}

// fix moves the strategy out of from_source into an
// assign_timestamps_and_watermarks call on its stream, the one place where
// PyFlink runs a Python assigner. It is unsafe: watermarks are then
// generated per subtask, not per split (see assign-after-source), a choice
// for the user.
func fix(src *report.Source, n *model.Node) []analysis.SuggestedFix {
	ws := src.Text(n.Args[1])
	if ws == "" || !importsStrategy(n.File) {
		return nil
	}
	edits := []analysis.TextEdit{
		{Pos: n.Args[1].Pos, End: n.Args[1].End, NewText: []byte(model.Spell(model.Python, "WatermarkStrategy.noWatermarks()", nil))},
		{Pos: n.End, End: n.End, NewText: []byte(model.Spell(model.Python, ".assignTimestampsAndWatermarks(", nil) + ws + ")")},
	}
	return []analysis.SuggestedFix{report.Unsafe("Assign the strategy after the source, where its assigner runs", edits...)}
}

// importsStrategy reports whether a Python file binds WatermarkStrategy,
// which the fix names.
func importsStrategy(f *model.File) bool {
	for _, im := range f.Imports {
		if im.Wildcard && (im.Path == "pyflink.common" || im.Path == "pyflink.common.watermark_strategy") ||
			!im.Wildcard && im.Bound() == "WatermarkStrategy" {
			return true
		}
	}
	return false
}
