package main

import (
	"bytes"
	"compress/gzip"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// -cpuprofile and -memprofile write profiles go tool pprof reads (gzipped
// protocol buffers; the heap profile names the run's functions: a run this
// short may take no CPU sample); the run is otherwise the same.
func TestProfiles(t *testing.T) {
	dir := project(t, map[string]string{"src/Job.java": buggy})
	out := t.TempDir()
	cpu, mem := filepath.Join(out, "cpu.prof"), filepath.Join(out, "mem.prof")
	code, stdout, stderr := flinklint(t, dir, "-no-cache", "-cpuprofile", cpu, "-memprofile", mem)
	_, plain, _ := flinklint(t, dir, "-no-cache")
	if code != 1 || stdout != plain || stderr != "" {
		t.Fatalf("exit %d\nstdout:\n%s\nstderr:\n%s", code, stdout, stderr)
	}
	for _, p := range []string{cpu, mem} {
		want := map[string]string{cpu: "", mem: "github.com/flinklint/flinklint/"}[p]
		data, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		zr, err := gzip.NewReader(bytes.NewReader(data))
		if err != nil {
			t.Fatalf("%s: %v", p, err)
		}
		proto, err := io.ReadAll(zr)
		if err != nil || !bytes.Contains(proto, []byte(want)) {
			t.Errorf("%s: %v, names no function of the run", p, err)
		}
	}
}

// A profile that cannot be written stops the run before it starts.
func TestProfileUnwritable(t *testing.T) {
	dir := project(t, map[string]string{"src/Job.java": buggy})
	code, stdout, stderr := flinklint(t, dir, "-cpuprofile", filepath.Join(dir, "none", "cpu.prof"))
	if code != 2 || stdout != "" || !strings.HasPrefix(stderr, "flinklint: -cpuprofile: ") {
		t.Errorf("exit %d\nstdout:\n%s\nstderr:\n%s", code, stdout, stderr)
	}
}

// -stats gives each phase's share of the run's time.
func TestStatsShares(t *testing.T) {
	dir := project(t, map[string]string{"src/Job.java": buggy})
	_, _, stderr := flinklint(t, dir, "-no-cache", "-stats")
	if !strings.Contains(stderr, "parse and lower ") || !strings.Contains(stderr, "(all workers, ") || !strings.Contains(stderr, "%), rules ") {
		t.Errorf("-stats:\n%s", stderr)
	}
}
