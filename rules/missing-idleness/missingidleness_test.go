package missingidleness_test

import (
	"testing"

	"github.com/flinklint/flinklint/analyzer/analyzertest"
	missingidleness "github.com/flinklint/flinklint/rules/missing-idleness"
)

func Test(t *testing.T) {
	analyzertest.Run(t, "testdata/src", missingidleness.Analyzer)
}

// A configuration file that enables idleness covers every job.
func TestConfigurationFile(t *testing.T) {
	analyzertest.Run(t, "testdata/configured", missingidleness.Analyzer)
}

// A query that reads a table named at run time may read any table, so a
// table that is written is not taken for a sink.
func TestTemplatedQueries(t *testing.T) {
	analyzertest.Run(t, "testdata/templated", missingidleness.Analyzer)
}

// The settings of .flinklint.yaml: a global idle timeout the clusters set
// is trusted unless it is zero, more connectors count as Kafka, and a
// project on Flink before 1.18 is not told to set a per-table timeout.
func TestSettings(t *testing.T) {
	analyzertest.Run(t, "testdata/settings", missingidleness.Analyzer)
}
