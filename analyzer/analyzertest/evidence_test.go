package analyzertest_test

import (
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"

	"github.com/flinklint/flinklint/analyzer/analyzertest"
	"github.com/flinklint/flinklint/parsers"
	"github.com/flinklint/flinklint/parsers/model"
)

// flagMeWithEvidence reports every call named flagMe with the whole call
// as its evidence.
var flagMeWithEvidence = &analysis.Analyzer{
	Name:     "flag-me",
	Doc:      "report calls named flagMe, with evidence",
	Requires: []*analysis.Analyzer{parsers.Analyzer},
	Run: func(pass *analysis.Pass) (any, error) {
		for _, f := range pass.ResultOf[parsers.Analyzer].(*parsers.Result).Files() {
			f.Inspect(func(n *model.Node) bool {
				if model.IsCall(n, "flagMe") {
					pass.Report(analysis.Diagnostic{Pos: n.NamePos, Message: "flagMe called",
						Related: []analysis.RelatedInformation{{Pos: n.Pos, End: n.End, Message: "call here"}}})
				}
				return true
			})
		}
		return nil, nil
	},
}

func TestCheckEvidence(t *testing.T) {
	r := &recorder{}
	res := analyzertest.Run(r, "testdata/pass", flagMeWithEvidence)
	analyzertest.CheckEvidence(r, res, map[string][]string{"Pass.java:4": {"call here Pass.java:4"}})
	if len(r.errors) > 0 {
		t.Errorf("want no errors, got:\n%s", strings.Join(r.errors, "\n"))
	}
}

// TestCheckEvidenceFails proves that evidence at another line, or a place
// with no finding, fails.
func TestCheckEvidenceFails(t *testing.T) {
	r := &recorder{}
	res := analyzertest.Run(r, "testdata/pass", flagMeWithEvidence)
	analyzertest.CheckEvidence(r, res, map[string][]string{
		"Pass.java:4": {"call here Pass.java:5"},
		"Pass.java:6": {"call here Pass.java:6"},
	})
	want := []string{
		`Pass.java:4: no evidence "call here Pass.java:5" among ["call here Pass.java:4"]`,
		`Pass.java:6: no finding, want one with evidence ["call here Pass.java:6"]`,
	}
	if got := strings.Join(r.errors, "\n"); got != strings.Join(want, "\n") {
		t.Errorf("got errors:\n%s\nwant:\n%s", got, strings.Join(want, "\n"))
	}
}
