package analyzer

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// appendTo appends line to the file at path as a shell's >> does: opened
// by its path, written, closed.
func appendTo(path, line string) error {
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_APPEND, 0)
	if err != nil {
		return err
	}
	_, err = f.WriteString(line)
	return errors.Join(err, f.Close())
}

// noExchange is the exchange of systems that cannot swap two names.
func noExchange(string, string) error { return errNoExchange }

// renames are the two ways a file is replaced: by exchanging names where
// the system can (skipped where it cannot), and by rename.
var renames = []struct {
	name     string
	exchange func(a, b string) error
}{{"exchange", nil}, {"rename", noExchange}}

// exchangeable skips the test where names cannot be exchanged in dir
// with exchange, nil for the system's.
func exchangeable(t *testing.T, dir string, exchange func(a, b string) error) {
	t.Helper()
	if exchange != nil {
		return
	}
	a, b := filepath.Join(dir, "swap-a"), filepath.Join(dir, "swap-b")
	for _, name := range []string{a, b} {
		if err := os.WriteFile(name, nil, 0o600); err != nil {
			t.Fatal(err)
		}
		defer os.Remove(name)
	}
	if errors.Is(toDisk{}.exchangeNames(a, b), errNoExchange) {
		t.Skip("names cannot be exchanged here")
	}
}

// A line appended between the last check of a file and the rename of its
// fixed contents over it is kept (issue 20), where no lease tells of the
// writer: the old file, with the line, is put back, and the fix is left
// for another run. Where no hard link keeps the old file and names are
// not exchanged, its contents are copied back.
func TestFixKeepsAWriteBeforeTheRename(t *testing.T) {
	for _, r := range renames {
		for _, link := range []bool{true, false} {
			t.Run(fmt.Sprintf("%s, hard link %v", r.name, link), func(t *testing.T) {
				dir := t.TempDir()
				exchangeable(t, dir, r.exchange)
				path := writeFile(t, dir, "-- BAD\n")
				var taken string
				write := func(f *os.File, data []byte) error {
					if !link { // the backup's name taken, no hard link can be made
						taken = f.Name() + "-old"
						if err := os.WriteFile(taken, nil, 0o600); err != nil {
							return err
						}
					}
					return writeData(f, data)
				}
				appendLine := func(path string) {
					if err := appendTo(path, "-- appended\n"); err != nil {
						t.Error(err)
					}
				}
				_, fixed, notes, err := Options{}.fixAll([]string{path}, rulesOf(badRule), FixOptions{Rounds: FixRounds, Unsafe: true},
					toDisk{write: write, beforeRename: appendLine, unwatched: true, exchange: r.exchange})
				if err != nil || fixed != 0 || messages(notes) != path+": changed while it was being fixed; not fixed" {
					t.Errorf("err %v, fixed %d, notes:\n%s", err, fixed, messages(notes))
				}
				if got := readFile(t, path); got != "-- BAD\n-- appended\n" {
					t.Errorf("file %q, want the appended line and no fix", got)
				}
				if taken != "" {
					_ = os.Remove(taken)
				}
				noTempFiles(t, dir)
			})
		}
	}
}

// An editor's save by rename landing between the last check and the
// rename is kept, where names are exchanged: the rename would unlink it.
func TestFixKeepsASaveByRename(t *testing.T) {
	dir := t.TempDir()
	exchangeable(t, dir, nil)
	path := writeFile(t, dir, "-- BAD\n")
	const saved = "-- BAD, saved by an editor\n"
	save := func(path string) {
		if err := os.WriteFile(path+"~", []byte(saved), 0o644); err != nil {
			t.Error(err)
		}
		if err := os.Rename(path+"~", path); err != nil {
			t.Error(err)
		}
	}
	_, fixed, notes, err := Options{}.fixAll([]string{path}, rulesOf(badRule), FixOptions{Rounds: FixRounds, Unsafe: true},
		toDisk{write: writeData, beforeRename: save})
	if err != nil || fixed != 0 || messages(notes) != path+": changed while it was being fixed; not fixed" {
		t.Errorf("err %v, fixed %d, notes:\n%s", err, fixed, messages(notes))
	}
	if got := readFile(t, path); got != saved {
		t.Errorf("file %q, want the save", got)
	}
	noTempFiles(t, dir)
	if left, _ := filepath.Glob(path + ".*"); len(left) > 0 {
		t.Errorf("files left: %v", left)
	}
}

