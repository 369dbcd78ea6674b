package analyzer

import (
	"bytes"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

func TestWriteUnified(t *testing.T) {
	lines := func(n int, ls ...string) string { // n numbered lines, then ls
		var b strings.Builder
		for i := 1; i <= n; i++ {
			b.WriteString("l" + string(rune('a'+i-1)) + "\n")
		}
		return b.String() + strings.Join(ls, "")
	}
	for _, tc := range []struct{ name, old, new, want string }{
		{"equal", "a\n", "a\n", ""},
		{"one line", "a\nb\nc\n", "a\nB\nc\n", "@@ -1,3 +1,3 @@\n a\n-b\n+B\n c\n"},
		{"insertion at the start", "a\n", "x\na\n", "@@ -1 +1,2 @@\n+x\n a\n"},
		{"into an empty file", "", "x\n", "@@ -0,0 +1 @@\n+x\n"},
		{"everything deleted", "a\nb\n", "", "@@ -1,2 +0,0 @@\n-a\n-b\n"},
		{"no newline at the end", "a\nb", "a\nB", "@@ -1,2 +1,2 @@\n a\n-b\n\\ No newline at end of file\n+B\n\\ No newline at end of file\n"},
		{"newline added at the end", "a", "a\n", "@@ -1 +1 @@\n-a\n\\ No newline at end of file\n+a\n"},
		{"context is three lines", lines(9), strings.Replace(lines(9), "le\n", "LE\n", 1),
			"@@ -2,7 +2,7 @@\n lb\n lc\n ld\n-le\n+LE\n lf\n lg\n lh\n"},
		{"close changes share a hunk", lines(10), strings.NewReplacer("lb\n", "B\n", "lh\n", "H\n").Replace(lines(10)),
			"@@ -1,10 +1,10 @@\n la\n-lb\n+B\n lc\n ld\n le\n lf\n lg\n-lh\n+H\n li\n lj\n"},
		{"distant changes do not", lines(12), strings.NewReplacer("la\n", "A\n", "ll\n", "L\n").Replace(lines(12)),
			"@@ -1,4 +1,4 @@\n-la\n+A\n lb\n lc\n ld\n@@ -9,4 +9,4 @@\n li\n lj\n lk\n-ll\n+L\n"},
		{"CRLF", "a\r\nb\r\n", "a\r\nB\r\n", "@@ -1,2 +1,2 @@\n a\r\n-b\r\n+B\r\n"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var out bytes.Buffer
			if err := writeUnified(&out, "d/f.java", []byte(tc.old), []byte(tc.new)); err != nil {
				t.Fatal(err)
			}
			want := tc.want
			if want != "" {
				want = "--- a/d/f.java\n+++ b/d/f.java\n" + want
			}
			if out.String() != want {
				t.Errorf("got:\n%s\nwant:\n%s", out.String(), want)
			}
		})
	}
}

// A file outside the directory the diff is applied from has an absolute
// name, written without its leading slash as git diff --no-index does.
func TestWriteUnifiedAbsoluteName(t *testing.T) {
	var out bytes.Buffer
	if err := writeUnified(&out, "/tmp/p/Job.java", []byte("a\n"), []byte("b\n")); err != nil {
		t.Fatal(err)
	}
	if want := "--- a/tmp/p/Job.java\n+++ b/tmp/p/Job.java\n"; !strings.HasPrefix(out.String(), want) {
		t.Errorf("got:\n%s\nwant it to start with:\n%s", out.String(), want)
	}
}

