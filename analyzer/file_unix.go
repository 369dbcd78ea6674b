//go:build unix

package analyzer

import (
	"io/fs"
	"os"
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

// keepOwner gives f the owner of the file it replaces, where allowed: only
// root may give files away, and a failure leaves f the user's.
func keepOwner(f *os.File, info fs.FileInfo) {
	if st, ok := info.Sys().(*syscall.Stat_t); ok {
		_ = f.Chown(int(st.Uid), int(st.Gid))
	}
}
