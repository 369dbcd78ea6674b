package analyzer

import (
	"crypto/sha256"
	"encoding/json"
	"errors"
	"go/token"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync"
	"time"

	"os"

	"golang.org/x/tools/go/analysis"

	"github.com/flinklint/flinklint/internal/cache"
	"github.com/flinklint/flinklint/internal/config"
	"github.com/flinklint/flinklint/parsers"
)

// The result cache keeps the result of a run under a key made of
// everything the result depends on: the content of every file analyzed
// (whatever the prefilter does with it, since a file it passes over may be
// parsed to resolve a name), the rules (run and known) and the
// prefilter's keywords, the configuration the caller describes
// (Options.CacheSalt) and flinklint itself (the digest of the running
// executable, so that any rebuild is a new version). A rerun over an
// unchanged project reads and hashes its files and decodes the stored
// result instead of parsing and running the rules; after a change to any
// file, the units of the run that neither hold nor read a changed file
// are taken from the cache (see unitcache.go) and the others analyzed
// again.

const resultFormat = "flinklint result 2"

// fileStates are the digests of the files of a run, each from the cache's
// index of file states when the file is unchanged since a run hashed it,
// or from reading it.
type fileStates struct {
	files   []string
	ixKey   cache.Key
	ix      *cache.Index
	stats   []cache.Stat // taken by the walk, before reading, as the index wants
	digests []parsers.Digest
	errs    []string // why a file could not be read
	known   []bool   // digests[i] or errs[i] holds
	records [][]byte // the survey record the index holds for a file it knows (see recall)
	// overlaid are the files the run reads from Options.Overlay: the index
	// of file states, which knows the files on disk, neither gives nor
	// records them.
	overlaid map[string][]byte
	// mu guards ix, changed and recorded, and digests and known in
	// remember; recall reads digests[i] and records[i] unlocked, as the
	// survey gives each i to one worker.
	mu      sync.Mutex
	changed bool // ix has new records, to save
	// recorded is the size of the survey records the index holds (those
	// of files it knows, and those remember adds), at most budget.
	recorded int
	budget   int                 // of the survey records, so that the index fits a cache entry
	dirs     map[string]dirFiles // what buildFiles found of each directory in this run
}

// recordBudget bounds the survey records of a run's index of file states:
// the index is one cache entry (at most cache.MaxEntry), loaded whole by
// every run, and a file's record takes about 400 bytes, a generated file's
// up to 80 KB (its filter of names). Files past the budget get none, and
// are read in every run. The rest of the index (a file's path, Stat and
// digest, about entryBytes more) comes off the budget first.
const recordBudget = 24 << 20

// entryBytes bounds what the index of file states holds for a file
// besides its path and record: its Stat, the time it was seen and its
// digest, with their lengths.
const entryBytes = 96

// recordsBudget returns how many bytes of survey records an index of the
// files may hold and still fit a cache entry, with an eighth of it spare
// for directories and build files.
func recordsBudget(files []string) int {
	rest := 0
	for _, f := range files {
		rest += len(f) + entryBytes
	}
	return max(0, min(recordBudget, cache.MaxEntry-cache.MaxEntry/8-rest))
}

// states loads the index of file states and takes the Stat of each file
// from stats, as the walk that began at walked found them: those the index
// knows have their digests. The walk's stats were taken before this run
// read any file, as the index wants, but before the index was loaded: its
// run begins at the walk's start.
func (o Options) states(files []string, stats []cache.Stat, walked time.Time) *fileStates {
	wd, _ := os.Getwd()
	s := &fileStates{files: files, ixKey: cache.KeyOf([]byte("file states 1"), o.CacheSalt, []byte(wd)),
		stats: stats, digests: make([]parsers.Digest, len(files)),
		errs: make([]string, len(files)), known: make([]bool, len(files)), records: make([][]byte, len(files)),
		budget: recordsBudget(files), overlaid: o.Overlay}
	s.ix = o.Cache.LoadIndex(s.ixKey)
	s.ix.Began(walked)
	for i, f := range files {
		if _, ok := s.overlaid[f]; ok {
			s.ix.Keep(f) // for when the buffer is closed
			continue
		}
		d, record, ok := s.ix.Lookup(f, stats[i])
		s.recorded += len(record)
		s.digests[i], s.known[i], s.records[i] = parsers.Digest(d), ok, record
	}
	return s
}