// lineDiff's replacements turn a into b and change as few lines as a
// longest common subsequence leaves.
func TestLineDiffIsShortest(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	random := func() [][]byte {
		var ls [][]byte
		for range rng.IntN(12) {
			ls = append(ls, []byte{"xyz"[rng.IntN(3)], '\n'})
		}
		return ls
	}
	for range 2000 {
		a, b := random(), random()
		ops := lineDiff(a, b)
		var got [][]byte
		at, changed := 0, 0
		for i, op := range ops {
			if i > 0 && ops[i-1].a2 >= op.a {
				t.Fatalf("%q -> %q: ops %v touch", a, b, ops)
			}
			got = append(append(got, a[at:op.a]...), b[op.b:op.b2]...)
			at = op.a2
			changed += op.a2 - op.a + op.b2 - op.b
		}
		got = append(got, a[at:]...)
		if !bytes.Equal(bytes.Join(got, nil), bytes.Join(b, nil)) {
			t.Fatalf("%q -> %q: ops %v give %q", a, b, ops, got)
		}
		if want := len(a) + len(b) - 2*lcs(a, b); changed != want {
			t.Fatalf("%q -> %q: %d lines changed, want %d", a, b, changed, want)
		}
	}
}

func lcs(a, b [][]byte) int {
	n := make([][]int, len(a)+1)
	for i := range n {
		n[i] = make([]int, len(b)+1)
	}
	for i := len(a) - 1; i >= 0; i-- {
		for j := len(b) - 1; j >= 0; j-- {
			if bytes.Equal(a[i], b[j]) {
				n[i][j] = n[i+1][j+1] + 1
			} else {
				n[i][j] = max(n[i+1][j], n[i][j+1])
			}
		}
	}
	return n[0][0]
}

