// Package parsers turns a project's source files into the job model.
//
// Its Analyzer is the first pass of every run: it prefilters the files by
// keyword, parses the rest in parallel (one tree-sitter parser per worker),
// lowers each tree into the language-neutral model and closes the tree at
// once. Rules Require it and read the *model.Project it returns.
package parsers

import (
	"bytes"
	"cmp"
	"crypto/sha256"
	"errors"
	"fmt"
	"go/token"
	"io/fs"
	"maps"
	"path/filepath"
	"reflect"
	"runtime"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"
	"unicode/utf8"

	"github.com/sourcegraph/conc/pool"
	"golang.org/x/tools/go/analysis"

	"github.com/flinklint/flinklint/internal/cache"
	"github.com/flinklint/flinklint/parsers/flinkconf"
	"github.com/flinklint/flinklint/parsers/internal/keywords"
	"github.com/flinklint/flinklint/parsers/internal/lowering"
	"github.com/flinklint/flinklint/parsers/java"
	"github.com/flinklint/flinklint/parsers/model"
	"github.com/flinklint/flinklint/parsers/python"
	"github.com/flinklint/flinklint/parsers/scala"
	"github.com/flinklint/flinklint/parsers/sql"
)

// Analyzer parses the files of the pass (its OtherFiles) into a
// *model.Project.
var Analyzer = &analysis.Analyzer{
	Name:       "jobmodel",
	Doc:        "parse Java, Scala and Flink SQL files and Flink configuration into flinklint's job model",
	Run:        run,
	ResultType: reflect.TypeFor[*Result](),
}

// Result is what the Analyzer computes: the model of the files of its
// pass, and the Survey of the run they belong to.
type Result struct {
	*model.Project
	*Survey
	consulted map[string]bool
}

// Consulted returns the files outside the pass that the project parsed on
// demand, or whose text it read to decide it need not: what its findings
// may depend on besides the files of the pass. A driver that analyzes a
// unit again when one of them changes (analyzer.Session) reads it.
func (r *Result) Consulted() []string { return slices.Sorted(maps.Keys(r.consulted)) }

// Survey is what reading the files of a run learns besides their models:
// which files the prefilter passes, the types and methods each Java and
// Scala file declares, and the problems, directives, digests and counts of
// the whole run. A driver that analyzes a large run in units (one Parse
// per unit) surveys its files once, so that a name declared in another
// unit still resolves: the file that declares it is parsed on demand.
type Survey struct {
	opts     Options
	filter   *prefilter
	passed   map[string]passedFile // files to parse up front
	declared model.Pending         // what every Java, Scala and Python file read declares
	declSum  declSum               // of declared, by file (see Declarations)
	kept     kept                  // models parsed on demand, for the next units
	mu       sync.Mutex
	problems []Problem
	ignores  []*Ignore
	// digests are those of the files of the run by number, where
	// editable says they are the digest of the file's text, and reread
	// those of files read again to be parsed, where they differ (the
	// zero Digest when the text read again is not its bytes): a run may
	// read 100,000 files, and a map by path took three times the space
	// of the digests alone.
	digests  []Digest
	editable []bool
	reread   map[string]Digest
	// parsedAsSurveyed says a file was read again to be parsed with the
	// bytes the survey read (reread then holds nothing of it).
	parsedAsSurveyed []bool
	stats            counters
}

// passedFile is a file the survey passes, to parse up front.
type passedFile struct {
	size int64 // at least 1
	file int32 // its number in the paths of the survey
}

// Stats counts what a parse did, for the command line's -stats.
type Stats struct {
	Read        int   // files read successfully, parsed or not (Recalled included)
	Recalled    int   // files of Read not read: their survey records were unchanged (Options.Recall)
	Bytes       int64 // their size
	Prefiltered int   // Java, Scala and Python files the prefilter passed over
	Parsed      int   // files parsed up front (SQL and configuration files included)
	Loaded      int   // files parsed on demand, when a rule resolved a name they declare
	Lent        int   // files parsed on demand by an earlier unit, whose models it lent (see kept)
	Skipped     int   // files left out: unreadable, binary, not parseable or too complex
	Cached      int   // files whose result or model came from the cache
	// The text of the Java, Scala, Python and SQL files parsed up front and
	// on demand (from the cache or not): what the prefilter is to keep small,
	// for parsing is most of a run's time.
	ParsedBytes, LoadedBytes int64
	// Read and prefilter, and parse and lower, summed over the workers;
	// Index is the time taken to index the project and read the SQL and
	// settings in its code; Load that of parsing files on demand, when the
	// parse pass or a rule resolves a name (part of ParseTime).
	ReadTime, ParseTime, IndexTime, LoadTime time.Duration
}

// Sub returns the counts of s since the Stats before.
func (s Stats) Sub(before Stats) Stats {
	return Stats{
		Read: s.Read - before.Read, Recalled: s.Recalled - before.Recalled, Bytes: s.Bytes - before.Bytes,
		Prefiltered: s.Prefiltered - before.Prefiltered, Parsed: s.Parsed - before.Parsed, Loaded: s.Loaded - before.Loaded,
		Lent: s.Lent - before.Lent, Skipped: s.Skipped - before.Skipped, Cached: s.Cached - before.Cached,
		ParsedBytes: s.ParsedBytes - before.ParsedBytes, LoadedBytes: s.LoadedBytes - before.LoadedBytes,
		ReadTime: s.ReadTime - before.ReadTime, ParseTime: s.ParseTime - before.ParseTime,
		IndexTime: s.IndexTime - before.IndexTime, LoadTime: s.LoadTime - before.LoadTime,
	}
}

// counters are the Stats, updated by concurrent workers.
type counters struct {
	read, recalled, prefiltered, parsed, loaded, lent, skipped, cached        atomic.Int64
	bytes, parsedBytes, loadedBytes, readTime, parseTime, indexTime, loadTime atomic.Int64
}

