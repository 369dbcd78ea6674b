package analyzer

import (
	"bytes"
	"cmp"
	"crypto/sha256"
	"errors"
	"fmt"
	"go/token"
	"io"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/flinklint/flinklint/internal/fixes"
	"github.com/flinklint/flinklint/parsers"
)

// FixRounds is the default bound on the rounds of Fix. A round
// applies every fix that does not overlap another one, so a further round is
// needed only for a fix that overlapped one applied before it; chains of ten
// such fixes on one spot do not occur, while a fix that applies again to its
// own output would otherwise never stop.
const FixRounds = 10

// FixOptions are the settings of Options.Fix, the -fix, -unsafe-fixes and
// -diff of the command line; the zero value applies the safe fixes to the
// files in up to FixRounds rounds.
type FixOptions struct {
	// Rounds bounds the rounds of fixes; 0 means FixRounds.
	Rounds int
	// Unsafe applies the fixes declared unsafe too (see package
	// internal/fixes); otherwise a diagnostic's first safe fix is applied, and
	// a diagnostic with none is left as it is.
	Unsafe bool
	// Diff, when not nil, receives the fixes as a unified diff, and no file
	// is written; see Options.Fix.
	Diff io.Writer
	// Guard, when not nil, replaces each file by calling replace, once,
	// and returning its error; path is the name the analysis knew the file
	// by. A caller holds back an interrupt with it, so that the process
	// never ends while a temporary file lies beside the file.
	Guard func(path string, replace func() error) error
}

// Fix runs the analyzers over paths and applies the first suggested fix
// that fo allows of each finding, then runs them again on the fixed files,
// until a round changes nothing or fo.Rounds rounds have changed files.
// Files are replaced whole, so that a crash leaves the old or the new
// contents, and only if they still hold what was analyzed. It returns the
// last run, whose findings are those left, at their positions in the fixed
// files (their unsafe fixes still attached, for the caller to count); the
// number of findings fixed; and notes on the files and fixes it left alone
// and why. err is a failure of the analyzers, of a write (the file keeps
// its contents) or of writing to fo.Diff.
//
// With fo.Diff, no file is written: the rounds run on the fixed contents
// in memory (Options.ReadFile), and the changes are written to fo.Diff as
// a unified diff, one file after another in path order, with paths
// relative to the working directory ("--- a/src/Job.java", "+++
// b/src/Job.java"), that patch -p1 and git apply accept from there; final
// is then the run on the files as they are, whose findings are those the
// diff fixes and the others.
func (o Options) Fix(paths []string, analyzers []*analysis.Analyzer, fo FixOptions) (final *Result, fixed int, notes []Problem, err error) {
	if fo.Rounds <= 0 {
		fo.Rounds = FixRounds
	}
	if fo.Diff == nil {
		return o.fixAll(paths, analyzers, fo, toDisk{write: writeData})
	}
	d := &toDiff{}
	o.ReadFile = d.readFile
	first, err := o.Run(paths, analyzers)
	if err != nil {
		return nil, 0, nil, err
	}
	_, fixed, notes, err = o.rounds(first, paths, analyzers, fo, d)
	if err == nil {
		err = d.write(fo.Diff)
	}
	return first, fixed, notes, err
}

// fixAll is Fix without a diff, replacing the files through out.
func (o Options) fixAll(paths []string, analyzers []*analysis.Analyzer, fo FixOptions, out toDisk) (final *Result, fixed int, notes []Problem, err error) {
	res, err := o.Run(paths, analyzers)
	if err != nil {
		return nil, 0, nil, err
	}
	out.guard = fo.Guard
	return o.rounds(res, paths, analyzers, fo, out)
}

// rounds applies the fixes of res to out, then runs the analyzers again
// on the fixed files, until a round changes nothing or fo.Rounds rounds
// have changed files.
func (o Options) rounds(res *Result, paths []string, analyzers []*analysis.Analyzer, fo FixOptions, out output) (final *Result, fixed int, notes []Problem, err error) {
	noted := map[Problem]bool{} // a file left alone is left alone again in each round
	for round := 0; err == nil; round++ {
		if round == fo.Rounds {
			notes = append(notes, unfinished(res, fo)...)
			break
		}
		r := applyFixes(res, fo.Unsafe, out)
		fixed += len(r.fixed)
		for _, n := range r.notes {
			if !noted[n] {
				noted[n] = true
				notes = append(notes, n)
			}
		}
		if len(r.fixed) > 0 {
			res, err = o.Run(paths, analyzers)
		}
		if r.err != nil {
			return res, fixed, notes, errors.Join(r.err, err)
		}
		if len(r.fixed) == 0 {
			break
		}
	}
	if err != nil {
		return nil, fixed, notes, err
	}
	return res, fixed, notes, nil
}

