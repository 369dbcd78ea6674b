package zeroidletimeout_test

import (
	"testing"

	"github.com/flinklint/flinklint/analyzer/analyzertest"
	zeroidletimeout "github.com/flinklint/flinklint/rules/zero-idle-timeout"
)

func Test(t *testing.T) {
	res := analyzertest.Run(t, "testdata", zeroidletimeout.Analyzer)
	// A timeout held in a constant of another file names it: a change
	// there causes or fixes the finding.
	analyzertest.CheckEvidence(t, res, map[string][]string{
		"IdleJob.java:21": {"withIdleness call here IdleJob.java:21", "timeout defined here Timeouts.java:7"},
		"IdleJob.java:22": {"withIdleness call here IdleJob.java:22", "timeout defined here Timeouts.java:8"},
		"idle_jobs.py:46": {"with_idleness call here idle_jobs.py:46", "timeout defined here idle_common.py:5"},
	})
}
