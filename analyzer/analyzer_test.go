package analyzer_test

import (
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"

	"github.com/flinklint/flinklint/analyzer"
	"github.com/flinklint/flinklint/analyzer/analyzertest"
	"github.com/flinklint/flinklint/parsers"
	"github.com/flinklint/flinklint/rules"
)

const bad = "class J { void f() { ks.window(GlobalWindows.create()).sum(1); } }\n"

func all() []*analysis.Analyzer { return rules.Analyzers(rules.All) }

func reported(t *testing.T, res *analyzer.Result, root string) []string {
	t.Helper()
	var out []string
	for _, d := range res.Diagnostics {
		rel, _ := filepath.Rel(root, d.Position.Filename)
		out = append(out, filepath.ToSlash(rel))
	}
	return out
}

func TestWalkSkipsWhatIsNotTheProject(t *testing.T) {
	dir := analyzertest.WriteFiles(t, map[string]string{
		"src/A.java":          bad,
		"src/B.scala":         "object B { ks.window(GlobalWindows.create()).sum(1) }",
		"src/notes.txt":       bad,
		".hidden/C.java":      bad,
		"target/D.java":       bad,
		"build/E.java":        bad,
		"out/F.java":          bad,
		"node_modules/G.java": bad,
		"generated/H.java":    bad,
		"src/tmp/I.java":      bad,
		"src/Keep.java":       bad,
		".gitignore":          "generated/\n*.tmp\n",
		"src/.gitignore":      "tmp/\n",
		"module/.gitignore":   "*.java\n!Kept.java\n",
		"module/Dropped.java": bad,
		"module/Kept.java":    bad,
		"buildings/J.java":    bad, // shares a prefix with build/ only
	})
	res, err := analyzer.Run([]string{dir}, all())
	if err != nil {
		t.Fatal(err)
	}
	got := reported(t, res, dir)
	want := []string{"buildings/J.java", "module/Kept.java", "src/A.java", "src/B.scala", "src/Keep.java"}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("reported in %v, want %v", got, want)
	}
}

// A .gitignore above the walked directory applies, as it does for git.
func TestGitignoreAboveTheWalkRoot(t *testing.T) {
	dir := analyzertest.WriteFiles(t, map[string]string{
		".git/HEAD":      "ref: refs/heads/main\n",
		".gitignore":     "gen/\n",
		"app/gen/A.java": bad,
		"app/src/B.java": bad,
	})
	res, err := analyzer.Run([]string{filepath.Join(dir, "app")}, all())
	if err != nil {
		t.Fatal(err)
	}
	if got := reported(t, res, dir); !reflect.DeepEqual(got, []string{"app/src/B.java"}) {
		t.Errorf("reported in %v", got)
	}
}

// A file named on the command line is analyzed even where a walk would skip it.
func TestExplicitFile(t *testing.T) {
	dir := analyzertest.WriteFiles(t, map[string]string{"target/A.java": bad})
	res, err := analyzer.Run([]string{filepath.Join(dir, "target/A.java")}, all())
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Diagnostics) != 1 {
		t.Errorf("got %d diagnostics, want 1", len(res.Diagnostics))
	}
}

func TestMissingPathIsAProblem(t *testing.T) {
	dir := analyzertest.WriteFiles(t, map[string]string{"A.java": bad})
	missing := filepath.Join(dir, "nope")
	res, err := analyzer.Run([]string{missing, dir}, all())
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Problems) != 1 || res.Problems[0].String() != missing+": cannot read: no such file or directory" {
		t.Errorf("problems = %v", res.Problems)
	}
	if len(res.Diagnostics) != 1 {
		t.Errorf("the rest of the run did not go on: %d diagnostics", len(res.Diagnostics))
	}
}

func TestUnreadableFile(t *testing.T) {
	if os.Geteuid() == 0 {
		t.Skip("root reads any file")
	}
	dir := analyzertest.WriteFiles(t, map[string]string{"A.java": bad, "B.java": bad})
	if err := os.Chmod(filepath.Join(dir, "A.java"), 0); err != nil {
		t.Fatal(err)
	}
	res, err := analyzer.Run([]string{dir}, all())
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Problems) != 1 || !strings.Contains(res.Problems[0].String(), "A.java: cannot read: permission denied") {
		t.Errorf("problems = %v", res.Problems)
	}
	if len(res.Diagnostics) != 1 {
		t.Errorf("got %d diagnostics, want 1 (B.java)", len(res.Diagnostics))
	}
}

