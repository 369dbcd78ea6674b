//go:build unix

package main

import (
	"runtime"
	"syscall"
)

// peakMemory returns the process's peak resident set size in bytes.
func peakMemory() (int64, bool) {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0, false
	}
	if runtime.GOOS == "darwin" || runtime.GOOS == "ios" {
		return int64(ru.Maxrss), true //nolint:unconvert // bytes there, kilobytes elsewhere; Maxrss is int32 on some platforms
	}
	return int64(ru.Maxrss) << 10, true //nolint:unconvert // int32 on some platforms
}
