package sourceignoresassigner_test

import (
	"testing"

	"github.com/flinklint/flinklint/analyzer/analyzertest"
	sourceignoresassigner "github.com/flinklint/flinklint/rules/source-ignores-assigner"
)

func Test(t *testing.T) {
	res := analyzertest.Run(t, "testdata", sourceignoresassigner.Analyzer)
	// Each finding names, as evidence, the fromSource call and the strategy
	// chain that sets the assigner, in the file where it is written.
	analyzertest.CheckEvidence(t, res, map[string][]string{
		"jobs.py:16": {"strategy given to from_source here jobs.py:16-18", "timestamp assigner set here jobs.py:17-18"},
		"jobs.py:23": {"strategy given to from_source here jobs.py:23", "timestamp assigner set here jobs.py:22"},
		"jobs.py:27": {"strategy given to from_source here jobs.py:27", "timestamp assigner set here strategies.py:11-13"},
		"jobs.py:32": {"strategy given to from_source here jobs.py:32", "timestamp assigner set here strategies.py:11-13"},
		"jobs.py:36": {"strategy given to from_source here jobs.py:36", "timestamp assigner set here strategies.py:11-13"},
	})
}
