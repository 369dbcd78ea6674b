package analyzer

import (
	"bytes"
	"cmp"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"math"
	"os"
	"path/filepath"
	"runtime"
)

// toDisk replaces each file on disk. Its hooks let tests fail a write, or
// write to the file at the worst moment.
type toDisk struct {
	write writeFunc
	// beforeRename, when not nil, is called with the file's path between
	// the last check that it holds what was analyzed and the rename of the
	// new contents over it.
	beforeRename func(path string)
	// unwatched takes no lease (see watchWrites), as where none can be
	// taken: a test's beforeRename writing to the file would wait for it.
	unwatched bool
	// exchange, when not nil, is called instead of the package's: tests
	// take the rename of systems that cannot exchange names, or fail one.
	exchange func(a, b string) error
	guard    func(path string, replace func() error) error // FixOptions.Guard
}

func (toDisk) read(t *target) ([]byte, error) { return os.ReadFile(t.path) }

func (d toDisk) put(t *target, old, new []byte) error {
	replace := func() error { return d.replaceFile(t.path, t.info, old, new) }
	if d.guard == nil {
		return replace()
	}
	return d.guard(t.names[0], replace)
}

// writeFunc writes a file's new contents to f, the temporary file that
// replaces it; tests pass one that fails.
type writeFunc func(f *os.File, data []byte) error

func writeData(f *os.File, data []byte) error {
	_, err := f.Write(data)
	return err
}

// changedError is the error of a file left alone because another program
// wrote to it, or had it open for writing, while it was being fixed: the
// note on it.
type changedError string

const (
	errChanged = changedError("changed while it was being fixed; not fixed")
	errBusy    = changedError("open for writing in another program; not fixed")
)

func (e changedError) Error() string { return string(e) }

// errNoExchange is the error of exchange where the system or the file
// system cannot swap two names in one step.
var errNoExchange = errors.New("names cannot be exchanged here")

// replaceFile replaces the file at path, last seen as info and analyzed as
// old, with data, so that a crash or a full disk leaves either the old or
// the new contents: it writes a temporary file in the same directory,
// syncs it, gives it the file's mode and (if it can) owner, and swaps it
// with the file (see swap). On any error the temporary file is removed and
// the file is left as it was.
//
// No write made to the file by another program meanwhile is lost, unless
// it comes after the file was replaced: a rename cannot be conditional, so
// a write can land between the last check and the rename. The old file is
// kept reachable across the rename (see keepOld) and read again after it;
// if it no longer holds old, it is put back and a changedError returned.
// Where names are exchanged, another program's save by rename landing
// there is seen and put back too. A program that opened the file before
// the rename and writes to it after that read writes to the replaced file,
// as with an editor's save. Like an editor's save, too, the replacement is
// a new file: a hard link to the file keeps the old contents, and extended
// attributes are not carried over.
//
// Where the system tells (see watchWrites), the file is not replaced while
// another program has it open for writing, and is put back if one opens it
// for writing across the rename: then only a program that resolved its
// path before the rename and opens it after the check loses its writes.
func (d toDisk) replaceFile(path string, info fs.FileInfo, old, data []byte) error {
	tmp, err := writeTemp(path, info, data, d.write)
	if err != nil {
		return err
	}
	kept, err := keepOld(path, tmp+"-old")
	if err != nil {
		_ = os.Remove(tmp)
		return errChanged
	}
	var watch writeWatch
	if !d.unwatched {
		watch, err = watchWrites(cmp.Or(kept.backup, path))
		defer watch.end()
	}
	if err != nil || !kept.holds(info, old) {
		_ = os.Remove(tmp)
		kept.drop()
		return cmp.Or(err, error(errChanged))
	}
	if d.beforeRename != nil {
		d.beforeRename(path)
	}
	swapped, err := d.swap(tmp, path)
	if err != nil {
		_ = os.Remove(tmp)
		kept.drop()
		return err
	}
	if swapped { // tmp names what path held: the old file, or a save by rename since the check
		kept.drop()
		kept = oldFile{backup: tmp}
		if fi, err := os.Lstat(tmp); err != nil || !os.SameFile(fi, info) {
			return d.putBack(kept, path, tmp, info, data)
		}
	}
	if kept.unkept == "" && (!kept.holds(info, old) || watch.opened()) {
		return d.putBack(kept, path, tmp, info, data)
	}
	kept.drop()
	if dir, err := os.Open(filepath.Dir(path)); err == nil { // make the rename itself durable; not all systems can
		_ = dir.Sync()
		_ = dir.Close()
	}
	return nil
}

// swap puts the file named tmp at path. Where it can, it exchanges the
// two names, so that tmp then names what path held, and reports true;
// elsewhere it renames tmp over path, unlinking whatever path held.
func (d toDisk) swap(tmp, path string) (bool, error) {
	err := d.exchangeNames(tmp, path)
	if errors.Is(err, errNoExchange) {
		return false, os.Rename(tmp, path)
	}
	return err == nil, err
}

// exchangeNames is exchange, or the test's in its place.
func (d toDisk) exchangeNames(a, b string) error {
	if d.exchange != nil {
		return d.exchange(a, b)
	}
	return exchange(a, b)
}