// unfinished names the fixes fo allows still suggested after the last
// round.
func unfinished(res *Result, fo FixOptions) []Problem {
	var notes []Problem
	for _, d := range res.Diagnostics {
		if allowed(d, fo.Unsafe) != nil {
			notes = append(notes, Problem{Pos: d.Position, Message: fmt.Sprintf(
				"fix of rule %s not applied: still suggested after %d rounds of fixes (it may apply again to its own output)", d.Rule, fo.Rounds)})
		}
	}
	return notes
}

// allowed returns the first fix of d that may be applied, unsafe ones only
// when unsafe is set; nil if there is none.
func allowed(d Diagnostic, unsafe bool) *analysis.SuggestedFix {
	for i, f := range d.SuggestedFixes {
		if a, _ := fixes.Of(f); unsafe || a == fixes.Safe {
			return &d.SuggestedFixes[i]
		}
	}
	return nil
}

// Fix applies, in one round, the first suggested fix of every diagnostic to
// the files on disk and returns the diagnostics it fixed. A fix that
// overlaps one applied before it is left for another run and named in the
// error, as are files it left alone and failed writes.
func Fix(res *Result) (fixed []Diagnostic, err error) {
	r := applyFixes(res, true, toDisk{write: writeData})
	errs := []error{r.err}
	for _, n := range r.notes {
		errs = append(errs, errors.New(n.String()))
	}
	for _, d := range r.deferred {
		errs = append(errs, fmt.Errorf("%s: fix of rule %s overlaps another fix; not applied, run -fix again", d.Position, d.Rule))
	}
	return r.fixed, errors.Join(errs...)
}

// round is what one round of fixes did.
type round struct {
	fixed    []Diagnostic // whose fix was applied
	deferred []Diagnostic // whose fix overlapped one applied; for the next round
	notes    []Problem    // files and fixes left alone, and why
	err      error        // failed writes
}

// fix is one diagnostic's fix, as offsets into the analyzed text of its
// file.
type fix struct {
	diags []Diagnostic // reporting this same fix
	file  string       // the name its edits lie in
	edits []span       // sorted, not overlapping
}

// span replaces src[start:end] with text.
type span struct {
	start, end int
	text       string
}

// applyFixes applies the fixes of res's diagnostics, unsafe ones only when
// unsafe is set, giving each real file's new contents to out once whatever
// names res reached it by.
func applyFixes(res *Result, unsafe bool, out output) round {
	var r round
	byName := map[string][]*fix{}
	for _, d := range res.Diagnostics {
		sf := allowed(d, unsafe)
		if sf == nil {
			continue
		}
		f, err := fixOf(res.Fset, d, sf)
		if err != nil {
			r.notes = append(r.notes, Problem{Pos: d.Position, Message: fmt.Sprintf("fix of rule %s not applied: %v", d.Rule, err)})
			continue
		}
		if f != nil {
			byName[f.file] = append(byName[f.file], f)
		}
	}
	for _, t := range realFiles(byName, &r) {
		t.apply(res, out, &r)
	}
	return r
}

// fixOf returns sf, a suggested fix of d; nil if it edits nothing.
func fixOf(fset *token.FileSet, d Diagnostic, sf *analysis.SuggestedFix) (*fix, error) {
	f := &fix{diags: []Diagnostic{d}}
	for _, e := range sf.TextEdits {
		tf := fset.File(e.Pos)
		end := e.End
		if !end.IsValid() {
			end = e.Pos
		}
		switch {
		case tf == nil || fset.File(end) != tf || end < e.Pos:
			return nil, errors.New("an edit lies outside the files analyzed")
		case f.file != "" && tf.Name() != f.file:
			return nil, errors.New("its edits span several files")
		}
		f.file = tf.Name()
		f.edits = append(f.edits, span{tf.Offset(e.Pos), tf.Offset(end), string(e.NewText)})
	}
	if f.file == "" {
		return nil, nil
	}
	sortSpans(f.edits)
	for i := 1; i < len(f.edits); i++ {
		if conflict(f.edits[i-1], f.edits[i]) {
			return nil, errors.New("its edits overlap each other")
		}
	}
	return f, nil
}

// sortSpans sorts edits by position; an insertion sorts before a
// replacement starting at the same place, and insertions at one place keep
// their order.
func sortSpans(s []span) { slices.SortStableFunc(s, cmpSpans) }

func cmpSpans(a, b span) int { return cmp.Or(cmp.Compare(a.start, b.start), cmp.Compare(a.end, b.end)) }

// conflict reports whether a and b, a sorting first, cannot both be
// applied because they overlap. Equal edits do not conflict (two fixes
// adding one import), nor do insertions at one place, applied in order.
func conflict(a, b span) bool {
	return a != b && b.start < a.end
}

