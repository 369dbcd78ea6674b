package gcpace

import (
	"math"
	"runtime"
	"runtime/debug"
	"testing"
	"time"
)

func TestLimitFloor(t *testing.T) {
	runtime.GC()
	if l := limit(); l < Floor {
		t.Errorf("limit() = %d with an almost empty heap, want at least Floor (%d)", l, Floor)
	}
}

// live is what TestStart keeps reachable across its collections.
var live []byte

// TestStart checks that the limit follows the live heap after a
// collection, beyond Floor.
func TestStart(t *testing.T) {
	t.Setenv("GOGC", "")
	t.Setenv("GOMEMLIMIT", "")
	defer debug.SetGCPercent(100)
	defer debug.SetMemoryLimit(math.MaxInt64)
	Start()
	live = make([]byte, 4*Floor)
	defer func() { live = nil }()
	want := int64(float64(len(live)) * (1 + Growth))
	for range 100 {
		runtime.GC()
		if debug.SetMemoryLimit(-1) >= want {
			return
		}
		time.Sleep(10 * time.Millisecond) // the cleanup runs after the collection
	}
	t.Errorf("memory limit %d after 100 collections with %d bytes live, want at least %d", debug.SetMemoryLimit(-1), len(live), want)
}

// BenchmarkLimit is the cost of pacing a collection.
func BenchmarkLimit(b *testing.B) {
	for b.Loop() {
		limit()
	}
}
