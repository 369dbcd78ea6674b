package main

import (
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/flinklint/flinklint/analyzer/analyzertest"
)

// flinklint runs the command in dir and returns its exit code and output.
func flinklint(t *testing.T, dir string, args ...string) (int, string, string) {
	t.Helper()
	t.Chdir(dir)
	var stdout, stderr bytes.Buffer
	code := run(args, &stdout, &stderr)
	return code, stdout.String(), stderr.String()
}

func project(t *testing.T, files map[string]string) string {
	t.Helper()
	return analyzertest.WriteFiles(t, files)
}

const buggy = `class Job {
  void f() {
    ks.window(GlobalWindows.create()).trigger(t).allowedLateness(Duration.ofMinutes(1)).sum(1);
    ks.window(GlobalWindows.create()).sum(1);
  }
}
`

// The line format is read by problem matchers, vim and reviewdog: it must
// be exactly path:line:col: severity: message [rule-id].
func TestOutputFormat(t *testing.T) {
	dir := project(t, map[string]string{"src/Job.java": buggy})
	code, out, errOut := flinklint(t, dir)
	if code != 1 {
		t.Errorf("exit code %d, want 1", code)
	}
	if errOut != "" {
		t.Errorf("stderr: %s", errOut)
	}
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	line := regexp.MustCompile(`^(.+?):(\d+):(\d+): (error|warning|info): (.*) \[([a-z0-9-]+)\]$`)
	want := []string{
		"src/Job.java:3:50: warning: allowedLateness has no effect",
		"src/Job.java:4:8: error: GlobalWindows.create() with no trigger never fires",
	}
	if len(lines) != len(want) {
		t.Fatalf("got %d lines, want %d:\n%s", len(lines), len(want), out)
	}
	for i, l := range lines {
		if !line.MatchString(l) {
			t.Errorf("line does not match the format: %q", l)
		}
		if !strings.HasPrefix(l, want[i]) {
			t.Errorf("line %d = %q, want prefix %q", i, l, want[i])
		}
	}
}

func TestExitCodes(t *testing.T) {
	clean := project(t, map[string]string{"Job.java": "class Job { void f() { ks.countWindow(5).sum(1); } }"})
	warnOnly := project(t, map[string]string{"Job.java": `class Job { void f() {
  ks.countWindow(5).allowedLateness(Duration.ofMinutes(1)).sum(1); } }`})
	buggyDir := project(t, map[string]string{"Job.java": buggy})
	empty := t.TempDir()
	for _, tc := range []struct {
		name string
		dir  string
		args []string
		want int
	}{
		{"clean", clean, nil, 0},
		{"findings", buggyDir, nil, 1},
		{"warning below -fail-on error", warnOnly, []string{"-fail-on", "error"}, 0},
		{"warning at -fail-on warning", warnOnly, []string{"-fail-on=warning"}, 1},
		{"every rule disabled", buggyDir, []string{"-enable", "ineffective-lateness", "-disable", "ineffective-lateness"}, 2},
		{"the failing rule disabled", buggyDir, []string{"-disable", "global-window-no-trigger,ineffective-lateness"}, 0},
		{"only one rule", warnOnly, []string{"-enable", "global-window-no-trigger"}, 0},
		{"unknown rule", clean, []string{"-disable", "nope"}, 2},
		{"bad severity", clean, []string{"-fail-on", "fatal"}, 2},
		{"bad flag", clean, []string{"-nope"}, 2},
		{"missing path", clean, []string{"does-not-exist"}, 2},
		{"no source files", empty, nil, 0},
		{"help", clean, []string{"-h"}, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if code, out, errOut := flinklint(t, tc.dir, tc.args...); code != tc.want {
				t.Errorf("exit code %d, want %d\nstdout: %s\nstderr: %s", code, tc.want, out, errOut)
			}
		})
	}
}

func TestProblemsGoToStderrAndTheRunGoesOn(t *testing.T) {
	dir := project(t, map[string]string{
		"Job.java":    buggy,
		"Binary.java": "\x00\x01window",
	})
	code, out, errOut := flinklint(t, dir, ".", "missing")
	if code != 1 {
		t.Errorf("exit code %d, want 1", code)
	}
	for _, want := range []string{
		"Binary.java:1:1: problem: skipped: binary file (it contains NUL bytes)\n",
		"missing:1:1: problem: cannot read: no such file or directory\n",
	} {
		if !strings.Contains(errOut, want) {
			t.Errorf("stderr lacks %q:\n%s", want, errOut)
		}
	}
	if strings.Count(out, "\n") != 2 {
		t.Errorf("stdout: %s", out)
	}
}

