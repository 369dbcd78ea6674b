package analyzer

import (
	"bytes"
	"os"
	"testing"
	"time"
)

// A program that opens the file for writing between the last check and
// the rename, and writes once -fix lets it go on, writes to the file: the
// lease held it, and the old file was put back.
func TestFixKeepsAWriterOpeningBeforeTheRename(t *testing.T) {
	dir := t.TempDir()
	path := writeFile(t, dir, "-- BAD\n")
	leasable(t, path)
	appended := make(chan error, 1)
	startAppending := func() {
		go func() { appended <- appendTo(path, "-- appended\n") }()
		for deadline := time.Now().Add(10 * time.Second); time.Now().Before(deadline); time.Sleep(time.Millisecond) {
			if locks, _ := os.ReadFile("/proc/locks"); bytes.Contains(locks, []byte("LEASE  BREAKING")) {
				return // the open waits on the lease
			}
		}
		t.Error("the open did not break the lease")
	}
	_, fixed, notes, err := Options{}.fixAll([]string{path}, rulesOf(badRule), FixOptions{Rounds: FixRounds, Unsafe: true},
		toDisk{write: writeData, beforeRename: startAppending})
	if err := <-appended; err != nil {
		t.Fatal(err)
	}
	if err != nil || fixed != 0 || messages(notes) != path+": changed while it was being fixed; not fixed" {
		t.Errorf("err %v, fixed %d, notes:\n%s", err, fixed, messages(notes))
	}
	if got := readFile(t, path); got != "-- BAD\n-- appended\n" {
		t.Errorf("file %q, want the appended line and no fix", got)
	}
	noTempFiles(t, dir)
}

// A file another program has open for writing is not replaced.
func TestFixLeavesAFileOpenForWriting(t *testing.T) {
	dir := t.TempDir()
	path := writeFile(t, dir, "-- BAD\n")
	leasable(t, path)
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_APPEND, 0)
	if err != nil {
		t.Fatal(err)
	}
	_, fixed, notes, err := (Options{}).Fix([]string{path}, rulesOf(badRule), FixOptions{Unsafe: true})
	if _, werr := f.WriteString("-- written later\n"); werr != nil || f.Close() != nil {
		t.Fatal(werr)
	}
	if err != nil || fixed != 0 || messages(notes) != path+": open for writing in another program; not fixed" {
		t.Errorf("err %v, fixed %d, notes:\n%s", err, fixed, messages(notes))
	}
	if got := readFile(t, path); got != "-- BAD\n-- written later\n" {
		t.Errorf("file %q", got)
	}
	noTempFiles(t, dir)
}