// read reads and hashes the files the index does not know, in parallel,
// and records them in the index. A file whose bytes are those the index
// recorded (touched, not changed) keeps its survey record.
func (o Options) read(s *fileStates) {
	o.each(len(s.files), func(i int) {
		if s.known[i] {
			return
		}
		src, ok := s.overlaid[s.files[i]]
		if ok {
			s.digests[i], s.known[i] = sha256.Sum256(src), true
			return
		}
		src, err := parsers.ReadFile(s.files[i])
		if err != nil {
			s.errs[i], s.known[i] = err.Error(), true
			return
		}
		s.digests[i], s.known[i] = sha256.Sum256(src), true
		s.mu.Lock()
		s.records[i] = s.ix.Refresh(s.files[i], s.stats[i], cache.Key(s.digests[i]))
		s.changed = true
		s.mu.Unlock()
	})
}

// recall is the survey's parsers.Options.Recall: the record of files[i]
// that the index holds, while the file is unchanged since the run that
// recorded it. A file read in this run (by read) has none.
func (s *fileStates) recall(i int) (parsers.Digest, []byte, bool) {
	return s.digests[i], s.records[i], s.records[i] != nil
}

// remember is the survey's parsers.Options.Remember: it records files[i]
// in the index, with the Stat that states took before the survey read it
// (as the racy rule wants), the digest of what the survey read and its
// record. On a first run, the survey's digests are those of the run's
// key, so that the files need not be read twice.
func (s *fileStates) remember(i int, digest parsers.Digest, record []byte) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if !s.known[i] {
		s.digests[i], s.known[i] = digest, true
	}
	if _, ok := s.overlaid[s.files[i]]; ok {
		return
	}
	// A record that replaces one the index held (of other keywords) counts
	// twice in this run: the budget errs on the small side.
	if s.recorded+len(record) > s.budget {
		record = nil
	}
	s.recorded += len(record)
	s.ix.Set(s.files[i], s.stats[i], cache.Key(digest), record)
	s.changed = true
}

// save stores the index of file states, if this run changed it. One too
// large to save is saved without its survey records. A failure costs the
// next run its reads: it returns a warning saying so.
func (o Options) save(s *fileStates) []string {
	if !s.changed {
		return nil
	}
	err := o.Cache.SaveIndex(s.ixKey, s.ix)
	if errors.Is(err, cache.ErrTooLarge) {
		s.ix.DropData()
		err = o.Cache.SaveIndex(s.ixKey, s.ix)
	}
	if err != nil {
		return []string{"cannot write the index of file states, the next run will read every file: " + err.Error()}
	}
	return nil
}

// each calls f for 0 <= i < n on one goroutine per CPU.
func (o Options) each(n int, f func(i int)) {
	var wg sync.WaitGroup
	next := make(chan int)
	for range max(o.Workers, runtime.GOMAXPROCS(0)) {
		wg.Go(func() {
			for i := range next {
				f(i)
			}
		})
	}
	for i := range n {
		next <- i
	}
	close(next)
	wg.Wait()
}

// runKeys are the keys of a run with a cache (see resultKey).
type runKeys struct {
	result cache.Key // of its result
	build  cache.Key // of its build files (Options.Build)
	// setting is what the result depends on but the files: the rules,
	// the configuration, the build files and flinklint (see unitRuns).
	setting cache.Key
}