// Stats returns the counts so far; Loaded grows as rules resolve names.
func (r *Survey) Stats() Stats {
	c := &r.stats
	return Stats{
		Read: int(c.read.Load()), Recalled: int(c.recalled.Load()), Bytes: c.bytes.Load(), Prefiltered: int(c.prefiltered.Load()),
		Parsed: int(c.parsed.Load()), Loaded: int(c.loaded.Load()), Lent: int(c.lent.Load()), Skipped: int(c.skipped.Load()), Cached: int(c.cached.Load()),
		ParsedBytes: c.parsedBytes.Load(), LoadedBytes: c.loadedBytes.Load(),
		ReadTime: time.Duration(c.readTime.Load()), ParseTime: time.Duration(c.parseTime.Load()),
		IndexTime: time.Duration(c.indexTime.Load()), LoadTime: time.Duration(c.loadTime.Load()),
	}
}

// Digests returns, for each file read whose text is its bytes (with at
// most a UTF-8 byte-order mark dropped), the digest of those bytes: of
// the text it was parsed from, or the survey read when it was not read
// again; none when it was parsed from two texts (see readAgain). Only
// these files may be fixed. It makes a new map each call.
func (r *Survey) Digests() map[string]Digest {
	r.mu.Lock()
	defer r.mu.Unlock()
	out := map[string]Digest{}
	for i, d := range r.digests {
		if r.editable[i] {
			out[r.declared.Paths[i]] = d
		}
	}
	for path, d := range r.reread {
		if d == (Digest{}) {
			delete(out, path) // read again as text that is not its bytes, or parsed from two texts
		} else {
			out[path] = d
		}
	}
	return out
}

// Ignores returns the flinklint:ignore directives of the files read.
func (r *Survey) Ignores() []*Ignore {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.ignores
}

// Problem is something that kept flinklint from reading a file, or part of
// it. It is not a finding about the job.
type Problem struct {
	Pos      token.Position // Filename set unless the problem is a rule's; Line when known
	Message  string
	Internal bool // a bug in flinklint: a panic in a front end or a rule
}

func (p Problem) String() string {
	if p.Pos.Filename == "" {
		return p.Message
	}
	if p.Pos.Line > 0 {
		return fmt.Sprintf("%s: %s", p.Pos, p.Message)
	}
	return fmt.Sprintf("%s: %s", p.Pos.Filename, p.Message)
}

// Problems returns the problems met so far, in no particular order: the
// driver sorts them with those it met itself.
func (r *Survey) Problems() []Problem {
	r.mu.Lock()
	defer r.mu.Unlock()
	return slices.Clone(r.problems)
}

// Mark returns a mark of the problems met so far, and Since removes and
// returns those met after it. A driver that lowers and checks a unit
// again (analyzer.Session) keeps the problems of each time with the unit,
// so that they replace those of the time before instead of adding up.
func (r *Survey) Mark() int {
	r.mu.Lock()
	defer r.mu.Unlock()
	return len(r.problems)
}

// Since removes and returns the problems met after mark (see Mark).
func (r *Survey) Since(mark int) []Problem {
	r.mu.Lock()
	defer r.mu.Unlock()
	since := slices.Clone(r.problems[mark:])
	r.problems = r.problems[:mark]
	return since
}

func (r *Survey) add(ps ...Problem) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.problems = append(r.problems, ps...)
}

// held are the problems of files a worker parses for a unit, kept aside
// until the unit's project is made (see Lowered): a unit is lowered while
// the one before it is checked, and a driver that keeps each unit's
// problems apart (Mark) must not see them in the other's.
type held struct {
	mu       sync.Mutex
	problems []Problem
}

func (h *held) add(p Problem) {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.problems = append(h.problems, p)
}

// add records a problem of a file the worker reads: among its held
// problems when it has them, else the survey's.
func (w *worker) add(p Problem) {
	if w.held != nil {
		w.held.add(p)
		return
	}
	w.res.add(p)
}

func (w *worker) problem(path string, line int, format string, args ...any) {
	w.add(Problem{Pos: token.Position{Filename: path, Line: line}, Message: fmt.Sprintf(format, args...)})
}

// Lang returns the language of a file by its name, 0 for files flinklint
// does not read.
func Lang(path string) model.Lang {
	switch filepath.Ext(path) {
	case ".java":
		return model.Java
	case ".scala", ".sc":
		return model.Scala
	case ".py":
		return model.Python
	case ".sql":
		return model.SQL
	case ".yaml", ".yml":
		return model.Config // if flinkconf.Detect recognizes it
	}
	return 0
}

func run(pass *analysis.Pass) (any, error) { return Options{}.Parse(pass) }

// Options are the settings of a parse; the zero value parses every file
// with one worker per CPU.
type Options struct {
	Workers int // files parsed at once; 0 means one per CPU
	// Keywords, when not nil, are the prefilter: a Java, Scala or Python file none
	// of them occurs in is not parsed up front, only when a rule resolves
	// a name it declares. Each rule lists the words without which a file
	// cannot hold what it reports on or starts from (rules.Rule.Keywords);
	// most files of a project hold none, and parsing is the cost of a run.
	// A keyword with a leading "." counts only in the name of a method
	// called on something (".indow(" in ks.window(, not in def window().
	// SQL and configuration files are always read.
	Keywords []string
	// Gated are more prefilter words, each group counting for a file only
	// where its For says so: a rule that reports only on projects that
	// target Flink 2.x has its words count there alone.
	Gated []Gated
	// Cache, when not nil, keeps the lowered model of each Java, Scala and Python
	// file, keyed by CacheSalt (which identifies the flinklint build), the
	// file's path and its content: a file unchanged since a run parsed it
	// is decoded (model.DecodeFile), several times faster than parsing.
	Cache     *cache.Cache
	CacheSalt []byte
	// Remember, when not nil, is called by the survey with each file of
	// its paths it read: paths[i], the digest of its bytes, and its survey
	// record (nil for a file whose record would be too large), for Recall
	// to return in a later run. It is called from several goroutines.
	// Remember and Recall name a file by its index i in the paths given to
	// Survey: they must be made for exactly those paths.
	Remember func(i int, digest Digest, record []byte)
	// Recall, when not nil, returns what Remember was given for paths[i]
	// in an earlier run, when the file is unchanged since: the survey then
	// takes its outcome from the record instead of reading the file. A
	// record of other keywords or another build is ignored. Files that the
	// survey passes are still read, to be parsed.
	Recall func(i int) (digest Digest, record []byte, ok bool)
}

