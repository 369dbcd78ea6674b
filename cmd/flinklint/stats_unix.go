//go:build unix

package main

import (
	"runtime"
	"syscall"
	"time"
)

// resources returns the process's peak resident set size in bytes and the CPU
// time it has used (user and system).
func resources() (peak int64, cpu time.Duration, ok bool) {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0, 0, false
	}
	cpu = time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
	if runtime.GOOS == "darwin" || runtime.GOOS == "ios" {
		return int64(ru.Maxrss), cpu, true //nolint:unconvert // bytes there, kilobytes elsewhere; Maxrss is int32 on some platforms
	}
	return int64(ru.Maxrss) << 10, cpu, true //nolint:unconvert // int32 on some platforms
}