// resultKey returns the keys of the run, whose files' digests s holds, and
// the digest of each readable file's bytes.
func (o Options) resultKey(s *fileStates, analyzers []*analysis.Analyzer) (keys runKeys, digests map[string]parsers.Digest) {
	h := cache.NewHasher()
	h.AddString(resultFormat)
	h.Add(o.CacheSalt)
	for _, k := range o.Keywords {
		h.AddString("keyword " + k)
	}
	if o.Keywords == nil {
		h.AddString("no prefilter")
	}
	for _, g := range o.Gated { // whether a group counts for a file depends on the build files (hashBuild)
		for _, k := range g.Words {
			h.AddString("gated keyword " + k)
		}
	}
	for _, a := range analyzers {
		h.AddString("rule " + a.Name)
	}
	for _, id := range o.KnownRules { // whether a directive's rule is unknown
		h.AddString("known rule " + id)
	}
	if o.KnownRules == nil {
		h.AddString("no known rules")
	}
	o.hashConfig(h, s.files)
	b := cache.NewHasher()
	b.AddString(buildFormat)
	b.Add(o.CacheSalt)
	s.hashBuild(b)
	keys.build = b.Sum()
	h.Add(keys.build[:])
	keys.setting = h.Sum()
	r := cache.NewHasher()
	r.Add(keys.setting[:])
	digests = make(map[string]parsers.Digest, len(s.files))
	for i, f := range s.files {
		s.hashFile(r, i)
		if s.errs[i] == "" {
			digests[f] = s.digests[i]
		}
	}
	keys.result = r.Sum()
	return keys, digests
}

// hashFile adds to h the path of files[i] and its digest, or why it could
// not be read.
func (s *fileStates) hashFile(h *cache.Hasher, i int) {
	h.AddString(s.files[i])
	h.Add(s.digests[i][:])
	h.AddString(s.errs[i])
}

// buildFormat begins the key of what the build files of a run say
// (Options.Build): the digests of those build files.
const buildFormat = "flinklint build files 1"

// hashBuild adds to h the build files (config.BuildFiles) of the
// directories of the files and of those above them up to the repository
// root, each once: a rule's result may depend on the Flink release they
// name. Which build files a directory holds is taken from the index of file
// states while the directory is unchanged (see buildFiles).
func (s *fileStates) hashBuild(h *cache.Hasher) {
	seen := map[string]bool{}
	for _, f := range s.files {
		abs, err := filepath.Abs(f)
		if err != nil {
			continue
		}
		for dir := filepath.Dir(abs); !seen[dir]; dir = filepath.Dir(dir) {
			seen[dir] = true
			names, root, _ := s.buildFiles(dir)
			for _, name := range names {
				path := filepath.Join(dir, name)
				if d, ok := s.digest(path); ok {
					h.AddString("build " + path)
					h.Add(d[:])
				}
			}
			if root || filepath.Dir(dir) == dir {
				break // the repository's root, or the file system's
			}
		}
	}
}

// dirRecord prefixes a directory's path in the index of file states: no
// file's path holds a NUL. (2: a build file is looked up with Lstat, as
// isModuleRoot does, so that a dangling link counts in both.)
const dirRecord = "\x00dir2\x00"

// dirFiles is what buildFiles found of a directory.
type dirFiles struct {
	names []string
	root  bool
	known bool // the directory could be stat'ed
}

// buildFiles returns the names of the build files dir may hold, and
// whether it is a repository's root (holds .git). A file added to,
// removed from or renamed in a directory changes the directory's Stat, so
// while that is unchanged the names found last time are all there can be;
// those in a subdirectory (gradle/libs.versions.toml) are always returned.
// known is false when dir cannot be stat'ed (every name is returned). A
// run asks of each directory once (hashBuild and moduleRoot share it).
func (s *fileStates) buildFiles(dir string) (names []string, root, known bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if d, ok := s.dirs[dir]; ok {
		return d.names, d.root, d.known
	}
	d := s.lookDir(dir)
	if s.dirs == nil {
		s.dirs = map[string]dirFiles{}
	}
	s.dirs[dir] = d
	return d.names, d.root, d.known
}