// Parse is the Analyzer's run with these options, for drivers that set
// them: it surveys the files of the pass and parses them as one unit.
func (o Options) Parse(pass *analysis.Pass) (*Result, error) {
	return o.Survey(pass.OtherFiles, pass.ReadFile).Parse(pass)
}

// Survey reads every file once, or recalls its record (Options.Recall):
// it records the problems, directives and digests of the files, runs the
// keyword prefilter, and scans each Java and Scala file for the names it
// declares.
func (o Options) Survey(paths []string, readFile func(string) ([]byte, error)) *Survey {
	filter := newPrefilter(o.Keywords, o.Gated, o.CacheSalt)
	s := &Survey{opts: o, filter: filter, passed: map[string]passedFile{}, digests: make([]Digest, len(paths)),
		editable: make([]bool, len(paths)), reread: map[string]Digest{}, parsedAsSurveyed: make([]bool, len(paths)), declared: model.Pending{Paths: paths}}
	// Each file's names go into the index as soon as it is read, so that
	// what the survey keeps is the index alone: each name once, and a
	// file number per file that declares it; or, for a file of more than
	// exactNames names, a filter of its own.
	var mu sync.Mutex
	s.each(nil, len(paths), func(w *worker, i int) {
		defer w.recoverFile(paths[i])
		r, pass := w.survey(i, paths[i], readFile, filter)
		if r == nil || r.binary {
			return
		}
		mu.Lock()
		defer mu.Unlock()
		if pass {
			s.passed[paths[i]] = passedFile{size: max(int64(r.size), 1), file: int32(i)}
		}
		s.declSum.add(paths[i], r)
		if r.filter != nil {
			s.declared.Filters = append(s.declared.Filters, r.filter)
			return
		}
		for _, name := range r.types {
			s.declared.Types.Add(name, int32(i))
		}
		for _, name := range r.methods {
			s.declared.Methods.Add(name, int32(i))
		}
	})
	s.declared.Types.Sort()
	s.declared.Methods.Sort()
	slices.SortFunc(s.declared.Filters, func(a, b *model.Filter) int { return cmp.Compare(a.File, b.File) })
	return s
}

// exactNames is the most names a file is indexed by exactly. Indexed
// so, a name takes about 80 bytes, and a file of 512 about as much as a
// filter of many names (model.NewFilter).
const exactNames = 512

// names are the names of the types and methods a file declares, each
// once, sorted: slices of its text.
type names struct{ types, methods [][]byte }

// scan sets n to the names that the text src of path declares, reusing
// n's space. typeNames calls its add with the names of the types, as
// DeclaredNames does.
func (n *names) scan(path string, src []byte, typeNames func(add func(name []byte))) {
	n.types, n.methods = n.types[:0], n.methods[:0]
	typeNames(func(name []byte) { n.types = append(n.types, name) })
	DeclaredMethods(src, func(name []byte) { n.methods = append(n.methods, name) })
	if Lang(path) == model.Python { // a module is a class; names are in the model's spelling
		n.types = append(n.types, []byte(python.ModuleName(path)))
		for i, m := range n.methods {
			if bytes.IndexByte(m, '_') >= 0 {
				n.methods[i] = []byte(model.Camel(string(m)))
			}
		}
	}
	n.types, n.methods = distinct(n.types), distinct(n.methods)
}

// filter returns a filter of n, the names of file number file.
func (n *names) filter(file int32) *model.Filter {
	f := model.NewFilter(file, len(n.types)+len(n.methods))
	for _, name := range n.types {
		f.AddType(name)
	}
	for _, name := range n.methods {
		f.AddMethod(name)
	}
	return f
}

// declares says whether the text src of path declares a type (or a
// method) named name.
func declares(path string, src []byte, method bool, name string) bool {
	var n names
	n.scan(path, src, func(add func([]byte)) { DeclaredNames(src, add) })
	list := n.types
	if method {
		list = n.methods
	}
	_, found := slices.BinarySearchFunc(list, name, func(b []byte, name string) int { return strings.Compare(string(b), name) })
	return found
}

// Gated are prefilter words that count only for the files For accepts.
type Gated struct {
	Words []string
	For   func(path string) bool
}

// prefilter passes a file that holds one of its words, or one of a gated
// group's whose For accepts the file; with no words it passes every file.
// A word written with a leading "." counts only in the name of a method
// called on something (see called). Its matcher also finds the words
// that declare a type (declaringWords), so that the survey reads a file's
// text once for both.
type prefilter struct {
	// words has the group declaringGroup, then two for each set of words
	// (the keywords, then each Gated's): its words and its calls.
	words  *keywords.Matcher
	calls  keywords.Groups // the groups of calls
	all    bool
	gated  []Gated
	prefix []byte // of its survey records (recordPrefix)
}

// The groups of a prefilter's matcher: the keywords' are keywordGroup and
// callGroup, Gated[i]'s these shifted by 2(i+1).
const (
	declaringGroup keywords.Groups = 1 << iota
	keywordGroup
	callGroup
)

