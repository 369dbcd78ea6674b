//go:build !unix

package review

// openNonblocking is no flag where there are no FIFOs to block on.
const openNonblocking = 0
