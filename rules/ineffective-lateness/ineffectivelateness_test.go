package ineffectivelateness_test

import (
	"testing"

	"github.com/flinklint/flinklint/analyzer/analyzertest"
	ineffectivelateness "github.com/flinklint/flinklint/rules/ineffective-lateness"
)

func Test(t *testing.T) {
	analyzertest.Run(t, "testdata", ineffectivelateness.Analyzer)
}