// newPrefilter returns the prefilter of words and gated, whose survey
// records are those of the flinklint build salt.
func newPrefilter(words []string, gated []Gated, salt []byte) *prefilter {
	f := &prefilter{all: words == nil, gated: gated}
	sets := [][]string{words}
	for _, g := range gated {
		sets = append(sets, g.Words)
	}
	groups := [][]string{declaringWords}
	for i, ws := range sets {
		plain, calls := spelled(ws)
		groups = append(groups, plain, calls)
		f.calls |= callGroup << (2 * i)
	}
	f.words, f.prefix = keywords.New(groups...), recordPrefix(salt, words == nil, groups)
	return f
}

// scan calls add with the name of each type the source text src declares
// (as DeclaredNames does) and returns the groups of words it holds, for
// passes; scala says whether src is Scala, whose infix calls have no dot.
func (f *prefilter) scan(src []byte, scala bool, add func(name []byte)) keywords.Groups {
	var held keywords.Groups
	f.words.Ends(src, func(end int, g keywords.Groups) {
		if g&declaringGroup != 0 {
			declaredAt(src, end, add)
		}
		if g&f.calls != 0 && !called(src, end, scala) {
			g &^= f.calls
		}
		held |= g
	})
	return held
}

// passes reports whether the prefilter passes the source file path,
// which holds the groups held.
func (f *prefilter) passes(path string, held keywords.Groups) bool {
	set := keywordGroup | callGroup
	if f.all || held&set != 0 {
		return true
	}
	for i, g := range f.gated {
		if held&(set<<(2*(i+1))) != 0 && g.For(path) {
			return true
		}
	}
	return false
}

// spelled returns the words as spellings gives them, each once, and
// apart those written with a leading ".", the calls, without it.
func spelled(ws []string) (words, calls []string) {
	for _, k := range ws {
		if c, ok := strings.CutPrefix(k, "."); ok {
			calls = append(calls, spellings(c)...)
		} else {
			words = append(words, spellings(k)...)
		}
	}
	slices.Sort(words)
	slices.Sort(calls)
	return slices.Compact(words), slices.Compact(calls)
}

// called reports whether the word that ends at end in src is part of the
// name of a method called on something: over blanks and Java's type
// arguments, a "." or "::" (a method reference) is before the name, or in
// Scala an operand ("ds union(other)", "tEnv sqlQuery q" are infix
// calls). A name with none of these before it is declared ("def
// window(", "val sqlQuery =") or called on nothing, as window( is in
// Flink's own KeyedStream: no rule starts there, and in a large
// repository such files are many.
func called(src []byte, end int, scala bool) bool {
	if src[end-1] == '(' {
		end--
	}
	i := skipSpaceBack(src, wordStart(src, end))
	if i > 1 && src[i-1] == '>' && src[i-2] != '=' && src[i-2] != '-' { // not a lambda's arrow
		i = skipSpaceBack(src, typeArgsStart(src, i))
	}
	switch {
	case i == 0:
		return false
	case src[i-1] == '.':
		return true
	case src[i-1] == ':':
		return i > 1 && src[i-2] == ':'
	}
	return scala && operandEnds(src, i)
}

// typeArgsStart returns where the type arguments <...> that end at end in
// src start, or end if none do: Java's ks.<W>window(.
func typeArgsStart(src []byte, end int) int {
	depth := 0
	for i := end - 1; i >= 0; i-- {
		switch c := src[i]; {
		case c == '>':
			depth++
		case c == '<':
			if depth--; depth == 0 {
				return i
			}
		case !isIdent(c) && !bytes.ContainsRune([]byte(" \t\r\n,.?&[]"), rune(c)):
			return end
		}
	}
	return end
}

// operandEnds reports whether an operand of a Scala infix call ends at i
// in src: a name other than a keyword that precedes a declared one, or a
// closing bracket or quote.
func operandEnds(src []byte, i int) bool {
	switch c := src[i-1]; {
	case isIdent(c):
		return !scalaDeclaring[string(src[wordStart(src, i):i])]
	default:
		return bytes.ContainsRune([]byte(")]}\"'`"), rune(c))
	}
}

// scalaDeclaring are the Scala keywords that a name can follow where it
// is declared, not called: def window(, val sqlQuery, new TimeWindow(.
var scalaDeclaring = map[string]bool{"def": true, "val": true, "var": true, "new": true, "case": true,
	"extends": true, "with": true, "class": true, "object": true, "trait": true, "type": true}

// spellings returns a keyword as Java and Scala spell it and as Python
// does: withIdleness, with_idleness; AutoWatermark, auto_watermark.
func spellings(k string) []string {
	lower := k
	if k != "" && 'A' <= k[0] && k[0] <= 'Z' {
		lower = string(k[0]-'A'+'a') + k[1:]
	}
	out := []string{k}
	for _, py := range []string{model.Snake(k), model.Snake(lower)} {
		if py != k && py != lower && !slices.Contains(out, py) {
			out = append(out, py)
		}
	}
	return out
}

// Size returns the size of a file the survey passes, to be parsed up
// front; 0 for one it passed over or could not read.
func (s *Survey) Size(path string) int64 { return s.passed[path].size }

