//go:build !unix

package analyzer

import (
	"io/fs"
	"os"
	"path/filepath"
)

// fileID identifies a file by its absolute path where the system gives no
// inode numbers.
type fileID struct{ path string }

func idOf(p string, _ fs.FileInfo) (fileID, bool) {
	abs, err := filepath.Abs(p)
	return fileID{abs}, err == nil
}

// keepOwner does nothing where files have no Unix owner.
func keepOwner(*os.File, fs.FileInfo) {}
