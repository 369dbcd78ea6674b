package analyzer_test

import (
	"fmt"
	"testing"
	"unsafe"

	"golang.org/x/tools/go/analysis"

	"github.com/flinklint/flinklint/analyzer"
	"github.com/flinklint/flinklint/analyzer/analyzertest"
)

// Findings with the same message share one string of it, however the
// rules built theirs: a run of 100,000 jobs repeats a few thousand
// messages tens of thousands of times.
func TestMessagesShared(t *testing.T) {
	dir := analyzertest.WriteFiles(t, map[string]string{"A.java": bad})
	var rules []*analysis.Analyzer
	for i := range 2 {
		rules = append(rules, &analysis.Analyzer{Name: fmt.Sprint("rule", i), Doc: "reports one message",
			Run: func(pass *analysis.Pass) (any, error) {
				pass.Report(analysis.Diagnostic{Message: fmt.Sprint("the same message, ", 42)})
				return nil, nil
			}})
	}
	res, err := analyzer.Run([]string{dir}, rules)
	if err != nil {
		t.Fatal(err)
	}
	if n := len(res.Diagnostics); n != 2 {
		t.Fatalf("%d findings, want 2", n)
	}
	if a, b := res.Diagnostics[0].Message, res.Diagnostics[1].Message; a != b || unsafe.StringData(a) != unsafe.StringData(b) {
		t.Errorf("messages %q and %q are two strings, want one", a, b)
	}
}
