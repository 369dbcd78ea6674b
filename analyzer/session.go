package analyzer

import (
	"bytes"
	"go/token"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"golang.org/x/tools/go/analysis"

	"github.com/flinklint/flinklint/internal/cache"
	"github.com/flinklint/flinklint/internal/config"
	"github.com/flinklint/flinklint/internal/filepaths"
	"github.com/flinklint/flinklint/parsers"
)

// Session analyzes the files under some paths again and again as an editor
// changes some of them: the language server's runs. It begins with a
// whole run (Options.Session); then Update analyzes again only the units
// that hold a changed file or parsed it on demand, and takes the findings
// of the other units from the runs before, so that a keystroke costs one
// unit, not the project.
//
// The findings of Update are those of a whole run, except where a change
// reaches across units in a way the survey does not record: a name a file
// newly declares, resolved by a rule in another unit that had not
// consulted the file; and files changed on disk since the whole run. The
// language server makes a whole run on a save, and when the changes
// settle (see its Options.Settle).
type Session struct {
	o         Options // the overlay of the whole run
	analyzers []*analysis.Analyzer
	w         *walker
	files     []string // in walk order, as the units hold them
	walked    []Problem
	fset      *token.FileSet
	survey    *parsers.Survey // nil: Update cannot analyze part of the files
	units     []unit
	roots     []string                    // of the files' modules (moduleRoots)
	effective map[string]config.Effective // the configuration of each file
	found     []unitFound                 // by unit
	overlay   map[string][]byte
	lowered   int // files lowered into fset since the whole run
}

// unitFound is what the rules found in one unit: their diagnostics and
// problems, and the files of other units their project consulted (parsed
// on demand, or read to decide it need not).
type unitFound struct {
	diags     []Diagnostic
	problems  []Problem
	consulted map[string]bool
}

// foundIn returns what the rules found in a unit, whose project it was.
func foundIn(diags []Diagnostic, problems []Problem, project *parsers.Result) unitFound {
	f := unitFound{diags: slices.Clone(diags), problems: slices.Clone(problems), consulted: map[string]bool{}}
	if project != nil {
		for _, path := range project.Consulted() {
			f.consulted[path] = true
		}
	}
	return f
}

// Session makes a whole run over paths, as Run, and returns it with the
// session that analyzes the files again as they change. The result cache
// is not read: a session needs the survey and the units of the files. The
// index of file states is read and written as by Run.
func (o Options) Session(paths []string, analyzers []*analysis.Analyzer) (*Session, *Result, error) {
	start := time.Now()
	w, roots, err := o.find(paths, analyzers)
	if err != nil {
		return nil, nil, err
	}
	if len(roots) > 0 { // files named one by one: a whole run each time
		res, err := o.Run(paths, analyzers)
		return &Session{}, res, err
	}
	s := &Session{o: o, analyzers: analyzers, w: w, files: w.files, walked: w.problems, overlay: maps.Clone(o.Overlay)}
	walked := time.Since(start)
	var states *fileStates
	if o.Cache != nil && o.ReadFile == nil {
		states = o.states(w.files, w.stats, start)
	}
	res, err := o.analyze(w.files, nil, analyzers, states, s, nil)
	if err != nil {
		return nil, nil, err
	}
	if states != nil {
		res.Warnings = append(res.Warnings, o.save(states)...)
	}
	res = withProblems(res, s.walked)
	res.Stats.Walk = walked
	s.effective = map[string]config.Effective{}
	if err := o.configure(res, s.effective); err != nil {
		return nil, nil, err
	}
	return s, res, nil
}

// addBuffers adds to the walk's files the buffers of overlay that are no
// file on disk (new files, unsaved) and that a walk of a directory of
// paths would take, in walk order, so that a unit holds each with its
// module.
func (w *walker) addBuffers(paths []string, overlay map[string][]byte) {
	for _, p := range slices.Sorted(maps.Keys(overlay)) {
		if slices.Contains(w.files, p) || !slices.ContainsFunc(paths, func(dir string) bool { return filepaths.Within(dir, p) && w.takes(dir, p) }) {
			continue
		}
		if _, err := os.Lstat(p); err == nil {
			continue // on disk, and passed over by the walk
		}
		i, _ := slices.BinarySearchFunc(w.files, p, walkOrder)
		w.files = slices.Insert(w.files, i, p)
		w.stats = slices.Insert(w.stats, i, cache.Stat{})
	}
}

// walkOrder compares paths in the order of a walk, which lists each
// directory's entries by name: "a/b" before "a.java".
func walkOrder(a, b string) int {
	sep := string(filepath.Separator)
	return strings.Compare(strings.ReplaceAll(a, sep, "\x00"), strings.ReplaceAll(b, sep, "\x00"))
}

