// Package analyzer is flinklint's driver: it finds a project's files, runs
// the rules over them as go/analysis passes and returns sorted diagnostics.
//
// It is a thin driver of its own rather than x/tools' checker, because a
// Flink project is not a Go package: checker.Analyze wants a
// *packages.Package with type information, runs every analyzer in its own
// goroutine and panics on a fix outside a registered file. Here the whole
// project is one pass (rules resolve names across files), analyzers run in
// dependency order, and a panicking rule becomes an error naming the rule
// instead of ending the run.
package analyzer

import (
	"cmp"
	"fmt"
	"go/token"
	"go/types"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"time"
	"unique"

	"golang.org/x/tools/go/analysis"

	"github.com/flinklint/flinklint/internal/cache"
	"github.com/flinklint/flinklint/internal/config"
	"github.com/flinklint/flinklint/internal/message"
	"github.com/flinklint/flinklint/parsers"
	"github.com/flinklint/flinklint/parsers/model"
)

// Problem is something that kept flinklint from reading a path or a file.
type Problem = parsers.Problem

// Diagnostic is one finding of a rule, with its positions resolved.
type Diagnostic struct {
	analysis.Diagnostic
	Rule     string
	Position token.Position
	EndPos   token.Position
	Evidence []Evidence // the Related locations, in their order
	// FoundAt is where the rule reported the finding when KeepTouching
	// moved it to a changed line of its evidence; zero otherwise.
	FoundAt token.Position
}

// Found is where the rule reported the finding: what a baseline matches,
// wherever an only-new run shows it.
func (d *Diagnostic) Found() token.Position {
	if d.FoundAt.IsValid() {
		return d.FoundAt
	}
	return d.Position
}

// Evidence is a location that supports a finding: the source a strategy
// feeds, the window, the setting.
type Evidence struct {
	Label            string
	Position, EndPos token.Position
}

// Text is the parts of the diagnostic's message: headline, help and note.
func (d *Diagnostic) Text() message.Parts { return message.Parse(d.Message) }

// resolve sets the diagnostic's positions from fset.
func (d *Diagnostic) resolve(fset *token.FileSet) {
	d.Position, d.EndPos = fset.Position(d.Pos), fset.Position(d.End)
	d.Evidence = slices.Grow([]Evidence(nil), len(d.Related)) // no room to spare: a run may hold many findings
	for _, r := range d.Related {
		d.Evidence = append(d.Evidence, Evidence{Label: r.Message, Position: fset.Position(r.Pos), EndPos: fset.Position(r.End)})
	}
}

// Result is the outcome of a run.
type Result struct {
	Fset        *token.FileSet
	Diagnostics []Diagnostic // sorted by file, line, column, rule
	Problems    []Problem    // sorted by file, line, column, message
	Files       int          // files read successfully (parsed or prefiltered out)

	// Digests identifies the content each fixable file had when it was
	// analyzed, by file name; -fix writes only files that still have it.
	Digests map[string]parsers.Digest

	Stats Stats
	// Warnings are notes about the run that concern no file: the cache
	// could not be written, say.
	Warnings []string
}

// Stats says where a run's files and time went.
type Stats struct {
	parsers.Stats
	Seen  int // files found that flinklint reads, by name
	Units int // units analyzed (see units): all of a run's, or those a Session.Update or a rerun with a cache analyzed again
	// UnitsReused are the units whose findings a rerun with a cache took
	// from the run before (see unitRuns): no rule ran there, so no job of
	// theirs was analyzed.
	UnitsReused int
	// Reused says the whole result came from the cache: no file changed
	// since a run with the same rules and build.
	Reused bool
	// Walk is the time taken to find the files; Parse that of the parse
	// pass (reading, prefiltering, parsing and indexing, on all workers);
	// Rules that of the rules, including the files they parsed on demand.
	Walk, Parse, Rules time.Duration
}

