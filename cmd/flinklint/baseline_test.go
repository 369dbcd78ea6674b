package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestBaseline(t *testing.T) {
	dir := project(t, map[string]string{"src/Job.java": twoBugs})
	if code, out, errOut := flinklint(t, dir, "-write-baseline", "flinklint-baseline.json"); code != 0 || out != "" ||
		errOut != "flinklint: flinklint-baseline.json: 2 findings recorded\n" {
		t.Errorf("-write-baseline: exit %d\n%s%s", code, out, errOut)
	}
	if code, out, errOut := flinklint(t, dir, "-baseline", "flinklint-baseline.json", "-v"); code != 0 || out != "" ||
		errOut != "flinklint: 1 file read, 0 findings (hidden: 2 in the baseline), 0 problems\n" {
		t.Errorf("-baseline, nothing new: exit %d\n%s%s", code, out, errOut)
	}
	// A new bug above the old ones: only it is reported; fixing an old one
	// makes its entry stale, said with -v only.
	changed := strings.Replace(twoBugs, "{ void f() {\n", "{ void f() {\n  ks.window(GlobalWindows.create()).max(1);\n", 1)
	changed = strings.Replace(changed, ".allowedLateness(Duration.ofMinutes(1))", "", 1)
	if err := os.WriteFile(filepath.Join(dir, "src/Job.java"), []byte(changed), 0o666); err != nil {
		t.Fatal(err)
	}
	code, out, errOut := flinklint(t, dir, "-baseline", "flinklint-baseline.json")
	if code != 1 || strings.Count(out, "\n") != 1 || !strings.HasPrefix(out, "src/Job.java:2:") || errOut != "" {
		t.Errorf("one new bug: exit %d\n%s%s", code, out, errOut)
	}
	_, _, errOut = flinklint(t, dir, "-baseline", "flinklint-baseline.json", "-v")
	if want := "flinklint: flinklint-baseline.json: stale baseline entry: src/Job.java: ineffective-lateness: allowedLateness"; !strings.HasPrefix(errOut, want) {
		t.Errorf("-v: %s\nwant %s", errOut, want)
	}
	// A run over another directory says nothing of the entries elsewhere.
	if err := os.MkdirAll(filepath.Join(dir, "other"), 0o777); err != nil {
		t.Fatal(err)
	}
	if _, _, errOut := flinklint(t, dir, "-baseline", "flinklint-baseline.json", "-v", "other"); strings.Contains(errOut, "stale") {
		t.Errorf("stale entries of files not analyzed: %s", errOut)
	}
}

func TestBaselineWithNewFromRev(t *testing.T) {
	dir := gitRepo(t, map[string]string{"Job.java": twoBugs})
	flinklint(t, dir, "-write-baseline", "b.json")
	bugs := strings.Replace(twoBugs, "{ void f() {\n", "{ void f() {\n  ks.window(GlobalWindows.create()).max(1);\n", 1)
	if err := os.WriteFile(filepath.Join(dir, "Job.java"), []byte(bugs), 0o666); err != nil {
		t.Fatal(err)
	}
	git(t, dir, "commit", "-q", "-am", "a bug")
	bugs = strings.Replace(bugs, "{ void f() {\n", "{ void f() {\n  ks.window(GlobalWindows.create()).min(1);\n", 1)
	if err := os.WriteFile(filepath.Join(dir, "Job.java"), []byte(bugs), 0o666); err != nil {
		t.Fatal(err)
	}
	// The baseline hides the two old bugs, -new-from-rev the committed one.
	// With -v, an entry whose finding lies on an unchanged line is not
	// stale.
	code, out, errOut := flinklint(t, dir, "-baseline", "b.json", "-new-from-rev", "HEAD", "-v")
	if code != 1 || strings.Count(out, "\n") != 1 || !strings.HasPrefix(out, "Job.java:2:") ||
		errOut != "flinklint: 1 file read, 1 finding (hidden: 2 in the baseline, 1 on lines not changed), 0 problems\n" {
		t.Errorf("exit %d\n%s%s", code, out, errOut)
	}
	if _, out, _ := flinklint(t, dir, "-baseline", "b.json"); strings.Count(out, "\n") != 2 {
		t.Errorf("-baseline alone:\n%s", out)
	}
}

func TestBaselineErrors(t *testing.T) {
	dir := project(t, map[string]string{
		"Job.java":     twoBugs,
		"garbage.json": "{not json",
		"other.json":   `{"version": 2, "tool": "other", "entries": []}`,
		"entry.json":   `{"version": 2, "tool": "flinklint", "entries": [{"rule": "x"}]}`,
	})
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"-baseline", "missing.json"}, "flinklint: baseline missing.json: "},
		{[]string{"-baseline", "garbage.json"}, "flinklint: baseline garbage.json: not a flinklint baseline"},
		{[]string{"-baseline", "other.json"}, "flinklint: baseline other.json: not a flinklint baseline of version 2"},
		{[]string{"-baseline", "entry.json"}, "flinklint: baseline entry.json: entry 1 lacks a rule, path or fingerprint"},
		{[]string{"-baseline", "."}, "flinklint: baseline .: "},
		{[]string{"-write-baseline", "no/such/dir/b.json"}, "flinklint: -write-baseline: baseline no/such/dir/b.json: "},
		{[]string{"-write-baseline", "b.json", "-baseline", "other.json"}, "flinklint: -write-baseline records every finding"},
		{[]string{"-baseline", "other.json", "-fix"}, "flinklint: -fix and -diff apply the fixes of every finding"},
	} {
		code, out, errOut := flinklint(t, dir, tc.args...)
		if code != 2 || out != "" || !strings.HasPrefix(errOut, tc.want) {
			t.Errorf("%q: exit %d, stdout %q, stderr %q; want 2 and %q", tc.args, code, out, errOut, tc.want)
		}
	}
}
