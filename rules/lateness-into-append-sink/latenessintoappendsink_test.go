package latenessintoappendsink_test

import (
	"testing"

	"github.com/flinklint/flinklint/analyzer/analyzertest"
	latenessintoappendsink "github.com/flinklint/flinklint/rules/lateness-into-append-sink"
)

func Test(t *testing.T) {
	analyzertest.Run(t, "testdata", latenessintoappendsink.Analyzer)
}
