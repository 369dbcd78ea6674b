package analyzer

import (
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/flinklint/flinklint/internal/cache"
)

// TestModuleRootRecorded: the units' module roots answered from the index
// of file states (fileStates.moduleRoot) are those isModuleRoot finds on
// disk: for directories seen the first time, for those whose record a
// later run recalls (without looking again), a dangling link named
// pom.xml, a .git file and a directory that does not exist included; a
// build file added since changes its directory, and is seen.
func TestModuleRootRecorded(t *testing.T) {
	root := t.TempDir()
	write := func(path, text string) {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write(filepath.Join(root, "pom", "pom.xml"), "<project/>")
	write(filepath.Join(root, "git", ".git"), "gitdir: elsewhere")
	write(filepath.Join(root, "sbt", "build.sbt"), "")
	write(filepath.Join(root, "gradle", "gradle.properties"), "") // a build file, not a module's mark
	write(filepath.Join(root, "plain", "A.java"), "")
	if err := os.MkdirAll(filepath.Join(root, "link"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("missing.xml", filepath.Join(root, "link", "pom.xml")); err != nil {
		t.Fatal(err)
	}
	dirs := []string{"pom", "git", "sbt", "gradle", "plain", "link", "missing"}
	old := time.Now().Add(-time.Hour) // not racy: the next run may trust the records
	for _, d := range dirs[:6] {
		if err := os.Chtimes(filepath.Join(root, d), old, old); err != nil {
			t.Fatal(err)
		}
	}
	c, err := cache.Open(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	key := cache.KeyOf([]byte("module roots"))
	check := func(run string, recalled bool) {
		s := &fileStates{ix: c.LoadIndex(key)}
		isRoot := s.moduleRoot(root)
		for _, d := range dirs {
			if got, want := isRoot(d), isModuleRoot(filepath.Join(root, d)); got != want {
				t.Errorf("%s: %s is a module root: %v, isModuleRoot says %v", run, d, got, want)
			}
		}
		if recalled && s.changed {
			t.Errorf("%s: the directories were looked at again", run)
		}
		if err := c.SaveIndex(key, s.ix); err != nil {
			t.Fatal(err)
		}
	}
	check("first run", false)
	check("second run", true)
	write(filepath.Join(root, "plain", "pom.xml"), "<project/>")
	if !isModuleRoot(filepath.Join(root, "plain")) {
		t.Fatal("plain/pom.xml not seen by isModuleRoot")
	}
	check("after plain/pom.xml is added", false)
}
