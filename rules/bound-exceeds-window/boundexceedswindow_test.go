package boundexceedswindow_test

import (
	"testing"

	"github.com/flinklint/flinklint/analyzer/analyzertest"
	boundexceedswindow "github.com/flinklint/flinklint/rules/bound-exceeds-window"
)

func Test(t *testing.T) {
	analyzertest.Run(t, "testdata", boundexceedswindow.Analyzer)
}
