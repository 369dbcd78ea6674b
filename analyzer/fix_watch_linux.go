//go:build linux

package analyzer

import (
	"errors"
	"os"
	"time"

	"golang.org/x/sys/unix"
)

// writeWatch is a read lease on a file: the kernel breaks it when another
// open of the file for writing (or a truncation) starts, and holds the
// opener until the lease is let go.
type writeWatch struct{ f *os.File }

// watchWrites takes a read lease on the file at name, waiting a little for
// the programs that have it open for writing to close it; it returns errBusy
// if they do not. Where no lease can be taken (another user's file, a file
// system without leases), the watch sees nothing.
func watchWrites(name string) (writeWatch, error) {
	f, err := os.Open(name)
	if err != nil {
		return writeWatch{}, nil //nolint:nilerr // unwatched; the replacement reports what fails
	}
	for try := 0; ; try++ {
		_, err := unix.FcntlInt(f.Fd(), unix.F_SETLEASE, unix.F_RDLCK)
		busy := errors.Is(err, unix.EAGAIN)
		if err == nil {
			return writeWatch{f}, nil
		} else if !busy || try == 100 {
			_ = f.Close()
			if busy {
				return writeWatch{}, errBusy
			}
			return writeWatch{}, nil
		}
		time.Sleep(time.Millisecond)
	}
}

// opened reports whether a program opened the file for writing since the
// watch began.
func (w writeWatch) opened() bool {
	if w.f == nil {
		return false
	}
	lease, err := unix.FcntlInt(w.f.Fd(), unix.F_GETLEASE, 0)
	return err != nil || lease != unix.F_RDLCK
}

// end lets the lease go: a program held opening the file goes on.
func (w writeWatch) end() {
	if w.f != nil {
		_ = w.f.Close()
	}
}
