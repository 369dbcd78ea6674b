package report

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
)

// Formats lists the format names -format takes.
func Formats() []string {
	return []string{"text", "json", "sarif", "github", "checkstyle", "rdjson", "rdjsonl"}
}

func writerOf(format string) func(io.Writer, *Report) error {
	switch format {
	case "text":
		return writeText
	case "json":
		return writeJSON
	case "sarif":
		return writeSARIF
	case "github":
		return writeGitHub
	case "checkstyle":
		return writeCheckstyle
	case "rdjson":
		return writeRDJSON
	case "rdjsonl":
		return writeRDJSONL
	}
	return nil
}

// CheckFormat returns an error unless name is a format.
func CheckFormat(name string) error {
	if writerOf(name) == nil {
		return fmt.Errorf("unknown format %q (want %s)", name, strings.Join(Formats(), ", "))
	}
	return nil
}

// Write writes r in format on w.
func (r *Report) Write(w io.Writer, format string) error {
	if err := CheckFormat(format); err != nil {
		return err
	}
	return writerOf(format)(w, r)
}

// WriteFile writes r in format to path atomically: to a temporary file in
// the same directory, synced, then renamed over path, so that a reader
// (an upload step, an editor) never sees half a report, and a failed run
// leaves the previous report as it was.
func (r *Report) WriteFile(path, format string) (err error) {
	if err := CheckFormat(format); err != nil {
		return err
	}
	tmp, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".*.tmp")
	if err != nil {
		return err
	}
	defer func() {
		if err != nil {
			tmp.Close()
			os.Remove(tmp.Name())
		}
	}()
	b := bufio.NewWriter(tmp)
	if err = r.Write(b, format); err != nil {
		return err
	}
	if err = b.Flush(); err != nil {
		return err
	}
	if err = tmp.Chmod(0o644); err != nil {
		return err
	}
	if err = tmp.Sync(); err != nil {
		return err
	}
	if err = tmp.Close(); err != nil {
		return err
	}
	return os.Rename(tmp.Name(), path)
}