// keptFile returns the file the note says keeps writes, failing the test
// unless it is named to say so and not hidden (issue 20: it was named like
// a temporary file, which the README says to delete).
func keptFile(t *testing.T, path, note, prefix string) string {
	t.Helper()
	kept, ok := strings.CutPrefix(note, prefix)
	if !ok {
		t.Fatalf("note %q", note)
	}
	if !strings.HasPrefix(kept, path+".flinklint-kept-") {
		t.Errorf("writes kept in %s, want %s.flinklint-kept-N", kept, path)
	}
	return kept
}

// Whatever the file holds while the old one is put back is kept beside it
// when it is more than the fixed contents: here, a line written to the
// fixed file after the rename.
func TestFixKeepsWhatThePathHeldMeanwhile(t *testing.T) {
	for _, r := range renames {
		t.Run(r.name, func(t *testing.T) {
			dir := t.TempDir()
			exchangeable(t, dir, r.exchange)
			path := writeFile(t, dir, "-- BAD\n")
			write := func(f *os.File, data []byte) error {
				return writeData(f, append(data, "-- written to the fixed file\n"...)) // as if after the rename
			}
			appendLine := func(path string) {
				if err := appendTo(path, "-- appended\n"); err != nil {
					t.Error(err)
				}
			}
			_, _, notes, err := Options{}.fixAll([]string{path}, rulesOf(badRule), FixOptions{Rounds: FixRounds, Unsafe: true},
				toDisk{write: write, beforeRename: appendLine, unwatched: true, exchange: r.exchange})
			if err != nil || len(notes) != 1 {
				t.Fatalf("err %v, notes:\n%s", err, messages(notes))
			}
			kept := keptFile(t, path, notes[0].Message, "changed while it was being fixed; not fixed; what it held meanwhile, with the writes made to it then, is kept in ")
			if got := readFile(t, path); got != "-- BAD\n-- appended\n" {
				t.Errorf("file %q", got)
			}
			if got := readFile(t, kept); got != "-- GOOD\n-- written to the fixed file\n" {
				t.Errorf("kept %q", got)
			}
			noTempFiles(t, dir)
		})
	}
}

// When putting the old file back fails, it is kept beside the fixed one
// under a name that says it holds writes.
func TestFixKeepsTheOldFileWhenPuttingBackFails(t *testing.T) {
	dir := t.TempDir()
	exchangeable(t, dir, nil)
	path := writeFile(t, dir, "-- BAD\n")
	calls := 0
	failSecond := func(a, b string) error {
		if calls++; calls == 2 {
			return syscall.EIO
		}
		return exchange(a, b)
	}
	appendLine := func(path string) {
		if err := appendTo(path, "-- appended\n"); err != nil {
			t.Error(err)
		}
	}
	_, _, _, err := Options{}.fixAll([]string{path}, rulesOf(badRule), FixOptions{Rounds: 1, Unsafe: true},
		toDisk{write: writeData, beforeRename: appendLine, unwatched: true, exchange: failSecond})
	if !errors.Is(err, syscall.EIO) {
		t.Fatalf("err %v", err)
	}
	_, note, _ := strings.Cut(err.Error(), "not fixed, left as it was: ")
	kept := keptFile(t, path, note, "written to while it was being fixed, and it holds the fixed contents: putting back the file as written failed (input/output error); it is kept in ")
	if got := readFile(t, kept); got != "-- BAD\n-- appended\n" {
		t.Errorf("kept %q", got)
	}
	noTempFiles(t, dir)
}