// Output, messages included, must not depend on how many workers parsed
// the files, nor on the run: a strategy shared by jobs in six files is
// reported with "the first" use, which is first in path order.
func TestDeterministicAcrossWorkers(t *testing.T) {
	files := map[string]string{
		"common/Strategies.java": `class Strategies {
  static final WatermarkStrategy<E> STRATEGY = WatermarkStrategy.<E>forBoundedOutOfOrderness(Duration.ofSeconds(5));
}`,
	}
	for i := range 40 {
		files["p"+string(rune('a'+i%7))+"/J"+string(rune('A'+i))+".java"] = bad + bad
	}
	for i := range 6 {
		files[fmt.Sprintf("jobs/Job%d.java", i)] = fmt.Sprintf(`class Job%d { void f(StreamExecutionEnvironment env) {
  KafkaSource<E> src = KafkaSource.<E>builder().setTopics("t%d").build();
  env.fromSource(src, Strategies.STRATEGY, "kafka").keyBy(e -> e.k).window(TumblingEventTimeWindows.of(Duration.ofMinutes(1))).sum(1);
} }`, i, i)
	}
	dir := analyzertest.WriteFiles(t, files)
	run := func(workers int) string {
		res, err := analyzer.Options{Workers: workers}.Run([]string{dir}, all())
		if err != nil {
			t.Fatal(err)
		}
		var out strings.Builder
		for _, d := range res.Diagnostics {
			fmt.Fprintf(&out, "%s: %s [%s]\n", d.Position, d.Message, d.Rule)
		}
		for _, p := range res.Problems {
			fmt.Fprintln(&out, p)
		}
		return out.String()
	}
	one := run(1)
	if n := strings.Count(one, "\n"); n < 81 || !strings.Contains(one, "[missing-idleness]") {
		t.Fatalf("got %d lines, want 80 window findings and a missing-idleness one:\n%s", n, one)
	}
	for _, w := range []int{2, 4, 6, 8, 6, 6, 6, 6, 6, 6, 6} {
		if got := run(w); got != one {
			t.Fatalf("with %d workers the output differs from 1 worker:\n%s\nwant:\n%s", w, got, one)
		}
	}
}

// A rule that panics becomes an internal-error problem naming the rule;
// the other rules still run and report, and so do the rules that do not
// depend on it.
func TestPanickingRule(t *testing.T) {
	dir := analyzertest.WriteFiles(t, map[string]string{"A.java": bad})
	boom := &analysis.Analyzer{Name: "boom", Doc: "panics", Run: func(*analysis.Pass) (any, error) { panic("kaboom") },
		ResultType: reflect.TypeFor[int]()}
	after := &analysis.Analyzer{Name: "after", Doc: "needs boom", Requires: []*analysis.Analyzer{boom},
		Run: func(*analysis.Pass) (any, error) { return nil, nil }}
	res, err := analyzer.Run([]string{dir}, append(all(), boom, after))
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Diagnostics) == 0 {
		t.Error("the other rules reported nothing")
	}
	var got []string
	for _, p := range res.Problems {
		got = append(got, p.String())
	}
	if len(got) != 2 || !strings.HasPrefix(got[0], "rule after not run: boom failed") ||
		!strings.HasPrefix(got[1], "rule boom: internal error: kaboom (at ") || !res.InternalErrors() {
		t.Errorf("problems = %q", got)
	}
}

func TestIgnoreDirectives(t *testing.T) {
	for _, eol := range []string{"\n", "\r\n", "\r"} {
		testIgnoreDirectives(t, eol)
	}
}

