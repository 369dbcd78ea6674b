package analyzer

import (
	"os"
	"path/filepath"
)

// DefaultUnitBytes is the default of Options.UnitBytes. The largest unit,
// and the next one lowered beside it, make the peak of memory: halving it
// from 2 MB cut the perf corpus's peak by about a sixth at the same CPU,
// with the same findings there and on the trial repositories. It is not
// smaller because a module larger than two units is split, and a rule
// cannot see a use in a file of the module analyzed in another unit.
const DefaultUnitBytes = 1 << 20

// buildFiles mark the root of a build module: the files of one module are
// analyzed in the same unit, unless there are far more than fit in one.
var buildFiles = []string{"pom.xml", "build.gradle", "build.gradle.kts", "build.sbt", "pyproject.toml", "setup.py", ".git"}

// units splits the files of a run, in walk order, into the units analyzed
// one after another, so that the model of one unit is released before the
// next is parsed and memory stays bounded however large the repository.
// A unit holds whole build modules (the files below one directory with a
// pom.xml, build.gradle, build.sbt, ... or .git, and not below a deeper
// one), as many consecutive ones as fit in budget bytes of files to parse
// up front (size). A module up to twice that is a unit of its own, as
// analyze holds two units' worth at once anyway; a larger one is split
// between units of files up to the budget (a file larger than it alone),
// so that a repository that is one large module is not parsed all at
// once. Rules see one unit at a time, but a name declared in another unit
// still resolves: the file that declares it is parsed on demand.
// roots[i] is the root of the module of files[i] (moduleRoots).
func units(files, roots []string, size func(path string) int64, budget int64) []unit {
	var out []unit
	start, unitSize := 0, int64(0)
	// add puts the files from i on, of n bytes to parse, in the unit being
	// filled, or in a new one if they do not fit.
	add := func(i int, n int64) {
		if i > start && unitSize+n > budget {
			out = append(out, unit{files[start:i:i], unitSize})
			start, unitSize = i, 0
		}
		unitSize += n
	}
	for i := 0; i < len(files); {
		// The module of files[i] runs to j.
		j, moduleSize := i, int64(0)
		for ; j < len(files) && roots[j] == roots[i]; j++ {
			moduleSize += size(files[j])
		}
		if moduleSize <= 2*budget {
			add(i, moduleSize)
		} else {
			for k := i; k < j; k++ {
				add(k, size(files[k]))
			}
		}
		i = j
	}
	if start < len(files) {
		out = append(out, unit{files[start:], unitSize})
	}
	return out
}

// moduleRoots returns the root of the build module of each file: a
// Session splits its files into units again after each change, without
// looking at the disk again. isRoot is isModuleRoot, or what answers it
// from the index of file states (fileStates.moduleRoot).
func moduleRoots(files []string, isRoot func(dir string) bool) []string {
	m := modules{isRoot: isRoot, roots: map[string]string{}}
	roots := make([]string, len(files))
	for i, f := range files {
		roots[i] = m.root(filepath.Dir(f))
	}
	return roots
}

// modules maps directories to the roots of their build modules, as far as
// they have been looked up.
type modules struct {
	isRoot func(dir string) bool
	roots  map[string]string
}

// root returns the root of the module that holds the directory dir.
func (m modules) root(dir string) string {
	if r, ok := m.roots[dir]; ok {
		return r
	}
	r := dir
	if !m.isRoot(dir) {
		if parent := filepath.Dir(dir); parent != dir {
			r = m.root(parent)
		}
	}
	m.roots[dir] = r
	return r
}

// unit is the files of a unit and the bytes of them to parse up front.
type unit struct {
	files []string
	size  int64
}

// isModuleRoot reports whether dir holds one of buildFiles.
func isModuleRoot(dir string) bool {
	for _, name := range buildFiles {
		if _, err := os.Lstat(filepath.Join(dir, name)); err == nil {
			return true
		}
	}
	return false
}
