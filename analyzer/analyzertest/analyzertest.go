// Package analyzertest runs a rule over testdata and checks its diagnostics
// against expectations written in the testdata, in the spirit of x/tools'
// analysistest (which cannot be used here: it only sees Go packages, so a
// Java file in testdata would silently never be checked).
//
// An expectation is a comment on the line the diagnostic must be reported
// on, holding one or more quoted regular expressions that the message must
// match:
//
//	.window(GlobalWindows.create()) // want "never fires"
//
// The comment starts with "// want" in Java and Scala, "-- want" in SQL and
// "# want" in YAML and Python. Every diagnostic must match an expectation on
// its line and every expectation must be matched by exactly one diagnostic.
//
// Every suggested fix must declare whether it is safe or unsafe (see
// package internal/fixes). The fixes of all diagnostics, unsafe ones
// included, are applied to each file, and the result must equal the file's
// golden copy, named after it with ".golden" appended (Job.java.golden),
// so that the golden copies cover every fix. A file with fixes and no golden copy, or a
// golden copy with no fixes, fails the test. Run the test with -update to
// write the golden copies instead; then read them before committing.
//
// A rule's settings (internal/config) come from the .flinklint.yaml files
// of the testdata, found as the command line finds them: the nearest one
// above each file. A directory of testdata with one of its own tests the
// rule configured; the rest runs with the defaults.
//
// Fixes must be idempotent, as a second flinklint -fix must leave a fixed
// project alone: the fixed files are analyzed again, beside the rest of the
// testdata, and the test fails when a fix would change one of them again or
// when one no longer reads without problems.
package analyzertest

import (
	"cmp"
	"flag"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"

	"golang.org/x/tools/go/analysis"

	"github.com/flinklint/flinklint/analyzer"
	"github.com/flinklint/flinklint/internal/config"
	"github.com/flinklint/flinklint/internal/fixes"
	"github.com/flinklint/flinklint/parsers"
	"github.com/flinklint/flinklint/parsers/model"
)

// Testing is the part of *testing.T that Run uses, so that the harness can
// itself be tested with a recorder.
type Testing interface {
	Helper()
	Errorf(format string, args ...any)
	Fatalf(format string, args ...any)
}

var update = flag.Bool("update", false, "write the golden files of suggested fixes instead of comparing")

type expectation struct {
	re      *regexp.Regexp
	matched bool
}

type key struct {
	file string
	line int
}

var wantRE = regexp.MustCompile(`(?://|--|#)\s*want\s+(.*)$`)

// Run analyzes the files below dir with a and compares the diagnostics with
// the expectations in those files. It returns the run's result for further
// checks.
func Run(t Testing, dir string, a *analysis.Analyzer) *analyzer.Result {
	t.Helper()
	res, err := run(dir, a)
	if err != nil {
		t.Fatalf("analyzing %s: %v", dir, err)
		return nil
	}
	for _, p := range res.Problems {
		t.Errorf("unexpected problem: %s", p)
	}
	if res.Files == 0 {
		t.Fatalf("no files analyzed under %s", dir)
		return nil
	}
	want, err := expectations(dir)
	if err != nil {
		t.Fatalf("%v", err)
		return nil
	}
	for _, d := range res.Diagnostics {
		k := key{d.Position.Filename, d.Position.Line}
		found := false
		for _, e := range want[k] {
			if !e.matched && e.re.MatchString(d.Message) {
				e.matched, found = true, true
				break
			}
		}
		if !found {
			t.Errorf("%s: unexpected diagnostic [%s]: %s", d.Position, d.Rule, d.Message)
		}
	}
	keys := slices.SortedFunc(maps.Keys(want), func(a, b key) int {
		return cmp.Or(cmp.Compare(a.file, b.file), cmp.Compare(a.line, b.line))
	})
	for _, k := range keys {
		for _, e := range want[k] {
			if !e.matched {
				t.Errorf("%s:%d: no diagnostic was reported matching %q", k.file, k.line, e.re)
			}
		}
	}
	checkFixes(t, dir, a, res)
	checkHeadlines(t, res)
	return res
}

// run analyzes dir with a, each file configured by the nearest
// .flinklint.yaml above it; a configuration that does not load fails.
func run(dir string, a *analysis.Analyzer) (*analyzer.Result, error) {
	finder := config.NewFinder("", []string{a.Name})
	res, err := analyzer.Options{Config: finder}.Run([]string{dir}, []*analysis.Analyzer{a})
	if err == nil {
		err = finder.Err()
	}
	return res, err
}

