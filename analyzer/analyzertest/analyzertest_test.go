package analyzertest_test

import (
	"fmt"
	"go/token"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"

	"github.com/flinklint/flinklint/analyzer/analyzertest"
	"github.com/flinklint/flinklint/internal/fixes"
	"github.com/flinklint/flinklint/parsers"
	"github.com/flinklint/flinklint/parsers/model"
)

// flagMeAnalyzer reports every call named flagMe; unless fix is empty, it
// suggests replacing the name with fix, an unsafe fix (which the harness
// applies too).
func flagMeAnalyzer(fix string) *analysis.Analyzer {
	return flagMeDeclaring(fix, func(msg string, edits ...analysis.TextEdit) analysis.SuggestedFix {
		return fixes.New(fixes.Unsafe, msg, edits...)
	})
}

// flagMeDeclaring is flagMeAnalyzer building its fix with declare.
func flagMeDeclaring(fix string, declare func(string, ...analysis.TextEdit) analysis.SuggestedFix) *analysis.Analyzer {
	return &analysis.Analyzer{
		Name:     "flag-me",
		Doc:      "report calls named flagMe",
		Requires: []*analysis.Analyzer{parsers.Analyzer},
		Run: func(pass *analysis.Pass) (any, error) {
			for _, f := range pass.ResultOf[parsers.Analyzer].(*parsers.Result).Files() {
				f.Inspect(func(n *model.Node) bool {
					if !model.IsCall(n, "flagMe") {
						return true
					}
					d := analysis.Diagnostic{Pos: n.NamePos(), Message: "flagMe called"}
					if fix != "" {
						d.SuggestedFixes = []analysis.SuggestedFix{declare("rename",
							analysis.TextEdit{Pos: n.NamePos(), End: n.NamePos() + token.Pos(len(n.Name)), NewText: []byte(fix)})}
					}
					pass.Report(d)
					return true
				})
			}
			return nil, nil
		},
	}
}

var flagMe = flagMeAnalyzer("")

type recorder struct {
	testing.TB
	errors []string
}

func (r *recorder) Helper() {}
func (r *recorder) Errorf(format string, args ...any) {
	r.errors = append(r.errors, fmt.Sprintf(format, args...))
}
func (r *recorder) Fatalf(format string, args ...any) { r.Errorf(format, args...) }

func TestPasses(t *testing.T) {
	r := &recorder{}
	analyzertest.Run(r, "testdata/pass", flagMe)
	if len(r.errors) > 0 {
		t.Errorf("want no errors, got:\n%s", strings.Join(r.errors, "\n"))
	}
}

// TestFailsWhenExpectationsAreNotMet proves that the harness cannot pass
// vacuously: a diagnostic with no expectation, an expectation on a line with
// no diagnostic and an expectation that matches no message all fail.
func TestFailsWhenExpectationsAreNotMet(t *testing.T) {
	r := &recorder{}
	analyzertest.Run(r, "testdata/fail", flagMe)
	want := []string{
		"Fail.java:4:11: unexpected diagnostic [flag-me]: flagMe called",
		"Fail.java:5: no diagnostic was reported matching \"flagMe called\"",
		"Fail.java:6:11: unexpected diagnostic [flag-me]: flagMe called",
		"Fail.java:6: no diagnostic was reported matching \"a message that is never reported\"",
	}
	got := strings.Join(r.errors, "\n")
	for _, w := range want {
		if !strings.Contains(got, w) {
			t.Errorf("missing error %q in:\n%s", w, got)
		}
	}
	if len(r.errors) != len(want) {
		t.Errorf("got %d errors, want %d:\n%s", len(r.errors), len(want), got)
	}
}

func TestFailsOnEmptyDir(t *testing.T) {
	r := &recorder{}
	analyzertest.Run(r, t.TempDir(), flagMe)
	if len(r.errors) != 1 || !strings.Contains(r.errors[0], "no files analyzed") {
		t.Errorf("want a 'no files analyzed' error, got %q", r.errors)
	}
}

func TestFixesMatchTheGoldenFile(t *testing.T) {
	r := &recorder{}
	analyzertest.Run(r, "testdata/fix", flagMeAnalyzer("fixed"))
	if len(r.errors) > 0 {
		t.Errorf("want no errors, got:\n%s", strings.Join(r.errors, "\n"))
	}
}

// A fixed file that differs from its golden copy, and a golden copy for a
// file that got no fix, both fail.
func TestFixesFailOnAMismatch(t *testing.T) {
	r := &recorder{}
	analyzertest.Run(r, "testdata/badfix", flagMeAnalyzer("fixed"))
	got := strings.Join(r.errors, "\n")
	for _, want := range []string{"Fix.java: the fixed file differs from Fix.java.golden", "Orphan.java.golden: golden file, but no fix was suggested"} {
		if !strings.Contains(got, want) {
			t.Errorf("missing error %q in:\n%s", want, got)
		}
	}
	if len(r.errors) != 2 {
		t.Errorf("got %d errors, want 2:\n%s", len(r.errors), got)
	}
}

// A fix whose output it would fix again (here: one that keeps the name it
// reports and adds a comment before it) fails, even though the fixed file
// equals its golden copy.
func TestFixesFailWhenNotIdempotent(t *testing.T) {
	r := &recorder{}
	analyzertest.Run(r, "testdata/twice", flagMeAnalyzer("/* fixed */ flagMe"))
	got := strings.Join(r.errors, "\n")
	want := "Twice.java: the fixes are not idempotent: a second fix changes the fixed file again"
	if !strings.Contains(got, want) || len(r.errors) != 1 {
		t.Errorf("want the one error %q, got:\n%s", want, got)
	}
}

// A fix that declares neither safe nor unsafe fails, though it matches the
// golden copy.
func TestFixesFailWhenUndeclared(t *testing.T) {
	r := &recorder{}
	analyzertest.Run(r, "testdata/fix", flagMeDeclaring("fixed", func(msg string, edits ...analysis.TextEdit) analysis.SuggestedFix {
		return analysis.SuggestedFix{Message: msg, TextEdits: edits}
	}))
	want := `Fix.java:4:11: fix "rename" of rule flag-me declares neither safe nor unsafe`
	if got := strings.Join(r.errors, "\n"); !strings.Contains(got, want) || len(r.errors) != 1 {
		t.Errorf("want the one error %q, got:\n%s", want, got)
	}
}
