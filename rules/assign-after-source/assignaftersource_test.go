package assignaftersource_test

import (
	"testing"

	"github.com/flinklint/flinklint/analyzer/analyzertest"
	assignaftersource "github.com/flinklint/flinklint/rules/assign-after-source"
)

func Test(t *testing.T) {
	res := analyzertest.Run(t, "testdata", assignaftersource.Analyzer)
	// Evidence names the source and the strategies where they are
	// written, also in another file or a helper method.
	analyzertest.CheckEvidence(t, res, map[string][]string{
		"after_source.py:17":  {"source without watermarks here after_source.py:16", "watermark strategy defined here ingest_common.py:4-6"},
		"returned.py:6":       {"source without watermarks here ingest_common.py:21", "watermark strategy defined here ingest_common.py:4-6"},
		"after_source.py:55":  {"source with a strategy here after_source.py:54", "source's strategy defined here after_source.py:53", "watermark strategy defined here ingest_common.py:4-6"},
		"LegacyKafka.java:71": {"source with a strategy here LegacyKafka.java:71", "consumer's strategy assigned here LegacyKafka.java:70", "watermark strategy defined here LegacyKafka.java:19-21"},
		"Generators.java:34":  {"generator source read here Generators.java:22-24", "watermark strategy defined here Generators.java:30"},
		"Reassigned.java:21":  {"source with a strategy here Reassigned.java:20", "watermark strategy defined here Reassigned.java:15-17"},
		"AfterSource.java:30": {"source without watermarks here AfterSource.java:27", "watermark strategy defined here AfterSource.java:18-20"},
	})
}
