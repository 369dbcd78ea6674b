//go:build unix

package review

import (
	"path/filepath"
	"syscall"
	"testing"
)

// TestEventFIFO: a FIFO as the event file, which no one writes, would
// block the open.
func TestEventFIFO(t *testing.T) {
	fifo := filepath.Join(t.TempDir(), "event.json")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Skip(err)
	}
	eventRefused(t, fifo, "is not a regular file")
}
