package globalwindownotrigger_test

import (
	"testing"

	"github.com/flinklint/flinklint/analyzer/analyzertest"
	globalwindownotrigger "github.com/flinklint/flinklint/rules/global-window-no-trigger"
)

func Test(t *testing.T) {
	analyzertest.Run(t, "testdata", globalwindownotrigger.Analyzer)
}
