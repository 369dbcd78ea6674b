package main

import (
	"fmt"
	"io"
	"time"

	"github.com/flinklint/flinklint/analyzer"
	"github.com/flinklint/flinklint/cmd/flinklint/internal/report"
)

// writeStats prints -stats: where the run's files, time and memory went.
// Read and parse times are summed over the workers; the other phases are
// wall time. Each is given with its share of the run's wall time, which
// for the workers' sums may pass 100% (up to 100% a worker).
func writeStats(w io.Writer, s analyzer.Stats, output, total time.Duration) {
	mb := func(b int64) string { return fmt.Sprintf("%.1f MB", float64(b)/(1<<20)) }
	if s.Reused {
		report.Note(w, fmt.Sprintf("stats: files: %d seen, unchanged since a run whose result is cached (%d cached)", s.Seen, s.Cached))
	} else {
		recalled := ""
		if s.Recalled > 0 {
			recalled = fmt.Sprintf("; %d of them unchanged, not read by the survey", s.Recalled)
		}
		if s.UnitsReused > 0 {
			recalled += fmt.Sprintf("; the findings of %d units of %d taken from the cache", s.UnitsReused, s.UnitsReused+s.Units)
		}
		report.Note(w, fmt.Sprintf("stats: files: %d seen, %d read (%s%s), %d passed over by the prefilter, %d parsed (%s of code), "+
			"%d parsed on demand (%s; %d more lent by an earlier unit), %d skipped, %d cached (their models decoded, not parsed)",
			s.Seen, s.Read, mb(s.Bytes), recalled, s.Prefiltered, s.Parsed, mb(s.ParsedBytes), s.Loaded, mb(s.LoadedBytes), s.Lent, s.Skipped, s.Cached))
	}
	peak, cpu, ok := resources()
	t := func(d time.Duration) string { return share(d, total, "") }
	all := func(d time.Duration) string { return share(d, total, "all workers, ") }
	report.Note(w, fmt.Sprintf("stats: time: walk %s, read and prefilter %s, parse and lower %s, "+
		"parse pass %s, index %s, rules %s, parsing files on demand %s (in the parse pass and the rules), output %s; total %v",
		t(s.Walk), all(s.ReadTime), all(s.ParseTime), t(s.Parse), t(s.IndexTime), t(s.Rules), t(s.LoadTime), t(output), round(total))+
		cpuTime(cpu, ok))
	line := fmt.Sprintf("stats: throughput %.0f files/s, %.1f MB/s", float64(s.Seen)/total.Seconds(),
		float64(s.Bytes)/(1<<20)/total.Seconds())
	if ok {
		line += "; peak memory " + mb(peak)
	}
	report.Note(w, line)
}

// share prints d and its percentage of whole, after note.
func share(d, whole time.Duration, note string) string {
	if whole <= 0 {
		return round(d).String()
	}
	return fmt.Sprintf("%v (%s%.0f%%)", round(d), note, 100*d.Seconds()/whole.Seconds())
}

// cpuTime prints the run's CPU time, when known.
func cpuTime(cpu time.Duration, ok bool) string {
	if !ok {
		return ""
	}
	return fmt.Sprintf(" (%v CPU)", round(cpu))
}

func round(d time.Duration) time.Duration {
	if d > time.Second {
		return d.Round(10 * time.Millisecond)
	}
	return d.Round(100 * time.Microsecond)
}
