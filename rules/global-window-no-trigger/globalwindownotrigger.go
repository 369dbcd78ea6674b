// Package globalwindownotrigger implements the rule global-window-no-trigger.
package globalwindownotrigger

import (
	"golang.org/x/tools/go/analysis"

	"github.com/flinklint/flinklint/parsers/model"
	"github.com/flinklint/flinklint/rules/internal/report"
	"github.com/flinklint/flinklint/rules/internal/rule"
	"github.com/flinklint/flinklint/rules/internal/windowing"
)

// Analyzer reports GlobalWindows.create() windows that are consumed before
// any trigger is set.
var Analyzer = rule.New("global-window-no-trigger", run, windowing.Analyzer)

func run(pass *analysis.Pass, _ *model.Project) {
	for _, w := range windowing.Of(pass) {
		if w.Kind != windowing.Global || !model.IsStaticCall(w.Assigner, "GlobalWindows", "create") ||
			len(w.Terminals) == 0 || w.Has("trigger") {
			continue
		}
		report.At(pass, w.Call, "GlobalWindows.create() with no trigger never fires: its default NeverTrigger "+
			"emits nothing and the window state grows with every element; add .trigger(...) before ."+
			w.Terminals[0].Name+"(...), for example PurgingTrigger.of(CountTrigger.of(n)), or use countWindow(n)")
	}
}
