package main

import (
	"fmt"
	"slices"

	"golang.org/x/tools/go/analysis"

	"github.com/flinklint/flinklint/analyzer"
	"github.com/flinklint/flinklint/rules/fixes"
)

// fixSummary is the note after -fix or -diff: how many findings were
// fixed, or have their fix in the diff, and, without -unsafe-fixes, how
// many are left with only an unsafe fix, so that the user knows to look.
func fixSummary(res *analyzer.Result, fixed int, diff, unsafe bool) string {
	msg := fmt.Sprintf("fixed %d findings", fixed)
	if diff {
		msg = fmt.Sprintf("the diff fixes %d findings", fixed)
	}
	if unsafe {
		return msg
	}
	left := 0
	for _, d := range res.Diagnostics {
		if len(d.SuggestedFixes) > 0 && !slices.ContainsFunc(d.SuggestedFixes, safe) {
			left++
		}
	}
	if left > 0 {
		msg += fmt.Sprintf("; %d more have an unsafe fix, a judgement to review: -diff -unsafe-fixes shows them, -fix -unsafe-fixes applies them", left)
	}
	return msg
}

func safe(f analysis.SuggestedFix) bool {
	a, _ := fixes.Of(f)
	return a == fixes.Safe
}
