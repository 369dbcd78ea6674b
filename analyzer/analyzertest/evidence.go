package analyzertest

import (
	"fmt"
	"maps"
	"path/filepath"
	"slices"

	"github.com/flinklint/flinklint/analyzer"
)

// WantEvidence checks the evidence of findings: want maps a finding's
// "file:line" (base name) to one of its evidence, "label@file:line". A
// want whose finding is missing, or lacks that evidence, fails; findings
// not named are not checked.
func WantEvidence(t Testing, res *analyzer.Result, want map[string]string) {
	t.Helper()
	left := maps.Clone(want)
	for _, d := range res.Diagnostics {
		at := fmt.Sprintf("%s:%d", filepath.Base(d.Position.Filename), d.Position.Line)
		w, ok := left[at]
		if !ok {
			continue
		}
		delete(left, at)
		var got []string
		for _, e := range d.Evidence {
			got = append(got, fmt.Sprintf("%s@%s:%d", e.Label, filepath.Base(e.Position.Filename), e.Position.Line))
		}
		if !slices.Contains(got, w) {
			t.Errorf("%s: evidence %q, want %q among it", at, got, w)
		}
	}
	for _, at := range slices.Sorted(maps.Keys(left)) {
		t.Errorf("%s: no finding with evidence %q", at, left[at])
	}
}
