package analyzer_test

import (
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"runtime/metrics"
	"strings"
	"testing"
	"time"

	"github.com/flinklint/flinklint/analyzer"
	"github.com/flinklint/flinklint/rules"
)

// writeBeans writes n Java files of about size bytes each into dir, all
// getters and setters: those of a generated data class. With flink, each
// also assigns a WatermarkStrategy, so that the prefilter passes it; with
// distinct, the fields of each file have names of their own.
func writeBeans(tb testing.TB, dir string, n, size int, flink, distinct bool) {
	tb.Helper()
	for i := range n {
		var b strings.Builder
		b.WriteString("package gen;\n")
		if flink {
			b.WriteString("import org.apache.flink.api.common.eventtime.WatermarkStrategy;\n")
		}
		fmt.Fprintf(&b, "public class Bean%d {\n", i)
		prefix := ""
		if distinct {
			prefix = fmt.Sprint(i, "_")
		}
		for j := 0; b.Len() < size; j++ {
			fmt.Fprintf(&b, "  private long field%s%d;\n  public long getField%[1]s%[2]d() { return field%[1]s%[2]d; }\n  public void setField%[1]s%[2]d(long v) { this.field%[1]s%[2]d = v; }\n", prefix, j)
		}
		if flink {
			fmt.Fprintf(&b, "  WatermarkStrategy<Bean%d> s = WatermarkStrategy.<Bean%[1]d>forMonotonousTimestamps();\n", i)
		}
		b.WriteString("}\n")
		if err := os.WriteFile(filepath.Join(dir, fmt.Sprintf("Bean%d.java", i)), []byte(b.String()), 0o666); err != nil {
			tb.Fatal(err)
		}
	}
}

// peakHeap samples the bytes of live and not yet swept heap objects
// while f runs and returns the largest sample: the peak a memory limit
// would meet, give or take the sampling interval.
func peakHeap(f func()) uint64 {
	runtime.GC()
	sample := []metrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}}
	done, peak := make(chan struct{}), make(chan uint64)
	go func() {
		var most uint64
		tick := time.NewTicker(time.Millisecond)
		defer tick.Stop()
		for {
			metrics.Read(sample)
			most = max(most, sample[0].Value.Uint64())
			select {
			case <-done:
				peak <- most
				return
			case <-tick.C:
			}
		}
	}()
	f()
	close(done)
	return <-peak
}

// BenchmarkMemory reports the peak heap of a run (peak-MB) over large
// getter/setter classes in one directory: files the prefilter passes over
// (skipped), whose survey should keep little of them, even when no two
// declare the same name (skipped-distinct), and files it passes
// (parsed), more than a unit's budget, which should not be parsed all at
// once. Compare the peaks, not the times. The Go heap alone is measured:
// the C memory of the syntax trees is not, /usr/bin/time -v gives it.
func BenchmarkMemory(b *testing.B) {
	for _, c := range []struct {
		name            string
		files, size     int
		flink, distinct bool
	}{{"skipped", 50, 1 << 20, false, false}, {"skipped-distinct", 50, 1 << 20, false, true}, {"parsed", 20, 256 << 10, true, false}} {
		b.Run(c.name, func(b *testing.B) {
			dir := b.TempDir()
			writeBeans(b, dir, c.files, c.size, c.flink, c.distinct)
			opts := analyzer.Options{Keywords: rules.Keywords(rules.All)}
			var peak uint64
			for b.Loop() {
				peak = max(peak, peakHeap(func() {
					if _, err := opts.Run([]string{dir}, all()); err != nil {
						b.Fatal(err)
					}
				}))
			}
			b.ReportMetric(float64(peak)/(1<<20), "peak-MB")
		})
	}
}
