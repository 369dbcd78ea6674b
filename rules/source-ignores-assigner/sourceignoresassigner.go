// Package sourceignoresassigner implements the rule source-ignores-assigner.
package sourceignoresassigner

import (
	"slices"

	"golang.org/x/tools/go/analysis"

	"github.com/flinklint/flinklint/jobgraph"
	"github.com/flinklint/flinklint/parsers/model"
	"github.com/flinklint/flinklint/rules/internal/pystrategy"
	"github.com/flinklint/flinklint/rules/internal/report"
	"github.com/flinklint/flinklint/rules/internal/rule"
)

// Analyzer reports PyFlink strategies whose Python timestamp assigner
// never runs: given to from_source, or dropped by a later with_idleness
// or with_watermark_alignment.
var Analyzer = rule.New("source-ignores-assigner", run)

func run(pass *analysis.Pass, g *jobgraph.Graph) {
	p := g.Project()
	src := report.NewSource(pass)
	for _, n := range p.Calls("fromSource") {
		if n.Kind != model.Call || n.File.Lang != model.Python || n.Recv == nil || len(n.Args()) < 2 {
			continue
		}
		assigner := g.StrategyAssigner(n.Args()[1])
		if assigner == nil {
			continue
		}
		f := report.Finding{
			Headline: "the Python timestamp assigner never runs: fromSource drops it",
			Help: "pass WatermarkStrategy.noWatermarks() to fromSource and apply the strategy with " +
				".assignTimestampsAndWatermarks(...) on its stream",
			Note: "PyFlink's fromSource hands the source only the Java part of the strategy, so records keep the " +
				"source's own timestamps (a Kafka record's, none from a file)",
			Evidence: slices.Concat(report.Evidence(n, "strategy given to fromSource here"),
				report.Evidence(strategy(assigner), "timestamp assigner set here")),
		}
		if d, _ := g.AssignerDropper(n.Args()[1]); d != nil {
			// Assigned after the source, the strategy would still lack it.
			f.Help += ", with " + d.Name + " before withTimestampAssigner"
			f.Evidence = append(f.Evidence, report.Evidence(d, d.Name+" here drops the assigner too")...)
		} else {
			f.Fixes = fix(src, n)
		}
		f.At(pass, n)
	}
	reported := map[*model.Node]bool{} // a strategy may be assigned in several jobs
	for _, n := range p.Calls("assignTimestampsAndWatermarks") {
		if n.Kind != model.Call || n.File.Lang != model.Python || n.Recv == nil || len(n.Args()) != 1 {
			continue
		}
		d, assigner := g.AssignerDropper(n.Args()[0])
		if d == nil || reported[d] {
			continue
		}
		reported[d] = true
		report.Finding{
			Headline: "the Python timestamp assigner never runs: " + d.Name + " drops it",
			Help:     "call " + d.Name + " before withTimestampAssigner",
			Note: "PyFlink keeps a Python assigner on the strategy object, and " + d.Name + " returns a new " +
				"strategy that wraps only the Java one, so records keep the source's own timestamps (a Kafka " +
				"record's, none from a file)",
			Evidence: slices.Concat(report.Evidence(n, "strategy assigned here"),
				report.Evidence(strategy(assigner), "timestamp assigner set here")),
			Fixes: reorder(pass, d),
		}.At(pass, d)
	}
}

// strategy returns the whole strategy chain that the withTimestampAssigner
// call belongs to, so that deleting any of its links selects the finding.
func strategy(assigner *model.Node) *model.Node {
	for o := model.Outer(assigner); o != nil && jobgraph.StrategyDerives(o.Name); o = model.Outer(o) {
		assigner = o
	}
	return assigner
}

// fix moves the strategy out of from_source into an
// assign_timestamps_and_watermarks call on its stream, the one place where
// PyFlink runs a Python assigner. It is unsafe: watermarks are then
// generated per subtask, not per split (see assign-after-source), a choice
// for the user.
func fix(src *report.Source, n *model.Node) []analysis.SuggestedFix {
	ws := src.Text(n.Args()[1])
	if ws == "" || !importsStrategy(n.File) {
		return nil
	}
	edits := []analysis.TextEdit{
		{Pos: n.Args()[1].Pos(), End: n.Args()[1].End(), NewText: []byte(model.Spell(model.Python, "WatermarkStrategy.noWatermarks()", nil))},
		{Pos: n.End(), End: n.End(), NewText: []byte(model.Spell(model.Python, ".assignTimestampsAndWatermarks(", nil) + ws + ")")},
	}
	return []analysis.SuggestedFix{report.Unsafe("Assign the strategy after the source, where its assigner runs", edits...)}
}

// reorder moves the call d that drops the assigner before
// withTimestampAssigner, where it is chained on it. It is safe: the
// strategy the job meant, with its assigner.
func reorder(pass *analysis.Pass, d *model.Node) []analysis.SuggestedFix {
	src := report.Text(pass, d.File.Token)
	if src == nil || !pystrategy.AfterAssigner(d) {
		return nil
	}
	edits, ok := pystrategy.MoveBefore(src, d, pystrategy.Call(src, d))
	if !ok {
		return nil
	}
	return []analysis.SuggestedFix{report.Safe("Call "+model.Spell(model.Python, d.Name, nil)+" before with_timestamp_assigner", edits...)}
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