// checkFixes applies every suggested fix and compares each fixed file with
// its golden copy, then checks that the fixes are idempotent.
func checkFixes(t Testing, dir string, a *analysis.Analyzer, res *analyzer.Result) {
	t.Helper()
	checkDeclared(t, res)
	edits := fixEdits(res)
	fixedFiles := map[string][]byte{}
	for _, name := range slices.Sorted(maps.Keys(edits)) {
		es := edits[name]
		src, err := os.ReadFile(name)
		if err != nil {
			t.Fatalf("%v", err)
			return
		}
		fixed, err := analyzer.Apply(res.Fset, src, es)
		if err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		fixedFiles[name] = fixed
		if *update {
			if err := os.WriteFile(name+".golden", fixed, 0o644); err != nil {
				t.Errorf("%v", err)
			}
			continue
		}
		golden, err := os.ReadFile(name + ".golden")
		if err != nil {
			t.Errorf("%s: fixes were suggested but there is no %s.golden; the fixed file is:\n%s", name, filepath.Base(name), fixed)
			continue
		}
		if string(fixed) != string(golden) {
			t.Errorf("%s: the fixed file differs from %s.golden; got:\n%s", name, filepath.Base(name), fixed)
		}
	}
	_ = filepath.WalkDir(dir, func(path string, d os.DirEntry, err error) error {
		if err == nil && strings.HasSuffix(path, ".golden") && edits[strings.TrimSuffix(path, ".golden")] == nil {
			t.Errorf("%s: golden file, but no fix was suggested for %s", path, strings.TrimSuffix(filepath.Base(path), ".golden"))
		}
		return nil
	})
	if len(fixedFiles) > 0 {
		checkIdempotent(t, dir, a, fixedFiles)
		checkMarked(t, dir, a, fixedFiles)
	}
}

// checkDeclared fails for each fix that does not say whether it is safe.
func checkDeclared(t Testing, res *analyzer.Result) {
	t.Helper()
	for _, d := range res.Diagnostics {
		for _, f := range d.SuggestedFixes {
			if _, ok := fixes.Of(f); !ok {
				t.Errorf("%s: fix %q of rule %s declares neither safe nor unsafe (use report.Safe or report.Unsafe)", d.Position, f.Message, d.Rule)
			}
		}
	}
}

// fixEdits returns the edits of every suggested fix of res, safe or
// unsafe, by file name.
func fixEdits(res *analyzer.Result) map[string][]analysis.TextEdit {
	edits := map[string][]analysis.TextEdit{}
	for _, d := range res.Diagnostics {
		for _, f := range d.SuggestedFixes {
			for _, e := range f.TextEdits {
				name := res.Fset.Position(e.Pos).Filename
				edits[name] = append(edits[name], e)
			}
		}
	}
	return edits
}

// checkIdempotent analyzes a copy of dir in which the files of fixed (by
// name below dir) hold their fixed text, and fails when a fix suggested
// there changes one of them again, or when the copy has problems.
func checkIdempotent(t Testing, dir string, a *analysis.Analyzer, fixed map[string][]byte) {
	t.Helper()
	res, orig, done := runCopy(t, dir, a, fixed)
	defer done()
	if res == nil {
		return
	}
	for cp, es := range fixEdits(res) {
		name := orig[cp]
		want, ok := fixed[name]
		if !ok {
			t.Errorf("%s: the fixes of other files suggest a fix for it once applied", name)
			continue
		}
		again, err := analyzer.Apply(res.Fset, want, es)
		if err != nil {
			t.Errorf("%s, fixed: %v", name, err)
			continue
		}
		if string(again) != string(want) {
			t.Errorf("%s: the fixes are not idempotent: a second fix changes the fixed file again; got:\n%s", name, again)
		}
	}
}

// utf8BOM is the byte-order mark some Windows editors start a file with.
var utf8BOM = []byte{0xEF, 0xBB, 0xBF}

// checkMarked analyzes a copy of dir in which each file with fixes starts
// with a UTF-8 byte-order mark, and fails unless the fixes give the fixed
// text behind the same mark: a fix that reads the raw file (with the mark)
// to place its edits would put them three bytes off.
func checkMarked(t Testing, dir string, a *analysis.Analyzer, fixed map[string][]byte) {
	t.Helper()
	marked := map[string][]byte{}
	for name := range fixed {
		src, err := os.ReadFile(name)
		if err != nil {
			t.Fatalf("%v", err)
			return
		}
		marked[name] = append(slices.Clip(utf8BOM), src...)
	}
	res, orig, done := runCopy(t, dir, a, marked)
	defer done()
	if res == nil {
		return
	}
	edits := fixEdits(res)
	for cp, name := range orig {
		if marked[name] == nil {
			continue
		}
		got, err := analyzer.Apply(res.Fset, marked[name], edits[cp])
		if err != nil {
			t.Errorf("%s, with a byte-order mark: %v", name, err)
			continue
		}
		if want := append(slices.Clip(utf8BOM), fixed[name]...); string(got) != string(want) {
			t.Errorf("%s: with a byte-order mark the fixes give another text:\n%s", name, got)
		}
	}
}