func TestVerboseSummary(t *testing.T) {
	dir := project(t, map[string]string{"Job.java": buggy, "Other.java": "class Other {}"})
	_, _, errOut := flinklint(t, dir, "-v")
	if want := "flinklint: 2 files read, 2 findings, 0 problems\n"; errOut != want {
		t.Errorf("stderr = %q, want %q", errOut, want)
	}
}

func TestRulesAndVersion(t *testing.T) {
	dir := t.TempDir()
	code, out, _ := flinklint(t, dir, "-rules")
	if code != 0 || !regexp.MustCompile(`(?m)^global-window-no-trigger\s+error\s+A .GlobalWindows.create\(\). window with no trigger never emits anything\.$`).MatchString(out) {
		t.Errorf("-rules: exit %d, output:\n%s", code, out)
	}
	code, out, _ = flinklint(t, dir, "-version")
	if code != 0 || !strings.HasPrefix(out, "flinklint ") {
		t.Errorf("-version: exit %d, output %q", code, out)
	}
}

// Paths outside the working directory are printed as given.
func TestPathsOutsideTheWorkingDirectory(t *testing.T) {
	dir := project(t, map[string]string{"Job.java": buggy})
	_, out, _ := flinklint(t, t.TempDir(), dir)
	if !strings.HasPrefix(out, filepath.Join(dir, "Job.java")+":3:50: ") {
		t.Errorf("output: %s", out)
	}
}

// The README's first command: the bundled example reports its planted bugs
// (testdata/example/README.md lists them) and nothing in its clean jobs.
func TestExampleProject(t *testing.T) {
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	code, out, errOut := flinklint(t, root, "testdata/example")
	if code != 1 || errOut != "" {
		t.Errorf("exit code %d, stderr %q", code, errOut)
	}
	var got []string
	for _, l := range strings.Split(strings.TrimSpace(out), "\n") {
		file, rest, _ := strings.Cut(l, ":")
		line, _, _ := strings.Cut(rest, ":")
		got = append(got, filepath.Base(file)+":"+line+" "+l[strings.LastIndex(l, "[")+1:len(l)-1])
	}
	want := []string{
		"CheckoutMonitorJob.java:33 missing-idleness",
		"CheckoutMonitorJob.java:34 seconds-timestamp",
		"CheckoutMonitorJob.java:41 assign-after-source",
		"CheckoutMonitorJob.java:48 global-window-no-trigger",
		"CheckoutMonitorJob.java:55 global-window-no-trigger",
		"CheckoutMonitorJob.java:65 ineffective-lateness",
		"CheckoutMonitorJob.java:74 late-tag-unread",
		"page_views.sql:8 seconds-timestamp",
		"page_views.sql:9 missing-idleness",
		"SessionActivityJob.scala:41 global-window-no-trigger",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("findings:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// -fix rewrites the files and reports only what it could not fix.
func TestFix(t *testing.T) {
	dir := project(t, map[string]string{"Job.java": `import java.time.Duration;
class Job {
  void f(StreamExecutionEnvironment env, KafkaSource<String> kafka) {
    env.fromSource(kafka, WatermarkStrategy.<String>forMonotonousTimestamps(), "k").print();
    ks.window(GlobalWindows.create()).sum(1);
  }
}
`})
	code, out, errOut := flinklint(t, dir, "-fix")
	if code != 1 || strings.Count(out, "\n") != 1 || !strings.Contains(out, "[global-window-no-trigger]") {
		t.Errorf("exit code %d, output:\n%s", code, out)
	}
	if errOut != "flinklint: fixed 1 findings\n" {
		t.Errorf("stderr: %q", errOut)
	}
	got, _ := os.ReadFile(filepath.Join(dir, "Job.java"))
	if !strings.Contains(string(got), "WatermarkStrategy.<String>forMonotonousTimestamps().withIdleness(Duration.ofMinutes(1))") {
		t.Errorf("file not fixed:\n%s", got)
	}
	if code, _, _ := flinklint(t, dir, "-enable", "missing-idleness"); code != 0 {
		t.Errorf("the fixed file still has findings")
	}
}