// Update surveys the file at path again, as an editor changes it: its
// prefilter verdict and size, digest, directives and problems are those
// of src from now on, and a model of it parsed on demand is forgotten.
// The names it declares stay those the survey found: a unit that parses
// it up front indexes the names of its new model; elsewhere a name it no
// longer declares may still make a unit parse it (harmless: the model
// says what it declares), and one it newly declares resolves as in a
// whole run only after the next Survey. The problems of lowering the
// file go too: lowering it again reports them anew.
// Update must not run while a unit of the survey is lowered or checked.
func (s *Survey) Update(path string, src []byte) {
	i := slices.Index(s.declared.Paths, path)
	if i < 0 {
		return // not a file of the survey: nothing to update
	}
	s.mu.Lock()
	s.problems = slices.DeleteFunc(s.problems, func(p Problem) bool { return p.Pos.Filename == path })
	s.ignores = slices.DeleteFunc(s.ignores, func(ig *Ignore) bool { return ig.Path == path })
	delete(s.reread, path)
	s.kept.forget(path)
	s.mu.Unlock()
	delete(s.passed, path)
	s.digests[i], s.editable[i], s.parsedAsSurveyed[i] = Digest{}, false, false
	w := &worker{res: s}
	defer w.close()
	defer w.recoverFile(path)
	r := w.recordOf(i, path, src, s.filter)
	if r.binary {
		w.binary(path)
		return
	}
	if w.surveyed(i, path, Digest(sha256.Sum256(src)), r, s.filter) {
		s.passed[path] = passedFile{size: max(int64(r.size), 1), file: int32(i)}
	}
}

// Parse parses the files of the pass that the survey passed into a
// Project. The other files of the run are parsed on demand, when a rule
// resolves a name one of them declares.
func (s *Survey) Parse(pass *analysis.Pass) (*Result, error) {
	return s.Project(pass, s.Lower(pass.Fset, pass.OtherFiles, pass.ReadFile)), nil
}

// Lowered is the model of the files of a unit parsed up front, before they
// are indexed into a Project.
type Lowered struct {
	files    []*model.File
	problems []Problem // met lowering them, for Project to add
}

// Lower parses and lowers the files of paths that the survey passed,
// registering them in fset in the order of paths. A driver may lower the
// next unit while rules check the Project of this one: Lower parses no
// file on demand and touches nothing a Project uses.
func (s *Survey) Lower(fset *token.FileSet, paths []string, readFile func(string) ([]byte, error)) Lowered {
	out := make([]*model.File, len(paths))
	// Files take their places in the FileSet in the order of paths,
	// whichever worker reads them first: token.Pos order is then path
	// order, and output does not depend on the number of workers.
	var order turns
	problems := &held{}
	s.each(fset, len(paths), func(w *worker, i int) {
		w.held = problems
		w.register = func(path string, src []byte) *token.File {
			var tf *token.File
			order.take(i, func() { tf = addFile(fset, path, src) })
			return tf
		}
		defer order.skip(i) // not registered: nothing to parse, or a panic
		defer w.recoverFile(paths[i])
		out[i] = w.upFront(paths[i], readFile)
	})
	releaseTrees()
	return Lowered{files: slices.DeleteFunc(out, func(f *model.File) bool { return f == nil }), problems: problems.problems}
}

// Project indexes the files of the pass, lowered by Lower, into a Project.
// The other files of the run are parsed on demand, when a rule resolves a
// name one of them declares.
func (s *Survey) Project(pass *analysis.Pass, l Lowered) *Result {
	files := l.files
	loaded := map[string]bool{}    // a file declaring several names is loaded once; Project calls load under its lock
	consulted := map[string]bool{} // and Confirm and Holds too
	for _, path := range pass.OtherFiles {
		if s.passed[path].size > 0 {
			loaded[path] = true
		}
	}
	load := func(path string) (f *model.File) {
		if loaded[path] {
			return nil
		}
		start := time.Now()
		defer func() { s.stats.loadTime.Add(int64(time.Since(start))) }()
		loaded[path], consulted[path] = true, true
		if f, problems := s.kept.get(path); f != nil {
			s.stats.lent.Add(1)
			s.add(problems...) // as if parsed again: the unit's problems do not depend on the units before it
			return f
		}
		w := &worker{fset: pass.Fset, res: s, held: &held{}, cache: s.opts.Cache, cacheSalt: s.opts.CacheSalt}
		w.register = func(path string, src []byte) *token.File { return addFile(pass.Fset, path, src) }
		defer w.close()
		defer func() { s.add(w.held.problems...) }()
		defer w.recoverFile(path)
		src, digest, ok := w.readSource(path, pass.ReadFile)
		if !ok {
			return nil
		}
		f = w.parse(path, src, digest)
		if f != nil {
			s.stats.loaded.Add(1)
			s.stats.loadedBytes.Add(int64(len(src)))
			s.kept.put(path, f, int64(len(src)), w.held)
		}
		return f
	}
	s.add(l.problems...)
	start := time.Now()
	defer func() { s.stats.indexTime.Add(int64(time.Since(start))) }()
	pending := s.declared
	// textOf returns the decoded text of a pending file, or false when it
	// cannot be read: such a file is loaded, for load to report why.
	textOf := func(file int32) ([]byte, bool) {
		consulted[pending.Paths[file]] = true
		src, err := pass.ReadFile(pending.Paths[file])
		if err != nil {
			return nil, false
		}
		txt, _ := text(src)
		return txt, true
	}
	pending.Confirm = func(file int32, method bool, name string) bool {
		txt, ok := textOf(file)
		return !ok || declares(pending.Paths[file], txt, method, name)
	}
	pending.Holds = func(file int32, words []string) bool {
		txt, ok := textOf(file)
		return !ok || slices.ContainsFunc(words, func(w string) bool { return bytes.Contains(txt, []byte(w)) })
	}
	project := model.NewProject(pass.Fset, files, pending, load)
	for _, f := range files {
		if f.Script != nil {
			project.Scripts = append(project.Scripts, f.Script)
		}
		project.Config = append(project.Config, f.Config...)
	}
	project.Scripts = append(project.Scripts, s.embedded(project)...)
	project.Scripts = append(project.Scripts, s.tableAPI(project)...)
	project.Config = append(project.Config, codeSettings(project)...)
	return &Result{Project: project, Survey: s, consulted: consulted}
}

