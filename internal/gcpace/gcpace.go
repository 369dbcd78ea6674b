// Package gcpace paces the garbage collector by what the last collection
// found live. A run's peak memory is its largest live heap and the garbage
// allowed to pile up beside it: the runtime's default (GOGC=100) lets the
// garbage grow as large as the live heap, and keeps freed pages a while,
// but collects a small heap every few megabytes. Here the heap is
// collected when it reaches Floor or the largest live heap so far grown
// by Growth, whichever is larger: a soft memory limit, set again after
// every collection, with GOGC off. The peak is then half as much again as
// the largest live heap, not twice as much, and the runtime returns the
// pages beyond the limit to the system; where less is live (the start of
// a run, a small unit), the garbage fills the room the peak needs
// anyway, and collections are fewer than by default.
package gcpace

import (
	"math"
	"os"
	"runtime"
	"runtime/debug"
	"runtime/metrics"
)

const (
	// Floor is the heap (live and garbage) below which nothing is
	// collected: a run of a few hundred files is never collected, and
	// the perf corpus, whose live heap peaks at about 35 MB, stays under
	// 100 MB of peak RSS.
	Floor = 48 << 20
	// Growth is the share of the largest live heap that the heap may grow
	// by before the next collection, where GOGC=100 allows all of the
	// live heap.
	Growth = 0.5
)

// Start paces the collector for the rest of the process, unless GOGC or
// GOMEMLIMIT sets a pace of its own.
func Start() {
	if os.Getenv("GOGC") != "" || os.Getenv("GOMEMLIMIT") != "" {
		return
	}
	peak := pace(0)
	debug.SetGCPercent(-1)
	arm(peak)
}

// sentinel is what each collection frees: its cleanup sets the limit and
// allocates the next. It holds a pointer so that it is not allocated in a
// block shared with other small objects, whose cleanups may never run.
type sentinel struct{ _ *sentinel }

// arm paces the collector after the next collection; peak is the largest
// live heap so far.
func arm(peak uint64) {
	runtime.AddCleanup(&sentinel{}, func(peak uint64) { arm(pace(peak)) }, peak)
}

// names are the runtime metrics pace reads: the live heap, then the memory
// the runtime holds and, of that, the heap's (objects, unused and free
// spans, pages returned to the system).
var names = []string{
	"/gc/heap/live:bytes",
	"/memory/classes/total:bytes",
	"/memory/classes/heap/objects:bytes",
	"/memory/classes/heap/unused:bytes",
	"/memory/classes/heap/free:bytes",
	"/memory/classes/heap/released:bytes",
}

// pace sets the memory limit after a collection and returns the largest
// live heap so far, peak or the one the collection found. The limit is
// that largest heap grown by Growth, or Floor, and the runtime's memory
// beside the heap (stacks, metadata), which the limit counts too.
func pace(peak uint64) uint64 {
	s := make([]metrics.Sample, len(names))
	for i, n := range names {
		s[i].Name = n
	}
	metrics.Read(s)
	v := func(i int) float64 { return float64(s[i].Value.Uint64()) }
	peak = max(peak, s[0].Value.Uint64())
	heap := max(Floor, float64(peak)*(1+Growth))
	debug.SetMemoryLimit(int64(min(heap+v(1)-v(2)-v(3)-v(4)-v(5), math.MaxInt64)))
	return peak
}