func testIgnoreDirectives(t *testing.T, eol string) {
	dir := analyzertest.WriteFiles(t, map[string]string{
		"Job.java": strings.ReplaceAll(`class Job { void f() {
  ks.window(GlobalWindows.create()).sum(1); // flinklint:ignore global-window-no-trigger the trigger comes from Base
  // flinklint:ignore global-window-no-trigger,ineffective-lateness a test of the next line
  ks.window(GlobalWindows.create()).sum(2);
  ks.window(GlobalWindows.create()).sum(3); // flinklint:ignore global-window-no-trigger
  ks.window(GlobalWindows.create()).sum(4); // flinklint:ignore ineffective-lateness not the rule that fires
  // flinklint:ignore
} }`, "\n", eol),
		"job.sql": `CREATE TABLE t (ts TIMESTAMP(3),
  WATERMARK FOR ts AS ts -- flinklint:ignore missing-idleness one partition, read by one subtask
) WITH ('connector' = 'kafka');`,
	})
	res, err := analyzer.Run([]string{dir}, all())
	if err != nil {
		t.Fatal(err)
	}
	var lines []int
	for _, d := range res.Diagnostics {
		lines = append(lines, d.Position.Line)
	}
	if !reflect.DeepEqual(lines, []int{5, 6}) {
		t.Errorf("%q: findings on lines %v, want 5 (no reason) and 6 (another rule)", eol, lines)
	}
	var got []string
	for _, p := range res.Problems {
		got = append(got, fmt.Sprintf("%s:%d: %s", filepath.Base(p.Pos.Filename), p.Pos.Line, p.Message))
	}
	want := []string{
		"Job.java:5: flinklint:ignore global-window-no-trigger gives no reason; it silences nothing until it does",
		"Job.java:6: flinklint:ignore ineffective-lateness silences no finding; remove it",
		"Job.java:7: flinklint:ignore names no rule; write flinklint:ignore rule-id reason",
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("problems:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// A finding reached by many paths is reported once.
func TestDuplicateFindings(t *testing.T) {
	dir := analyzertest.WriteFiles(t, map[string]string{"A.java": bad})
	twice := &analysis.Analyzer{Name: "twice", Doc: "reports one place twice", Requires: []*analysis.Analyzer{parsers.Analyzer},
		Run: func(pass *analysis.Pass) (any, error) {
			f := pass.ResultOf[parsers.Analyzer].(*parsers.Result).Files()[0]
			for range 2 {
				pass.Reportf(f.Token.Pos(0), "here")
			}
			return nil, nil
		}}
	res, err := analyzer.Run([]string{dir}, []*analysis.Analyzer{twice})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Diagnostics) != 1 {
		t.Errorf("got %d diagnostics, want 1", len(res.Diagnostics))
	}
}

// A file named alone (as a pre-commit hook passes the changed files) is
// analyzed with the rest of its project: a finding that needs another file
// comes out as in a whole-project run, and only the named file is reported.
func TestNamedFileInProjectContext(t *testing.T) {
	dir := analyzertest.WriteFiles(t, map[string]string{
		".git/HEAD": "ref: refs/heads/main\n",
		"src/Helpers.java": `class Helpers {
  static WindowAssigner<Object, GlobalWindow> window() { return GlobalWindows.create(); }
  void f() { ks.window(GlobalWindows.create()).sum(1); }
}`,
		"src/Job.java": `class Job { void f() { ks.window(Helpers.window()).sum(1); } }`,
	})
	whole, err := analyzer.Run([]string{dir}, all())
	if err != nil {
		t.Fatal(err)
	}
	var want []string
	for _, d := range whole.Diagnostics {
		if filepath.Base(d.Position.Filename) == "Job.java" {
			want = append(want, fmt.Sprintf("%d:%d %s", d.Position.Line, d.Position.Column, d.Rule))
		}
	}
	if len(want) == 0 {
		t.Fatal("the whole-project run reports nothing in Job.java: the test needs a cross-file finding")
	}
	named, err := analyzer.Run([]string{filepath.Join(dir, "src", "Job.java")}, all())
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, d := range named.Diagnostics {
		if filepath.Base(d.Position.Filename) != "Job.java" {
			t.Errorf("reported on a file not named: %s", d.Position)
		}
		got = append(got, fmt.Sprintf("%d:%d %s", d.Position.Line, d.Position.Column, d.Rule))
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("named file: %v, want as in the whole-project run: %v", got, want)
	}
}

// A file named outside a git work tree has no project to read: its
// directory (a home, /tmp) is not walked.
func TestNamedFileOutsideWorkTree(t *testing.T) {
	dir := analyzertest.WriteFiles(t, map[string]string{"Job.java": bad, "Other.java": bad})
	if _, err := os.Stat(filepath.Join(dir, ".git")); err == nil {
		t.Skip("the temporary directory is inside a git work tree")
	}
	res, err := analyzer.Run([]string{filepath.Join(dir, "Job.java")}, all())
	if err != nil {
		t.Fatal(err)
	}
	if res.Files != 1 {
		t.Errorf("%d files read, want 1: the named file's directory was walked", res.Files)
	}
}