// InternalErrors reports whether a rule or a front end failed on some input
// (a bug in flinklint), so that part of the project went unanalyzed.
func (r *Result) InternalErrors() bool {
	return slices.ContainsFunc(r.Problems, func(p Problem) bool { return p.Internal })
}

// Run analyzes the Java, Scala, SQL and configuration files under paths
// with the analyzers.
// It fails only when the analyzers are invalid. Problems with single paths
// or files, and rules that fail (an error, a panic, a runaway recursion),
// are returned in the Result and the run goes on without them.
func Run(paths []string, analyzers []*analysis.Analyzer) (*Result, error) {
	return Options{}.Run(paths, analyzers)
}

// Options are the settings of a run; the zero value is the default.
type Options struct {
	Workers int // files parsed at once; 0 means one per CPU
	// Keywords is the prefilter of the parse (see parsers.Options): the
	// command line passes those of the rules it runs; nil parses every file.
	Keywords []string
	// Gated are prefilter words that count only for some files (see
	// parsers.Options.Gated).
	Gated []parsers.Gated
	// Cache, when not nil, keeps results between runs: a run over the same
	// files, with the same rules, options and flinklint, takes its result
	// from there (see resultcache.go). CacheSalt must identify what else
	// the result depends on: the flinklint build and its configuration.
	Cache     *cache.Cache
	CacheSalt []byte
	// Config is the configuration of the analyzed files, the result of
	// config.Analyzer for the rules that read settings; nil gives every file
	// the defaults. The configuration files are part of the cache's key.
	Config *config.Finder
	// Build, when not nil, is what reads the Flink versions the build
	// files name for the rules (rules.BuildVersions): a run with a cache
	// keeps what it found by the digests of the build files, and a run
	// whose build files are those of a run before recalls it instead of
	// reading and parsing them again.
	Build interface {
		Targets() []byte
		Recall([]byte)
	}
	// Overlay holds files as an editor has them, unsaved: the run reads
	// them instead of the files on disk. Unlike ReadFile, it keeps the
	// cache whole: the index of file states and the result cache take an
	// overlaid file by its content, not by the file's Stat.
	Overlay map[string][]byte
	// ReadFile reads the files to analyze; nil means parsers.ReadFile.
	// -diff analyzes the files it has fixed in memory through it.
	ReadFile func(path string) ([]byte, error)
	// UnitBytes bounds the memory of a run: its files are analyzed in
	// units of whole build modules, or parts of a larger one, holding
	// about this many bytes to parse up front (see units); 0 means
	// DefaultUnitBytes.
	UnitBytes int64
	// KnownRules are the ids of every rule flinklint has, run or not: a
	// flinklint:ignore directive naming a rule neither among them nor in
	// the run is reported as unknown (see applyIgnores). The command line
	// passes those of package rules; nil checks no directive's rule ids.
	KnownRules []string
	// UnitDone, when not nil, is called when the rules have checked a
	// unit, before it is released: the peak of the run's memory, for
	// -memprofile.
	UnitDone func()
}

// Run is Run with these options. With a configuration (o.Config), a
// configuration file that cannot be loaded fails the run before anything
// is analyzed, and the result is configured (see Configure).
func (o Options) Run(paths []string, analyzers []*analysis.Analyzer) (*Result, error) {
	res, err := o.run(paths, analyzers)
	if err == nil {
		err = o.Configure(res)
	}
	if err != nil {
		return nil, err
	}
	return res, nil
}

// checkConfig loads the configuration of each file, for its errors.
func (o Options) checkConfig(files []string) error {
	if o.Config == nil {
		return nil
	}
	for _, f := range files {
		if _, err := o.Config.File(f); err != nil {
			return err
		}
	}
	return nil
}

