//go:build linux

package analyzer

import (
	"errors"

	"golang.org/x/sys/unix"
)

// exchange swaps the files named a and b in one step (renameat2's
// RENAME_EXCHANGE), so that no file another program renames to either
// name meanwhile is unlinked; errNoExchange where the kernel or the file
// system cannot.
func exchange(a, b string) error {
	err := unix.Renameat2(unix.AT_FDCWD, a, unix.AT_FDCWD, b, unix.RENAME_EXCHANGE)
	if errors.Is(err, unix.EINVAL) || errors.Is(err, unix.ENOSYS) || errors.Is(err, unix.EOPNOTSUPP) || errors.Is(err, unix.EXDEV) {
		return errNoExchange
	}
	return err
}
