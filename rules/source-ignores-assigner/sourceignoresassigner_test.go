package sourceignoresassigner_test

import (
	"testing"

	"github.com/flinklint/flinklint/analyzer/analyzertest"
	sourceignoresassigner "github.com/flinklint/flinklint/rules/source-ignores-assigner"
)

func Test(t *testing.T) {
	analyzertest.Run(t, "testdata", sourceignoresassigner.Analyzer)
}
