package latedatadropped_test

import (
	"testing"

	"github.com/flinklint/flinklint/analyzer/analyzertest"
	latedatadropped "github.com/flinklint/flinklint/rules/late-data-dropped"
)

func Test(t *testing.T) {
	analyzertest.Run(t, "testdata", latedatadropped.Analyzer)
}
