package analyzer_test

import (
	"fmt"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"

	"github.com/flinklint/flinklint/analyzer"
	"github.com/flinklint/flinklint/analyzer/analyzertest"
	"github.com/flinklint/flinklint/rules"
)

// TestIgnoreStatementsStringsAndTypos runs the rules over directives before
// multi-line statements, in strings, and with misspelt rules.
func TestIgnoreStatementsStringsAndTypos(t *testing.T) {
	dir := analyzertest.WriteFiles(t, map[string]string{
		"Job.java": `class Job { void f() {
  // flinklint:ignore global-window-no-trigger the trigger comes from Base
  ks
    .window(GlobalWindows.create())
    .sum(1);
  ks.window(GlobalWindows.create()).sum(2); String s = "// flinklint:ignore global-window-no-trigger in a string";
  // flinklint:ignore global-window-no-triger a typo
  ks.window(GlobalWindows.create()).sum(3);
  // flinklint:ignore global-window-no-trigger,ineffective-latenes one right, one misspelt
  ks.window(GlobalWindows.create()).sum(4);
} }`,
		"job.sql": `-- flinklint:ignore missing-idleness one partition, read by one subtask
CREATE TABLE t (ts TIMESTAMP(3),
  WATERMARK FOR ts AS ts
) WITH ('connector' = 'kafka');`,
	})
	res, err := analyzer.Options{KnownRules: ruleIDs()}.Run([]string{dir}, all())
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, d := range res.Diagnostics {
		got = append(got, fmt.Sprintf("%s:%d %s", filepath.Base(d.Position.Filename), d.Position.Line, d.Rule))
	}
	want := []string{"Job.java:6 global-window-no-trigger", "Job.java:8 global-window-no-trigger"}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("findings:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	got = nil
	for _, p := range res.Problems {
		got = append(got, fmt.Sprintf("%s:%d: %s", filepath.Base(p.Pos.Filename), p.Pos.Line, p.Message))
	}
	want = []string{
		`Job.java:7: flinklint:ignore global-window-no-triger: unknown rule "global-window-no-triger" (flinklint -rules lists them)`,
		`Job.java:9: flinklint:ignore global-window-no-trigger,ineffective-latenes: unknown rule "ineffective-latenes" (flinklint -rules lists them)`,
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("problems:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// TestIgnoreOfARuleThatDidNotRun: a directive for a rule left out of the
// run is neither unknown nor stale.
func TestIgnoreOfARuleThatDidNotRun(t *testing.T) {
	dir := analyzertest.WriteFiles(t, map[string]string{
		"Job.java": "class Job { void f() {\n  f(); // flinklint:ignore missing-idleness not in this run\n} }\n",
	})
	r, _ := rules.ByID("global-window-no-trigger")
	res, err := analyzer.Options{KnownRules: ruleIDs()}.Run([]string{dir}, []*analysis.Analyzer{r.Analyzer})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Problems) != 0 || len(res.Diagnostics) != 0 {
		t.Errorf("problems %v, findings %v", res.Problems, res.Diagnostics)
	}
}

// TestIgnoreKnownRules: the rules known are those of Options.KnownRules and
// those of the run; with no KnownRules no directive's rule is unknown.
func TestIgnoreKnownRules(t *testing.T) {
	dir := analyzertest.WriteFiles(t, map[string]string{
		"Job.java": `class Job { void f() {
  // flinklint:ignore global-window-no-trigger,extra-rule,nope the trigger comes from Base
  ks.window(GlobalWindows.create()).sum(1);
} }`,
	})
	r, _ := rules.ByID("global-window-no-trigger")
	for _, c := range []struct {
		known []string
		want  []string
	}{
		{nil, nil},
		{[]string{}, []string{`unknown rule "extra-rule"`, `unknown rule "nope"`}},
		{[]string{"extra-rule"}, []string{`unknown rule "nope"`}},
		{[]string{"extra-rule", "nope"}, nil},
	} {
		res, err := analyzer.Options{KnownRules: c.known}.Run([]string{dir}, []*analysis.Analyzer{r.Analyzer})
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, p := range res.Problems {
			_, msg, _ := strings.Cut(p.Message, ": ")
			msg, _, _ = strings.Cut(msg, " (")
			got = append(got, msg)
		}
		if len(res.Diagnostics) != 0 || !reflect.DeepEqual(got, c.want) {
			t.Errorf("KnownRules %q: problems %q, findings %v; want problems %q", c.known, got, res.Diagnostics, c.want)
		}
	}
}
