package latetagunread_test

import (
	"testing"

	"github.com/flinklint/flinklint/analyzer/analyzertest"
	latetagunread "github.com/flinklint/flinklint/rules/late-tag-unread"
)

func Test(t *testing.T) {
	analyzertest.Run(t, "testdata", latetagunread.Analyzer)
}
