//go:build !unix

package main

// peakMemory is unknown off Unix.
func peakMemory() (int64, bool) { return 0, false }
