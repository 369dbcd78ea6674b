package zeroidletimeout_test

import (
	"testing"

	"github.com/flinklint/flinklint/analyzer/analyzertest"
	zeroidletimeout "github.com/flinklint/flinklint/rules/zero-idle-timeout"
)

func Test(t *testing.T) {
	analyzertest.Run(t, "testdata", zeroidletimeout.Analyzer)
}
