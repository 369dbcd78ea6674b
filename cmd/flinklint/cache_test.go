package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestMain keeps the tests' caches out of the user's: every run of the
// command in them, in process or not, caches under a temporary
// XDG_CACHE_HOME.
func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "flinklint-cache-")
	if err != nil {
		panic(err)
	}
	// The go command's build cache is under XDG_CACHE_HOME too: keep it
	// where it was, or the tests that build the command build it cold.
	if gocache, err := exec.Command("go", "env", "GOCACHE").Output(); err == nil {
		os.Setenv("GOCACHE", strings.TrimSpace(string(gocache)))
	}
	os.Setenv("XDG_CACHE_HOME", dir)
	code := m.Run()
	os.RemoveAll(dir)
	if built.dir != "" {
		os.RemoveAll(built.dir)
	}
	os.Exit(code)
}

// A rerun takes its findings from the cache and prints them alike; -stats
// says so; -no-cache reads nothing from it.
func TestCache(t *testing.T) {
	dir := project(t, map[string]string{"src/Job.java": buggy})
	cacheDir := filepath.Join(t.TempDir(), "c")
	code1, out1, _ := flinklint(t, dir, "-cache-dir", cacheDir, "-stats")
	code2, out2, err2 := flinklint(t, dir, "-cache-dir", cacheDir, "-stats")
	if code1 != 1 || code2 != 1 || out1 != out2 || out1 == "" {
		t.Errorf("first run: exit %d\n%s\nrerun: exit %d\n%s", code1, out1, code2, out2)
	}
	if !strings.Contains(err2, "unchanged since a run whose result is cached (1 cached)") {
		t.Errorf("the rerun's stats do not say it was cached:\n%s", err2)
	}
	_, out3, err3 := flinklint(t, dir, "-cache-dir", cacheDir, "-stats", "-no-cache")
	if out3 != out1 || !strings.Contains(err3, " 0 cached") || strings.Contains(err3, "unchanged since") {
		t.Errorf("-no-cache: %s\n%s", out3, err3)
	}
}

// A cache directory that cannot be made costs a note, not the run.
func TestCacheUnusable(t *testing.T) {
	dir := project(t, map[string]string{"src/Job.java": buggy})
	blocked := filepath.Join(t.TempDir(), "file")
	if err := os.WriteFile(blocked, nil, 0o666); err != nil {
		t.Fatal(err)
	}
	code, out, errOut := flinklint(t, dir, "-cache-dir", filepath.Join(blocked, "c"))
	if code != 1 || !strings.Contains(out, "[global-window-no-trigger]") || !strings.HasPrefix(errOut, "flinklint: no cache: ") {
		t.Errorf("exit %d\nstdout:\n%s\nstderr:\n%s", code, out, errOut)
	}
}