// target is one real file with the fixes of all the names reaching it.
type target struct {
	path  string      // the real file, symbolic links resolved
	info  fs.FileInfo // as it was before it was read
	names []string    // the names the analysis knew it by, sorted
	fixes []*fix
}

// realFiles groups the fixes by the real file (device and inode) their
// file names reach, in the order of their first names.
func realFiles(byName map[string][]*fix, r *round) []*target {
	var targets []*target
	for _, name := range slices.Sorted(maps.Keys(byName)) {
		path, err := filepath.EvalSymlinks(name)
		var info fs.FileInfo
		if err == nil {
			info, err = os.Stat(path)
		}
		if err != nil {
			r.notes = append(r.notes, Problem{Pos: token.Position{Filename: name}, Message: fmt.Sprintf("not fixed: %v", err)})
			continue
		}
		i := slices.IndexFunc(targets, func(t *target) bool { return os.SameFile(t.info, info) })
		if i < 0 {
			i = len(targets)
			targets = append(targets, &target{path: path, info: info})
		}
		targets[i].names = append(targets[i].names, name)
		targets[i].fixes = append(targets[i].fixes, byName[name]...)
	}
	return targets
}

// apply gives out t's contents with those of its fixes that do not
// overlap one another, if t still holds the text analyzed under each of
// its names.
func (t *target) apply(res *Result, out output, r *round) {
	note := func(msg string) {
		r.notes = append(r.notes, Problem{Pos: token.Position{Filename: t.names[0]}, Message: msg})
	}
	if !t.info.Mode().IsRegular() {
		note("not fixed: not a regular file")
		return
	}
	src, err := out.read(t)
	if err != nil {
		note(fmt.Sprintf("not fixed: %v", err))
		return
	}
	sum := sha256.Sum256(src)
	for _, name := range t.names {
		want, ok := res.Digests[name]
		if !ok {
			note("not fixed: it was analyzed as decoded text, so fixes cannot be applied to its bytes")
			return
		}
		if want != sum {
			note("changed since it was analyzed; not fixed")
			return
		}
	}
	applied, deferred, edits := choose(t.fixes)
	for _, f := range deferred {
		r.deferred = append(r.deferred, f.diags...)
	}
	fixed := splice(src, edits, lineEnding(src))
	if bytes.Equal(fixed, src) {
		return
	}
	if err := out.put(t, src, fixed); err != nil {
		var changed changedError
		if errors.As(err, &changed) {
			note(changed.Error())
		} else {
			r.err = errors.Join(r.err, fmt.Errorf("%s: not fixed, left as it was: %w", t.names[0], err))
		}
		return
	}
	for _, f := range applied {
		r.fixed = append(r.fixed, f.diags...)
	}
}

// choose picks, in position order, the fixes that overlap no fix picked
// before them; a fix is applied whole or not at all. Fixes equal to one
// picked (the same file reached by two names) are merged into it. edits
// are the picked fixes' edits, sorted, each once (many fixes insert the
// same import).
func choose(fixes []*fix) (applied, deferred []*fix, edits []span) {
	slices.SortStableFunc(fixes, func(a, b *fix) int {
		return cmp.Or(cmpSpans(a.edits[0], b.edits[0]), cmp.Compare(a.diags[0].Rule, b.diags[0].Rule),
			cmp.Compare(a.diags[0].Message, b.diags[0].Message))
	})
	byEdits := map[string]*fix{}
next:
	for _, f := range fixes {
		var key strings.Builder
		for _, e := range f.edits {
			fmt.Fprintf(&key, "%d %d %q ", e.start, e.end, e.text)
		}
		if g := byEdits[key.String()]; g != nil {
			g.diags = append(g.diags, f.diags...)
			continue
		}
		for _, e := range f.edits {
			// edits do not overlap, so their ends do not decrease: only
			// those ending at or after e's start can overlap it, and only
			// until one starts after its end.
			for j := sort.Search(len(edits), func(j int) bool { return edits[j].end >= e.start }); j < len(edits) && edits[j].start <= e.end; j++ {
				a, b := edits[j], e
				if cmpSpans(b, a) < 0 {
					a, b = b, a
				}
				if conflict(a, b) {
					deferred = append(deferred, f)
					continue next
				}
			}
		}
		applied = append(applied, f)
		byEdits[key.String()] = f
	insert:
		for _, e := range f.edits {
			i, _ := slices.BinarySearchFunc(edits, e, cmpSpans)
			for ; i < len(edits) && cmpSpans(edits[i], e) == 0; i++ {
				if edits[i] == e {
					continue insert
				}
			}
			edits = slices.Insert(edits, i, e) // after the equal spans: insertions at one offset keep their order, as in Apply
		}
	}
	return applied, deferred, edits
}

// utf8BOM is dropped from a file's text before analysis, so offsets into
// the text are offsets into the file after it.
var utf8BOM = []byte{0xEF, 0xBB, 0xBF}