// find validates the analyzers, finds the files of a run over paths (and
// the buffers of the overlay that are not on disk yet) and checks their
// configuration. roots are the projects of files named one by one.
func (o Options) find(paths []string, analyzers []*analysis.Analyzer) (w *walker, roots []string, err error) {
	if err := validate(analyzers); err != nil {
		return nil, nil, err
	}
	w = &walker{want: func(p string) bool { return parsers.Lang(p) != 0 }, seen: map[fileID]bool{}}
	w.walk(paths)
	w.addBuffers(paths, o.Overlay)
	roots = contextRoots(paths, w.want)
	if err := o.checkConfig(w.files); err != nil {
		return nil, nil, err
	}
	return w, roots, nil
}

func (o Options) run(paths []string, analyzers []*analysis.Analyzer) (*Result, error) {
	start := time.Now()
	w, roots, err := o.find(paths, analyzers)
	if err != nil {
		return nil, err
	}
	if len(roots) == 0 {
		walked := time.Since(start)
		res, err := o.runFiles(w.files, w.stats, start, w.problems, analyzers)
		if res != nil {
			res.Stats.Walk = walked
		}
		return res, err
	}
	// Files named one by one (a pre-commit hook passes the changed ones) are
	// analyzed with the rest of their project, so that a finding that needs
	// another file comes out as in a whole-project run; only the findings
	// the paths given touch, themselves or through their evidence, are
	// reported (see KeepTouching).
	given, stats, problems := w.files, w.stats, w.problems
	w.files, w.stats, w.problems = nil, nil, nil
	w.walk(roots)
	context := map[string]bool{}
	for _, f := range w.files {
		context[f] = true
	}
	walked := time.Since(start)
	res, err := o.runFiles(append(given, w.files...), append(stats, w.stats...), start, problems, analyzers)
	if err != nil {
		return nil, err
	}
	res.Stats.Walk = walked
	res.KeepTouching(func(path string, from, _ int) int {
		if context[path] {
			return 0
		}
		return from
	})
	res.Problems = slices.DeleteFunc(res.Problems, func(p Problem) bool { return context[p.Pos.Filename] })
	return res, nil
}

// runFiles analyzes the given files, or takes the result from the cache;
// problems are carried into the Result. stats are those of the files as
// the walk that began at walked found them, for the index of file states.
//
// A run with its own ReadFile (-diff's fixed files) takes nothing from
// the result cache, nor the index of file states: they know the files on
// disk. Its models are still cached, by content.
func (o Options) runFiles(files []string, stats []cache.Stat, walked time.Time, problems []Problem, analyzers []*analysis.Analyzer) (*Result, error) {
	if o.Cache == nil || o.ReadFile != nil {
		return o.analyze(files, problems, analyzers, nil, nil, nil)
	}
	start := time.Now()
	states := o.states(files, stats, walked)
	// A first run here (no index of file states) finds no result: it takes
	// the files' digests from the parse's survey (fileStates.remember)
	// instead of reading them twice, when the survey reads them from disk.
	first := states.ix.Empty()
	var keys runKeys
	var digests map[string]parsers.Digest
	reuse := &unitRuns{states: states}
	if !first {
		o.read(states)
		keys, digests = o.resultKey(states, analyzers)
		if data, ok := o.Cache.Get(keys.result); ok {
			if res, ok := decodeResult(token.NewFileSet(), data); ok {
				res.Stats = Stats{Seen: len(files), Reused: true, Parse: time.Since(start)}
				res.Stats.Cached = len(files)
				res.Warnings = o.save(states)
				return withProblems(res, problems), nil
			}
		}
		reuse.setting = &keys.setting
	}
	if o.Build != nil && !first {
		if data, ok := o.Cache.Get(keys.build); ok {
			o.Build.Recall(data)
		}
	}
	// The walk's problems are not the files': they are added to the result
	// after it is stored, as they are to a stored one.
	res, err := o.analyze(files, nil, analyzers, states, nil, reuse)
	if err != nil {
		return nil, err
	}
	if first {
		o.read(states) // the files the survey did not read
		keys, digests = o.resultKey(states, analyzers)
	}
	storable := !res.InternalErrors() && sameDigests(digests, res.Digests)
	if storable {
		reuse.save(o.Cache, keys.setting) // like the index, a failure costs the next run only time
	}
	res.Warnings = append(res.Warnings, o.save(states)...)
	if o.Build != nil {
		if data := o.Build.Targets(); data != nil {
			_ = o.Cache.Put(keys.build, data) // like the index, a failure costs the next run only time
		}
	}
	if storable {
		data, err := encodeResult(res)
		if err == nil {
			err = o.Cache.Put(keys.result, data)
		}
		if err != nil {
			res.Warnings = append(res.Warnings, "cannot write the cache, the next run will not be faster: "+err.Error())
		}
	}
	return withProblems(res, problems), nil
}

