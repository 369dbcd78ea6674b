//go:build !unix

package main

import "time"

// resources (peak memory and CPU time) is unknown off Unix.
func resources() (int64, time.Duration, bool) { return 0, 0, false }