// each calls f for 0 <= i < n on the survey's workers, each with parsers
// of its own; fset is where they register the files they parse.
func (s *Survey) each(fset *token.FileSet, n int, f func(w *worker, i int)) {
	workers := s.opts.Workers
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	next := make(chan int)
	p := pool.New().WithMaxGoroutines(workers)
	for range workers {
		p.Go(func() {
			w := &worker{fset: fset, res: s, cache: s.opts.Cache, cacheSalt: s.opts.CacheSalt}
			defer w.close()
			for i := range next {
				f(w, i)
			}
		})
	}
	for i := range n {
		next <- i
	}
	close(next)
	p.Wait()
}

// worker parses files one at a time with parsers of its own.
type worker struct {
	fset     *token.FileSet
	register func(path string, src []byte) *token.File // adds a file to fset
	res      *Survey
	held     *held // where its problems go, if not to res
	// cache, when not nil, holds lowered models by path and content.
	cache     *cache.Cache
	cacheSalt []byte
	java      *java.Parser
	scala     *scala.Parser
	python    *python.Parser
	// names are those the file being surveyed declares, and recordBuf its
	// survey record as it is encoded: scratch space reused from file to
	// file.
	names
	recordBuf []byte
}

func (w *worker) close() {
	if w.java != nil {
		w.java.Close()
	}
	if w.scala != nil {
		w.scala.Close()
	}
	if w.python != nil {
		w.python.Close()
	}
}

// recoverFile, deferred, turns a panic while reading path (outside the
// parse, which recovers on its own) into an internal-error problem for that
// file, so that the worker goes on with the next one.
func (w *worker) recoverFile(path string) {
	if r := recover(); r != nil {
		w.add(Problem{Pos: token.Position{Filename: path}, Internal: true,
			Message: fmt.Sprintf("internal error while reading, file skipped: %v", r)})
	}
}

// survey reads paths[i], the file numbered i, or recalls its record
// (Options.Recall), and returns its record, nil if it cannot be read, and
// whether to parse it up front: a SQL or configuration file, or a source
// file that passes the prefilter. A file read is remembered
// (Options.Remember).
func (w *worker) survey(i int, path string, readFile func(string) ([]byte, error), f *prefilter) (r *record, pass bool) {
	start := time.Now()
	defer func() { w.res.stats.readTime.Add(int64(time.Since(start))) }()
	opts := &w.res.opts
	var digest Digest
	if opts.Recall != nil {
		if d, data, ok := opts.Recall(i); ok {
			if r = f.decode(int32(i), path, data); r != nil {
				digest = d
				if !r.binary {
					w.res.stats.recalled.Add(1)
				}
			}
		}
	}
	if r == nil {
		src, err := readFile(path)
		if err != nil {
			w.res.stats.skipped.Add(1)
			w.add(ReadProblem(path, err))
			return nil, false
		}
		digest = Digest(sha256.Sum256(src))
		r = w.recordOf(i, path, src, f)
		if opts.Remember != nil {
			var rec []byte
			rec, w.recordBuf = f.encode(r, w.recordBuf)
			opts.Remember(i, digest, rec)
		}
	}
	return r, w.surveyed(i, path, digest, r, f)
}

// recordOf returns the survey record of src, the bytes of paths[i], whose
// names are slices of src or w's scratch space.
func (w *worker) recordOf(i int, path string, src []byte, f *prefilter) *record {
	txt, editable := text(src)
	r := &record{editable: editable}
	if isBinary(txt) {
		r.binary = true
		return r
	}
	r.size = len(txt)
	r.invalid = !utf8.Valid(txt)
	r.ignores = ignores(path, txt)
	if l := Lang(path); l == model.Config || l == model.SQL {
		return r
	}
	w.scan(path, txt, func(add func([]byte)) { r.held = f.scan(txt, Lang(path) == model.Scala, add) })
	if len(w.types)+len(w.methods) > exactNames {
		r.filter = w.filter(int32(i))
	} else {
		r.types, r.methods = w.types, w.methods
	}
	return r
}

// surveyed counts and reports what r says of the file at path, numbered
// i, whose bytes have the given digest, and says whether to parse it up
// front.
func (w *worker) surveyed(i int, path string, digest Digest, r *record, f *prefilter) bool {
	if r.binary {
		w.binary(path)
		return false
	}
	stats := &w.res.stats
	stats.read.Add(1)
	stats.bytes.Add(int64(r.size))
	if r.invalid {
		w.problem(path, 0, "not valid UTF-8: analyzed as is; text in messages may be garbled")
	}
	w.res.digests[i], w.res.editable[i] = digest, r.editable // each worker its own files
	w.res.mu.Lock()
	w.res.ignores = append(w.res.ignores, r.ignores...)
	w.res.mu.Unlock()
	if l := Lang(path); l == model.Config || l == model.SQL {
		return true
	}
	if !f.passes(path, r.held) {
		stats.prefiltered.Add(1)
		return false
	}
	return true
}

// readAgain records the digest of the bytes of path, read again to be
// parsed, or, when its text is not its bytes (editable false), that it
// may not be fixed. So may a file read with two texts in one run (a unit
// parsed it, it changed, another parsed it again, whichever the survey
// read): some of its findings point into each, and no digest of one text
// guards the edits of both.
func (s *Survey) readAgain(path string, digest Digest, editable bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	p, surveyed := s.passed[path]
	switch d, ok := s.reread[path]; {
	case !editable:
		s.reread[path] = Digest{}
	case ok:
		if d != digest {
			s.reread[path] = Digest{}
		}
	case surveyed && s.editable[p.file] && s.digests[p.file] == digest:
		s.parsedAsSurveyed[p.file] = true
	case surveyed && s.parsedAsSurveyed[p.file]:
		s.reread[path] = Digest{} // parsed from the survey's bytes before
	default:
		s.reread[path] = digest
	}
}

// isBinary reports whether a text holds a NUL byte near its start: such a
// file is skipped.
func isBinary(txt []byte) bool { return bytes.IndexByte(txt[:min(len(txt), 8000)], 0) >= 0 }