// analyze runs the analyzers over the files, a unit at a time. With the
// states of the files (a run with a cache, reading from disk), the survey
// takes what it learns of an unchanged file from the index of file states
// instead of reading the file, and records there what it reads. With a
// session, it keeps what each unit found there (see Session); with reuse,
// it takes what a unit found from the run before when it can, and keeps
// what each unit it analyzes finds for the next (see unitRuns).
func (o Options) analyze(files []string, problems []Problem, analyzers []*analysis.Analyzer, states *fileStates, keep *Session, reuse *unitRuns) (*Result, error) {
	res := &Result{Fset: token.NewFileSet(), Stats: Stats{Seen: len(files)}}
	var survey *parsers.Survey
	unitsOf := []unit{{files: files}}
	budget := o.unitBytes()
	var roots []string
	if requires(analyzers, parsers.Analyzer) {
		po := parsers.Options{Workers: o.Workers, Keywords: o.Keywords, Gated: o.Gated, Cache: o.Cache, CacheSalt: o.CacheSalt}
		if states != nil {
			po.Recall, po.Remember = states.recall, states.remember
		}
		survey = po.Survey(files, o.readFile())
		isRoot := isModuleRoot
		if states != nil {
			if cwd, err := os.Getwd(); err == nil {
				isRoot = states.moduleRoot(cwd)
			}
		}
		roots = moduleRoots(files, isRoot)
		unitsOf = units(files, roots, survey.Size, budget)
	}
	if survey == nil || len(unitsOf) < 2 {
		reuse = nil // a run of one unit has nothing to reuse that its result would not hold
	}
	todo := unitsOf
	if reuse != nil {
		todo, problems = reuse.recall(o.Cache, res, survey, unitsOf, problems)
	}
	// A unit is lowered while the rules check the one before it, so that
	// the second core is not idle while they run, unless the two together
	// hold more files to parse than the largest unit or two units' worth:
	// the peak of memory stays that of the largest unit or about two.
	ahead := 2 * budget
	for _, u := range todo {
		ahead = max(ahead, u.size)
	}
	var next <-chan lowering
	var lines lineReleaser
	for i, u := range todo {
		var l lowering
		if survey != nil {
			if next == nil {
				next = lowerAhead(res.Fset, survey, u.files, o.readFile())
			}
			l, next = <-next, nil
			if i+1 < len(todo) && u.size+todo[i+1].size <= ahead {
				next = lowerAhead(res.Fset, survey, todo[i+1].files, o.readFile())
			}
		}
		found, before := len(res.Diagnostics), len(problems)
		var project *parsers.Result
		if reuse != nil {
			problems, project = reuse.analyze(o, res, survey, l, u, analyzers, problems)
		} else {
			problems, project = o.analyzeUnit(res, survey, l, u.files, analyzers, problems, o.readFile())
		}
		if keep != nil {
			keep.found = append(keep.found, foundIn(res.Diagnostics[found:], problems[before:], project))
		}
		if o.UnitDone != nil {
			o.UnitDone()
		}
		if i < len(todo)-1 { // the last unit's lines cost no later unit its memory
			lines.release(res.Fset, filesOf(project), res.Diagnostics)
		}
	}
	res.Stats.Units, res.Stats.UnitsReused = len(todo), len(unitsOf)-len(todo)
	if keep != nil {
		keep.fset, keep.survey, keep.units, keep.roots = res.Fset, survey, unitsOf, roots
	}
	return o.finish(res, survey, problems, analyzers), nil
}

