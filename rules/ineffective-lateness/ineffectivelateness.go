// Package ineffectivelateness implements the rule ineffective-lateness.
package ineffectivelateness

import (
	"slices"

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
		if !w.Kind.OtherTime() {
			continue
		}
		what := describe(w)
		for _, c := range w.Config {
			switch c.Name {
			case "allowedLateness":
				if len(c.Args()) == 1 {
					if d, ok := constant.Duration(project, c.Args()[0]); ok && d == 0 {
						continue
					}
				}
				f := finding(w, c, "allowedLateness has no effect on "+what, "so no window is kept open for late data")
				f.Fixes = fix(pass, project, c)
				f.At(pass, c)
			case "sideOutputLateData":
				f := finding(w, c, "sideOutputLateData never receives a record on "+what, "so this side output stays empty")
				f.Fixes = fix(pass, project, c)
				f.At(pass, c)
			}
		}
	}
}

// finding is the report of the lateness setting c on the window w: the
// setting, the window and its assigner are where it is fixed. A chain
// that makes the window and sets c is the window's evidence.
func finding(w *jobgraph.Window, c *model.Node, headline, consequence string) report.Finding {
	label := "processing-time window here"
	switch {
	case w.Assigner == w.Call && w.Kind == jobgraph.GlobalWindow:
		label = "count window here"
	case w.Kind == jobgraph.GlobalWindow:
		label = "global window here"
	}
	window := report.EvidenceApart(w.Call, c, label)
	setting := label
	if window != nil {
		setting = c.Name + " set here"
	}
	return report.Finding{
		Headline: headline,
		Help:     "use an event-time assigner such as TumblingEventTimeWindows, or delete the call",
		Note:     "Flink only treats elements as late in event-time windows, " + consequence,
		Evidence: slices.Concat(window, report.EvidenceApart(w.Assigner, w.Call, "assigner defined here"),
			report.Evidence(c, setting)),
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
