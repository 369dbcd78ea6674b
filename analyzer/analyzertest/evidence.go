package analyzertest

import (
	"fmt"
	"maps"
	"path/filepath"
	"slices"

	"github.com/flinklint/flinklint/analyzer"
)

// CheckEvidence checks that findings name their evidence, which a want
// comment cannot see: want maps the place of a finding, "Job.java:12" (the
// base name of its file and its line), to evidence it must name, each
// "label Other.java:14" (where the evidence starts). A finding may name
// more evidence than want lists.
func CheckEvidence(t Testing, res *analyzer.Result, want map[string][]string) {
	t.Helper()
	found, got := map[string]bool{}, map[string][]string{}
	for _, d := range res.Diagnostics {
		at := place(d.Position.Filename, d.Position.Line)
		found[at] = true
		for _, e := range d.Evidence {
			got[at] = append(got[at], e.Label+" "+place(e.Position.Filename, e.Position.Line))
		}
	}
	for _, at := range slices.Sorted(maps.Keys(want)) {
		evidence := want[at]
		if !found[at] {
			t.Errorf("%s: no finding, want one with evidence %q", at, evidence)
			continue
		}
		for _, e := range evidence {
			if !slices.Contains(got[at], e) {
				t.Errorf("%s: no evidence %q among %q", at, e, got[at])
			}
		}
	}
}

// place names a line of a file for CheckEvidence.
func place(file string, line int) string {
	return fmt.Sprintf("%s:%d", filepath.Base(file), line)
}