func (o Options) unitBytes() int64 { return cmp.Or(o.UnitBytes, DefaultUnitBytes) }

// finish completes the result of a run whose rules found res.Diagnostics
// and problems: the survey's problems and digests are added, and the
// flinklint:ignore directives applied.
func (o Options) finish(res *Result, survey *parsers.Survey, problems []Problem, analyzers []*analysis.Analyzer) *Result {
	if survey != nil {
		problems = append(problems, survey.Problems()...)
		res.Digests = survey.Digests()
		res.Stats.Stats = survey.Stats()
		res.Files = res.Stats.Read
		res.Diagnostics, problems = applyIgnores(res.Diagnostics, survey.Ignores(), analyzers, o.KnownRules, problems)
	}
	sortProblems(problems)
	// A file parsed in several units (up front in its own, on demand in
	// others) may have the same problem or finding in each.
	res.Problems = slices.Compact(problems)
	slices.SortStableFunc(res.Diagnostics, compareDiagnostics)
	// A rule that reaches one place by many paths (a helper's SQL read by
	// every caller), or from several units, reports it once.
	res.Diagnostics = slices.CompactFunc(res.Diagnostics, func(a, b Diagnostic) bool {
		return a.Position == b.Position && a.EndPos == b.EndPos && a.Rule == b.Rule && a.Message == b.Message
	})
	return res
}

// compareDiagnostics orders diagnostics by file, line, column, rule and
// message, the order of a Result.
func compareDiagnostics(a, b Diagnostic) int {
	return cmp.Or(
		cmp.Compare(a.Position.Filename, b.Position.Filename),
		cmp.Compare(a.Position.Line, b.Position.Line),
		cmp.Compare(a.Position.Column, b.Position.Column),
		cmp.Compare(a.Rule, b.Rule),
		cmp.Compare(a.Message, b.Message),
	)
}

// lowering is a unit's files lowered ahead (parsers.Survey.Lower), or the
// panic that stopped it, and the time it took.
type lowering struct {
	lowered parsers.Lowered
	err     error
	took    time.Duration
}

// lowerAhead lowers the files of a unit in the background.
func lowerAhead(fset *token.FileSet, survey *parsers.Survey, files []string, readFile func(string) ([]byte, error)) <-chan lowering {
	out := make(chan lowering, 1)
	go func() {
		start := time.Now()
		lowered, err := guarded(func() (parsers.Lowered, error) { return survey.Lower(fset, files, readFile), nil })
		out <- lowering{lowered, err, time.Since(start)}
	}()
	return out
}

