//go:build unix

package analyzer

import (
	"io/fs"
	"syscall"
)

// fileID identifies a file whatever name reaches it.
type fileID struct{ dev, ino uint64 }

func idOf(_ string, fi fs.FileInfo) (fileID, bool) {
	st, ok := fi.Sys().(*syscall.Stat_t)
	if !ok {
		return fileID{}, false
	}
	return fileID{uint64(st.Dev), st.Ino}, true //nolint:unconvert // Dev is uint32 on some platforms
}