// splice applies the sorted, non-overlapping edits, at offsets into the
// analyzed text of src, to src; the line breaks they insert become eol.
func splice(src []byte, edits []span, eol string) []byte {
	base := 0
	if bytes.HasPrefix(src, utf8BOM) {
		base = len(utf8BOM)
	}
	out := slices.Clip(src[:base])
	last := base
	for _, e := range edits {
		text := e.text
		if eol != "\n" {
			text = strings.ReplaceAll(strings.ReplaceAll(text, "\r\n", "\n"), "\n", eol)
		}
		out = append(append(out, src[last:base+e.start]...), text...)
		last = base + e.end
	}
	return append(out, src[last:]...)
}

// lineEnding returns the line break most lines of src end with: "\r\n",
// "\r" or, also for a file of one line, "\n".
func lineEnding(src []byte) string {
	crlf := bytes.Count(src, []byte("\r\n"))
	cr := bytes.Count(src, []byte("\r")) - crlf
	lf := bytes.Count(src, []byte("\n")) - crlf
	switch {
	case crlf > lf && crlf >= cr:
		return "\r\n"
	case cr > lf && cr > crlf:
		return "\r"
	}
	return "\n"
}

// output receives the new contents of the files a round fixes.
type output interface {
	// read returns t's contents.
	read(t *target) ([]byte, error)
	// put gives t, which held old, its new contents.
	put(t *target, old, new []byte) error
}

// toDiff keeps the files' contents, to write them as a diff: each file's
// contents before the first round and after the last. Its readFile is the
// Options.ReadFile of the runs after the first, which analyze the contents
// fixed so far.
type toDiff struct {
	files  []*diffFile
	byName map[string]*diffFile // by every name the analysis knew a file by
}

type diffFile struct {
	name     string // as the analysis first knew it
	old, new []byte
}

func (d *toDiff) read(t *target) ([]byte, error) {
	if f := d.byName[t.names[0]]; f != nil {
		return f.new, nil
	}
	return os.ReadFile(t.path)
}

// readFile is Options.ReadFile for the analysis: a fixed file's new
// contents, any other file's from disk.
func (d *toDiff) readFile(name string) ([]byte, error) {
	if f := d.byName[name]; f != nil {
		return f.new, nil
	}
	return parsers.ReadFile(name)
}

func (d *toDiff) put(t *target, old, new []byte) error {
	if d.byName == nil {
		d.byName = map[string]*diffFile{}
	}
	f := d.byName[t.names[0]]
	if f == nil {
		f = &diffFile{name: t.names[0], old: old}
		d.files = append(d.files, f)
	}
	f.new = new
	for _, name := range t.names {
		d.byName[name] = f
	}
	return nil
}

// write writes the diff of the files to w, in the order of their paths
// relative to the working directory.
func (d *toDiff) write(w io.Writer) error {
	wd, err := os.Getwd()
	if err != nil {
		return err
	}
	for i := range d.files {
		d.files[i].name = diffPath(wd, d.files[i].name)
	}
	slices.SortFunc(d.files, func(a, b *diffFile) int { return cmp.Compare(a.name, b.name) })
	for _, f := range d.files {
		if err := writeUnified(w, f.name, f.old, f.new); err != nil {
			return err
		}
	}
	return nil
}

// diffPath is name relative to wd, slash-separated, for a diff applied
// from wd; as given (made absolute) when it is not below wd.
func diffPath(wd, name string) string {
	abs, err := filepath.Abs(name)
	if err != nil {
		return filepath.ToSlash(name)
	}
	rel, err := filepath.Rel(wd, abs)
	if err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
		return filepath.ToSlash(abs)
	}
	return filepath.ToSlash(rel)
}

// Apply applies text edits to src, the contents of the file the edits'
// positions lie in. Edits must not overlap; identical edits count once.
func Apply(fset *token.FileSet, src []byte, edits []analysis.TextEdit) ([]byte, error) {
	var spans []span
	pos := map[span]token.Pos{}
	for _, e := range edits {
		f := fset.File(e.Pos)
		end := e.End
		if !end.IsValid() {
			end = e.Pos
		}
		s := span{f.Offset(e.Pos), f.Offset(end), string(e.NewText)}
		spans = append(spans, s)
		pos[s] = e.Pos
	}
	sortSpans(spans)
	seen := map[span]bool{} // identical insertions need not be adjacent: others may share their offset
	spans = slices.DeleteFunc(spans, func(s span) bool {
		dup := seen[s]
		seen[s] = true
		return dup
	})
	for i := 1; i < len(spans); i++ {
		if conflict(spans[i-1], spans[i]) {
			return nil, fmt.Errorf("overlapping fixes at %s", fset.Position(pos[spans[i]]))
		}
	}
	return splice(src, spans, "\n"), nil
}
