package unevenunionidleness_test

import (
	"testing"

	"github.com/flinklint/flinklint/analyzer/analyzertest"
	unevenunionidleness "github.com/flinklint/flinklint/rules/uneven-union-idleness"
)

func Test(t *testing.T) {
	analyzertest.Run(t, "testdata/src", unevenunionidleness.Analyzer)
}
