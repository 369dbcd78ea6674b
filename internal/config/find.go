package config

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
)

// Find returns the path of the nearest configuration file in dir or one of
// its parents, up to the root of the file system; "" when there is none.
// A .flinklint.yaml that is not a regular file is passed over.
func Find(dir string) (string, error) {
	return NewFinder("", nil).find(dir)
}

// candidate returns dir's configuration file, "" when it has none.
func candidate(dir string) (string, error) {
	p := filepath.Join(dir, Name)
	fi, err := os.Stat(p)
	switch {
	case errors.Is(err, fs.ErrNotExist) || errors.Is(err, fs.ErrPermission):
		// A directory that cannot be searched, such as another user's
		// parent of the project, holds no configuration for us.
		return "", nil
	case err != nil:
		return "", err
	case !fi.Mode().IsRegular():
		return "", nil
	}
	return p, nil
}

// A Finder gives the configuration of each analyzed file: the file given
// explicitly, or else the nearest one above the file. It searches each
// directory and loads each file once; it is safe for concurrent use.
type Finder struct {
	ruleIDs  []string
	explicit string

	mu    sync.Mutex
	dirs  map[string]string // directory: the configuration that applies there, "" for none
	files map[string]*File
	errs  map[string]error // files that failed to load, so that each fails once
	memo  map[any]any      // see Memo
}

// NewFinder returns a Finder. explicit is the file given with -config, ""
// to search; ruleIDs are as for Load.
func NewFinder(explicit string, ruleIDs []string) *Finder {
	return &Finder{ruleIDs: ruleIDs, explicit: explicit, dirs: map[string]string{}, files: map[string]*File{}, errs: map[string]error{}, memo: map[any]any{}}
}

// Memo returns the value kept under key, made by make the first time: a
// cache derived from the run's configuration and files (the Flink version
// each build file targets, say) that the prefilter and every unit of the
// run share instead of each reading the files again. A nil Finder keeps
// nothing.
func (f *Finder) Memo(key any, make func() any) any {
	if f == nil {
		return make()
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	v, ok := f.memo[key]
	if !ok {
		v = make()
		f.memo[key] = v
	}
	return v
}

// For returns the configuration that applies to the file at path. The
// error is Load's, or one from searching the directories. A nil Finder
// gives the defaults.
func (f *Finder) For(path string) (Effective, error) {
	if f == nil {
		return Effective{}, nil
	}
	file, err := f.File(path)
	if err != nil {
		return Effective{}, err
	}
	return file.For(path), nil
}

// File returns the configuration file that applies to the file at path,
// nil when none does.
func (f *Finder) File(path string) (*File, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	p := f.explicit
	if p == "" {
		var err error
		if p, err = f.find(filepath.Dir(path)); err != nil || p == "" {
			return nil, err
		}
	}
	if file, ok := f.files[p]; ok {
		return file, f.errs[p]
	}
	file, err := Load(p, f.ruleIDs)
	f.files[p] = file
	if err != nil {
		f.errs[p] = err
		return nil, err
	}
	f.files[p] = file
	return file, nil
}

// Files returns the configuration files loaded so far, for the key of
// the result cache.
func (f *Finder) Files() []*File {
	f.mu.Lock()
	defer f.mu.Unlock()
	out := make([]*File, 0, len(f.files))
	for _, file := range f.files {
		if file != nil {
			out = append(out, file)
		}
	}
	slices.SortFunc(out, func(a, b *File) int { return strings.Compare(a.Path, b.Path) })
	return out
}

// Err returns the error of the first configuration file, in path order,
// that some call to File or For failed to load: callers that ignored the
// error (the key of the result cache) leave it for the command line to
// report.
func (f *Finder) Err() error {
	f.mu.Lock()
	defer f.mu.Unlock()
	first := ""
	for p := range f.errs {
		if first == "" || p < first {
			first = p
		}
	}
	return f.errs[first]
}

// find is Find, remembering the answer for every directory it passes.
func (f *Finder) find(dir string) (string, error) {
	dir, err := filepath.Abs(dir)
	if err != nil {
		return "", err
	}
	var passed []string
	found := ""
	for {
		if p, ok := f.dirs[dir]; ok {
			found = p
			break
		}
		passed = append(passed, dir)
		if found, err = candidate(dir); err != nil {
			return "", err
		}
		parent := filepath.Dir(dir)
		if found != "" || parent == dir {
			break
		}
		dir = parent
	}
	for _, d := range passed {
		f.dirs[d] = found
	}
	return found, nil
}
