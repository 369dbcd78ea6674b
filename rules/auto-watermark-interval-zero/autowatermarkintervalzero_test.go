package autowatermarkintervalzero_test

import (
	"testing"

	"github.com/flinklint/flinklint/analyzer/analyzertest"
	autowatermarkintervalzero "github.com/flinklint/flinklint/rules/auto-watermark-interval-zero"
)

// Each directory is a project of its own: the rule looks at the whole
// project for a periodic watermark generator.
func Test(t *testing.T) {
	for _, dir := range []string{"eventtime", "processingtime", "scoped", "sql", "sqlinit", "sqlonevent", "python-eventtime", "python-processingtime"} {
		t.Run(dir, func(t *testing.T) {
			analyzertest.Run(t, "testdata/"+dir, autowatermarkintervalzero.Analyzer)
		})
	}
}