// analyzeUnit runs the analyzers over the files of one unit, lowered in l,
// adding their findings to res; it returns problems with those of the unit
// added, and the unit's project, nil if it has none (no parse, or one
// that failed). read reads files for the rules and for the parse on demand.
func (o Options) analyzeUnit(res *Result, survey *parsers.Survey, l lowering, files []string, analyzers []*analysis.Analyzer, problems []Problem, read func(string) ([]byte, error)) ([]Problem, *parsers.Result) {
	results := map[*analysis.Analyzer]any{}
	pkg := types.NewPackage("flinklint/project", "project")
	failed := map[*analysis.Analyzer]bool{}
	sp := &speller{readFile: read}
	var visit func(a *analysis.Analyzer) any
	visit = func(a *analysis.Analyzer) any {
		if r, ok := results[a]; ok || failed[a] {
			return r
		}
		resultOf := map[*analysis.Analyzer]any{}
		for _, req := range a.Requires {
			resultOf[req] = visit(req)
			if failed[req] {
				failed[a] = true
				problems = append(problems, Problem{Internal: true, Message: fmt.Sprintf("rule %s not run: %s failed", a.Name, req.Name)})
				return nil
			}
		}
		pass := &analysis.Pass{
			Analyzer:   a,
			Fset:       res.Fset,
			OtherFiles: files,
			Pkg:        pkg,
			TypesInfo:  &types.Info{},
			TypesSizes: types.SizesFor("gc", "amd64"),
			ResultOf:   resultOf,
			ReadFile:   read,
			Report: func(d analysis.Diagnostic) {
				sp.spell(&d, res.Fset.Position(d.Pos).Filename)
				// One string of each message, as rules say the same of
				// job after job: 100,000 jobs hold 3,250 messages, not 48,104.
				d.Message = unique.Make(d.Message).Value()
				found := Diagnostic{Diagnostic: d, Rule: a.Name}
				found.resolve(res.Fset)
				res.Diagnostics = append(res.Diagnostics, found)
			},
		}
		run := a.Run
		switch a {
		case parsers.Analyzer: // the parse is the driver's: the unit's files, lowered ahead, make its project
			res.Stats.Parse += l.took
			run = func(pass *analysis.Pass) (any, error) {
				if l.err != nil {
					return nil, l.err
				}
				return survey.Project(pass, l.lowered), nil
			}
		case config.Analyzer:
			run = func(*analysis.Pass) (any, error) { return o.Config, nil }
		}
		start := time.Now()
		r, err := runPass(pass, run)
		if a == parsers.Analyzer {
			res.Stats.Parse += time.Since(start)
		} else {
			res.Stats.Rules += time.Since(start)
		}
		if err != nil {
			failed[a] = true
			problems = append(problems, Problem{Internal: true, Message: fmt.Sprintf("rule %s: %v; its findings may be incomplete", a.Name, err)})
			return nil
		}
		results[a] = r
		return r
	}
	for _, a := range analyzers {
		visit(a)
	}
	project, _ := results[parsers.Analyzer].(*parsers.Result)
	return problems, project
}

// filesOf returns the files of a unit's project: those parsed up front,
// then those parsed on demand.
func filesOf(project *parsers.Result) []*model.File {
	if project == nil {
		return nil
	}
	return project.Files()
}

// lineReleaser drops the line tables of the files of finished units,
// except those findings point into: the FileSet outlives the units, and
// the lines are most of what it holds of a file. The findings' positions
// are resolved already; offsets, which fixes use, need no lines.
type lineReleaser struct {
	keep   map[*token.File]bool // the files findings point into
	marked int                  // the findings whose files are in keep
}

// release drops the lines of files, a finished unit's, except those that
// a finding of found points into. found is every finding so far, not only
// this unit's: a file parsed on demand is lent to later units (parsers'
// kept models), which must not drop the lines an earlier finding points
// into. Only the findings added since the last call are marked, so that a
// run of many units does not go over all its findings after each.
func (r *lineReleaser) release(fset *token.FileSet, files []*model.File, found []Diagnostic) {
	if r.keep == nil {
		r.keep = map[*token.File]bool{}
	}
	mark := func(p token.Pos) {
		if p.IsValid() {
			r.keep[fset.File(p)] = true
		}
	}
	for _, d := range found[r.marked:] {
		mark(d.Pos)
		for _, f := range d.SuggestedFixes {
			for _, e := range f.TextEdits {
				mark(e.Pos)
			}
		}
		for _, rel := range d.Related {
			mark(rel.Pos)
		}
	}
	r.marked = len(found)
	for _, f := range files {
		if tf := f.Token; tf != nil && !r.keep[tf] && tf.LineCount() > 1 {
			tf.SetLines([]int{0})
		}
	}
}

// Reader returns what reads the files of a run: the overlay, then
// ReadFile or parsers.ReadFile; for what reads files beside the run, such
// as rules.Gated.
func (o Options) Reader() func(string) ([]byte, error) { return o.readFile() }

