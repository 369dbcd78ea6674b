package eventtimewithoutwatermarks_test

import (
	"testing"

	"github.com/flinklint/flinklint/analyzer/analyzertest"
	eventtimewithoutwatermarks "github.com/flinklint/flinklint/rules/event-time-without-watermarks"
)

func Test(t *testing.T) {
	analyzertest.Run(t, "testdata/src", eventtimewithoutwatermarks.Analyzer)
}
