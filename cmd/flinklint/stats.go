package main

import (
	"fmt"
	"io"
	"time"

	"github.com/flinklint/flinklint/analyzer"
	"github.com/flinklint/flinklint/cmd/flinklint/internal/report"
)

// writeStats prints -stats: where the run's files, time and memory went.
// Read and parse times are summed over the workers (CPU time); the other
// phases are wall time.
func writeStats(w io.Writer, s analyzer.Stats, output, total time.Duration) {
	mb := func(b int64) string { return fmt.Sprintf("%.1f MB", float64(b)/(1<<20)) }
	if s.Reused {
		report.Note(w, fmt.Sprintf("stats: files: %d seen, unchanged since a run whose result is cached (%d cached)", s.Seen, s.Cached))
	} else {
		report.Note(w, fmt.Sprintf("stats: files: %d seen, %d read (%s), %d passed over by the prefilter, %d parsed, "+
			"%d parsed on demand (%d more lent by an earlier unit), %d skipped, %d cached (their models decoded, not parsed)",
			s.Seen, s.Read, mb(s.Bytes), s.Prefiltered, s.Parsed, s.Loaded, s.Lent, s.Skipped, s.Cached))
	}
	report.Note(w, fmt.Sprintf("stats: time: walk %v, read and prefilter %v (all workers), parse and lower %v (all workers), "+
		"parse pass %v, index %v, rules %v, parsing files on demand %v (in the parse pass and the rules), output %v; total %v",
		round(s.Walk), round(s.ReadTime), round(s.ParseTime), round(s.Parse), round(s.IndexTime), round(s.Rules), round(s.LoadTime),
		round(output), round(total)))
	line := fmt.Sprintf("stats: throughput %.0f files/s, %.1f MB/s", float64(s.Seen)/total.Seconds(),
		float64(s.Bytes)/(1<<20)/total.Seconds())
	if peak, ok := peakMemory(); ok {
		line += "; peak memory " + mb(peak)
	}
	report.Note(w, line)
}

func round(d time.Duration) time.Duration {
	if d > time.Second {
		return d.Round(10 * time.Millisecond)
	}
	return d.Round(100 * time.Microsecond)
}
