package invalidduration_test

import (
	"testing"

	"github.com/flinklint/flinklint/analyzer/analyzertest"
	invalidduration "github.com/flinklint/flinklint/rules/invalid-duration"
)

func Test(t *testing.T) {
	analyzertest.Run(t, "testdata", invalidduration.Analyzer)
}
