package baseline

import (
	"bytes"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

const rule = "global-window-no-trigger"

// findingsOf is a stand-in for a rule: a finding on every line holding
// GlobalWindows, with a message naming another line as rules do.
func findingsOf(src string) []Finding {
	var out []Finding
	for i, line := range strings.Split(src, "\n") {
		if strings.Contains(line, "GlobalWindows") {
			out = append(out, Finding{Rule: rule, Path: "src/Job.java", Line: i + 1, Text: line,
				Message: "no trigger (the stream from Job.java:" + string(rune('0'+i%10)) + ", line " + string(rune('0'+i%10)) + ")"})
		}
	}
	return out
}

const job = `class Job {
  void a() { ks.window(GlobalWindows.create()).sum(1); }
  void b() { ks.window(GlobalWindows.create()).sum(2); }
}
`

// roundTrip writes and reads b back, as a later run does.
func roundTrip(t *testing.T, b *Baseline) *Baseline {
	t.Helper()
	var buf bytes.Buffer
	if err := b.Write(&buf); err != nil {
		t.Fatal(err)
	}
	out, err := Read(&buf)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

func lines(fs []Finding) []int {
	var out []int
	for _, f := range fs {
		out = append(out, f.Line)
	}
	return out
}

func TestFilter(t *testing.T) {
	b := roundTrip(t, New(findingsOf(job)))
	for _, c := range []struct {
		name  string
		src   string
		kept  []int
		stale int
	}{
		{name: "unchanged", src: job},
		{name: "lines inserted above", src: "// header\nimport x;\n\n" + job},
		{name: "white space changed on the line", src: strings.Replace(job, "ks.window(", "ks .window(  ", 1)},
		{name: "unrelated edits", src: strings.Replace(job, "class Job {", "class Job extends Base {\n  int x = 1;", 1) + "class Other {}\n"},
		{name: "a new finding", src: strings.TrimSuffix(job, "}\n") + "  void c() { ks.window(GlobalWindows.create()).sum(3); }\n}\n", kept: []int{4}},
		{name: "a finding's line edited", src: strings.Replace(job, "sum(1)", "sum(10)", 1), kept: []int{2}, stale: 1},
		{name: "fixed", src: strings.Replace(job, "  void b() { ks.window(GlobalWindows.create()).sum(2); }\n", "", 1), stale: 1},
	} {
		t.Run(c.name, func(t *testing.T) {
			kept, stale := b.Filter(findingsOf(c.src))
			if !slices.Equal(lines(kept), c.kept) || len(stale) != c.stale {
				t.Errorf("kept lines %v, want %v; stale %v, want %d", lines(kept), c.kept, stale, c.stale)
			}
		})
	}
}

func TestDuplicateLines(t *testing.T) {
	dup := "  ks.window(GlobalWindows.create()).sum(1);\n"
	two := "class Job {\n" + dup + dup + "}\n"
	b := roundTrip(t, New(findingsOf(two)))
	if len(b.Entries) != 2 || b.Entries[0].Occurrence != 0 || b.Entries[1].Occurrence != 1 {
		t.Fatalf("two identical lines are not two entries: %+v", b.Entries)
	}
	if kept, stale := b.Filter(findingsOf("// moved\n" + two)); len(kept) != 0 || len(stale) != 0 {
		t.Errorf("both moved: kept %v, stale %v", kept, stale)
	}
	if kept, stale := b.Filter(findingsOf("class Job {\n" + dup + "}\n")); len(kept) != 0 || len(stale) != 1 || stale[0].Occurrence != 1 {
		t.Errorf("one fixed: kept %v, stale %+v", kept, stale)
	}
	if kept, _ := b.Filter(findingsOf("class Job {\n" + dup + dup + dup + "}\n")); !slices.Equal(lines(kept), []int{4}) {
		t.Errorf("a third copy: kept %v, want the last line", lines(kept))
	}
	if hidden, _ := b.Hidden(findingsOf("class Job {\n" + dup + dup + dup + "}\n")); !slices.Equal(hidden, []bool{true, true, false}) {
		t.Errorf("Hidden of three copies: %v", hidden)
	}
}

func TestOtherRuleOrPathIsNew(t *testing.T) {
	b := New(findingsOf(job))
	fs := findingsOf(job)
	fs[0].Rule = "ineffective-lateness"
	fs[1].Path = "src/Other.java"
	if kept, stale := b.Filter(fs); len(kept) != 2 || len(stale) != 2 {
		t.Errorf("kept %v, stale %v", kept, stale)
	}
}

func TestWriteIsStable(t *testing.T) {
	fs := findingsOf(job)
	fs = append(fs, Finding{Rule: "missing-idleness", Path: "a/B.scala", Line: 3, Text: "x", Message: "m"})
	var a, b bytes.Buffer
	if err := New(fs).Write(&a); err != nil {
		t.Fatal(err)
	}
	slices.Reverse(fs)
	if err := New(fs).Write(&b); err != nil {
		t.Fatal(err)
	}
	if a.String() != b.String() {
		t.Errorf("the order of findings changes the file:\n%s\n%s", a.String(), b.String())
	}
	if !strings.HasPrefix(a.String(), "{\n  \"version\": 2,\n  \"tool\": \"flinklint\",\n  \"entries\": [\n    {\n      \"rule\": \"missing-idleness\",\n      \"path\": \"a/B.scala\",") {
		t.Errorf("layout:\n%s", a.String())
	}
	var empty bytes.Buffer
	if err := New(nil).Write(&empty); err != nil || !strings.Contains(empty.String(), `"entries": []`) {
		t.Errorf("empty baseline: %q, %v", empty.String(), err)
	}
}

func TestMalformed(t *testing.T) {
	dir := t.TempDir()
	for _, c := range []struct{ name, content, want string }{
		{"not JSON", "<html>", "not a flinklint baseline"},
		{"truncated", `{"version": 1, "tool": "flinklint", "entries": [{"rule": "x"`, "not a flinklint baseline"},
		{"another version", `{"version": 3, "tool": "flinklint", "entries": []}`, "write it again with -write-baseline"},
		{"version 1", `{"version": 1, "tool": "flinklint", "entries": []}`, "earlier flinklint, whose fingerprints held the findings' wording"},
		{"another tool", `{"version": 2, "entries": []}`, "version 2"},
		{"unknown field", `{"version": 2, "tool": "flinklint", "entries": [], "extra": 1}`, "unknown field"},
		{"entry without a fingerprint", `{"version": 2, "tool": "flinklint", "entries": [{"rule": "r", "path": "p"}]}`, "entry 1 lacks a rule, path or fingerprint"},
		{"two documents", `{"version": 2, "tool": "flinklint", "entries": []} {}`, "data after"},
	} {
		t.Run(c.name, func(t *testing.T) {
			p := filepath.Join(dir, c.name+".json")
			if err := os.WriteFile(p, []byte(c.content), 0o644); err != nil {
				t.Fatal(err)
			}
			_, err := Load(p)
			if err == nil || !strings.HasPrefix(err.Error(), "baseline "+p+": ") || !strings.Contains(err.Error(), c.want) {
				t.Errorf("error %v, want one naming %s and saying %q", err, p, c.want)
			}
		})
	}
	if _, err := Load(filepath.Join(dir, "missing.json")); err == nil || !strings.Contains(err.Error(), "missing.json") {
		t.Errorf("missing file: %v", err)
	}
}

func TestSaveLoad(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "flinklint-baseline.json")
	want := New(findingsOf(job))
	if err := want.Save(p); err != nil {
		t.Fatal(err)
	}
	got, err := Load(p)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(got.Entries, want.Entries) {
		t.Errorf("got %+v, want %+v", got.Entries, want.Entries)
	}
	if err := want.Save(filepath.Join(dir, "no/such/dir/b.json")); err == nil || !strings.Contains(err.Error(), "b.json") {
		t.Errorf("save into a missing directory: %v", err)
	}
	if left, _ := filepath.Glob(filepath.Join(dir, ".flinklint-baseline-*")); len(left) != 0 {
		t.Errorf("temporary files left: %v", left)
	}
}

func TestRelAndLines(t *testing.T) {
	dir := t.TempDir()
	src := filepath.Join(dir, "src", "Job.java")
	if err := os.MkdirAll(filepath.Dir(src), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(src, []byte("a\r\n  b  \nc"), 0o644); err != nil {
		t.Fatal(err)
	}
	if got := Rel(dir, src); got != "src/Job.java" {
		t.Errorf("Rel = %q", got)
	}
	if got := Rel(filepath.Join(dir, "src"), filepath.Join(dir, "other", "A.java")); got != "../other/A.java" {
		t.Errorf("Rel outside = %q", got)
	}
	var l Lines
	for n, want := range map[int]string{0: "", 1: "a", 2: "  b  ", 3: "c", 4: ""} {
		if got := l.Line(src, n); got != want {
			t.Errorf("line %d = %q, want %q", n, got, want)
		}
	}
	if got := l.Line(filepath.Join(dir, "missing"), 1); got != "" {
		t.Errorf("missing file: %q", got)
	}
}