// Update analyzes the files again with the buffers of overlay, which
// replaces the session's: a file whose buffer changed, was opened or was
// closed is surveyed again, and the units that hold it or consulted it
// are analyzed again. A buffer of a file the walk passed over (ignored,
// or in a build output) changes nothing. Update returns false, and the
// session is spent, when that is not enough: a change moves files between
// units, a buffer is of a file the session does not have (a new file,
// which the next whole run takes as a file of its directory, or a build
// file, which decides which keywords count), or the session has lowered
// files again past lowerBound, which its FileSet keeps. A whole run
// (Options.Session) is then the way on.
func (s *Session) Update(overlay map[string][]byte) (*Result, bool) {
	if s.survey == nil {
		return nil, false
	}
	o := s.o
	o.Overlay = overlay
	read := o.readFile()
	before := s.survey.Stats()
	redo := map[int]bool{}
	for _, path := range s.changed(overlay) {
		i := s.unitOf(path)
		if i < 0 && s.passedOver(path) {
			continue
		}
		src, err := read(path)
		if i < 0 || err != nil {
			s.survey = nil
			return nil, false
		}
		redo[i] = true
		for j, f := range s.found {
			if f.consulted[path] {
				redo[j] = true
			}
		}
		s.survey.Update(path, src)
	}
	if !slices.EqualFunc(s.units, units(s.files, s.roots, s.survey.Size, o.unitBytes()), sameFiles) || s.lowered > lowerBound(len(s.files)) {
		s.survey = nil
		return nil, false
	}
	s.overlay = maps.Clone(overlay) // the caller's map may change
	for _, i := range slices.Sorted(maps.Keys(redo)) {
		s.redo(o, i)
	}
	res := s.result(o)
	res.Stats.Stats = s.survey.Stats().Sub(before)
	res.Stats.Units = len(redo)
	return res, true
}

// changed returns the files whose buffers differ between the session's
// overlay and overlay, in order.
func (s *Session) changed(overlay map[string][]byte) []string {
	var out []string
	for path := range keysOf(s.overlay, overlay) {
		if a, b := s.overlay[path], overlay[path]; a == nil || b == nil || !bytes.Equal(a, b) {
			out = append(out, path)
		}
	}
	slices.Sort(out)
	return out
}

// passedOver reports whether the walk passed over the file at path, which
// is on disk and of a language flinklint reads: a change of its buffer
// changes nothing the session analyzes.
func (s *Session) passedOver(path string) bool {
	_, err := os.Lstat(path)
	return err == nil && s.w.want(path)
}

// redo analyzes unit i again. The problems of lowering its files, and of
// parsing others on demand, are kept with it (Survey.Mark), so that they
// replace those of the time before; the line tables of its files are
// dropped but those a finding of the session points into, as in a whole
// run.
func (s *Session) redo(o Options, i int) {
	u := s.units[i]
	res := &Result{Fset: s.fset}
	mark := s.survey.Mark()
	l := <-lowerAhead(s.fset, s.survey, u.files, o.readFile())
	problems, project := o.analyzeUnit(res, s.survey, l, u.files, s.analyzers, nil, o.readFile())
	problems = append(problems, s.survey.Since(mark)...)
	s.found[i] = foundIn(res.Diagnostics, problems, project)
	files := filesOf(project)
	s.lowered += len(files)
	var all []Diagnostic
	for _, f := range s.found {
		all = append(all, f.diags...)
	}
	(&lineReleaser{}).release(s.fset, files, all)
}

// result is the Result of the session's units as they stand.
func (s *Session) result(o Options) *Result {
	res := &Result{Fset: s.fset, Stats: Stats{Seen: len(s.files)}}
	problems := slices.Clone(s.walked)
	for _, f := range s.found {
		res.Diagnostics = append(res.Diagnostics, f.diags...)
		problems = append(problems, f.problems...)
	}
	for _, ig := range s.survey.Ignores() { // as if applied for the first time
		ig.Used = false
	}
	res = o.finish(res, s.survey, problems, s.analyzers)
	if err := o.configure(res, s.effective); err != nil { // a file the whole run did not read
		res.Problems = append(res.Problems, Problem{Message: err.Error()})
	}
	return res
}

// unitOf returns the unit that holds path, or -1.
func (s *Session) unitOf(path string) int {
	return slices.IndexFunc(s.units, func(u unit) bool { return slices.Contains(u.files, path) })
}

// lowerBound is how many files a session of n files may lower again
// before Update asks for a whole run: its FileSet keeps each, at about
// 150 bytes once its lines are dropped.
func lowerBound(n int) int { return 4*n + 10000 }

func sameFiles(a, b unit) bool { return slices.Equal(a.files, b.files) }

// keysOf returns the keys of both maps.
func keysOf(a, b map[string][]byte) map[string]bool {
	keys := map[string]bool{}
	for k := range a {
		keys[k] = true
	}
	for k := range b {
		keys[k] = true
	}
	return keys
}
