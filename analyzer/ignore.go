package analyzer

import (
	"go/token"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/flinklint/flinklint/parsers"
)

// applyIgnores drops the diagnostics that a flinklint:ignore directive
// silences: those of its rules on the lines it covers (parsers.Ignore). As
// in staticcheck and golangci-lint's nolintlint, a directive must name its
// rules and give a reason; one naming a rule flinklint does not have (a
// typo would silence nothing, for ever) is reported, and so is one that
// silences nothing, so that stale directives do not pile up. The rules
// flinklint has are known (every one run, and those of Options.KnownRules;
// with no KnownRules no rule id is reported as unknown). The check for
// stale directives is skipped when one of its rules did not run: a
// directive for a rule disabled in this run is not stale.
func applyIgnores(diags []Diagnostic, igs []*parsers.Ignore, ran []*analysis.Analyzer, knownRules []string, problems []Problem) ([]Diagnostic, []Problem) {
	if len(igs) == 0 {
		return diags, problems
	}
	kept := diags[:0]
	for _, d := range diags {
		i := slices.IndexFunc(igs, func(ig *parsers.Ignore) bool {
			return ig.Line <= d.Position.Line && d.Position.Line <= ig.End && ig.Path == d.Position.Filename &&
				slices.Contains(ig.Rules, d.Rule) && ig.Reason != ""
		})
		if i < 0 {
			kept = append(kept, d)
			continue
		}
		igs[i].Used = true
	}
	names := map[string]bool{}
	for _, a := range ran {
		names[a.Name] = true
	}
	known := func(id string) bool {
		return knownRules == nil || names[id] || slices.Contains(knownRules, id)
	}
	for _, ig := range igs {
		at := token.Position{Filename: ig.Path, Line: ig.At}
		directive := "flinklint:ignore " + strings.Join(ig.Rules, ",")
		for _, r := range ig.Rules {
			if !known(r) {
				problems = append(problems, Problem{Pos: at, Message: directive + ": unknown rule \"" + r + "\" (flinklint -rules lists them)"})
			}
		}
		switch {
		case len(ig.Rules) == 0:
			problems = append(problems, Problem{Pos: at, Message: "flinklint:ignore names no rule; write flinklint:ignore rule-id reason"})
		case ig.Reason == "":
			problems = append(problems, Problem{Pos: at, Message: directive + " gives no reason; it silences nothing until it does"})
		case !ig.Used && !slices.ContainsFunc(ig.Rules, func(r string) bool { return !names[r] }):
			problems = append(problems, Problem{Pos: at, Message: directive + " silences no finding; remove it"})
		}
	}
	return kept, problems
}
