package gcpace

import (
	"math"
	"runtime"
	"runtime/debug"
	"testing"
	"time"
)

func TestPaceFloor(t *testing.T) {
	defer debug.SetMemoryLimit(math.MaxInt64)
	runtime.GC()
	if peak := pace(1); peak < 1 {
		t.Errorf("pace(1) = %d, want at least the peak given", peak)
	}
	if l := debug.SetMemoryLimit(-1); l < Floor {
		t.Errorf("memory limit %d with an almost empty heap, want at least Floor (%d)", l, Floor)
	}
}

// live is what TestStart keeps reachable across its collections.
var live []byte

// TestStart checks that the limit follows the largest live heap, beyond
// Floor, after collections.
func TestStart(t *testing.T) {
	t.Setenv("GOGC", "")
	t.Setenv("GOMEMLIMIT", "")
	defer debug.SetGCPercent(100)
	defer debug.SetMemoryLimit(math.MaxInt64)
	Start()
	live = make([]byte, 4*Floor)
	want := int64(float64(len(live)) * (1 + Growth))
	for range 100 {
		runtime.GC()
		if debug.SetMemoryLimit(-1) >= want {
			break
		}
		time.Sleep(10 * time.Millisecond) // the cleanup runs after the collection
	}
	live = nil
	for range 3 { // the largest live heap is kept
		runtime.GC()
		time.Sleep(10 * time.Millisecond)
	}
	if l := debug.SetMemoryLimit(-1); l < want {
		t.Errorf("memory limit %d after %d bytes were live, want at least %d", l, 4*Floor, want)
	}
}

// BenchmarkPace is the cost of pacing a collection.
func BenchmarkPace(b *testing.B) {
	defer debug.SetMemoryLimit(math.MaxInt64)
	for b.Loop() {
		pace(0)
	}
}
