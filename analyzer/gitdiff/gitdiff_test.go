package gitdiff

import (
	"maps"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
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

	got, err := changedLines(t, filepath.Join(dir, "src"), base)
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
		if (got.First(abs(c.name), c.line, c.line) > 0) != c.want {
			t.Errorf("First(%s, %d) > 0 != %t", c.name, c.line, c.want)
		}
	}

	// Nothing changed since HEAD once all is committed.
	commit(t, dir)
	if got, err := changedLines(t, dir, "HEAD"); err != nil || len(got) != 0 {
		t.Errorf("after commit: %v, %v", got, err)
	}
}

// changedLines is ChangedLines where no note is expected.
func changedLines(t *testing.T, dir, rev string, paths ...string) (Changes, error) {
	t.Helper()
	changes, notes, err := ChangedLines(dir, rev, paths...)
	if len(notes) != 0 {
		t.Errorf("notes %q", notes)
	}
	return changes, err
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
	got, err := changedLines(t, dir, base)
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
	changes, err := changedLines(t, dir, got)
	if err != nil || len(changes) != 1 || changes.First(filepath.Join(dir, "A.java"), 2, 2) != 2 {
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
		{"unknown revision", func() error { _, err := changedLines(t, dir, "no-such-branch"); return err }, "unknown revision no-such-branch"},
		{"an option as revision", func() error { _, err := changedLines(t, dir, "--output=/tmp/x"); return err }, `unknown revision "--output=/tmp/x"`},
		{"a tree, not a commit", func() error { _, err := changedLines(t, dir, "HEAD^{tree}"); return err }, "unknown revision HEAD^{tree}"},
		{"unknown ref for merge-base", func() error { _, err := MergeBase(dir, "origin/main"); return err }, "unknown revision origin/main"},
		{"outside a work tree", func() error { _, err := changedLines(t, outside, "HEAD"); return err }, "not in a git work tree: " + outside},
		{"merge-base outside a work tree", func() error { _, err := MergeBase(outside, "main"); return err }, "not in a git work tree: " + outside},
		{"inside .git", func() error { _, err := changedLines(t, filepath.Join(dir, ".git"), "HEAD"); return err }, "not in a git work tree"},
		{"missing directory", func() error { _, err := changedLines(t, filepath.Join(outside, "nope"), "HEAD"); return err }, "not in a git work tree"},
	} {
		t.Run(c.name, func(t *testing.T) {
			if err := c.err(); err == nil || !strings.Contains(err.Error(), c.want) {
				t.Errorf("error %v, want %q", err, c.want)
			}
		})
	}
	t.Run("git missing", func(t *testing.T) {
		t.Setenv("PATH", t.TempDir())
		if _, err := changedLines(t, dir, "HEAD"); err == nil || !strings.Contains(err.Error(), "git is needed") {
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

func TestHunkLineLikeHeader(t *testing.T) {
	dir := repo(t)
	write(t, dir, "A.scala", "val a = b\n")
	base := commit(t, dir)
	write(t, dir, "A.scala", "val a = b\n++ c\n++ b/x\n") // "+++ c", "+++ b/x" in the diff
	got, err := changedLines(t, dir, base)
	if err != nil || !slices.Equal(got[filepath.Join(dir, "A.scala")], []Range{{2, 3}}) || len(got) != 1 {
		t.Errorf("%v, %v", got, err)
	}
}

// superproject adds to the repository dir a submodule mod, a repository of
// its own, and commits it.
func superproject(t *testing.T, dir string) (sub string) {
	t.Helper()
	sub = repo(t)
	write(t, sub, "S.java", numbered(5))
	commit(t, sub)
	run(t, dir, "-c", "protocol.file.allow=always", "submodule", "add", "-q", sub, "mod")
	commit(t, dir)
	return sub
}

func TestSubmodules(t *testing.T) {
	dir := repo(t)
	write(t, dir, "A.java", "a\n")
	sub := superproject(t, dir)
	base := run(t, dir, "rev-parse", "HEAD")
	mod := filepath.Join(dir, "mod")
	// Committed in the submodule, not recorded in the superproject.
	write(t, mod, "S.java", strings.Replace(numbered(5), "line x\n", "changed 1\n", 1))
	commit(t, mod)
	// Not committed.
	write(t, mod, "S.java", strings.Replace(strings.Replace(numbered(5), "line x\n", "changed 1\n", 1), "line xxx\n", "changed 3\n", 1))
	write(t, mod, "U.java", "u\n")
	// A submodule the revision does not have, with its own submodule.
	run(t, sub, "-c", "protocol.file.allow=always", "submodule", "add", "-q", sub, "inner")
	commit(t, sub)
	run(t, dir, "-c", "protocol.file.allow=always", "submodule", "add", "-q", sub, "lib")
	run(t, filepath.Join(dir, "lib"), "-c", "protocol.file.allow=always", "submodule", "update", "-q", "--init")
	write(t, dir, "lib/inner/S.java", numbered(6))
	// A submodule that is not checked out.
	run(t, dir, "-c", "protocol.file.allow=always", "submodule", "add", "-q", sub, "away")
	commit(t, dir)
	run(t, dir, "submodule", "deinit", "-q", "away")

	abs := func(name string) string { return filepath.Join(dir, filepath.FromSlash(name)) }
	want := Changes{
		abs("mod/S.java"):       {{1, 1}, {3, 3}},
		abs("mod/U.java"):       {{1, math.MaxInt}},
		abs("lib/S.java"):       {{1, 5}},
		abs("lib/.gitmodules"):  {{1, 3}},
		abs("lib/inner/S.java"): {{1, 6}},
		abs(".gitmodules"):      {{4, 9}},
	}
	for _, from := range []string{dir, mod, filepath.Join(dir, "lib/inner")} {
		got, err := changedLines(t, from, base)
		if err != nil {
			t.Fatal(err)
		}
		if !maps.EqualFunc(got, want, slices.Equal) {
			t.Errorf("from %s:\n%v\nwant\n%v", from, got, want)
		}
	}
	// Given paths, only the submodules that hold them or lie below them.
	for _, c := range []struct {
		path string
		want []string
	}{
		{"A.java", []string{".gitmodules"}},
		{"lib/inner/S.java", []string{".gitmodules", "lib/.gitmodules", "lib/S.java", "lib/inner/S.java"}},
		{"lib", []string{".gitmodules", "lib/.gitmodules", "lib/S.java", "lib/inner/S.java"}},
		{".", slices.Collect(maps.Keys(want))},
	} {
		got, err := changedLines(t, dir, base, abs(c.path))
		if err != nil {
			t.Fatal(err)
		}
		for _, name := range c.want {
			if !slices.Equal(got[abs(name)], want[abs(name)]) {
				t.Errorf("given %s, %s: %v, want %v", c.path, name, got[abs(name)], want[abs(name)])
			}
		}
		if len(got) != len(c.want) {
			t.Errorf("given %s: files %v", c.path, keys(got))
		}
	}
	if got, err := MergeBase(mod, "main"); err != nil || got != run(t, dir, "rev-parse", "main") {
		t.Errorf("MergeBase from the submodule = %q, %v; want the superproject's main", got, err)
	}

	// The submodule lacks the commit the revision records (a shallow
	// clone): all its files count, with a note, and only when it is read.
	lacked := strings.Repeat("1", 40)
	run(t, dir, "update-index", "--cacheinfo", "160000,"+lacked+",mod")
	run(t, dir, "commit", "-q", "-m", "bad gitlink")
	got, notes, err := ChangedLines(dir, "HEAD")
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(got[abs("mod/S.java")], []Range{{1, 5}}) || !slices.Equal(got[abs("mod/U.java")], []Range{{1, math.MaxInt}}) {
		t.Errorf("mod/S.java %v, mod/U.java %v: want all of them", got[abs("mod/S.java")], got[abs("mod/U.java")])
	}
	if want := "submodule mod lacks commit " + lacked + " that HEAD records for it (a shallow clone?), so all its files count as changed; fetch it to narrow"; !slices.Equal(notes, []string{want}) {
		t.Errorf("notes %q, want %q", notes, want)
	}
	if got, err := changedLines(t, dir, "HEAD", abs("A.java")); err != nil || len(got) != 0 {
		t.Errorf("given A.java: %v, %v", got, err)
	}
}

// A superproject that git reports as its own, or a cycle of them, ends
// WorkTree with an error rather than never.
func TestWorkTreeCycle(t *testing.T) {
	a, b := t.TempDir(), t.TempDir()
	bin := t.TempDir()
	// rev-parse prints the superproject, then the top: b's is a, a's is a or b.
	for _, c := range []struct{ name, aSuper string }{{"itself", a}, {"a cycle", b}} {
		t.Run(c.name, func(t *testing.T) {
			write(t, bin, "git", "#!/bin/sh\ncase $(pwd -P) in "+a+") echo "+c.aSuper+"; echo "+a+";; *) echo "+a+"; echo "+b+";; esac\n")
			if err := os.Chmod(filepath.Join(bin, "git"), 0o755); err != nil {
				t.Fatal(err)
			}
			t.Setenv("PATH", bin)
			if _, err := WorkTree(b); err == nil || !strings.Contains(err.Error(), "as a superproject of itself") {
				t.Errorf("error %v", err)
			}
		})
	}
}

// TestGitConfiguration sets each setting of git's configuration or
// environment that changes what git prints and expects the changes found
// with none. Settings that can coexist are set together, one run per
// source of configuration (a run per setting took seconds); a run that
// fails is repeated one setting at a time, to name the one git heeded.
func TestGitConfiguration(t *testing.T) {
	dir := repo(t)
	tools := t.TempDir()
	// An external diff, a textconv and a diff driver's command that see
	// every line as changed, or none.
	fake := filepath.Join(tools, "fake")
	write(t, tools, "fake", "#!/bin/sh\nprintf 'diff --git a/A.java b/A.java\\n+++ b/A.java\\n@@ -0,0 +1,1000 @@\\n'\n")
	if err := os.Chmod(fake, 0o755); err != nil {
		t.Fatal(err)
	}
	write(t, tools, "attributes", "*.java -diff\n")
	write(t, dir, ".git/info/attributes", "Mod.java diff=drv\n")
	twenty := numbered(20)
	write(t, dir, "Mod.java", twenty)
	write(t, dir, "R1.java", numbered(10))
	write(t, dir, "R2.java", numbered(11))
	write(t, dir, "Ünï.java", twenty)
	superproject(t, dir)
	base := run(t, dir, "rev-parse", "HEAD")
	lines := strings.SplitAfter(twenty, "\n")
	lines[4], lines[7] = "changed 5\n", "changed 8\n" // merged by diff.interHunkContext
	write(t, dir, "Mod.java", strings.Join(lines, ""))
	write(t, dir, "Ünï.java", strings.Join(lines, ""))
	for _, name := range []string{"R1.java", "R2.java"} { // two renames: over diff.renameLimit=1
		run(t, dir, "mv", name, "moved-"+name)
		write(t, dir, "moved-"+name, strings.Replace(run(t, dir, "show", "HEAD:"+name)+"\n", "line xx\n", "changed 2\n", 1))
	}
	write(t, dir, "New.java", "n\n")
	// In the submodule: line 2 committed (not recorded in the superproject), line 4 not, and a new file.
	mod := strings.SplitAfter(numbered(5), "\n")
	mod[1] = "changed 2\n"
	write(t, dir, "mod/S.java", strings.Join(mod, ""))
	commit(t, filepath.Join(dir, "mod"))
	mod[3] = "changed 4\n"
	write(t, dir, "mod/S.java", strings.Join(mod, ""))
	write(t, dir, "mod/U.java", "u\n")

	want, err := changedLines(t, dir, base)
	if err != nil {
		t.Fatal(err)
	}
	if got := want[filepath.Join(dir, "Mod.java")]; !slices.Equal(got, []Range{{5, 5}, {8, 8}}) {
		t.Fatalf("Mod.java: %v", got)
	}
	if got := want[filepath.Join(dir, "mod", "S.java")]; len(want) != 7 || !slices.Equal(got, []Range{{2, 2}, {4, 4}}) {
		t.Fatalf("files %v, mod/S.java: %v", keys(want), got)
	}

	together := [][2]string{
		{"diff.interHunkContext", "3"}, {"diff.context", "5"},
		{"diff.noprefix", "true"}, {"diff.mnemonicPrefix", "true"},
		{"diff.srcPrefix", "x/"}, {"diff.dstPrefix", "y/"}, {"diff.relative", "true"},
		{"diff.external", fake}, {"diff.drv.command", fake}, {"diff.drv.textconv", fake},
		{"diff.drv.binary", "true"}, {"core.attributesFile", filepath.Join(tools, "attributes")},
		{"diff.renames", "false"}, {"diff.renameLimit", "1"},
		{"diff.algorithm", "histogram"}, {"diff.drv.algorithm", "minimal"},
		{"diff.indentHeuristic", "false"}, {"diff.orderFile", filepath.Join(tools, "missing")},
		{"diff.submodule", "diff"}, {"diff.ignoreSubmodules", "all"},
		{"submodule.mod.ignore", "all"}, {"diff.colorMoved", "zebra"}, {"diff.wsErrorHighlight", "all"},
		{"diff.suppressBlankEmpty", "true"}, {"color.ui", "always"}, {"color.diff", "always"},
		{"core.quotePath", "true"}, {"core.abbrev", "4"}, {"status.showUntrackedFiles", "no"},
	}
	otherValues := [][2]string{{"diff.renames", "copies"}, {"diff.algorithm", "patience"}, {"diff.submodule", "log"}}
	ways := []struct {
		name string
		set  func(t *testing.T, settings ...[2]string)
	}{
		{"repository", func(t *testing.T, settings ...[2]string) {
			config := filepath.Join(dir, ".git", "config")
			saved, err := os.ReadFile(config)
			if err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { write(t, dir, ".git/config", string(saved)) })
			for _, s := range settings {
				run(t, dir, "config", s[0], s[1])
			}
		}},
		{"global", func(t *testing.T, settings ...[2]string) {
			global := filepath.Join(t.TempDir(), "config")
			write(t, filepath.Dir(global), "config", "")
			for _, s := range settings {
				run(t, dir, "config", "--file", global, s[0], s[1])
			}
			t.Setenv("GIT_CONFIG_GLOBAL", global)
		}},
		{"GIT_CONFIG_COUNT", func(t *testing.T, settings ...[2]string) {
			t.Setenv("GIT_CONFIG_COUNT", strconv.Itoa(len(settings)))
			for i, s := range settings {
				t.Setenv("GIT_CONFIG_KEY_"+strconv.Itoa(i), s[0])
				t.Setenv("GIT_CONFIG_VALUE_"+strconv.Itoa(i), s[1])
			}
		}},
		{"GIT_CONFIG_PARAMETERS", func(t *testing.T, settings ...[2]string) {
			var params []string
			for _, s := range settings {
				params = append(params, "'"+s[0]+"'='"+s[1]+"'")
			}
			t.Setenv("GIT_CONFIG_PARAMETERS", strings.Join(params, " "))
		}},
	}
	var try func(name string, set func(*testing.T, ...[2]string), settings ...[2]string)
	try = func(name string, set func(*testing.T, ...[2]string), settings ...[2]string) {
		if t.Run(name, func(t *testing.T) {
			set(t, settings...)
			if got, err := changedLines(t, dir, base); err != nil || !maps.EqualFunc(got, want, slices.Equal) {
				t.Errorf("%v, %v\nwant %v", got, err, want)
			}
		}) || len(settings) == 1 {
			return
		}
		for _, s := range settings {
			try(name+"/"+s[0]+"="+s[1], set, s)
		}
	}
	for _, way := range ways {
		try(way.name, way.set, together...)
		try(way.name+"/other values", way.set, otherValues...)
	}
	try("environment", func(t *testing.T, vars ...[2]string) {
		for _, v := range vars {
			t.Setenv(v[0], v[1])
		}
	}, [][2]string{
		{"GIT_EXTERNAL_DIFF", fake}, {"GIT_DIFF_OPTS", "--unified=3"},
		{"GIT_INDEX_FILE", filepath.Join(tools, "index")}, {"GIT_DIR", filepath.Join(tools, "none")},
		{"GIT_WORK_TREE", tools},
	}...)
}
