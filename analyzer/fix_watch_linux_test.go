package analyzer

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"
)

// leasable skips the test where the file at path takes no lease, which
// tells of programs opening it for writing (see watchWrites).
func leasable(t *testing.T, path string) {
	t.Helper()
	w, err := watchWrites(path)
	defer w.end()
	if err != nil || w == (writeWatch{}) {
		t.Skip("no lease can be taken here")
	}
}

// A program that opens the file for writing between the last check and
// the rename, and writes once -fix lets it go on, writes to the file: the
// lease held it, and the old file was put back.
func TestFixKeepsAWriterOpeningBeforeTheRename(t *testing.T) {
	dir := t.TempDir()
	path := writeFile(t, dir, "-- BAD\n")
	leasable(t, path)
	appended := make(chan error, 1)
	startAppending := func(path string) {
		go func() { appended <- appendTo(path, "-- appended\n") }()
		waitForBreak(t, path)
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

// breaking reports whether a lease on the file at path is being broken:
// /proc/locks has a BREAKING lease on its inode ("LEASE  BREAKING  READ
// pid major:minor:inode ..."). Only the inode is matched, other tests'
// leases being on other inodes: the device there is the file system's,
// which stat does not always give (btrfs, overlayfs).
func breaking(t *testing.T, path string) bool {
	t.Helper()
	fi, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	ino := fmt.Appendf(nil, ":%d ", fi.Sys().(*syscall.Stat_t).Ino)
	locks, _ := os.ReadFile("/proc/locks")
	for line := range bytes.Lines(locks) {
		if bytes.Contains(line, []byte(" LEASE  BREAKING ")) && bytes.Contains(line, ino) {
			return true
		}
	}
	return false
}

// waitForBreak returns once an open of the file at path waits on the
// lease.
func waitForBreak(t *testing.T, path string) {
	t.Helper()
	for deadline := time.Now().Add(10 * time.Second); time.Now().Before(deadline); time.Sleep(time.Millisecond) {
		if breaking(t, path) {
			return
		}
	}
	t.Error("the open did not break the lease")
}

// Lines other programs append to files while -fix runs are never lost
// (issue 20: 4 runs in 200 lost one): every line appended is in the file
// in the end, or in the file a note says keeps what it held while the old
// file was put back. After each replacement, the file's appender writes a
// burst of lines, at random pauses, while -fix reads, checks and replaces
// the other files and analyzes them all again; half the time, an append
// opens the file just before the rename, so that the file is put back.
// Both some files fixed and some put back are required, so that the test
// cannot pass by fixing nothing. No append is under way at a file's own
// rename: an open that looked the path up just before it and reaches the
// lease after the last check would be lost (see replaceFile).
func TestFixRacingAppenders(t *testing.T) {
	trials := 40
	if testing.Short() {
		trials = 10
	}
	dir := t.TempDir()
	leasable(t, writeFile(t, dir, ""))
	paths := make([]string, 4)
	for i := range paths {
		paths[i] = filepath.Join(dir, fmt.Sprintf("%d.sql", i))
	}
	fixes, putBack := 0, 0
	for trial := range trials {
		var mu sync.Mutex
		appended := map[string][]string{}
		appendLine := func(path string) {
			mu.Lock()
			line := fmt.Sprintf("-- trial %d line %d\n", trial, len(appended[path]))
			appended[path] = append(appended[path], line)
			mu.Unlock()
			if err := appendTo(path, line); err != nil {
				t.Error(err)
			}
		}
		inFlight := map[string]*sync.WaitGroup{}
		for _, path := range paths {
			if err := os.WriteFile(path, []byte("-- BAD\n"), 0o644); err != nil {
				t.Fatal(err)
			}
			inFlight[path] = &sync.WaitGroup{}
		}
		guard := func(path string, replace func() error) error {
			inFlight[path].Wait()
			err := replace()
			inFlight[path].Go(func() {
				for range 3 {
					time.Sleep(rand.N(300 * time.Microsecond))
					appendLine(path)
				}
			})
			return err
		}
		openBeforeTheRename := func(path string) {
			if rand.IntN(2) == 0 {
				inFlight[path].Go(func() { appendLine(path) })
				waitForBreak(t, path)
			}
		}
		_, _, notes, err := Options{}.fixAll(paths, rulesOf(badRule), FixOptions{Rounds: FixRounds, Unsafe: true, Guard: guard},
			toDisk{write: writeData, beforeRename: openBeforeTheRename})
		for _, wg := range inFlight {
			wg.Wait()
		}
		if err != nil {
			t.Fatal(err)
		}
		got := map[string]string{} // by path: the file and what a note says is kept beside it
		for _, n := range notes {
			if strings.HasPrefix(n.Message, string(errChanged)) {
				putBack++
			}
			if _, name, ok := strings.Cut(n.Message, "is kept in "); ok {
				got[n.Pos.Filename] += readFile(t, name)
				_ = os.Remove(name)
			}
		}
		for _, path := range paths {
			got[path] += readFile(t, path)
			if strings.HasPrefix(got[path], "-- GOOD\n") {
				fixes++
			}
			for _, l := range appended[path] {
				if !strings.Contains(got[path], l) {
					t.Fatalf("trial %d: line %q lost from %s; file and kept:\n%s", trial, l, path, got[path])
				}
			}
		}
	}
	t.Logf("%d of %d files fixed, %d put back", fixes, trials*len(paths), putBack)
	if fixes == 0 || putBack == 0 {
		t.Errorf("%d files fixed and %d put back: the appends did not race with the fixes", fixes, putBack)
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