// lookDir is buildFiles without the run's memo; s.mu is held.
func (s *fileStates) lookDir(dir string) dirFiles {
	fi, err := os.Stat(dir)
	if err != nil {
		return dirFiles{names: config.BuildFiles()}
	}
	st := cache.StatOf(fi)
	all := config.BuildFiles()
	var names []string
	// The record: a byte for each build file's name, 1 if dir held it, then
	// 1 if dir held .git.
	if _, data, ok := s.ix.Lookup(dirRecord+dir, st); ok && len(data) == len(all)+1 {
		for i, name := range all {
			if data[i] == 1 || strings.ContainsRune(name, '/') {
				names = append(names, name)
			}
		}
		return dirFiles{names, data[len(all)] == 1, true}
	}
	found := make([]byte, len(all)+1)
	for i, name := range all {
		if _, err := os.Lstat(filepath.Join(dir, name)); err == nil {
			found[i] = 1
			names = append(names, name)
		} else if strings.ContainsRune(name, '/') {
			names = append(names, name)
		}
	}
	root := false
	if _, err := os.Lstat(filepath.Join(dir, ".git")); err == nil {
		root, found[len(all)] = true, 1
	}
	s.ix.Set(dirRecord+dir, st, cache.Key{}, found)
	s.changed = true
	return dirFiles{names, root, true}
}

// moduleRoot returns isModuleRoot for the units of a run with an index of
// file states: whether a directory holds one of buildFiles, from the
// index's record of it while it is unchanged, rather than a Lstat of each
// name in every run. cwd makes a relative directory absolute, as hashBuild
// asks of absolute ones.
func (s *fileStates) moduleRoot(cwd string) func(dir string) bool {
	return func(dir string) bool {
		if !filepath.IsAbs(dir) {
			dir = filepath.Join(cwd, dir)
		}
		names, root, known := s.buildFiles(dir)
		if !known {
			return isModuleRoot(dir)
		}
		if root {
			return true
		}
		for _, name := range names {
			if slices.Contains(buildFiles, name) {
				return true
			}
		}
		return false
	}
}

// digest returns the digest of the build file at path: of its overlay,
// or from the index while its Stat is unchanged; false if it cannot be
// read.
func (s *fileStates) digest(path string) (parsers.Digest, bool) {
	if src, ok := s.overlaid[path]; ok { // an editor's unsaved build file
		return parsers.Digest(sha256.Sum256(src)), true
	}
	fi, err := os.Stat(path)
	if err != nil || !fi.Mode().IsRegular() {
		return parsers.Digest{}, false
	}
	st := cache.StatOf(fi)
	if d, _, ok := s.ix.Lookup(path, st); ok {
		return parsers.Digest(d), true
	}
	src, err := parsers.ReadFile(path)
	if err != nil {
		return parsers.Digest{}, false
	}
	d := parsers.Digest(sha256.Sum256(src))
	s.ix.Set(path, st, cache.Key(d), nil)
	s.changed = true
	return d, true
}

// hashConfig adds to h the configuration files that apply to files, each
// once: a result depends on them through the rules' settings, and the
// directory of each says which files it applies to.
func (o Options) hashConfig(h *cache.Hasher, files []string) {
	if o.Config == nil {
		return
	}
	seen := map[*config.File]bool{}
	for _, f := range files {
		c, err := o.Config.File(f)
		switch {
		case err != nil:
			h.AddString("config error " + err.Error())
		case c != nil && !seen[c]:
			seen[c] = true
			h.AddString("config " + c.Path)
			h.Add(c.Fingerprint())
		}
	}
}

// stored is a Result as the cache keeps it: positions are offsets into
// the files listed, whose line tables rebuild a FileSet.
type stored struct {
	Files       []storedFile
	Diagnostics []storedDiagnostic
	Problems    []Problem
	Read        int
	Digests     map[string]parsers.Digest // of the files diagnostics point into
}

type storedFile struct {
	Name  string
	Size  int
	Lines []int
}

type storedPos struct{ File, Offset int } // File -1: no position

type storedDiagnostic struct {
	Rule, Category, Message, URL string
	Pos, End                     storedPos
	Fixes                        []storedFix
	Related                      []storedRelated
}

type storedFix struct {
	Message string
	Edits   []storedEdit
}

type storedEdit struct {
	Pos, End storedPos
	NewText  []byte
}

type storedRelated struct {
	Pos, End storedPos
	Message  string
}

