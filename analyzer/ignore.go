package analyzer

import (
	"go/token"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/flinklint/flinklint/parsers"
)

// applyIgnores drops the diagnostics that a flinklint:ignore directive
// silences. As in staticcheck, a directive must name its rules and give a
// reason, and one that silences nothing is itself reported, so that stale
// directives do not pile up; that check is skipped when one of its rules
// did not run.
func applyIgnores(diags []Diagnostic, igs []*parsers.Ignore, ran []*analysis.Analyzer, problems []Problem) ([]Diagnostic, []Problem) {
	if len(igs) == 0 {
		return diags, problems
	}
	kept := diags[:0]
	for _, d := range diags {
		i := slices.IndexFunc(igs, func(ig *parsers.Ignore) bool {
			return ig.Line == d.Position.Line && ig.Path == d.Position.Filename && slices.Contains(ig.Rules, d.Rule) && ig.Reason != ""
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
	for _, ig := range igs {
		at := token.Position{Filename: ig.Path, Line: ig.At}
		switch {
		case len(ig.Rules) == 0:
			problems = append(problems, Problem{Pos: at, Message: "flinklint:ignore names no rule; write flinklint:ignore rule-id reason"})
		case ig.Reason == "":
			problems = append(problems, Problem{Pos: at, Message: "flinklint:ignore " + strings.Join(ig.Rules, ",") + " gives no reason; it silences nothing until it does"})
		case !ig.Used && !slices.ContainsFunc(ig.Rules, func(r string) bool { return !names[r] }):
			problems = append(problems, Problem{Pos: at, Message: "flinklint:ignore " + strings.Join(ig.Rules, ",") + " silences no finding; remove it"})
		}
	}
	return kept, problems
}
