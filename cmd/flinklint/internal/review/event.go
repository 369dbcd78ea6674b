package review

import (
	"errors"
	"fmt"

	"github.com/flinklint/flinklint/internal/regular"
)

// maxEvent bounds the event file: GitHub caps webhook payloads, which the
// file holds, at 25 MB.
const maxEvent = 32 << 20

// readEvent reads the event file at path: a regular file only, so that a
// FIFO cannot hang the run (as sources, ignores and baselines skip them).
func readEvent(path string) ([]byte, error) {
	data, err := regular.Read(path, maxEvent)
	var tl *regular.TooLargeError
	switch {
	case errors.Is(err, regular.ErrNotRegular):
		return nil, fmt.Errorf("%s is not a regular file", path)
	case errors.As(err, &tl):
		return nil, fmt.Errorf("%s is larger than %d MiB", path, maxEvent>>20)
	}
	return data, err
}
