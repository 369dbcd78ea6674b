//go:build !unix

package regular

// openNonblocking is no flag where there are no FIFOs to block on.
const openNonblocking = 0
