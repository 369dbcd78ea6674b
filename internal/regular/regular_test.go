//go:build unix

package regular

import (
	"errors"
	"os"
	"path/filepath"
	"syscall"
	"testing"
)

func TestRead(t *testing.T) {
	dir := t.TempDir()
	small := filepath.Join(dir, "small")
	if err := os.WriteFile(small, []byte("12345"), 0o644); err != nil {
		t.Fatal(err)
	}
	if got, err := Read(small, 5); err != nil || string(got) != "12345" {
		t.Errorf("at the limit: %q, %v", got, err)
	}
	var tl *TooLargeError
	if _, err := Read(small, 4); !errors.As(err, &tl) || tl.Size != 5 || tl.Limit != 4 {
		t.Errorf("over the limit: %v", err)
	}
	if _, err := Read(dir, 5); !errors.Is(err, ErrNotRegular) {
		t.Errorf("a directory: %v", err)
	}
	fifo := filepath.Join(dir, "fifo")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Skip("no FIFOs here:", err)
	}
	if _, err := Read(fifo, 5); !errors.Is(err, ErrNotRegular) { // returns at once
		t.Errorf("a FIFO: %v", err)
	}
}
