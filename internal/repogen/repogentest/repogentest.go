// Package repogentest gives benchmarks generated repositories. Writing
// 100,000 files takes a while, so each repository is written once per
// test process and shared by the benchmarks that ask for it.
package repogentest

import (
	"flag"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/flinklint/flinklint/internal/repogen"
)

// Cache holds the repositories written so far; its zero value is ready.
// Declare one per test package and run the package with its Main.
type Cache struct {
	mu   sync.Mutex
	root string
	dirs map[repogen.Options]string
}

// Dir returns the directory of the repository written with o, writing it
// on first use.
func (c *Cache) Dir(tb testing.TB, o repogen.Options) string {
	tb.Helper()
	c.mu.Lock()
	defer c.mu.Unlock()
	if d, ok := c.dirs[o]; ok {
		return d
	}
	if c.root == "" {
		root, err := os.MkdirTemp("", "flinklint-repogen-")
		if err != nil {
			tb.Fatal(err)
		}
		c.root, c.dirs = root, map[repogen.Options]string{}
	}
	d := filepath.Join(c.root, fmt.Sprintf("files%d-seed%d-jobs%g-buggy%g", o.Files, o.Seed, o.Jobs, o.Buggy))
	start := time.Now()
	if err := repogen.Write(d, o); err != nil {
		tb.Fatal(err)
	}
	tb.Logf("wrote %d files in %v", o.Files, time.Since(start).Round(time.Millisecond))
	c.dirs[o] = d
	return d
}

// Main runs the tests and benchmarks of a package with m, removes the
// repositories they wrote and returns the exit code: a package's TestMain
// is os.Exit(repos.Main(m)).
func (c *Cache) Main(m *testing.M) int {
	code := m.Run()
	if err := c.remove(); err != nil {
		fmt.Fprintln(os.Stderr, err)
	}
	return code
}

// remove deletes the repositories written.
func (c *Cache) remove() error {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.root == "" {
		return nil
	}
	c.dirs = nil
	root := c.root
	c.root = ""
	return os.RemoveAll(root)
}

// SkipHuge skips a benchmark on a huge repository unless -bench names it
// (name is its last element, such as "100k") or FLINKLINT_BENCH_100K=1 is
// set: generating and analyzing it takes minutes, too long for -bench=. .
func SkipHuge(b *testing.B, name string) {
	b.Helper()
	if os.Getenv("FLINKLINT_BENCH_100K") == "1" {
		return
	}
	if f := flag.Lookup("test.bench"); f != nil && strings.Contains(f.Value.String(), name) {
		return
	}
	b.Skipf("a huge repository: set FLINKLINT_BENCH_100K=1 or name %s in -bench", name)
}

// Sources returns the files under dir that flinklint reads, by language
// extension (".java", ".scala", ".sql"; "" for all of them), outside
// build output and ignored folders, with their total size.
func Sources(tb testing.TB, dir, ext string) (paths []string, size int64) {
	tb.Helper()
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if n := d.Name(); n == "target" || n == "generated" {
				return filepath.SkipDir
			}
			return nil
		}
		e := filepath.Ext(p)
		if (ext == "" && (e == ".java" || e == ".scala" || e == ".sql")) || (ext != "" && e == ext) {
			info, err := d.Info()
			if err != nil {
				return err
			}
			paths = append(paths, p)
			size += info.Size()
		}
		return nil
	})
	if err != nil {
		tb.Fatal(err)
	}
	return paths, size
}

// ReportFiles reports the benchmark's throughput in files per second,
// files being handled by each iteration.
func ReportFiles(b *testing.B, files int) {
	b.Helper()
	if s := b.Elapsed().Seconds(); s > 0 {
		b.ReportMetric(float64(files)*float64(b.N)/s, "files/s")
	}
}