// The diff of Fix changes no file, and patch -p1 and git apply, run from
// the working directory, turn a copy of the files into what -fix writes.
func TestFixDiffAppliesWithPatchAndGit(t *testing.T) {
	for _, tool := range []string{"patch", "git"} {
		if _, err := exec.LookPath(tool); err != nil {
			t.Skipf("no %s: %v", tool, err)
		}
	}
	files := map[string]string{
		"sub/a.sql":    "-- one\n-- BAD\n-- 2\n-- 3\n-- 4\n-- 5\n-- 6\n-- 7\n-- 8\n-- BAD",
		"crlf.sql":     "-- one\r\n-- NEEDX\r\n",
		"plain.sql":    "-- nothing to fix\n",
		"d e/b.sql":    "-- BAD\n",
		"nofix.sql":    "-- NOFIX\n",
		"nested.sql":   "-- NEEDX BAD\n",
		"é\tq\"\\.sql": "-- BAD\n",
	}
	write := func(dir string) {
		for name, src := range files {
			path := filepath.Join(dir, filepath.FromSlash(name))
			if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
	rules := rulesOf(markRule{name: "bad", repl: map[string]string{"BAD": "GOOD"}, safe: true}, needRule, noFixRule)
	root := t.TempDir()
	work, byPatch, byGit, byFix := filepath.Join(root, "work"), filepath.Join(root, "patch"), filepath.Join(root, "git"), filepath.Join(root, "fix")
	for _, dir := range []string{work, byPatch, byGit, byFix} {
		write(dir)
	}
	if _, _, notes, err := (Options{}).Fix([]string{byFix}, rules, FixOptions{Unsafe: true}); err != nil || len(notes) > 0 {
		t.Fatalf("fix: %v %s", err, messages(notes))
	}

	t.Chdir(work)
	var diff bytes.Buffer
	final, fixed, notes, err := Options{}.Fix([]string{"."}, rules, FixOptions{Unsafe: true, Diff: &diff})
	if err != nil || len(notes) > 0 {
		t.Fatalf("diff: %v %s", err, messages(notes))
	}
	if fixed != 7 || len(final.Diagnostics) != 8 {
		t.Errorf("fixed %d, %d findings; want 7 fixed of 8, the findings of the files as they are", fixed, len(final.Diagnostics))
	}
	for name, src := range files {
		if got := readFile(t, filepath.FromSlash(name)); got != src {
			t.Errorf("%s was written: %q", name, got)
		}
	}
	for _, want := range []string{"--- a/sub/a.sql\n+++ b/sub/a.sql\n", "--- a/crlf.sql\n", "--- a/d e/b.sql\t\n", "--- \"a/é\\011q\\\"\\\\.sql\"\n"} {
		if !strings.Contains(diff.String(), want) {
			t.Errorf("diff lacks %q:\n%s", want, diff.String())
		}
	}
	patchFile := filepath.Join(root, "fixes.diff")
	if err := os.WriteFile(patchFile, diff.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	for dir, args := range map[string][]string{
		byPatch: {"patch", "-p1", "--batch", "--forward", "-i", patchFile},
		byGit:   {"git", "apply", "--unsafe-paths", patchFile},
	} {
		cmd := exec.Command(args[0], args[1:]...)
		cmd.Dir = dir
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("%s: %v\n%s\ndiff:\n%s", strings.Join(args, " "), err, out, diff.String())
		}
		for name := range files {
			path := filepath.FromSlash(name)
			if got, want := readFile(t, filepath.Join(dir, path)), readFile(t, filepath.Join(byFix, path)); got != want {
				t.Errorf("%s: %s gives %q, -fix %q", args[0], name, got, want)
			}
		}
	}
}

// Without Unsafe, only the fixes declared safe are applied, to disk or to
// the diff.
func TestFixAppliesOnlySafeFixes(t *testing.T) {
	safe := markRule{name: "bad", repl: map[string]string{"BAD": "GOOD"}, safe: true}
	dir := t.TempDir()
	path := writeFile(t, dir, "-- BAD NEEDX\n")
	t.Chdir(dir)
	var diff bytes.Buffer
	if _, fixed, _, err := (Options{}).Fix([]string{"."}, rulesOf(safe, needRule), FixOptions{Diff: &diff}); err != nil || fixed != 1 {
		t.Fatalf("diff: fixed %d, %v", fixed, err)
	}
	if want := "--- a/a.sql\n+++ b/a.sql\n@@ -1 +1 @@\n--- BAD NEEDX\n+-- GOOD NEEDX\n"; diff.String() != want {
		t.Errorf("diff:\n%s\nwant:\n%s", diff.String(), want)
	}
	final, fixed, notes, err := Options{}.Fix([]string{"."}, rulesOf(safe, needRule), FixOptions{})
	if err != nil || len(notes) > 0 || fixed != 1 {
		t.Fatalf("fixed %d, %v, %s", fixed, err, messages(notes))
	}
	if got := readFile(t, path); got != "-- GOOD NEEDX\n" {
		t.Errorf("fixed file %q", got)
	}
	if len(final.Diagnostics) != 1 || final.Diagnostics[0].Rule != "need" || len(final.Diagnostics[0].SuggestedFixes) != 1 {
		t.Errorf("findings left: %+v, want need's, with its unsafe fix", final.Diagnostics)
	}
	if _, fixed, _, err := (Options{}).Fix([]string{"."}, rulesOf(safe, needRule), FixOptions{Unsafe: true}); err != nil || fixed != 1 {
		t.Fatalf("unsafe: fixed %d, %v", fixed, err)
	}
	if got := readFile(t, path); got != "-- import x;\n-- GOOD HASX\n" {
		t.Errorf("fixed file %q", got)
	}
}

// A fix that overlaps another one is had in a later round, run on the
// fixed text in memory: the diff holds what -fix writes, and the file on
// disk is untouched.
func TestFixDiffRunsRounds(t *testing.T) {
	dir := t.TempDir()
	path := writeFile(t, dir, "-- ab\n")
	t.Chdir(dir)
	var diff bytes.Buffer
	final, fixed, notes, err := Options{}.Fix([]string{"."}, rulesOf(upperA, upperB), FixOptions{Unsafe: true, Diff: &diff})
	if err != nil || fixed != 2 || len(notes) > 0 {
		t.Fatalf("fixed %d, %v, notes: %s", fixed, err, messages(notes))
	}
	if want := "--- a/a.sql\n+++ b/a.sql\n@@ -1 +1 @@\n--- ab\n+-- AB\n"; diff.String() != want {
		t.Errorf("diff:\n%s\nwant:\n%s", diff.String(), want)
	}
	if got := readFile(t, path); got != "-- ab\n" {
		t.Errorf("the file was written: %q", got)
	}
	if len(final.Diagnostics) != 2 {
		t.Errorf("final: %d findings, want the 2 of the files as they are", len(final.Diagnostics))
	}
}
