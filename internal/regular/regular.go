// Package regular reads regular files only, and at most a given size of
// them, so that no path can make flinklint block or read without end: a
// FIFO blocks whoever opens it for reading, a device may never end.
package regular

import (
	"errors"
	"fmt"
	"io"
	"os"
)

// ErrNotRegular is Read's error for a FIFO, device, socket or directory.
var ErrNotRegular = errors.New("not a regular file")

// TooLargeError is Read's error for a file of more than its limit.
type TooLargeError struct{ Size, Limit int64 }

func (e *TooLargeError) Error() string {
	return fmt.Sprintf("%d bytes is more than the %d-byte limit", e.Size, e.Limit)
}

// Read returns the contents of the regular file at path (a symbolic link
// is followed) if it holds at most limit bytes. Anything else is refused
// before it is opened; and since path may be replaced between that check
// and the open, it is opened without blocking and checked again.
func Read(path string, limit int64) ([]byte, error) {
	fi, err := os.Stat(path)
	if err != nil {
		return nil, err
	}
	if err := check(fi, limit); err != nil {
		return nil, err
	}
	f, err := os.OpenFile(path, os.O_RDONLY|openNonblocking, 0)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	if fi, err = f.Stat(); err != nil {
		return nil, err
	}
	if err := check(fi, limit); err != nil {
		return nil, err
	}
	data, err := io.ReadAll(io.LimitReader(f, limit+1)) // the file may grow after Stat
	if err != nil {
		return nil, err
	}
	if int64(len(data)) > limit {
		return nil, &TooLargeError{int64(len(data)), limit}
	}
	return data, nil
}

// check refuses a file that is not regular or is larger than limit.
func check(fi os.FileInfo, limit int64) error {
	if !fi.Mode().IsRegular() {
		return ErrNotRegular
	}
	if fi.Size() > limit {
		return &TooLargeError{fi.Size(), limit}
	}
	return nil
}
