package assignaftersource_test

import (
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
	analyzertest.WantEvidence(t, res, want)
}
