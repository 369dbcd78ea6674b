// Package ineffectivelateness implements the rule ineffective-lateness.
package ineffectivelateness

import (
	"golang.org/x/tools/go/analysis"

	"github.com/flinklint/flinklint/jobgraph"
	"github.com/flinklint/flinklint/parsers/model"
	"github.com/flinklint/flinklint/parsers/model/constant"
	"github.com/flinklint/flinklint/rules/internal/report"
	"github.com/flinklint/flinklint/rules/internal/rule"
)

// Analyzer reports lateness settings on windows that never see late data.
var Analyzer = rule.New("ineffective-lateness", run)

func run(pass *analysis.Pass, g *jobgraph.Graph) {
	project := g.Project()
	for _, w := range jobgraph.Of(pass).Windows() {
		if w.Kind != jobgraph.GlobalWindow && w.Kind != jobgraph.ProcessingTimeWindow {
			continue
		}
		what := describe(w)
		for _, c := range w.Config {
			switch c.Name {
			case "allowedLateness":
				if len(c.Args) == 1 {
					if d, ok := constant.Duration(project, c.Args[0]); ok && d == 0 {
						continue
					}
				}
				report.At(pass, c, "allowedLateness has no effect on "+what+": Flink only treats elements as late "+
					"in event-time windows, so no window is kept open for late data; use an event-time assigner "+
					"or remove the call")
			case "sideOutputLateData":
				report.At(pass, c, "sideOutputLateData never receives a record on "+what+": Flink only treats "+
					"elements as late in event-time windows, so this side output stays empty; use an event-time "+
					"assigner or remove the call")
			}
		}
	}
}

// describe names the window the way the user wrote it.
func describe(w *jobgraph.Window) string {
	a := w.Assigner
	switch {
	case a == w.Call && w.Kind == jobgraph.GlobalWindow:
		return w.Call.Name + " (count windows)"
	case a == w.Call:
		return w.Call.Name + " under the ProcessingTime characteristic"
	case (a.Kind == model.Call || a.Kind == model.Select) && a.Recv != nil:
		return model.SimpleName(a.Recv) + " windows"
	}
	return a.Name + " windows"
}
