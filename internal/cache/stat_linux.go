package cache

import (
	"io/fs"
	"syscall"
)

// sysStat reads the inode and change time Linux keeps with each file.
func sysStat(fi fs.FileInfo) (inode uint64, ctime int64) {
	if st, ok := fi.Sys().(*syscall.Stat_t); ok {
		return st.Ino, st.Ctim.Nano()
	}
	return 0, 0
}
