// Package globalwindownotrigger implements the rule global-window-no-trigger.
package globalwindownotrigger

import (
	"slices"

	"golang.org/x/tools/go/analysis"

	"github.com/flinklint/flinklint/jobgraph"
	"github.com/flinklint/flinklint/parsers/model"
	"github.com/flinklint/flinklint/rules/internal/report"
	"github.com/flinklint/flinklint/rules/internal/rule"
)

// Analyzer reports GlobalWindows.create() windows that are consumed before
// any trigger is set.
var Analyzer = rule.New("global-window-no-trigger", run)

func run(pass *analysis.Pass, g *jobgraph.Graph) {
	for _, w := range jobgraph.Of(pass).Windows() {
		if w.Kind != jobgraph.GlobalWindow || !neverTriggers(w.Assigner) || len(w.Terminals) == 0 || w.Has("trigger") {
			continue
		}
		written := "GlobalWindows.create()"
		if model.Constructs(w.Assigner, "GlobalWindows") {
			written = "GlobalWindows()"
		}
		terminal := w.Terminals[0]
		report.Finding{
			Headline: written + " with no trigger never fires",
			Help: "add .trigger(PurgingTrigger.of(CountTrigger.of(n))) before ." + terminal.Name + "(...), or use " +
				countWindow(w.Call),
			Note: "its default NeverTrigger never calls the window function, so nothing is emitted " +
				"and the window state grows with every element",
			Evidence: slices.Concat(
				report.EvidenceApart(w.Call, terminal, "global window here"),
				report.EvidenceApart(w.Assigner, w.Call, "assigner defined here"),
				report.Evidence(terminal, terminal.Name+" with no trigger before it")),
		}.At(pass, w.Call)
	}
}

// neverTriggers reports whether the assigner a is GlobalWindows with its
// default NeverTrigger: GlobalWindows.create(), or, in Python, the
// constructor GlobalWindows() that create() calls.
func neverTriggers(a *model.Node) bool {
	return model.IsStaticCall(a, "GlobalWindows", "create") || model.Constructs(a, "GlobalWindows")
}

// countWindow names the count window that replaces the window call c:
// countWindowAll does not exist in PyFlink, whose windowAll takes its count
// assigner instead.
func countWindow(c *model.Node) string {
	switch {
	case c.Name != "windowAll":
		return "countWindow(n)"
	case c.File.Lang == model.Python:
		return "windowAll(CountTumblingWindowAssigner.of(n))"
	}
	return "countWindowAll(n)"
}
