package analyzer_test

import (
	"errors"
	"fmt"
	"os"
	"slices"
	"testing"

	"golang.org/x/tools/go/analysis"

	"github.com/flinklint/flinklint/analyzer"
	"github.com/flinklint/flinklint/internal/cache"
	"github.com/flinklint/flinklint/internal/repogen"
	"github.com/flinklint/flinklint/internal/repogen/repogentest"
	"github.com/flinklint/flinklint/rules"
)

// repos are the generated repositories of this process's benchmarks.
var repos repogentest.Cache

func TestMain(m *testing.M) { os.Exit(repos.Main(m)) }

// BenchmarkRun measures a whole run as the command line does it (walk,
// read, prefilter, parse, rules) on generated repositories of 1,000,
// 10,000 and 100,000 files (the last one only when asked for, see
// repogentest.SkipHuge), and on ones where every file is a job
// (jobs/...): every file is parsed, and the jobs of a module share class
// names and helpers, which name resolution must not make quadratic.
// Report the median of several runs:
// go test -run ^$ -bench Run/1k -count 6 ./analyzer | benchstat.
func BenchmarkRun(b *testing.B) {
	opts := analyzer.Options{Keywords: rules.Keywords(rules.All)}
	for _, c := range []struct {
		name  string
		files int
		jobs  float64
	}{{"1k", 1_000, 0}, {"10k", 10_000, 0}, {"100k", 100_000, 0}, {"jobs/2k", 2_000, 1}, {"jobs/10k", 10_000, 1}} {
		b.Run(c.name, func(b *testing.B) {
			if c.files >= 100_000 || c.name == "jobs/10k" {
				repogentest.SkipHuge(b, c.name)
			}
			o := repogen.Options{Files: c.files, Seed: 1, Jobs: c.jobs}
			dir := repos.Dir(b, o)
			_, size := repogentest.Sources(b, dir, "")
			want := len(repogen.Planted(o))
			b.SetBytes(size)
			b.ReportAllocs()
			b.ResetTimer()
			for b.Loop() {
				res, err := opts.Run([]string{dir}, all())
				if err != nil || len(res.Diagnostics) < want {
					b.Fatal(err, len(res.Diagnostics), "findings, want at least", want)
				}
			}
			repogentest.ReportFiles(b, c.files)
		})
	}
}

// BenchmarkEditedRun measures a rerun with a cache after a one-file edit
// (issue 24): the result cannot be reused; the survey takes what it knows
// of the unchanged files from their records in the index of file states,
// without reading them, and the unit of the edited file (with those that
// read it) is analyzed again, its other files' models decoded from the
// cache, while the other units' findings are taken from there. The repository is a copy, dated an
// hour back so that the index trusts its files at once.
func BenchmarkEditedRun(b *testing.B) {
	for _, c := range []struct {
		name  string
		files int
	}{{"1k", 1_000}, {"10k", 10_000}} {
		b.Run(c.name, func(b *testing.B) {
			dir := b.TempDir()
			if err := os.CopyFS(dir, os.DirFS(repos.Dir(b, repogen.Options{Files: c.files, Seed: 1}))); err != nil {
				b.Fatal(err)
			}
			age(b, dir)
			_, size := repogentest.Sources(b, dir, "")
			java, _ := repogentest.Sources(b, dir, ".java")
			store, err := cache.Open(b.TempDir())
			if err != nil {
				b.Fatal(err)
			}
			opts := analyzer.Options{Keywords: rules.Keywords(rules.All), Cache: store, CacheSalt: []byte("bench")}
			run := func() *analyzer.Result {
				res, err := opts.Run([]string{dir}, all())
				if err != nil {
					b.Fatal(err)
				}
				return res
			}
			run()
			b.SetBytes(size)
			b.ReportAllocs()
			b.ResetTimer()
			for i := 0; b.Loop(); i++ {
				b.StopTimer()
				f, err := os.OpenFile(java[0], os.O_APPEND|os.O_WRONLY, 0)
				if err == nil {
					_, err = fmt.Fprintf(f, "// edit %d\n", i)
					err = errors.Join(err, f.Close())
				}
				if err != nil {
					b.Fatal(err)
				}
				b.StartTimer()
				if res := run(); res.Stats.Reused || res.Stats.Units == 0 {
					b.Fatalf("an edited run reused the result, or analyzed no unit: %+v", res.Stats)
				}
			}
			repogentest.ReportFiles(b, c.files)
		})
	}
}

// BenchmarkSessionUpdate measures a language server's keystroke: a
// session of a generated repository updated with a buffer of one Java
// file, edited anew each time, after a whole run with a cache.
func BenchmarkSessionUpdate(b *testing.B) {
	for _, c := range []struct {
		name  string
		files int
	}{{"1k", 1_000}, {"10k", 10_000}} {
		b.Run(c.name, func(b *testing.B) {
			dir := repos.Dir(b, repogen.Options{Files: c.files, Seed: 1})
			java, _ := repogentest.Sources(b, dir, ".java")
			text, err := os.ReadFile(java[0])
			if err != nil {
				b.Fatal(err)
			}
			store, err := cache.Open(b.TempDir())
			if err != nil {
				b.Fatal(err)
			}
			opts := analyzer.Options{Keywords: rules.Keywords(rules.All), Cache: store, CacheSalt: []byte("bench")}
			var sess *analyzer.Session
			begin := func() { // again when the session has lowered files past its bound
				if sess, _, err = opts.Session([]string{dir}, all()); err != nil {
					b.Fatal(err)
				}
			}
			begin()
			b.ReportAllocs()
			for i := 0; b.Loop(); i++ {
				edited := fmt.Appendf(slices.Clip(text), "// edit %d\n", i)
				if _, ok := sess.Update(map[string][]byte{java[0]: edited}); !ok {
					b.StopTimer()
					begin()
					b.StartTimer()
				}
			}
			repogentest.ReportFiles(b, c.files)
		})
	}
}

// noop is an analyzer that needs no parse: a run of it alone is the walk.
var noop = &analysis.Analyzer{
	Name: "noop",
	Doc:  "does nothing",
	Run:  func(*analysis.Pass) (any, error) { return nil, nil },
}

// BenchmarkWalk measures finding a project's files: the walk with its
// ignore rules, and nothing else.
func BenchmarkWalk(b *testing.B) {
	dir := repos.Dir(b, repogen.Options{Files: 10_000, Seed: 1})
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		if _, err := analyzer.Run([]string{dir}, []*analysis.Analyzer{noop}); err != nil {
			b.Fatal(err)
		}
	}
	repogentest.ReportFiles(b, 10_000)
}
