//go:build unix

package regular

import "syscall"

// openNonblocking makes opening a FIFO return at once.
const openNonblocking = syscall.O_NONBLOCK