// writeTemp writes data to a new temporary file beside path, with the mode
// and (if it can) owner of info, syncs it and returns its name; on error it
// removes it.
func writeTemp(path string, info fs.FileInfo, data []byte, write writeFunc) (name string, err error) {
	dir, base := filepath.Split(path)
	if dir == "" {
		dir = "."
	}
	tmp, err := os.CreateTemp(dir, "."+base+".flinklint-*")
	if err != nil {
		return "", err
	}
	defer func() {
		if err != nil {
			_ = tmp.Close()
			_ = os.Remove(tmp.Name())
		}
	}()
	keepOwner(tmp, info)
	if err = tmp.Chmod(info.Mode() & (fs.ModePerm | fs.ModeSetuid | fs.ModeSetgid | fs.ModeSticky)); err != nil {
		return "", err
	}
	if err = write(tmp, data); err != nil {
		return "", err
	}
	if err = tmp.Sync(); err != nil {
		return "", err
	}
	return tmp.Name(), tmp.Close()
}

// oldFile keeps the file being replaced reachable after the rename, to see
// whether a write landed in it and to put it back: by a hard link to it
// named backup or, where none can be made, by an open file. On Windows an
// open file would make the rename over it fail, so there, without a hard
// link, the file is unkept: checked at its path before the rename only.
type oldFile struct {
	backup string
	f      *os.File
	unkept string // the path of an unkept file
}

// keepOld keeps the file at path reachable, by a hard link named backup
// if it can.
func keepOld(path, backup string) (oldFile, error) {
	if os.Link(path, backup) == nil {
		return oldFile{backup: backup}, nil
	}
	if runtime.GOOS == "windows" {
		return oldFile{unkept: path}, nil
	}
	f, err := os.Open(path)
	return oldFile{f: f}, err
}

// holds reports whether o is the file last seen as info and holds want,
// the whole contents compared: a write may keep the size and, within the
// clock's granularity, the modification time.
func (o oldFile) holds(info fs.FileInfo, want []byte) bool {
	var fi fs.FileInfo
	var err error
	if o.f != nil {
		fi, err = o.f.Stat()
	} else {
		fi, err = os.Lstat(o.name())
	}
	if err != nil || !os.SameFile(fi, info) {
		return false
	}
	got, err := o.contents()
	return err == nil && bytes.Equal(got, want)
}

// name is the name o is read by, when it is not open.
func (o oldFile) name() string { return cmp.Or(o.backup, o.unkept) }

// contents reads the old file whole.
func (o oldFile) contents() ([]byte, error) {
	if o.f != nil {
		return io.ReadAll(io.NewSectionReader(o.f, 0, math.MaxInt64))
	}
	return os.ReadFile(o.name())
}

// drop lets the old file go.
func (o oldFile) drop() {
	if o.backup != "" {
		_ = os.Remove(o.backup)
	} else if o.f != nil {
		_ = o.f.Close()
	}
}

// putBack puts the old file o back at path, after a write landed in it
// while the new contents, data, replaced it, or a save by rename replaced
// it. Whatever path holds by then (the new contents, maybe written to
// since, or another program's save) is kept beside it unless it is just
// data, under a name that says it holds writes (see keepAside).
func (d toDisk) putBack(o oldFile, path, tmp string, info fs.FileInfo, data []byte) error {
	aside, err := d.restore(o, path, tmp, info)
	if err != nil {
		msg := "written to while it was being fixed, and it holds the fixed contents: putting back the file as written failed"
		if o.backup != "" {
			return fmt.Errorf("%s (%w); it is kept in %s", msg, err, keepAside(o.backup, path))
		}
		return fmt.Errorf("%s: %w", msg, err)
	}
	if aside == "" {
		return errChanged
	}
	if now, err := os.ReadFile(aside); err == nil && bytes.Equal(now, data) {
		_ = os.Remove(aside)
		return errChanged
	}
	return changedError(string(errChanged) + "; what it held meanwhile, with the writes made to it then, is kept in " + keepAside(aside, path))
}

// restore puts the old file o back at path and returns the name of what
// path held then, if it is kept: exchanging the names where it can, so
// that nothing renamed to path meanwhile is lost; elsewhere by linking
// path to tmp (free by then) and renaming the backup over it, or copying
// the open file's contents back.
func (d toDisk) restore(o oldFile, path, tmp string, info fs.FileInfo) (aside string, err error) {
	if o.backup != "" {
		if err := d.exchangeNames(o.backup, path); !errors.Is(err, errNoExchange) {
			return o.backup, err
		}
	}
	if os.Link(path, tmp) == nil {
		aside = tmp
	}
	if o.backup != "" {
		err = os.Rename(o.backup, path)
	} else {
		err = o.copyBack(path, info)
	}
	if err != nil && aside != "" {
		_ = os.Remove(aside) // path still holds it
		aside = ""
	}
	return aside, err
}

// keepAside gives the file at name, which holds writes another program
// made while the file at path was being fixed, a name beside path that is
// not hidden nor taken for a temporary file, PATH.flinklint-kept-N, and
// returns it; name if it cannot.
func keepAside(name, path string) string {
	f, err := os.CreateTemp(filepath.Dir(path), filepath.Base(path)+".flinklint-kept-*")
	if err != nil {
		return name
	}
	_ = f.Close()
	if err := os.Rename(name, f.Name()); err != nil {
		_ = os.Remove(f.Name())
		return name
	}
	return f.Name()
}

// copyBack writes the old file's contents, read from its open file, back
// over path, where no hard link keeps it.
func (o oldFile) copyBack(path string, info fs.FileInfo) error {
	defer o.f.Close()
	now, err := o.contents()
	if err != nil {
		return err
	}
	tmp, err := writeTemp(path, info, now, writeData)
	if err != nil {
		return err
	}
	if err := os.Rename(tmp, path); err != nil {
		_ = os.Remove(tmp)
		return err
	}
	return nil
}
