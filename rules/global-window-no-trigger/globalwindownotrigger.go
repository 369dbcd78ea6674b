// Package globalwindownotrigger implements the rule global-window-no-trigger.
package globalwindownotrigger

import (
	"go/token"
	"slices"
	"strconv"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/flinklint/flinklint/internal/config"
	"github.com/flinklint/flinklint/jobgraph"
	"github.com/flinklint/flinklint/parsers/model"
	"github.com/flinklint/flinklint/rules/internal/flinkversion"
	"github.com/flinklint/flinklint/rules/internal/report"
	"github.com/flinklint/flinklint/rules/internal/rule"
)

// Analyzer reports GlobalWindows.create() windows that are consumed before
// any trigger is set.
var Analyzer = rule.New("global-window-no-trigger", run, config.Analyzer)

func run(pass *analysis.Pass, g *jobgraph.Graph) {
	versions := flinkversion.New(pass, pass.ResultOf[config.Analyzer].(*config.Finder))
	for _, w := range jobgraph.Of(pass).Windows() {
		if w.Kind != jobgraph.GlobalWindow || !neverTriggers(w.Assigner) || len(w.Terminals) == 0 || w.Has("trigger") {
			continue
		}
		written := "GlobalWindows.create()"
		if model.Constructs(w.Assigner, "GlobalWindows") {
			written = "GlobalWindows()"
		}
		terminal := w.Terminals[0]
		f := report.Finding{
			Headline: written + " with no trigger never fires",
			Help: "add .trigger(PurgingTrigger.of(CountTrigger.of(n))) before ." + terminal.Name + "(...), or use " +
				countWindow(w.Call),
			Note: "its default NeverTrigger never calls the window function, so nothing is emitted " +
				"and the window state grows with every element",
			Evidence: slices.Concat(
				report.EvidenceApart(w.Call, terminal, "global window here"),
				report.EvidenceApart(w.Assigner, w.Call, "assigner defined here"),
				report.Evidence(terminal, terminal.Name+" with no trigger before it")),
		}
		if fix := endOfInput(g, versions, w); fix != nil {
			f.Help = "use GlobalWindows.createWithEndOfStreamTrigger() to fire once at the end of the bounded input, " +
				"or add a trigger"
			f.Fixes = fix
		}
		f.At(pass, w.Call)
	}
}

// endOfInput replaces GlobalWindows.create() with
// createWithEndOfStreamTrigger() where the window reads bounded input and
// the build targets Flink 1.20 or later, which added it: the one global
// window of a key then fires once, with all its elements, when the input
// ends. Unsafe: it changes when the window fires, from never to once at
// the end. On unbounded input, or in PyFlink, which lacks it, the trigger
// (how many elements, how long) is the author's choice, and no fix is
// offered. The assigner must be written in the window call: a variable
// or a helper may serve other windows.
func endOfInput(g *jobgraph.Graph, versions *flinkversion.Finder, w *jobgraph.Window) []analysis.SuggestedFix {
	a := w.Assigner
	if a.File.Lang == model.Python || !model.IsStaticCall(a, "GlobalWindows", "create") || !report.Inside(a, w.Call) ||
		!g.Bounded(w.Call.Recv) || !since120(versions.For(a.File.Path).Flink) {
		return nil
	}
	return []analysis.SuggestedFix{report.Unsafe("Fire the global window once, at the end of the bounded input",
		analysis.TextEdit{Pos: a.NamePos(), End: a.NamePos() + token.Pos(len(a.Name)), NewText: []byte("createWithEndOfStreamTrigger")})}
}

// since120 reports whether the Flink version v is 1.20 or later.
func since120(v string) bool {
	major, rest, _ := strings.Cut(v, ".")
	minor, _, _ := strings.Cut(rest, ".")
	m, errMajor := strconv.Atoi(major)
	n, errMinor := strconv.Atoi(minor)
	return errMajor == nil && (m > 1 || m == 1 && errMinor == nil && n >= 20)
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
