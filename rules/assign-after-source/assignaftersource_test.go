package assignaftersource_test

import (
	"testing"

	"github.com/flinklint/flinklint/analyzer/analyzertest"
	assignaftersource "github.com/flinklint/flinklint/rules/assign-after-source"
)

func Test(t *testing.T) {
	analyzertest.Run(t, "testdata", assignaftersource.Analyzer)
}
