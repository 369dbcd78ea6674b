package lsp

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/flinklint/flinklint/internal/cache"
)

// BenchmarkKeystroke measures, on the perf corpus (FLINKLINT_CORPUS, see
// docs/perf), the time from a change of one job file to its fresh
// diagnostics, the pause (Options.Debounce) left out; it reports the
// median and the 95th percentile, after one warm-up change. The first
// diagnostics of the opened workspace are reported as first-ms. The
// models of the files are cached, as flinklint lsp caches them.
//
//	FLINKLINT_CORPUS=/tmp/corpus go test ./cmd/flinklint/internal/lsp -run XXX -bench Keystroke -benchtime 20x
func BenchmarkKeystroke(b *testing.B) {
	corpus := os.Getenv("FLINKLINT_CORPUS")
	if corpus == "" {
		b.Skip("FLINKLINT_CORPUS is not set")
	}
	job := firstJob(b, corpus)
	cc, err := cache.Open(b.TempDir())
	if err != nil {
		b.Fatal(err)
	}
	defer func() { _ = cc.Close() }()
	c := startServer(b, Options{Debounce: time.Millisecond, Cache: cc, CacheSalt: []byte("bench")})
	start := time.Now()
	c.initialize(corpus)
	data, _ := os.ReadFile(job)
	text := string(data)
	c.openText(job, 1, text)
	c.diagnostics(job, 1)
	first := time.Since(start)
	version := int32(1)
	edit := func() time.Duration { // a space typed at the end of the first line
		version++
		at := time.Now()
		text = c.replace(job, version, text, "\n", " \n")
		c.diagnostics(job, version)
		return time.Since(at)
	}
	edit() // warm-up
	var times []time.Duration
	for b.Loop() {
		times = append(times, edit())
	}
	slices.Sort(times)
	b.ReportMetric(float64(first.Milliseconds()), "first-ms")
	b.ReportMetric(float64(times[len(times)/2].Milliseconds()), "p50-ms")
	b.ReportMetric(float64(times[(len(times)*95+99)/100-1].Milliseconds()), "p95-ms")
	c.mu.Lock()
	b.Log(strings.Join(c.logs[max(0, len(c.logs)-3):], "\n"))
	c.mu.Unlock()
	c.shutdown()
}

// firstJob returns the first Java file of dir, in path order, that builds
// a StreamExecutionEnvironment (the file docs/perf/edit.sh edits).
func firstJob(b *testing.B, dir string) string {
	var jobs []string
	_ = filepath.WalkDir(dir, func(path string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasSuffix(path, ".java") {
			if data, err := os.ReadFile(path); err == nil && strings.Contains(string(data), "StreamExecutionEnvironment") {
				jobs = append(jobs, path)
			}
		}
		return nil
	})
	if len(jobs) == 0 {
		b.Fatalf("no job in %s", dir)
	}
	slices.Sort(jobs)
	return jobs[0]
}
