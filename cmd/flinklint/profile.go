package main

import (
	"bytes"
	"errors"
	"os"
	"runtime"
	"runtime/metrics"
	"runtime/pprof"
)

// profiles are -cpuprofile and -memprofile: a CPU profile of the whole
// run, and a heap profile of its peak, for go tool pprof.
//
// The heap profile is not taken at exit: a run releases each unit before
// the next, so by then the heap holds little of what the run needed. It is
// taken when a unit's rules are done (analyzer.Options.UnitDone), when its
// model and indexes and the next unit, lowered ahead, are all live; after
// a collection, so that it shows live memory only; and the profile written
// is that of the unit with the largest live heap. A run without units (its
// result cached) gets one at exit. tree-sitter's C trees are not in it:
// each is closed as soon as its file is lowered.
type profiles struct {
	cpu     *os.File
	memPath string
	peak    uint64 // live heap bytes of heap
	heap    []byte // the heap profile of the peak so far
}

// startProfiles starts the CPU profile into cpuPath and prepares the heap
// profile into memPath; either may be "".
func startProfiles(cpuPath, memPath string) (*profiles, error) {
	p := &profiles{memPath: memPath}
	if cpuPath == "" {
		return p, nil
	}
	f, err := os.Create(cpuPath)
	if err != nil {
		return nil, err
	}
	if err := pprof.StartCPUProfile(f); err != nil {
		f.Close()
		return nil, err
	}
	p.cpu = f
	return p, nil
}

// unitDone keeps a heap profile of now if the live heap is the largest so
// far; it does nothing without -memprofile.
func (p *profiles) unitDone() {
	if p.memPath == "" {
		return
	}
	runtime.GC()
	live := []metrics.Sample{{Name: "/gc/heap/live:bytes"}}
	metrics.Read(live)
	if n := live[0].Value.Uint64(); p.heap == nil || n > p.peak {
		var buf bytes.Buffer
		if err := pprof.Lookup("heap").WriteTo(&buf, 0); err == nil {
			p.peak, p.heap = n, buf.Bytes()
		}
	}
}

// stop ends the CPU profile and writes the heap profile.
func (p *profiles) stop() error {
	var errs []error
	if p.cpu != nil {
		pprof.StopCPUProfile()
		errs = append(errs, p.cpu.Close())
	}
	if p.memPath != "" {
		if p.heap == nil {
			p.unitDone()
		}
		errs = append(errs, os.WriteFile(p.memPath, p.heap, 0o666))
	}
	return errors.Join(errs...)
}
