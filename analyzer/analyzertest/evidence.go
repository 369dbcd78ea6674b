package analyzertest

import (
	"fmt"
	"maps"
	"path/filepath"
	"slices"

	"github.com/flinklint/flinklint/analyzer"
)

// CheckEvidence checks the evidence of the findings of res that want
// names by where they are, "Job.java:12": their labelled locations, in
// order, each written "label File.java:3" or "label File.java:3-5" (the
// lines it spans). Only-new runs select a finding when any of these lines
// changed, so a test of a rule that finds across lines or files says which
// they are, since a want comment can only say where the finding is.
func CheckEvidence(t Testing, res *analyzer.Result, want map[string][]string) {
	t.Helper()
	got := map[string][]string{}
	for _, d := range res.Diagnostics {
		at := fmt.Sprintf("%s:%d", filepath.Base(d.Position.Filename), d.Position.Line)
		for _, e := range d.Evidence {
			lines := fmt.Sprint(e.Position.Line)
			if e.EndPos.Line != e.Position.Line {
				lines += fmt.Sprintf("-%d", e.EndPos.Line)
			}
			got[at] = append(got[at], fmt.Sprintf("%s %s:%s", e.Label, filepath.Base(e.Position.Filename), lines))
		}
	}
	for _, at := range slices.Sorted(maps.Keys(want)) {
		if !slices.Equal(got[at], want[at]) {
			t.Errorf("evidence of the finding at %s:\n got %q\nwant %q", at, got[at], want[at])
		}
	}
}
