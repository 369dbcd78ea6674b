// Package globalwindownotrigger implements the rule global-window-no-trigger.
package globalwindownotrigger

import (
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
		report.At(pass, w.Call, written+" with no trigger never fires: its default NeverTrigger "+
			"emits nothing and the window state grows with every element; add .trigger(...) before ."+
			w.Terminals[0].Name+"(...), for example PurgingTrigger.of(CountTrigger.of(n)), or use "+countWindow(w.Call))
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