// binary counts the file at path as skipped, for it is binary.
func (w *worker) binary(path string) {
	w.res.stats.skipped.Add(1)
	w.problem(path, 0, "skipped: binary file (it contains NUL bytes)")
}

// upFront parses path if the survey passed it.
func (w *worker) upFront(path string, readFile func(string) ([]byte, error)) (f *model.File) {
	if w.res.passed[path].size == 0 {
		return nil
	}
	start := time.Now()
	defer func() { w.res.stats.parseTime.Add(int64(time.Since(start))) }()
	src, digest, ok := w.readSource(path, readFile)
	if !ok {
		return nil
	}
	if Lang(path) == model.Config {
		f = w.config(path, src)
	} else {
		f = w.parse(path, src, digest)
		w.res.stats.parsedBytes.Add(int64(len(src)))
	}
	if f != nil {
		w.res.stats.parsed.Add(1)
	}
	return f
}

// readSource returns the text to analyze of a file and the digest of its
// bytes, which keys its model in the cache and, when edits apply to the
// file, guards -fix (Result.Digests); ok is false for a file to skip.
func (w *worker) readSource(path string, readFile func(string) ([]byte, error)) ([]byte, Digest, bool) {
	src, err := readFile(path)
	if err != nil {
		w.res.stats.skipped.Add(1)
		w.add(ReadProblem(path, err))
		return nil, Digest{}, false
	}
	txt, editable := text(src)
	if isBinary(txt) {
		w.binary(path)
		return nil, Digest{}, false
	}
	digest := Digest(sha256.Sum256(src))
	w.res.readAgain(path, digest, editable)
	return txt, digest, true
}

// config reads a Flink configuration file or Kubernetes manifest, with the
// SQL a manifest passes to a SQL runner; other YAML files are passed over.
func (w *worker) config(path string, src []byte) *model.File {
	kind := flinkconf.Detect(filepath.Base(path), src)
	if kind == 0 {
		return nil
	}
	tf := w.register(path, src)
	opts, err := flinkconf.Parse(tf, src, kind)
	if err != nil {
		w.problem(path, 0, "cannot read %s: %v", kind, err)
		return nil
	}
	f := &model.File{Path: path, Lang: model.Config, Token: tf}
	for _, o := range opts {
		f.Config = append(f.Config, &model.Configured{
			Setting: model.Setting{Key: o.Key, Value: o.Value, KeyPos: o.KeyPos, ValuePos: o.ValuePos,
				KeyEnd: o.KeyPos + token.Pos(len(o.Key)-strings.LastIndex(o.Key, ".")-1)},
			File: f,
		})
	}
	if kind == flinkconf.Kubernetes {
		w.manifestScript(f, src)
	}
	return f
}

// parse lowers one file, whose bytes have the given digest. A panic in a
// front end becomes a problem for that file, so one odd file cannot end the
// run.
func (w *worker) parse(path string, src []byte, digest Digest) (f *model.File) {
	defer func() {
		if r := recover(); r != nil {
			w.add(Problem{Pos: token.Position{Filename: path}, Internal: true,
				Message: fmt.Sprintf("internal error while parsing, file skipped: %v", r)})
			f = nil
		}
	}()
	tf := w.register(path, src)
	var err error
	lang := Lang(path)
	var key cache.Key
	if w.cache != nil && (lang == model.Java || lang == model.Scala || lang == model.Python) {
		key = cache.KeyOf([]byte("model 2"), w.cacheSalt, []byte(path), digest[:])
		if f = w.decode(key, tf); f != nil {
			w.res.stats.cached.Add(1)
			w.syntaxErrors(f)
			return f
		}
		defer func() {
			if f != nil {
				w.encode(key, f)
			}
		}()
	}
	switch lang {
	case model.Java:
		if w.java == nil {
			w.java = java.NewParser()
		}
		f, err = w.java.Parse(tf, src)
	case model.Scala:
		if w.scala == nil {
			w.scala = scala.NewParser()
		}
		f, err = w.scala.Parse(tf, src)
	case model.Python:
		if w.python == nil {
			w.python = python.NewParser()
		}
		f, err = w.python.Parse(tf, src)
	case model.SQL:
		f = &model.File{Path: path, Lang: model.SQL, Token: tf}
		stmts, notes := sql.Parse(string(src), func(off int) token.Pos { return tf.Pos(min(off, tf.Size())) })
		f.Script = &model.Script{File: f, Statements: stmts}
		for _, n := range notes {
			w.add(Problem{Pos: w.fset.Position(n.Pos), Message: n.Message})
		}
	default:
		return nil
	}
	if errors.Is(err, lowering.ErrTooComplex) {
		w.res.stats.skipped.Add(1)
		w.problem(path, 0, "skipped: %v", err)
		return nil
	}
	if err != nil {
		w.res.stats.skipped.Add(1)
		w.problem(path, 0, "cannot parse: %v", err)
		return nil
	}
	w.syntaxErrors(f)
	return f
}

// syntaxErrors reports that f has syntax errors, once for the file.
func (w *worker) syntaxErrors(f *model.File) {
	if len(f.Errors) > 0 {
		pos := w.fset.Position(f.Errors[0])
		w.problem(f.Path, pos.Line, "syntax error (%d in the file); findings around it may be missing", len(f.Errors))
	}
}

// decode returns the model of the file of tf stored in the cache under
// key, or nil. The key covers the file's path and content, so the model
// fits tf; one that does not decode into it is a miss.
func (w *worker) decode(key cache.Key, tf *token.File) *model.File {
	data, ok := w.cache.Get(key)
	if !ok {
		return nil
	}
	f, err := model.DecodeFileFunc(data, func(name string, size int) *token.File {
		if name != tf.Name() || size != tf.Size() {
			return nil
		}
		return tf
	})
	if err != nil || f == nil || f.Token != tf {
		return nil
	}
	return f
}

