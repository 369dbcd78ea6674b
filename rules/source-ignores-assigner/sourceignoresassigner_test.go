package sourceignoresassigner_test

import (
	"fmt"
	"path/filepath"
	"testing"

	"github.com/flinklint/flinklint/analyzer/analyzertest"
	sourceignoresassigner "github.com/flinklint/flinklint/rules/source-ignores-assigner"
)

func Test(t *testing.T) {
	res := analyzertest.Run(t, "testdata", sourceignoresassigner.Analyzer)
	// Each finding names, as evidence, the strategy chain that sets the
	// assigner, in the file where it is written.
	assigners := map[int]string{16: "jobs.py:17", 23: "jobs.py:22", 27: "strategies.py:11", 32: "strategies.py:11", 36: "strategies.py:11"}
	for _, d := range res.Diagnostics {
		got := ""
		for _, e := range d.Evidence {
			if e.Label == "timestamp assigner set here" {
				got = fmt.Sprintf("%s:%d", filepath.Base(e.Position.Filename), e.Position.Line)
			}
		}
		if want := assigners[d.Position.Line]; got != want {
			t.Errorf("%s: assigner evidence at %q, want %q", d.Position, got, want)
		}
	}
}
