package analyzer

import (
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/flinklint/flinklint/internal/cache"
	"github.com/flinklint/flinklint/internal/gitignore"
	"github.com/flinklint/flinklint/parsers"
)

// skippedDirs are build outputs and dependency trees: they hold generated
// or third-party code, never the project's jobs. Python virtual
// environments are skipped whatever their name (see isVirtualEnv).
var skippedDirs = map[string]bool{
	"target": true, "build": true, "out": true, "node_modules": true, "site-packages": true, "__pycache__": true,
}

// isVirtualEnv reports whether dir is a Python virtual environment (venv,
// virtualenv, uv and conda environments write pyvenv.cfg or conda-meta at
// their top): its packages, PyFlink among them, are not the project's code.
func isVirtualEnv(dir string) bool {
	for _, marker := range []string{"pyvenv.cfg", "conda-meta"} {
		if _, err := os.Lstat(filepath.Join(dir, marker)); err == nil {
			return true
		}
	}
	return false
}

// walker gathers files; seen is shared by the walks of one run, so that a
// file is taken once across them.
type walker struct {
	want     func(string) bool
	seen     map[fileID]bool
	files    []string
	stats    []cache.Stat // of files, as the walk found them (before reading them)
	problems []Problem
}

// walk adds the files below paths that want accepts, in a stable order,
// and the problems met on the way. A path named explicitly is always taken
// when want accepts it, even if it would be ignored in a walk; a symbolic
// link named explicitly is followed, to a file or a directory, while links
// met in a walk are passed over, as git does. Only regular files are
// taken: a FIFO or device named like a source would block or never end.
// Each file is taken once, whatever names reach it.
func (w *walker) walk(paths []string) {
	want := w.want
	add := func(p string, fi fs.FileInfo) {
		if id, ok := idOf(p, fi); !w.seen[id] || !ok {
			w.seen[id] = true
			w.files = append(w.files, p)
			w.stats = append(w.stats, cache.StatOf(fi))
		}
	}
	for _, root := range paths {
		fi, err := os.Stat(root)
		if err != nil {
			w.problems = append(w.problems, parsers.ReadProblem(root, err))
			continue
		}
		if !fi.IsDir() {
			switch {
			case !want(root):
			case !fi.Mode().IsRegular():
				w.problems = append(w.problems, Problem{Pos: token.Position{Filename: root}, Message: "skipped: not a regular file"})
			default:
				add(filepath.Clean(root), fi)
			}
			continue
		}
		ign, base := ignoresAbove(root)
		start := root
		if lfi, err := os.Lstat(root); err == nil && lfi.Mode()&fs.ModeSymlink != 0 {
			start = root + string(filepath.Separator) // WalkDir follows a root only through its directory name
		}
		err = filepath.WalkDir(start, func(p string, d fs.DirEntry, err error) error {
			if err != nil {
				w.problems = append(w.problems, parsers.ReadProblem(p, err))
				if d != nil && d.IsDir() {
					return fs.SkipDir
				}
				return nil
			}
			rel := relSlash(base, p)
			if d.IsDir() {
				if p != start && passedOver(p, rel, ign) {
					return fs.SkipDir
				}
				readIgnore(ign, p, rel)
				return nil
			}
			if d.Type().IsRegular() && want(p) && !ign.Ignored(rel, false) {
				if fi, err := d.Info(); err == nil {
					add(p, fi)
				}
			}
			return nil
		})
		if err != nil {
			w.problems = append(w.problems, parsers.ReadProblem(root, err))
		}
	}
}

// passedOver reports whether a walk passes over the directory p, at rel
// from the base of the ignore patterns ign: a hidden directory, a build
// output or dependency directory, an ignored one, a virtual environment.
func passedOver(p, rel string, ign *gitignore.Set) bool {
	name := filepath.Base(p)
	return strings.HasPrefix(name, ".") || skippedDirs[name] || ign.Ignored(rel, true) || isVirtualEnv(p)
}

// takes reports whether a walk of the directory root would take the file
// at path, were it on disk: no directory on the way is passed over, and
// no ignore file ignores it.
func (w *walker) takes(root, path string) bool {
	rel, err := filepath.Rel(root, filepath.Dir(path))
	if err != nil || !w.want(path) {
		return false
	}
	ign, base := ignoresAbove(root)
	dir := root
	readIgnore(ign, dir, relSlash(base, dir))
	if rel != "." {
		for _, name := range strings.Split(rel, string(filepath.Separator)) {
			dir = filepath.Join(dir, name)
			if passedOver(dir, relSlash(base, dir), ign) {
				return false
			}
			readIgnore(ign, dir, relSlash(base, dir))
		}
	}
	return !ign.Ignored(relSlash(base, path), false)
}

// ignoresAbove loads the .gitignore files of the git work tree that holds
// dir, from its top down to dir's parent, so that walking a subdirectory
// honours the same patterns as walking the whole repository. It returns the
// directory that ignore patterns are relative to.
func ignoresAbove(dir string) (*gitignore.Set, string) {
	ign := &gitignore.Set{}
	abs, err := filepath.Abs(dir)
	if err != nil {
		return ign, dir
	}
	top, ok := workTree(abs)
	if !ok { // not in a work tree: dir is the base
		return ign, dir
	}
	var chain []string
	for d := abs; d != top; d = filepath.Dir(d) {
		chain = append(chain, d)
	}
	chain = append(chain, top)
	for i := len(chain) - 1; i >= 1; i-- { // dir itself is read by the walk
		readIgnore(ign, chain[i], relSlash(top, chain[i]))
	}
	base, err := filepath.Rel(abs, top)
	if err != nil {
		return ign, dir
	}
	return ign, filepath.Join(dir, base)
}

// readIgnore adds dir's .gitignore to ign. It is read like a source: only a
// regular file, up to parsers.MaxFileSize, so a FIFO or a link to a device
// named .gitignore cannot block the walk or exhaust memory.
func readIgnore(ign *gitignore.Set, dir, rel string) {
	if data, err := parsers.ReadFile(filepath.Join(dir, ".gitignore")); err == nil {
		ign.Add(rel, data)
	}
}

func relSlash(base, p string) string {
	rel, err := filepath.Rel(base, p)
	if err != nil || rel == "." {
		return ""
	}
	return filepath.ToSlash(rel)
}

// workTree returns the top of the git work tree that holds the absolute
// directory dir.
func workTree(dir string) (string, bool) {
	for d := dir; ; d = filepath.Dir(d) {
		if _, err := os.Stat(filepath.Join(d, ".git")); err == nil {
			return d, true
		}
		if filepath.Dir(d) == d {
			return "", false
		}
	}
}

// contextRoots returns the projects of the files named in paths: the git
// work tree that holds each. Their other files are read so that names
// resolve as in a whole-project run. A file outside a work tree has no
// project to read: its directory could be anything (a home or /tmp).
func contextRoots(paths []string, want func(string) bool) []string {
	var roots []string
	for _, p := range paths {
		fi, err := os.Stat(p)
		if err != nil || fi.IsDir() || !want(p) {
			continue
		}
		dir, err := filepath.Abs(filepath.Dir(p))
		if err != nil {
			continue
		}
		if top, ok := workTree(dir); ok && !slices.Contains(roots, top) {
			roots = append(roots, top)
		}
	}
	return roots
}
