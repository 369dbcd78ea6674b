package secondstimestamp_test

import (
	"testing"

	"github.com/flinklint/flinklint/analyzer/analyzertest"
	secondstimestamp "github.com/flinklint/flinklint/rules/seconds-timestamp"
)

func Test(t *testing.T) {
	analyzertest.Run(t, "testdata", secondstimestamp.Analyzer)
}
