package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime/debug"
	"slices"
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
	infoOnly := project(t, map[string]string{
		".flinklint.yaml": "rules: {ineffective-lateness: {severity: info}}\n",
		"Job.java": `class Job { void f() {
  ks.countWindow(5).allowedLateness(Duration.ofMinutes(1)).sum(1); } }`})
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
		{"info below the default", infoOnly, nil, 0},
		{"info at -fail-on info", infoOnly, []string{"-fail-on", "info"}, 1},
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

// One of a thing is singular: "1 file", "1 finding", "1 problem".
func TestVerboseSummarySingular(t *testing.T) {
	dir := project(t, map[string]string{"Job.java": "class Job {\n  void f() {\n    ks.window(GlobalWindows.create()).sum(1);\n  }\n}\n", "Binary.java": "\x00\x01window"})
	_, _, errOut := flinklint(t, dir, "-v")
	if want := "flinklint: 1 file read, 1 finding, 1 problem\n"; !strings.HasSuffix(errOut, want) {
		t.Errorf("stderr = %q, want it to end with %q", errOut, want)
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
		"click_alerts_job.py:41 late-data-dropped",
		"click_alerts_job.py:56 missing-idleness",
		"click_alerts_job.py:66 zero-idle-timeout",
		"click_alerts_job.py:77 source-ignores-assigner",
		"page_views.sql:8 seconds-timestamp",
		"page_views.sql:9 missing-idleness",
		"SessionActivityJob.scala:41 global-window-no-trigger",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("findings:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// -fix rewrites the files with the safe fixes, -unsafe-fixes adds the
// unsafe ones (all of missing-idleness's: it chooses a timeout), and -diff
// prints what -fix would do as a patch, writing nothing; both report only
// what is left.
func TestFix(t *testing.T) {
	const job = `import java.time.Duration;
class Job {
  void f(StreamExecutionEnvironment env, KafkaSource<String> kafka) {
    env.fromSource(kafka, WatermarkStrategy.<String>forMonotonousTimestamps().withTimestampAssigner((e, ts) -> 0L), "k")
        .keyBy(e -> e).window(TumblingEventTimeWindows.of(Duration.ofMinutes(1))).sum(1);
    ks.window(GlobalWindows.create()).sum(1);
  }
}
`
	dir := project(t, map[string]string{"Job.java": job})
	const fixedText = "WatermarkStrategy.<String>forMonotonousTimestamps().withIdleness(Duration.ofMinutes(1))"
	code, out, errOut := flinklint(t, dir, "-fix")
	if got, _ := os.ReadFile(filepath.Join(dir, "Job.java")); code != 1 || strings.Count(out, "\n") != 2 || string(got) != job ||
		errOut != "flinklint: fixed 0 findings; 1 more have an unsafe fix, a judgement to review: -diff -unsafe-fixes shows them, -fix -unsafe-fixes applies them\n" {
		t.Errorf("-fix of an unsafe fix: exit %d\n%s%s", code, out, errOut)
	}

	code, diff, errOut := flinklint(t, dir, "-diff", "-unsafe-fixes")
	if got, _ := os.ReadFile(filepath.Join(dir, "Job.java")); code != 1 || string(got) != job ||
		!strings.HasPrefix(diff, "--- a/Job.java\n+++ b/Job.java\n@@ ") || !strings.Contains(diff, "+"+strings.Repeat(" ", 4)+"env.fromSource(kafka, "+fixedText) ||
		errOut != "flinklint: the diff fixes 1 finding\n" {
		t.Errorf("-diff: exit %d, file written: %t\n%s%s", code, string(got) != job, diff, errOut)
	}
	if _, err := exec.LookPath("git"); err == nil {
		apply := exec.Command("git", "apply", "-p1", "-")
		apply.Dir, apply.Stdin = dir, strings.NewReader(diff)
		if msg, err := apply.CombinedOutput(); err != nil {
			t.Errorf("git apply: %v\n%s", err, msg)
		}
		got, _ := os.ReadFile(filepath.Join(dir, "Job.java"))
		if !strings.Contains(string(got), fixedText) {
			t.Errorf("git apply of the diff:\n%s", got)
		}
		if err := os.WriteFile(filepath.Join(dir, "Job.java"), []byte(job), 0o666); err != nil {
			t.Fatal(err)
		}
	}

	code, out, errOut = flinklint(t, dir, "-fix", "-unsafe-fixes")
	if code != 1 || strings.Count(out, "\n") != 1 || !strings.Contains(out, "[global-window-no-trigger]") || errOut != "flinklint: fixed 1 finding\n" {
		t.Errorf("-fix -unsafe-fixes: exit code %d, output:\n%s%s", code, out, errOut)
	}
	got, _ := os.ReadFile(filepath.Join(dir, "Job.java"))
	if !strings.Contains(string(got), fixedText) {
		t.Errorf("file not fixed:\n%s", got)
	}
	if code, _, _ := flinklint(t, dir, "-enable", "missing-idleness"); code != 0 {
		t.Errorf("the fixed file still has findings")
	}
	for _, args := range [][]string{{"-unsafe-fixes"}, {"-fix", "-diff"}, {"-diff", "-write-baseline", "b.json"}} {
		if code, _, errOut := flinklint(t, dir, args...); code != 2 || !strings.HasPrefix(errOut, "flinklint: -") {
			t.Errorf("%q: exit %d, %s", args, code, errOut)
		}
	}
}

// consumerProject has findings after non-ASCII text, in paths with a
// space and a colon, a binary file (a problem) and an empty directory
// whose name looks like a position (a note).
func consumerProject(t *testing.T) string {
	t.Helper()
	const job = "class Job {\n  void f() {\n    String s = \"é𐐀\"; ks.window(GlobalWindows.create()).sum(1);\n" +
		"    /* ä */ base.withTimestampAssigner((e, ts) -> e.getMillis() / 1000);\n  }\n}\n"
	dir := project(t, map[string]string{
		"src/my jobs/Job.java": job,
		"a:b/Job.java":         job,
		"Bin (1).java":         "\x00window",
	})
	if err := os.Mkdir(filepath.Join(dir, "e:12:x"), 0o755); err != nil {
		t.Fatal(err)
	}
	return dir
}

// outputLines runs flinklint on consumerProject with a note-making path
// and returns every line it printed, stdout then stderr.
func outputLines(t *testing.T, dir string) (findings, problems []string) {
	t.Helper()
	code, out, errOut := flinklint(t, dir, ".", "e:12:x")
	if code != 1 {
		t.Fatalf("exit %d\n%s%s", code, out, errOut)
	}
	return strings.Split(strings.TrimSuffix(out, "\n"), "\n"), strings.Split(strings.TrimSuffix(errOut, "\n"), "\n")
}

// Vim's default errorformat reads every finding as an entry for its file
// at its line and byte column, and every problem either as an entry for
// its own file or not at all.
func TestVimQuickfix(t *testing.T) {
	vim, err := exec.LookPath("vim")
	if err != nil {
		t.Skip("vim is not installed")
	}
	dir := consumerProject(t)
	findings, problems := outputLines(t, dir)
	for _, args := range [][]string{{"-disable", "x.go:42:7"}, {"e:12:x"}} { // notes naming no file
		_, _, note := flinklint(t, dir, args...)
		problems = append(problems, strings.TrimSuffix(note, "\n"))
	}
	errs := filepath.Join(t.TempDir(), "errors")
	qf := filepath.Join(t.TempDir(), "qf")
	os.WriteFile(errs, []byte(strings.Join(append(findings, problems...), "\n")+"\n"), 0o644)
	cmd := exec.Command(vim, "-N", "-u", "NONE", "-i", "NONE", "-es",
		"-c", "cgetfile "+errs,
		"-c", `call writefile(map(getqflist(), {_, e -> printf("%d\t%s\t%d\t%d", e.valid, bufname(e.bufnr), e.lnum, e.col)}), "`+qf+`")`,
		"-c", "qa!")
	cmd.Dir = dir
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("vim: %v\n%s", err, out)
	}
	data, err := os.ReadFile(qf)
	if err != nil {
		t.Fatal(err)
	}
	entries := strings.Split(strings.TrimSuffix(string(data), "\n"), "\n")
	if len(entries) != len(findings)+len(problems) {
		t.Fatalf("%d entries for %d lines:\n%s", len(entries), len(findings)+len(problems), data)
	}
	pos := regexp.MustCompile(`^(.+?):(\d+):(\d+): `)
	for i, line := range append(findings, problems...) {
		e := strings.Split(entries[i], "\t")
		m := pos.FindStringSubmatch(line)
		switch {
		case i < len(findings) && (e[0] != "1" || m == nil || e[1] != m[1] || e[2] != m[2] || e[3] != m[3]):
			t.Errorf("finding %q became entry %q", line, entries[i])
		case i >= len(findings) && e[0] == "1" && (m == nil || e[1] != m[1] || e[2] != m[2]):
			t.Errorf("problem %q became an entry for another place: %q", line, entries[i])
		}
	}
	if !strings.Contains(strings.Join(problems, "\n"), "Bin (1).java:1:1: problem: skipped: binary") {
		t.Errorf("problems: %q", problems)
	}
}

// The shipped problem matcher, run by node as GitHub's runner runs it,
// takes each finding's file, line, severity, message and rule, and no
// problem or note.
func TestProblemMatcher(t *testing.T) {
	node, err := exec.LookPath("node")
	if err != nil {
		t.Skip("node is not installed")
	}
	matcher, err := filepath.Abs("../../.github/flinklint-matcher.json")
	if err != nil {
		t.Fatal(err)
	}
	findings, problems := outputLines(t, consumerProject(t))
	samples := append(slices.Clip(findings),
		`C:\Users\me\flink jobs\src\Job.java:12:5: warning: a [bracketed] message: with colons [missing-idleness]`,
		`src/x:y/Job.java:7:1: info: fine [seconds-timestamp]`)
	lines, _ := json.Marshal(append(samples, problems...))
	script := `const m = require(process.argv[1]).problemMatcher;
const out = JSON.parse(process.argv[2]).map(line => {
  for (const p of m) {
    const pat = p.pattern[0], r = new RegExp(pat.regexp).exec(line);
    if (r) return {file: r[pat.file], line: r[pat.line], severity: pat.severity ? r[pat.severity] : p.severity, message: r[pat.message], code: r[pat.code]};
  }
  return null;
});
console.log(JSON.stringify(out));`
	cmd := exec.Command(node, "-e", script, matcher, string(lines))
	cmd.Stderr = os.Stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("node: %v", err)
	}
	var got []*struct{ File, Line, Severity, Message, Code string }
	if err := json.Unmarshal(out, &got); err != nil {
		t.Fatalf("%v: %s", err, out)
	}
	want := regexp.MustCompile(`^(.+?):(\d+):\d+: (\w+): (.*) \[([a-z0-9-]+)\]$`)
	for i, line := range samples {
		m := want.FindStringSubmatch(line)
		g := got[i]
		sev := m[3]
		if sev == "info" {
			sev = "warning"
		}
		if g == nil || g.File != m[1] || g.Line != m[2] || g.Severity != sev || g.Message != m[4] || g.Code != m[5] {
			t.Errorf("%q matched as %+v", line, g)
		}
	}
	for i, line := range problems {
		if g := got[len(samples)+i]; g != nil {
			t.Errorf("problem %q matched as %+v", line, g)
		}
	}
}

// reviewdog, the real client, reads every finding from rdjson and SARIF
// with its position, severity, rule and suggestion. CI installs it:
// go install github.com/reviewdog/reviewdog/cmd/reviewdog@v0.21.0.
func TestReviewdog(t *testing.T) {
	rd, err := exec.LookPath("reviewdog")
	if err != nil {
		t.Skip("reviewdog is not on PATH")
	}
	dir := consumerProject(t)
	code, text, _ := flinklint(t, dir, ".")
	if code != 1 {
		t.Fatalf("exit %d", code)
	}
	type diag struct {
		Message  string
		Location struct {
			Path  string
			Range struct{ Start struct{ Line, Column int } }
		}
		Severity    string
		Code        struct{ Value string }
		Suggestions []struct{ Text string }
	}
	for _, f := range []string{"rdjson", "sarif"} {
		_, out, _ := flinklint(t, dir, "-format", f, ".")
		cmd := exec.Command(rd, "-f="+f, "-reporter=rdjsonl", "-filter-mode=nofilter")
		cmd.Dir, cmd.Stdin = dir, strings.NewReader(out)
		got, err := cmd.Output()
		if err != nil {
			t.Fatalf("reviewdog -f=%s: %v", f, err)
		}
		var lines []string
		for _, l := range strings.Split(strings.TrimSpace(string(got)), "\n") {
			var d diag
			if err := json.Unmarshal([]byte(l), &d); err != nil {
				t.Fatalf("%v: %s", err, l)
			}
			col := d.Location.Range.Start.Column
			if f == "sarif" && col > 10 { // reviewdog ignores SARIF's columnKind: its columns stay UTF-16 units
				col = -1
			}
			fix := ""
			if len(d.Suggestions) > 0 {
				fix = " fix " + d.Suggestions[0].Text
			}
			lines = append(lines, fmt.Sprintf("%s:%d:%d: %s [%s]%s", d.Location.Path, d.Location.Range.Start.Line, col,
				strings.ToLower(d.Severity), d.Code.Value, fix))
		}
		var want []string
		for _, l := range strings.Split(strings.TrimSpace(text), "\n") {
			m := regexp.MustCompile(`^(.+?):(\d+):(\d+): (\w+): .* \[([a-z0-9-]+)\]$`).FindStringSubmatch(l)
			col := m[3]
			if f == "sarif" {
				col = "-1"
			}
			fix := ""
			if m[5] == "seconds-timestamp" {
				fix = " fix e.getMillis()"
			}
			want = append(want, fmt.Sprintf("%s:%s:%s: %s [%s]%s", m[1], m[2], col, m[4], m[5], fix))
		}
		slices.Sort(lines)
		if strings.Join(lines, "\n") != strings.Join(want, "\n") {
			t.Errorf("reviewdog -f=%s got\n%s\nwant\n%s", f, strings.Join(lines, "\n"), strings.Join(want, "\n"))
		}
	}
}

func TestVersionDescribesTheBuild(t *testing.T) {
	bi := &debug.BuildInfo{Main: debug.Module{Version: "v1.2.3"}, Settings: []debug.BuildSetting{
		{Key: "vcs.revision", Value: "abc123"}, {Key: "vcs.time", Value: "2026-01-02T03:04:05Z"}, {Key: "vcs.modified", Value: "true"},
	}}
	if got, want := describe(bi), "v1.2.3 (revision abc123, 2026-01-02T03:04:05Z, modified)"; got != want {
		t.Errorf("describe = %q, want %q", got, want)
	}
	if got := describe(&debug.BuildInfo{}); got != "(devel)" {
		t.Errorf("describe = %q", got)
	}
}

// -output writes further formats from the one run, beside stdout's.
func TestOutputFiles(t *testing.T) {
	dir := project(t, map[string]string{"Job.java": buggy})
	code, out, errOut := flinklint(t, dir, "-format", "json", "-output", "sarif=r.sarif", "-output", "checkstyle=c.xml", ".")
	if code != 1 || !strings.HasPrefix(out, "{") {
		t.Fatalf("exit %d\n%s%s", code, out, errOut)
	}
	for _, f := range []string{"r.sarif", "c.xml"} {
		if data, err := os.ReadFile(filepath.Join(dir, f)); err != nil || !strings.Contains(string(data), "global-window-no-trigger") {
			t.Errorf("%s: %v %.200s", f, err, data)
		}
	}
	for _, bad := range [][]string{{"-output", "sarif"}, {"-output", "xml=x"}, {"-format", "yaml"}} {
		if code, _, _ := flinklint(t, dir, bad...); code != 2 {
			t.Errorf("%v: exit %d, want 2", bad, code)
		}
	}
	if code, _, errOut := flinklint(t, dir, "-output", "json=missing/dir/x.json", "."); code != 2 || !strings.Contains(errOut, "-output") {
		t.Errorf("an unwritable -output: exit %d, %s", code, errOut)
	}
}