// encode stores f in the cache under key, in the background: a model
// does not change once lowered. A model that cannot be encoded or stored
// is parsed again next time; the result cache reports a cache that cannot
// be written.
func (w *worker) encode(key cache.Key, f *model.File) {
	w.cache.PutLater(key, func() ([]byte, error) { return model.EncodeFile(f) })
}

// ReadProblem describes a path that cannot be read. The path is said once:
// the error's own copy of it is dropped.
func ReadProblem(path string, err error) Problem {
	var sk skipped
	if errors.As(err, &sk) {
		return Problem{Pos: token.Position{Filename: path}, Message: sk.Error()}
	}
	var pe *fs.PathError
	if errors.As(err, &pe) {
		err = pe.Err
	}
	return Problem{Pos: token.Position{Filename: path}, Message: "cannot read: " + err.Error()}
}

// DeclaredNames calls add with the name of each type a Java, Scala or
// Python file declares, a slice of src, in the order of the text, found by
// one scan of it. It may also add words that follow "class" in comments or
// strings; those only cost an unneeded parse if a rule ever resolves them.
func DeclaredNames(src []byte, add func(name []byte)) {
	declaring.Ends(src, func(end int, _ keywords.Groups) { declaredAt(src, end, add) })
}

// declaredAt calls add with the name after the declaring word that ends
// at end in src, if that word stands alone and a name follows it, and
// not a character that no declared name is followed by: "class
// java.lang.String" in a message or "object state." in a comment
// declares nothing, and a rule that resolves java or state would parse
// the file for nothing.
func declaredAt(src []byte, end int, add func(name []byte)) {
	kw := ""
	for _, w := range declaringWords {
		if bytes.HasSuffix(src[:end], []byte(w)) {
			kw = w
			break
		}
	}
	if start := end - len(kw); start > 0 && isIdent(src[start-1]) {
		return
	}
	if name, e := nameAfter(src, end); len(name) > 0 && (e == len(src) || !bytes.ContainsRune([]byte(".-,)"), rune(src[e]))) {
		add(name)
	}
}

// nameAfter returns the identifier after the blanks that start at src[i:],
// the name a declaring word ending at i declares, and where it ends; nil
// when no blank or no identifier follows.
func nameAfter(src []byte, i int) ([]byte, int) {
	if i >= len(src) || src[i] != ' ' && src[i] != '\t' {
		return nil, i
	}
	for i < len(src) && (src[i] == ' ' || src[i] == '\t') {
		i++
	}
	e := i
	for e < len(src) && isIdent(src[e]) {
		e++
	}
	return src[i:e], e
}

// declaringWords are the words before a type's name; declaring finds them
// all in one pass (none ends another).
var (
	declaringWords = []string{"class", "interface", "enum", "record", "object", "trait"}
	declaring      = keywords.New(declaringWords)
)

func isIdent(b byte) bool {
	return b == '_' || b == '$' || 'a' <= b && b <= 'z' || 'A' <= b && b <= 'Z' || '0' <= b && b <= '9' || b >= 0x80
}

// notDeclaring are the words after which a name and "(" are a call or a
// construct, not a method declaration; methodNotNames are keywords that
// take parentheses.
var (
	notDeclaring   = map[string]bool{"return": true, "new": true, "throw": true, "else": true, "case": true, "yield": true, "assert": true, "extends": true, "with": true, "match": true, "in": true, "do": true}
	methodNotNames = map[string]bool{"if": true, "for": true, "while": true, "switch": true, "catch": true, "synchronized": true, "try": true, "return": true, "super": true, "this": true, "assert": true}
)

// DeclaredMethods calls add with the name of each method a Java, Scala or
// Python file may declare, a slice of src, found by a scan of its text: a
// name and "(" after a type (a word other than those of notDeclaring, or a
// > or ] closing one), and a name after "def". A name may be added more
// than once. It takes some names that are not methods (constructors,
// words in comments), which only cost an unneeded parse if a rule looks
// methods of that name up.
func DeclaredMethods(src []byte, add func(name []byte)) {
	for i := 0; ; {
		j := bytes.IndexByte(src[i:], '(')
		if j < 0 {
			break
		}
		open := i + j
		i = open + 1
		end := skipSpaceBack(src, open)
		start := wordStart(src, end)
		name := src[start:end]
		if len(name) == 0 || methodNotNames[string(name)] || '0' <= name[0] && name[0] <= '9' {
			continue
		}
		k := skipSpaceBack(src, start)
		if k == 0 {
			continue
		}
		switch c := src[k-1]; {
		case c == '>' || c == ']':
			add(name)
		case isIdent(c):
			if w := src[wordStart(src, k):k]; !notDeclaring[string(w)] {
				add(name)
			}
		}
	}
	for i := 0; ; {
		j := bytes.Index(src[i:], []byte("def"))
		if j < 0 {
			break
		}
		at := i + j
		i = at + 3
		if at > 0 && isIdent(src[at-1]) {
			continue
		}
		if name, _ := nameAfter(src, i); len(name) > 0 {
			add(name)
		}
	}
}

// distinct sorts names and drops repeats, in place.
func distinct(names [][]byte) [][]byte {
	slices.SortFunc(names, bytes.Compare)
	return slices.CompactFunc(names, bytes.Equal)
}

// skipSpaceBack returns i moved back over the white space before it.
func skipSpaceBack(src []byte, i int) int {
	for i > 0 && (src[i-1] == ' ' || src[i-1] == '\t' || src[i-1] == '\n' || src[i-1] == '\r') {
		i--
	}
	return i
}

// wordStart returns where the identifier ending at end starts.
func wordStart(src []byte, end int) int {
	for end > 0 && isIdent(src[end-1]) {
		end--
	}
	return end
}
