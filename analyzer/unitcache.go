package analyzer

import (
	"encoding/json"
	"go/token"
	"maps"
	"slices"
	"sync"

	"golang.org/x/tools/go/analysis"

	"github.com/flinklint/flinklint/internal/cache"
	"github.com/flinklint/flinklint/parsers"
)

// A run with a cache also keeps what the rules found in each unit, with
// the files the unit read besides its own (to parse them on demand, to
// decide it need not, or for a rule: parsers.Result.Consulted and every
// read of the pass's ReadFile) and their digests. A run whose result is
// not in the cache (a file changed) takes a unit's findings from there
// instead of analyzing it again when the unit holds the same files with
// the same digests, none of the files it read changed, and the run's
// setting (the rules, the configuration, the build files and flinklint:
// runKeys.setting), its list of files and what they declare
// (parsers.Survey.Declarations) are those of the run that kept it. The
// last is what makes it sound across units: a rule resolves a name
// through the index of what every file declares, and a file that comes to
// declare a name may be resolved by a unit that never read it. An edit
// that changes no declaration (a method's body, a comment) analyzes again
// the unit of the file and those that read it; one that does, or adds or
// removes a file, analyzes them all.

const unitsFormat = "flinklint units 1"

// unitRuns are the units of a run with a cache: what the run before kept
// of them, and what this run keeps for the next.
type unitRuns struct {
	states *fileStates
	// setting is the run's (runKeys.setting) when known before the run;
	// nil on a first run, which recalls nothing.
	setting *cache.Key
	decl    cache.Key      // the survey's Declarations
	reused  []storedUnit   // units taken from the run before
	ran     []ranUnit      // units analyzed in this run
	index   map[string]int // of states.files, by path
}

// storedUnit is a unit as the cache keeps it.
type storedUnit struct {
	Key   cache.Key // unitKey of its files
	Deps  []storedDep
	Found json.RawMessage // its findings and problems (encodeResult)
}

// storedDep is a file a unit read besides its own, with its digest then
// (zero if it could not be read).
type storedDep struct {
	Path   string
	Digest parsers.Digest
}

// ranUnit is a unit analyzed in this run, whose digests may be known only
// when it is over (a first run takes them from the survey).
type ranUnit struct {
	files []string
	read  []string // besides its files
	found []byte
}

// key returns the key of the units of a run of the setting.
func (r *unitRuns) key(setting cache.Key) cache.Key {
	h := cache.NewHasher()
	h.AddString(unitsFormat)
	h.Add(setting[:])
	h.Add(r.decl[:])
	for _, f := range r.states.files {
		h.AddString(f)
	}
	return h.Sum()
}

// recall takes from the cache what the run before found in the units it
// can reuse, adding it to res and problems, and returns the units to
// analyze.
func (r *unitRuns) recall(c *cache.Cache, res *Result, survey *parsers.Survey, all []unit, problems []Problem) ([]unit, []Problem) {
	r.decl = survey.Declarations()
	if r.setting == nil {
		return all, problems
	}
	data, ok := c.Get(r.key(*r.setting))
	var stored []storedUnit
	if !ok || json.Unmarshal(data, &stored) != nil {
		return all, problems
	}
	byKey := map[cache.Key]storedUnit{}
	for _, u := range stored {
		byKey[u.Key] = u
	}
	var todo []unit
	for _, u := range all {
		st, found, ok := r.reusable(res.Fset, byKey, u)
		if !ok {
			todo = append(todo, u)
			continue
		}
		res.Diagnostics = append(res.Diagnostics, found.Diagnostics...)
		problems = append(problems, found.Problems...)
		r.reused = append(r.reused, st)
	}
	return todo, problems
}

