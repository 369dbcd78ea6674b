package sourceignoresassigner_test

import (
	"testing"

	"github.com/flinklint/flinklint/analyzer/analyzertest"
	sourceignoresassigner "github.com/flinklint/flinklint/rules/source-ignores-assigner"
)

func Test(t *testing.T) {
	res := analyzertest.Run(t, "testdata", sourceignoresassigner.Analyzer)
	// Each finding names, as evidence, the strategy chain that sets the
	// assigner, in the file where it is written.
	analyzertest.WantEvidence(t, res, map[string]string{
		"jobs.py:16": "timestamp assigner set here@jobs.py:17",
		"jobs.py:23": "timestamp assigner set here@jobs.py:22",
		"jobs.py:27": "timestamp assigner set here@strategies.py:11",
		"jobs.py:32": "timestamp assigner set here@strategies.py:11",
		"jobs.py:36": "timestamp assigner set here@strategies.py:11",
	})
}
