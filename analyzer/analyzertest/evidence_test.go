package analyzertest_test

import (
	"go/token"
	"slices"
	"testing"

	"github.com/flinklint/flinklint/analyzer"
	"github.com/flinklint/flinklint/analyzer/analyzertest"
)

// WantEvidence fails on a finding that lacks the evidence wanted and on a
// want with no finding, and passes on the rest.
func TestWantEvidence(t *testing.T) {
	at := func(file string, line int) token.Position { return token.Position{Filename: "src/" + file, Line: line} }
	res := &analyzer.Result{Diagnostics: []analyzer.Diagnostic{
		{Position: at("Job.java", 3), Evidence: []analyzer.Evidence{{Label: "window here", Position: at("Win.java", 9)}}},
		{Position: at("Job.java", 5), Evidence: []analyzer.Evidence{{Label: "window here", Position: at("Job.java", 6)}}},
	}}
	r := &recorder{}
	analyzertest.WantEvidence(r, res, map[string]string{
		"Job.java:3": "window here@Win.java:9",
		"Job.java:5": "window here@Win.java:9",
		"Job.java:7": "source here@Job.java:1",
	})
	want := []string{
		`Job.java:5: evidence ["window here@Job.java:6"], want "window here@Win.java:9" among it`,
		`Job.java:7: no finding with evidence "source here@Job.java:1"`,
	}
	if !slices.Equal(r.errors, want) {
		t.Errorf("got errors %q, want %q", r.errors, want)
	}
}