// reusable returns the stored unit of the files of u, and what it found
// decoded into fset, if none of the files it read changed.
func (r *unitRuns) reusable(fset *token.FileSet, byKey map[cache.Key]storedUnit, u unit) (storedUnit, *Result, bool) {
	st, ok := byKey[r.unitKey(u.files)]
	if !ok || !r.unchanged(st.Deps) {
		return st, nil, false
	}
	found, ok := decodeResult(fset, st.Found)
	return st, found, ok
}

// analyze analyzes unit u, lowered in l, as Options.analyzeUnit does, and
// keeps what it found and read. The problems of its lowering and of the
// files it parses on demand are taken from the survey (Mark), to be kept
// with it.
func (r *unitRuns) analyze(o Options, res *Result, survey *parsers.Survey, l lowering, u unit, analyzers []*analysis.Analyzer, problems []Problem) ([]Problem, *parsers.Result) {
	mark := survey.Mark()
	reads := &recorder{read: o.readFile(), paths: map[string]bool{}}
	found, before := len(res.Diagnostics), len(problems)
	problems, project := o.analyzeUnit(res, survey, l, u.files, analyzers, problems, reads.readFile)
	problems = append(problems, survey.Since(mark)...)
	data, err := encodeResult(&Result{Fset: res.Fset, Diagnostics: res.Diagnostics[found:], Problems: problems[before:]})
	if err != nil {
		return problems, project
	}
	read := reads.paths
	if project != nil {
		for _, path := range project.Consulted() {
			read[path] = true
		}
	}
	for _, f := range u.files {
		delete(read, f)
	}
	r.ran = append(r.ran, ranUnit{files: u.files, read: slices.Sorted(maps.Keys(read)), found: data})
	return problems, project
}

// save keeps the units of the run, of the setting, for the next. A
// failure costs the next run only time.
func (r *unitRuns) save(c *cache.Cache, setting cache.Key) {
	if len(r.ran) == 0 {
		return // the entry of the run before holds them all
	}
	units := r.reused
	for _, u := range r.ran {
		st := storedUnit{Key: r.unitKey(u.files), Found: u.found}
		for _, path := range u.read {
			st.Deps = append(st.Deps, storedDep{path, r.digest(path)})
		}
		units = append(units, st)
	}
	if data, err := json.Marshal(units); err == nil {
		_ = c.Put(r.key(setting), data)
	}
}

// unitKey identifies the files of a unit by their paths and digests.
func (r *unitRuns) unitKey(files []string) cache.Key {
	h := cache.NewHasher()
	for _, f := range files {
		r.states.hashFile(h, r.indexOf(f))
	}
	return h.Sum()
}

// unchanged reports whether the files a unit read have the digests they
// had.
func (r *unitRuns) unchanged(deps []storedDep) bool {
	return !slices.ContainsFunc(deps, func(d storedDep) bool { return r.digest(d.Path) != d.Digest })
}

// digest returns the digest of the file at path: a file of the run's, as
// the run has it, or another (a build file, a script a rule read), from
// the index of file states or by reading it; zero if it cannot be read.
func (r *unitRuns) digest(path string) parsers.Digest {
	if i := r.indexOf(path); i >= 0 {
		if r.states.errs[i] != "" {
			return parsers.Digest{}
		}
		return r.states.digests[i]
	}
	d, _ := r.states.digest(path)
	return d
}

// indexOf returns the number of the file at path in the run, or -1.
func (r *unitRuns) indexOf(path string) int {
	if r.index == nil {
		r.index = make(map[string]int, len(r.states.files))
		for i, f := range r.states.files {
			r.index[f] = i
		}
	}
	if i, ok := r.index[path]; ok {
		return i
	}
	return -1
}

// recorder reads files as read does, and records their paths.
type recorder struct {
	read  func(string) ([]byte, error)
	mu    sync.Mutex
	paths map[string]bool
}

func (r *recorder) readFile(path string) ([]byte, error) {
	r.mu.Lock()
	r.paths[path] = true
	r.mu.Unlock()
	return r.read(path)
}
