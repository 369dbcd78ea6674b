package assignaftersource_test

import (
	"fmt"
	"path/filepath"
	"slices"
	"testing"

	"github.com/flinklint/flinklint/analyzer/analyzertest"
	assignaftersource "github.com/flinklint/flinklint/rules/assign-after-source"
)

func Test(t *testing.T) {
	res := analyzertest.Run(t, "testdata", assignaftersource.Analyzer)
	// Evidence names the source and the strategies where they are
	// written, also in another file.
	want := map[string]string{
		"after_source.py:17":  "watermark strategy defined here@ingest_common.py:4",
		"returned.py:6":       "source without watermarks here@ingest_common.py:21",
		"after_source.py:55":  "source's strategy defined here@after_source.py:53",
		"LegacyKafka.java:71": "consumer's strategy assigned here@LegacyKafka.java:70",
		"Generators.java:34":  "generator source read here@Generators.java:22",
	}
	for _, d := range res.Diagnostics {
		at := fmt.Sprintf("%s:%d", filepath.Base(d.Position.Filename), d.Position.Line)
		var got []string
		for _, e := range d.Evidence {
			got = append(got, fmt.Sprintf("%s@%s:%d", e.Label, filepath.Base(e.Position.Filename), e.Position.Line))
		}
		if w, ok := want[at]; ok && !slices.Contains(got, w) {
			t.Errorf("%s: evidence %q, want %q among it", at, got, w)
		}
		delete(want, at)
	}
	for at := range want {
		t.Errorf("%s: no finding", at)
	}
}
