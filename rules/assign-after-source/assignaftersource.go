// Package assignaftersource implements the rule assign-after-source.
package assignaftersource

import (
	"golang.org/x/tools/go/analysis"

	"github.com/flinklint/flinklint/parsers/model"
	"github.com/flinklint/flinklint/rules/internal/flow"
	"github.com/flinklint/flinklint/rules/internal/report"
	"github.com/flinklint/flinklint/rules/internal/rule"
	"github.com/flinklint/flinklint/rules/internal/sources"
)

// Analyzer reports watermark strategies applied downstream of a source that
// could have carried them.
var Analyzer = rule.New("assign-after-source", run)

// stateless are the one-input operations that keep the source's splits
// apart in spirit: records are neither regrouped nor combined, so the
// strategy could have been applied at the source.
var stateless = map[string]bool{
	"map": true, "filter": true, "flatMap": true,
	"name": true, "uid": true, "setParallelism": true, "returns": true, "setDescription": true,
	"slotSharingGroup": true, "disableChaining": true, "startNewChain": true,
}

func run(pass *analysis.Pass, p *model.Project) {
	src := report.NewSource(pass)
	for _, f := range p.Files() {
		f.Inspect(func(n *model.Node) bool {
			if !model.IsCall(n, "assignTimestampsAndWatermarks") || n.Recv == nil || len(n.Args) != 1 {
				return true
			}
			if sources.IsNoWatermarks(p.Value(n.Args[0])) {
				return true // no watermarks at all: a processing-time job
			}
			var origin *model.Node
			for _, o := range flow.Origins(p, n.Recv, func(c *model.Node) bool { return stateless[c.Name] }) {
				if model.IsCall(o, "fromSource") && len(o.Args) >= 2 && sources.IsNoWatermarks(p.Value(o.Args[1])) {
					origin = o
					break
				}
			}
			if origin == nil {
				return true
			}
			msg := "the stream of fromSource(..., WatermarkStrategy.noWatermarks(), ...) gets its watermarks only " +
				"here, after the source: this operator runs one watermark generator per subtask over the " +
				"interleaved records of all the splits it reads, so watermark alignment and per-split idleness " +
				"are lost"
			if info := sources.Describe(p, origin.Args[0]); info.MultiSplit {
				msg += ", and records of a " + info.Class + " partition that lags behind the others arrive " +
					"behind the watermark and are dropped as late"
			}
			msg += "; pass the strategy to fromSource instead"
			var fixes []analysis.SuggestedFix
			if n.Recv == origin { // chained directly: the element types agree
				fixes = []analysis.SuggestedFix{{
					Message: "Pass the watermark strategy to fromSource",
					TextEdits: []analysis.TextEdit{
						{Pos: origin.Args[1].Pos, End: origin.Args[1].End, NewText: []byte(src.Text(n.Args[0]))},
						{Pos: origin.End, End: n.End},
					},
				}}
			}
			report.At(pass, n, msg, fixes...)
			return true
		})
	}
}
