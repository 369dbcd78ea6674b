package gitdiff

import (
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// repo makes a git repository in a temporary directory, with git's
// configuration isolated from the machine's.
func repo(t *testing.T) string {
	t.Helper()
	for k, v := range map[string]string{
		"GIT_CONFIG_NOSYSTEM": "1", "GIT_CONFIG_GLOBAL": os.DevNull, "HOME": t.TempDir(),
		"GIT_AUTHOR_NAME": "t", "GIT_AUTHOR_EMAIL": "t@example.com",
		"GIT_COMMITTER_NAME": "t", "GIT_COMMITTER_EMAIL": "t@example.com",
	} {
		t.Setenv(k, v)
	}
	dir, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	run(t, dir, "init", "-q", "-b", "main")
	return dir
}

func run(t *testing.T, dir string, args ...string) string {
	t.Helper()
	out, err := exec.Command("git", append([]string{"-C", dir}, args...)...).CombinedOutput()
	if err != nil {
		t.Fatalf("git %v: %v\n%s", args, err, out)
	}
	return strings.TrimSpace(string(out))
}

func write(t *testing.T, dir, name, content string) {
	t.Helper()
	p := filepath.Join(dir, name)
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
}

func commit(t *testing.T, dir string) string {
	t.Helper()
	run(t, dir, "add", "-A")
	run(t, dir, "commit", "-q", "-m", "c")
	return run(t, dir, "rev-parse", "HEAD")
}

func numbered(n int) string {
	var b strings.Builder
	for i := 1; i <= n; i++ {
		b.WriteString("line " + strings.Repeat("x", i) + "\n")
	}
	return b.String()
}

func TestChangedLines(t *testing.T) {
	dir := repo(t)
	ten := numbered(10)
	write(t, dir, "src/Mod.java", ten)
	write(t, dir, "src/Del.java", ten)
	write(t, dir, "src/Old.java", ten)
	write(t, dir, "src/Gone.java", ten)
	write(t, dir, "src/Same.java", ten)
	write(t, dir, ".gitignore", "ignored/\n")
	base := commit(t, dir)

	lines := strings.SplitAfter(ten, "\n")
	// Lines 3 and 7 modified, one inserted after 8 (new line 9).
	mod := slices.Clone(lines)
	mod[2], mod[6] = "changed 3\n", "changed 7\n"
	mod = slices.Insert(mod, 8, "inserted\n")
	write(t, dir, "src/Mod.java", strings.Join(mod, ""))
	// Lines 4 and 5 deleted: lines 3 and 4 (the old 6) are next to the cut.
	write(t, dir, "src/Del.java", strings.Join(slices.Delete(slices.Clone(lines), 3, 5), ""))
	// Renamed, and its line 2 changed.
	run(t, dir, "mv", "src/Old.java", "src/New.java")
	ren := slices.Clone(lines)
	ren[1] = "changed 2\n"
	write(t, dir, "src/New.java", strings.Join(ren, ""))
	run(t, dir, "rm", "-q", "src/Gone.java")
	write(t, dir, "src/Added.java", "a\nb\n")          // untracked
	write(t, dir, "src/With space.sql", "select 1;\n") // untracked, a name git quotes
	write(t, dir, "ignored/X.java", "x\n")
	write(t, dir, "src/Staged.java", "s\n")
	run(t, dir, "add", "src/Staged.java")

	got, err := ChangedLines(filepath.Join(dir, "src"), base)
	if err != nil {
		t.Fatal(err)
	}
	abs := func(name string) string { return filepath.Join(dir, filepath.FromSlash(name)) }
	whole := []Range{{1, math.MaxInt}}
	want := Changes{
		abs("src/Mod.java"):       {{3, 3}, {7, 7}, {9, 9}},
		abs("src/Del.java"):       {{3, 4}},
		abs("src/New.java"):       {{2, 2}},
		abs("src/Staged.java"):    {{1, 1}},
		abs("src/Added.java"):     whole,
		abs("src/With space.sql"): whole,
	}
	if len(got) != len(want) {
		t.Errorf("files %v, want %v", keys(got), keys(want))
	}
	for name, w := range want {
		if !slices.Equal(got[name], w) {
			t.Errorf("%s: %v, want %v", name, got[name], w)
		}
	}
	for _, c := range []struct {
		name string
		line int
		want bool
	}{
		{"src/Mod.java", 3, true}, {"src/Mod.java", 4, false}, {"src/Del.java", 2, false}, {"src/Del.java", 4, true},
		{"src/Added.java", 1000, true}, {"src/Same.java", 1, false}, {"src/Gone.java", 1, false},
	} {
		if got.Contains(abs(c.name), c.line) != c.want {
			t.Errorf("Contains(%s, %d) != %t", c.name, c.line, c.want)
		}
	}

	// Nothing changed since HEAD once all is committed.
	commit(t, dir)
	if got, err := ChangedLines(dir, "HEAD"); err != nil || len(got) != 0 {
		t.Errorf("after commit: %v, %v", got, err)
	}
}

func keys(c Changes) []string {
	var out []string
	for k := range c {
		out = append(out, k)
	}
	slices.Sort(out)
	return out
}

func TestDeletionAtTheTop(t *testing.T) {
	dir := repo(t)
	write(t, dir, "A.java", "a\nb\nc\n")
	base := commit(t, dir)
	write(t, dir, "A.java", "b\nc\n")
	got, err := ChangedLines(dir, base)
	if err != nil || !slices.Equal(got[filepath.Join(dir, "A.java")], []Range{{1, 1}}) {
		t.Errorf("%v, %v", got, err)
	}
}

func TestMergeBase(t *testing.T) {
	dir := repo(t)
	write(t, dir, "A.java", "a\n")
	base := commit(t, dir)
	run(t, dir, "checkout", "-q", "-b", "feature")
	write(t, dir, "A.java", "a\nfeature\n")
	commit(t, dir)
	run(t, dir, "checkout", "-q", "main")
	write(t, dir, "B.java", "main\n")
	commit(t, dir)
	run(t, dir, "checkout", "-q", "feature")
	got, err := MergeBase(dir, "main")
	if err != nil || got != base {
		t.Errorf("MergeBase = %q, %v; want %s", got, err, base)
	}
	changes, err := ChangedLines(dir, got)
	if err != nil || len(changes) != 1 || !changes.Contains(filepath.Join(dir, "A.java"), 2) {
		t.Errorf("changes since the merge base: %v, %v", changes, err)
	}
}

func TestErrors(t *testing.T) {
	dir := repo(t)
	write(t, dir, "A.java", "a\n")
	commit(t, dir)
	outside, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name string
		err  func() error
		want string
	}{
		{"unknown revision", func() error { _, err := ChangedLines(dir, "no-such-branch"); return err }, "unknown revision no-such-branch"},
		{"an option as revision", func() error { _, err := ChangedLines(dir, "--output=/tmp/x"); return err }, `unknown revision "--output=/tmp/x"`},
		{"a tree, not a commit", func() error { _, err := ChangedLines(dir, "HEAD^{tree}"); return err }, "unknown revision HEAD^{tree}"},
		{"unknown ref for merge-base", func() error { _, err := MergeBase(dir, "origin/main"); return err }, "unknown revision origin/main"},
		{"outside a work tree", func() error { _, err := ChangedLines(outside, "HEAD"); return err }, "not in a git work tree: " + outside},
		{"merge-base outside a work tree", func() error { _, err := MergeBase(outside, "main"); return err }, "not in a git work tree: " + outside},
		{"inside .git", func() error { _, err := ChangedLines(filepath.Join(dir, ".git"), "HEAD"); return err }, "not in a git work tree"},
		{"missing directory", func() error { _, err := ChangedLines(filepath.Join(outside, "nope"), "HEAD"); return err }, "not in a git work tree"},
	} {
		t.Run(c.name, func(t *testing.T) {
			if err := c.err(); err == nil || !strings.Contains(err.Error(), c.want) {
				t.Errorf("error %v, want %q", err, c.want)
			}
		})
	}
	t.Run("git missing", func(t *testing.T) {
		t.Setenv("PATH", t.TempDir())
		if _, err := ChangedLines(dir, "HEAD"); err == nil || !strings.Contains(err.Error(), "git is needed") {
			t.Errorf("error %v", err)
		}
	})
}

func TestUnrelatedHistories(t *testing.T) {
	dir := repo(t)
	write(t, dir, "A.java", "a\n")
	commit(t, dir)
	run(t, dir, "checkout", "-q", "--orphan", "other")
	write(t, dir, "B.java", "b\n")
	commit(t, dir)
	if _, err := MergeBase(dir, "main"); err == nil || !strings.Contains(err.Error(), "no merge base of HEAD and main") {
		t.Errorf("error %v", err)
	}
}