// encodeResult turns a result into cache data.
func encodeResult(res *Result) ([]byte, error) {
	s := stored{Problems: res.Problems, Read: res.Files, Digests: map[string]parsers.Digest{}}
	index := map[*token.File]int{}
	pos := func(p token.Pos) storedPos {
		tf := res.Fset.File(p)
		if tf == nil {
			return storedPos{File: -1}
		}
		i, ok := index[tf]
		if !ok {
			i = len(s.Files)
			index[tf] = i
			s.Files = append(s.Files, storedFile{Name: tf.Name(), Size: tf.Size(), Lines: tf.Lines()})
			if d, ok := res.Digests[tf.Name()]; ok {
				s.Digests[tf.Name()] = d
			}
		}
		return storedPos{File: i, Offset: tf.Offset(p)}
	}
	for _, d := range res.Diagnostics {
		sd := storedDiagnostic{Rule: d.Rule, Category: d.Category, Message: d.Message, URL: d.URL, Pos: pos(d.Pos), End: pos(d.End)}
		for _, f := range d.SuggestedFixes {
			sf := storedFix{Message: f.Message}
			for _, e := range f.TextEdits {
				sf.Edits = append(sf.Edits, storedEdit{Pos: pos(e.Pos), End: pos(e.End), NewText: e.NewText})
			}
			sd.Fixes = append(sd.Fixes, sf)
		}
		for _, r := range d.Related {
			sd.Related = append(sd.Related, storedRelated{Pos: pos(r.Pos), End: pos(r.End), Message: r.Message})
		}
		s.Diagnostics = append(s.Diagnostics, sd)
	}
	return json.Marshal(s)
}

// decodeResult rebuilds a result from cache data; ok is false for data
// that does not decode or does not hold together.
func decodeResult(fset *token.FileSet, data []byte) (res *Result, ok bool) {
	var s stored
	if json.Unmarshal(data, &s) != nil {
		return nil, false
	}
	res = &Result{Fset: fset, Problems: s.Problems, Files: s.Read, Digests: s.Digests}
	tfs := make([]*token.File, len(s.Files))
	for i, f := range s.Files {
		if f.Size < 0 || f.Size > parsers.MaxFileSize {
			return nil, false
		}
		tfs[i] = res.Fset.AddFile(f.Name, -1, f.Size)
		if !tfs[i].SetLines(f.Lines) {
			return nil, false
		}
	}
	valid := true
	pos := func(p storedPos) token.Pos {
		switch {
		case p.File == -1:
			return token.NoPos
		case p.File < 0 || p.File >= len(tfs) || p.Offset < 0 || p.Offset > tfs[p.File].Size():
			valid = false
			return token.NoPos
		}
		return tfs[p.File].Pos(p.Offset)
	}
	for _, sd := range s.Diagnostics {
		d := Diagnostic{Rule: sd.Rule, Diagnostic: analysis.Diagnostic{Pos: pos(sd.Pos), End: pos(sd.End),
			Category: sd.Category, Message: sd.Message, URL: sd.URL}}
		for _, sf := range sd.Fixes {
			f := analysis.SuggestedFix{Message: sf.Message}
			for _, e := range sf.Edits {
				f.TextEdits = append(f.TextEdits, analysis.TextEdit{Pos: pos(e.Pos), End: pos(e.End), NewText: e.NewText})
			}
			d.SuggestedFixes = append(d.SuggestedFixes, f)
		}
		for _, r := range sd.Related {
			d.Related = append(d.Related, analysis.RelatedInformation{Pos: pos(r.Pos), End: pos(r.End), Message: r.Message})
		}
		d.resolve(res.Fset)
		res.Diagnostics = append(res.Diagnostics, d)
	}
	return res, valid
}

// sameDigests reports whether the files the run read as fixable had the
// content that was hashed into its key: a file changed in between would
// store a result under a key it does not belong to.
func sameDigests(hashed, analyzed map[string]parsers.Digest) bool {
	for name, d := range analyzed {
		if h, ok := hashed[name]; !ok || h != d {
			return false
		}
	}
	return true
}

// withProblems adds problems met before the run (by the walk) to a result
// analyzed without them, in the order analyze gives them.
func withProblems(res *Result, problems []Problem) *Result {
	res.Problems = append(slices.Clone(problems), res.Problems...)
	sortProblems(res.Problems)
	return res
}