// readFile returns what reads the files of the run: the overlay, then
// o.ReadFile or parsers.ReadFile.
func (o Options) readFile() func(string) ([]byte, error) {
	read := parsers.ReadFile
	if o.ReadFile != nil {
		read = o.ReadFile
	}
	if o.Overlay == nil {
		return read
	}
	return func(path string) ([]byte, error) {
		if text, ok := o.Overlay[path]; ok {
			return text, nil
		}
		return read(path)
	}
}

// requires reports whether one of analyzers is want or requires it.
func requires(analyzers []*analysis.Analyzer, want *analysis.Analyzer) bool {
	for _, a := range analyzers {
		if a == want || requires(a.Requires, want) {
			return true
		}
	}
	return false
}

func sortProblems(ps []Problem) {
	slices.SortStableFunc(ps, func(a, b Problem) int {
		return cmp.Or(cmp.Compare(a.Pos.Filename, b.Pos.Filename), cmp.Compare(a.Pos.Line, b.Pos.Line),
			cmp.Compare(a.Pos.Column, b.Pos.Column), cmp.Compare(a.Message, b.Message))
	})
}

// runPass runs one analyzer; a panic becomes its error. A runaway
// recursion is a fatal stack overflow in Go, not a panic: the rules'
// walks are depth-bounded for that reason.
func runPass(pass *analysis.Pass, run func(*analysis.Pass) (any, error)) (any, error) {
	return guarded(func() (any, error) { return run(pass) })
}

// guarded calls f; a panic becomes its error, naming the code that
// panicked.
func guarded[T any](f func() (T, error)) (r T, err error) {
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("internal error: %v (at %s)", p, panicSite())
		}
	}()
	return f()
}

// panicSite returns the function and line that panicked, the frame below
// the runtime's, for the one line a problem gets.
func panicSite() string {
	pcs := make([]uintptr, 32)
	frames := runtime.CallersFrames(pcs[:runtime.Callers(3, pcs)])
	for {
		f, more := frames.Next()
		if !strings.HasPrefix(f.Function, "runtime.") {
			return fmt.Sprintf("%s %s:%d", f.Function, filepath.Base(f.File), f.Line)
		}
		if !more {
			return "unknown"
		}
	}
}

// validate checks the analyzer graph like analysis.Validate, except for
// the rule on names: analysis.Validate wants Go identifiers, while rule ids
// are kebab-case (global-window-no-trigger), the convention of linters'
// command lines, docs and SARIF. Facts are not supported: the whole project
// is a single pass, so there is nothing to carry between passes.
func validate(analyzers []*analysis.Analyzer) error {
	const (
		visiting = 1
		done     = 2
	)
	state := map[*analysis.Analyzer]int{}
	names := map[string]bool{}
	var visit func(a *analysis.Analyzer) error
	visit = func(a *analysis.Analyzer) error {
		switch state[a] {
		case visiting:
			return fmt.Errorf("analyzer %s requires itself", a.Name)
		case done:
			return nil
		}
		switch {
		case a.Name == "" || a.Doc == "" || a.Run == nil:
			return fmt.Errorf("analyzer %q needs a Name, a Doc and a Run", a.Name)
		case names[a.Name]:
			return fmt.Errorf("two analyzers are named %s", a.Name)
		case len(a.FactTypes) > 0:
			return fmt.Errorf("analyzer %s uses facts, which flinklint does not support", a.Name)
		}
		names[a.Name] = true
		state[a] = visiting
		for _, req := range a.Requires {
			if err := visit(req); err != nil {
				return err
			}
			if req.ResultType == nil {
				return fmt.Errorf("analyzer %s requires %s, which has no ResultType", a.Name, req.Name)
			}
		}
		state[a] = done
		return nil
	}
	for _, a := range analyzers {
		if err := visit(a); err != nil {
			return err
		}
	}
	return nil
}
