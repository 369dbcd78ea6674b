package analyzer_test

import (
	"fmt"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/flinklint/flinklint/analyzer"
	"github.com/flinklint/flinklint/analyzer/analyzertest"
	"github.com/flinklint/flinklint/internal/config"
	"github.com/flinklint/flinklint/rules"
)

func ruleIDs() []string {
	var ids []string
	for _, r := range rules.All {
		ids = append(ids, r.Name)
	}
	return ids
}

const configured = `class Job { void f() {
  ks.window(GlobalWindows.create()).sum(1);
  ks.countWindow(5).allowedLateness(Duration.ofMinutes(1)).sum(1);
} }
`

func TestConfigure(t *testing.T) {
	dir := analyzertest.WriteFiles(t, map[string]string{
		config.Name: `rules:
  ineffective-lateness: {severity: error}
exclude: [gen/]
overrides:
  - paths: [legacy/]
    rules: {global-window-no-trigger: {enabled: false}}
`,
		"Job.java":           configured,
		"gen/Job.java":       configured + "class Broken {",
		"legacy/Job.java":    configured,
		"svc/" + config.Name: "rules: {ineffective-lateness: {enabled: false}}\n",
		"svc/Job.java":       configured,
	})
	opts := analyzer.Options{Config: config.NewFinder("", ruleIDs())}
	res, err := opts.Run([]string{dir}, all())
	if err != nil {
		t.Fatal(err)
	}
	if err := opts.Configure(res); err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, d := range res.Diagnostics {
		rel, _ := filepath.Rel(dir, d.Position.Filename)
		got = append(got, fmt.Sprintf("%s:%d %s %s", filepath.ToSlash(rel), d.Position.Line, d.Rule, d.Category))
	}
	want := []string{
		"Job.java:2 global-window-no-trigger ",  // the rule's own severity
		"Job.java:3 ineffective-lateness error", // a warning made an error
		"legacy/Job.java:3 ineffective-lateness error",
		"svc/Job.java:2 global-window-no-trigger ", // the nearest file decides: nothing merged
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("findings:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	if len(res.Problems) != 0 { // the syntax error of gen/Job.java is not reported
		t.Errorf("problems: %v", res.Problems)
	}
}

// A bad configuration fails the run even where no file has a finding,
// before anything is analyzed; Configure fails on it too and leaves the
// result as it was.
func TestConfigureBadFile(t *testing.T) {
	dir := analyzertest.WriteFiles(t, map[string]string{
		"Job.java":             configured,
		"clean/" + config.Name: "rules: {global-window-no-triger: {enabled: false}}\n",
		"clean/Clean.java":     "class Clean {}\n",
	})
	opts := analyzer.Options{Config: config.NewFinder("", ruleIDs())}
	wantErr := func(err error) {
		t.Helper()
		if err == nil || !strings.Contains(err.Error(), filepath.Join("clean", config.Name)+":1:") || !strings.Contains(err.Error(), "global-window-no-triger") {
			t.Errorf("error %v, want the file, line and rule", err)
		}
	}
	res, err := opts.Run([]string{dir}, all())
	wantErr(err)
	if res != nil {
		t.Errorf("a run with a bad configuration has a result: %d findings", len(res.Diagnostics))
	}
	res, err = analyzer.Options{}.Run([]string{dir}, all())
	if err != nil {
		t.Fatal(err)
	}
	n := len(res.Diagnostics)
	wantErr(opts.Configure(res))
	if len(res.Diagnostics) != n {
		t.Errorf("the result changed: %d findings, had %d", len(res.Diagnostics), n)
	}
}
