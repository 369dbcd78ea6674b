package review

import (
	"fmt"
	"io"
	"os"
)

// maxEvent bounds the event file: GitHub caps webhook payloads, which the
// file holds, at 25 MB.
const maxEvent = 32 << 20

// readEvent reads the event file at path: a regular file only, opened
// without blocking so that a FIFO cannot hang the run (as sources,
// ignores and baselines skip them).
func readEvent(path string) ([]byte, error) {
	f, err := os.OpenFile(path, os.O_RDONLY|openNonblocking, 0)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		return nil, err
	}
	if !fi.Mode().IsRegular() {
		return nil, fmt.Errorf("%s is not a regular file", path)
	}
	tooLarge := fmt.Errorf("%s is larger than %d MiB", path, maxEvent>>20)
	if fi.Size() > maxEvent { // refused unread
		return nil, tooLarge
	}
	data, err := io.ReadAll(io.LimitReader(f, maxEvent+1)) // the file may grow after Stat
	if err != nil {
		return nil, err
	}
	if len(data) > maxEvent {
		return nil, tooLarge
	}
	return data, nil
}