// runCopy analyzes a copy of dir (without golden files) in which the
// files of text (by name below dir) hold their text there, and fails for
// each problem of the copy. It returns the result (nil when the run
// failed), the copy's paths to those of dir, and the function that removes
// the copy.
func runCopy(t Testing, dir string, a *analysis.Analyzer, text map[string][]byte) (*analyzer.Result, map[string]string, func()) {
	t.Helper()
	tmp, err := os.MkdirTemp("", "analyzertest")
	if err != nil {
		t.Fatalf("%v", err)
		return nil, nil, func() {}
	}
	done := func() { os.RemoveAll(tmp) }
	orig := map[string]string{} // path in the copy -> path in dir
	err = filepath.WalkDir(dir, func(path string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() || strings.HasSuffix(path, ".golden") {
			return err
		}
		rel, err := filepath.Rel(dir, path)
		if err != nil {
			return err
		}
		data, ok := text[path]
		if !ok {
			if data, err = os.ReadFile(path); err != nil {
				return err
			}
		}
		cp := filepath.Join(tmp, rel)
		orig[cp] = path
		if err := os.MkdirAll(filepath.Dir(cp), 0o755); err != nil {
			return err
		}
		return os.WriteFile(cp, data, 0o644)
	})
	if err != nil {
		t.Fatalf("copying %s: %v", dir, err)
		return nil, nil, done
	}
	res, err := run(tmp, a)
	if err != nil {
		t.Fatalf("analyzing the copy of %s: %v", dir, err)
		return nil, nil, done
	}
	for _, p := range res.Problems {
		t.Errorf("in the copy: %s", strings.ReplaceAll(p.String(), tmp, dir))
	}
	return res, orig, done
}

// expectations reads the want comments of every file below dir.
func expectations(dir string) (map[key][]*expectation, error) {
	want := map[key][]*expectation{}
	err := filepath.WalkDir(dir, func(path string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() || strings.HasSuffix(path, ".golden") {
			return err
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		for i, line := range strings.Split(string(data), "\n") {
			m := wantRE.FindStringSubmatch(line)
			if m == nil {
				continue
			}
			res, err := parseWant(m[1])
			if err != nil {
				return fmt.Errorf("%s:%d: %w", path, i+1, err)
			}
			k := key{path, i + 1}
			for _, re := range res {
				want[k] = append(want[k], &expectation{re: re})
			}
		}
		return nil
	})
	return want, err
}

// parseWant reads a list of Go-quoted ("..." or `...`) regular expressions.
func parseWant(s string) ([]*regexp.Regexp, error) {
	var out []*regexp.Regexp
	for s = strings.TrimSpace(s); s != ""; s = strings.TrimSpace(s) {
		q, err := strconv.QuotedPrefix(s)
		if err != nil {
			return nil, fmt.Errorf("want: expected a quoted regexp at %q", s)
		}
		s = s[len(q):]
		u, _ := strconv.Unquote(q)
		re, err := regexp.Compile(u)
		if err != nil {
			return nil, fmt.Errorf("want: %w", err)
		}
		out = append(out, re)
	}
	if out == nil {
		return nil, fmt.Errorf("want: no expectation")
	}
	return out, nil
}

// WriteFiles writes files (slash-separated relative path to contents) into
// a new temporary directory and returns it.
func WriteFiles(t testing.TB, files map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	for name, src := range files {
		path := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// WithProject writes files into a new temporary directory as WriteFiles
// does, parses them and calls f with the project's model while the run
// lasts (files are parsed lazily, so the model is not for keeping): for
// tests and benchmarks of the packages that rules share.
func WithProject(t testing.TB, files map[string]string, f func(p *model.Project)) {
	t.Helper()
	dir := WriteFiles(t, files)
	a := &analysis.Analyzer{
		Name: "project", Doc: "hands the project to a test", Requires: []*analysis.Analyzer{parsers.Analyzer},
		Run: func(pass *analysis.Pass) (any, error) {
			f(pass.ResultOf[parsers.Analyzer].(*parsers.Result).Project)
			return nil, nil
		},
	}
	if _, err := analyzer.Run([]string{dir}, []*analysis.Analyzer{a}); err != nil {
		t.Fatal(err)
	}
}

// MaxHeadline is the most characters a finding's headline line may take
// with its rule id, " [rule-id]": it must read at a glance in a terminal,
// a pull-request comment and an editor's problem list. The help, the note
// and the evidence go on lines of their own.
const MaxHeadline = 120

// checkHeadlines reports the findings whose headline is too long, or that
// name evidence with no label.
func checkHeadlines(t Testing, res *analyzer.Result) {
	t.Helper()
	for _, d := range res.Diagnostics {
		line := d.Text().Headline + " [" + d.Rule + "]"
		if n := utf8.RuneCountInString(line); n > MaxHeadline || strings.Contains(line, "\n") {
			t.Errorf("%s: headline of %d characters, more than %d: %s", d.Position, n, MaxHeadline, line)
		}
		for _, e := range d.Evidence {
			if e.Label == "" {
				t.Errorf("%s: evidence at %s has no label", d.Position, e.Position)
			}
		}
	}
}
