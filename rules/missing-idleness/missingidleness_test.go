package missingidleness_test

import (
	"testing"

	"github.com/flinklint/flinklint/analyzer/analyzertest"
	missingidleness "github.com/flinklint/flinklint/rules/missing-idleness"
)

func Test(t *testing.T) {
	analyzertest.Run(t, "testdata", missingidleness.Analyzer)
}
