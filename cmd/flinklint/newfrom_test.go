package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// gitRepo makes a git repository of files in a temporary directory, with
// one commit, and returns the directory.
func gitRepo(t *testing.T, files map[string]string) string {
	t.Helper()
	dir := project(t, files)
	git(t, dir, "init", "-q", "-b", "main")
	git(t, dir, "add", "-A")
	git(t, dir, "commit", "-q", "-m", "first")
	return dir
}

func git(t *testing.T, dir string, args ...string) {
	t.Helper()
	cmd := exec.Command("git", append([]string{"-c", "user.name=t", "-c", "user.email=t@example.com", "-c", "commit.gpgsign=false"}, args...)...)
	cmd.Dir = dir
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("git %s: %v\n%s", strings.Join(args, " "), err, out)
	}
}

const twoBugs = `class Job { void f() {
  ks.window(GlobalWindows.create()).sum(1);
  ks.countWindow(5).allowedLateness(Duration.ofMinutes(1)).sum(1);
} }
`

func TestNewFromRev(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("no git")
	}
	dir := gitRepo(t, map[string]string{"src/Job.java": twoBugs})
	if code, out, errOut := flinklint(t, dir, "-new-from-rev", "HEAD"); code != 0 || out != "" || errOut != "" {
		t.Errorf("nothing changed: exit %d\n%s%s", code, out, errOut)
	}
	// A new bug above the old ones shifts them; only it is new.
	changed := strings.Replace(twoBugs, "{ void f() {\n", "{ void f() {\n  ks.window(GlobalWindows.create()).max(1);\n", 1)
	if err := os.WriteFile(filepath.Join(dir, "src/Job.java"), []byte(changed), 0o666); err != nil {
		t.Fatal(err)
	}
	code, out, errOut := flinklint(t, dir, "-new-from-rev", "HEAD", "src")
	if code != 1 || out == "" || strings.Count(out, "\n") != 1 || !strings.HasPrefix(out, "src/Job.java:2:") {
		t.Errorf("one new bug: exit %d\n%s%s", code, out, errOut)
	}
	git(t, dir, "checkout", "-q", "-b", "topic")
	git(t, dir, "commit", "-q", "-am", "new bug")
	if _, got, _ := flinklint(t, dir, "-new-from-merge-base", "main"); got != out {
		t.Errorf("-new-from-merge-base main on the topic branch:\n%s\nwant\n%s", got, out)
	}
	if _, got, _ := flinklint(t, dir, "-new-from-rev", "HEAD"); got != "" {
		t.Errorf("-new-from-rev HEAD after the commit:\n%s", got)
	}
}

func TestNewFromRevErrors(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("no git")
	}
	repo := gitRepo(t, map[string]string{"Job.java": twoBugs})
	plain := project(t, map[string]string{"Job.java": twoBugs})
	for _, tc := range []struct {
		name string
		dir  string
		args []string
		want string
	}{
		{"unknown revision", repo, []string{"-new-from-rev", "no-such-rev"}, "flinklint: -new-from-rev: unknown revision no-such-rev"},
		{"unknown ref", repo, []string{"-new-from-merge-base", "origin/nope"}, "flinklint: -new-from-merge-base: unknown revision origin/nope"},
		{"outside a work tree", plain, []string{"-new-from-rev", "HEAD"}, "flinklint: -new-from-rev: not in a git work tree"},
		{"both", repo, []string{"-new-from-rev", "HEAD", "-new-from-merge-base", "main"}, "flinklint: -new-from-rev and -new-from-merge-base: give one of them"},
		{"with -fix", repo, []string{"-new-from-rev", "HEAD", "-fix"}, "flinklint: -fix and -diff apply the fixes of every finding"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			code, out, errOut := flinklint(t, tc.dir, tc.args...)
			if code != 2 || out != "" || !strings.HasPrefix(errOut, tc.want) {
				t.Errorf("exit %d, stdout %q, stderr %q; want 2 and %q", code, out, errOut, tc.want)
			}
		})
	}
}

// A submodule's files are judged against the commit the superproject
// records for it, whichever path reaches them.
func TestNewFromRevSubmodule(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("no git")
	}
	sub := gitRepo(t, map[string]string{"Job.java": twoBugs})
	dir := gitRepo(t, map[string]string{"src/Job.java": twoBugs})
	git(t, dir, "-c", "protocol.file.allow=always", "submodule", "add", "-q", sub, "mod")
	git(t, dir, "commit", "-q", "-m", "submodule")
	changed := strings.Replace(twoBugs, "{ void f() {\n", "{ void f() {\n  ks.window(GlobalWindows.create()).max(1);\n", 1)
	for name, content := range map[string]string{"mod/Job.java": changed, "mod/New.java": twoBugs} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(content), 0o666); err != nil {
			t.Fatal(err)
		}
	}
	_, want, errOut := flinklint(t, dir, "-new-from-rev", "HEAD", ".")
	if !strings.HasPrefix(want, "mod/Job.java:2:") || strings.Count(want, "mod/New.java:") != 2 || strings.Count(want, "\n") != 3 {
		t.Fatalf("a modified and an untracked file in the submodule:\n%s%s", want, errOut)
	}
	for _, path := range []string{"mod", "mod/Job.java mod/New.java"} {
		if _, got, errOut := flinklint(t, dir, append([]string{"-new-from-rev", "HEAD"}, strings.Fields(path)...)...); got != want {
			t.Errorf("-new-from-rev HEAD %s:\n%s%s\nwant\n%s", path, got, errOut, want)
		}
	}
}

// A submodule lacking the commit the revision records for it (a shallow
// clone in CI, where a pull request bumps the submodule) fails no run:
// all its files count, with a note, and a run that does not read it does
// not look into it.
func TestNewFromRevShallowSubmodule(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("no git")
	}
	sub := gitRepo(t, map[string]string{"Job.java": twoBugs})
	dir := gitRepo(t, map[string]string{"src/Job.java": twoBugs})
	git(t, dir, "-c", "protocol.file.allow=always", "submodule", "add", "-q", sub, "mod")
	lacked := strings.Repeat("1", 40)
	git(t, dir, "update-index", "--cacheinfo", "160000,"+lacked+",mod")
	git(t, dir, "commit", "-q", "-m", "a commit mod lacks")
	git(t, dir, "add", "mod")
	git(t, dir, "commit", "-q", "-m", "bump")
	code, out, errOut := flinklint(t, dir, "-new-from-rev", "HEAD~1", ".")
	note := "flinklint: submodule mod lacks commit " + lacked + " that HEAD~1 records for it (a shallow clone?), so all its files count as changed; fetch it to narrow\n"
	if code != 1 || strings.Count(out, "mod/Job.java:") != 2 || strings.Count(out, "\n") != 2 || errOut != note {
		t.Errorf("reading mod: exit %d\n%s%s\nwant its 2 findings and the note\n%s", code, out, errOut, note)
	}
	if code, out, errOut := flinklint(t, dir, "-new-from-rev", "HEAD~1", "src"); code != 0 || out != "" || errOut != "" {
		t.Errorf("reading src only: exit %d\n%s%s", code, out, errOut)
	}
}
