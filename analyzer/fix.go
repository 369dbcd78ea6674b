package analyzer

import (
	"bytes"
	"cmp"
	"crypto/sha256"
	"errors"
	"fmt"
	"go/token"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"

	"golang.org/x/tools/go/analysis"
)

// FixRounds is the number of rounds of fixes the CLI allows FixAll. A round
// applies every fix that does not overlap another one, so a further round is
// needed only for a fix that overlapped one applied before it; chains of ten
// such fixes on one spot do not occur, while a fix that applies again to its
// own output would otherwise never stop.
const FixRounds = 10

// FixAll runs the analyzers over paths and applies their suggested fixes to
// the files, then runs them again on the fixed files, until a round changes
// nothing or maxRounds rounds have changed files. It returns the last run,
// whose findings are those left, at their positions in the fixed files; the
// number of findings fixed; and notes on the files and fixes it left alone
// and why. err is a failure of the analyzers or of a write; a file whose
// write failed keeps its contents.
func FixAll(paths []string, analyzers []*analysis.Analyzer, maxRounds int) (final *Result, fixed int, notes []Problem, err error) {
	return Options{}.FixAll(paths, analyzers, maxRounds)
}

// FixAll is FixAll with these options.
func (o Options) FixAll(paths []string, analyzers []*analysis.Analyzer, maxRounds int) (final *Result, fixed int, notes []Problem, err error) {
	return o.fixAll(paths, analyzers, maxRounds, writeData)
}

// fixAll is FixAll writing files' new contents with write.
func (o Options) fixAll(paths []string, analyzers []*analysis.Analyzer, maxRounds int, write writeFunc) (final *Result, fixed int, notes []Problem, err error) {
	res, err := o.Run(paths, analyzers)
	noted := map[Problem]bool{} // a file left alone is left alone again in each round
	for round := 0; err == nil; round++ {
		if round == maxRounds {
			notes = append(notes, unfinished(res, maxRounds)...)
			break
		}
		r := applyFixes(res, write)
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

// unfinished names the fixes still suggested after the last round.
func unfinished(res *Result, rounds int) []Problem {
	var notes []Problem
	for _, d := range res.Diagnostics {
		if len(d.SuggestedFixes) > 0 {
			notes = append(notes, Problem{Pos: d.Position, Message: fmt.Sprintf(
				"fix of rule %s not applied: still suggested after %d rounds of fixes (it may apply again to its own output)", d.Rule, rounds)})
		}
	}
	return notes
}

// Fix applies, in one round, the first suggested fix of every diagnostic to
// the files on disk and returns the diagnostics it fixed. A fix that
// overlaps one applied before it is left for another run and named in the
// error, as are files it left alone and failed writes.
func Fix(res *Result) (fixed []Diagnostic, err error) {
	r := applyFixes(res, writeData)
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

// applyFixes applies the fixes of res's diagnostics, each real file being
// written once whatever names res reached it by.
func applyFixes(res *Result, write writeFunc) round {
	var r round
	byName := map[string][]*fix{}
	for _, d := range res.Diagnostics {
		if len(d.SuggestedFixes) == 0 {
			continue
		}
		f, err := fixOf(res.Fset, d)
		if err != nil {
			r.notes = append(r.notes, Problem{Pos: d.Position, Message: fmt.Sprintf("fix of rule %s not applied: %v", d.Rule, err)})
			continue
		}
		if f != nil {
			byName[f.file] = append(byName[f.file], f)
		}
	}
	for _, t := range realFiles(byName, &r) {
		t.apply(res, write, &r)
	}
	return r
}

// fixOf returns d's first suggested fix; nil if it edits nothing.
func fixOf(fset *token.FileSet, d Diagnostic) (*fix, error) {
	f := &fix{diags: []Diagnostic{d}}
	for _, e := range d.SuggestedFixes[0].TextEdits {
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

// apply writes t's fixes that do not overlap one another into t, if t
// still holds the text analyzed under each of its names.
func (t *target) apply(res *Result, write writeFunc, r *round) {
	note := func(msg string) {
		r.notes = append(r.notes, Problem{Pos: token.Position{Filename: t.names[0]}, Message: msg})
	}
	if !t.info.Mode().IsRegular() {
		note("not fixed: not a regular file")
		return
	}
	src, err := os.ReadFile(t.path)
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
	out := splice(src, edits, lineEnding(src))
	if bytes.Equal(out, src) {
		return
	}
	if err := replaceFile(t.path, t.info, out, write); err != nil {
		var changed changedError
		if errors.As(err, &changed) {
			note("changed while it was being fixed; not fixed")
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

// writeFunc writes a file's new contents to f, the temporary file that
// replaces it; tests pass one that fails.
type writeFunc func(f *os.File, data []byte) error

func writeData(f *os.File, data []byte) error {
	_, err := f.Write(data)
	return err
}

// changedError is the error of a file changed while it was being fixed.
type changedError struct{}

func (changedError) Error() string { return "the file changed while it was being fixed" }

// replaceFile replaces the file at path, last seen as info, with data, so
// that a crash or a full disk leaves either the old or the new contents:
// it writes a temporary file in the same directory, syncs it, gives it the
// file's mode and (if it can) owner, and renames it over the file. On any
// error the temporary file is removed and the file is left as it was. Like
// an editor saving this way, it leaves a hard link to the file with the old
// contents.
func replaceFile(path string, info fs.FileInfo, data []byte, write writeFunc) (err error) {
	dir, base := filepath.Split(path)
	if dir == "" {
		dir = "."
	}
	tmp, err := os.CreateTemp(dir, "."+base+".flinklint-*")
	if err != nil {
		return err
	}
	defer func() {
		if err != nil {
			_ = tmp.Close()
			_ = os.Remove(tmp.Name())
		}
	}()
	keepOwner(tmp, info)
	if err = tmp.Chmod(info.Mode() & (fs.ModePerm | fs.ModeSetuid | fs.ModeSetgid | fs.ModeSticky)); err != nil {
		return err
	}
	if err = write(tmp, data); err != nil {
		return err
	}
	if err = tmp.Sync(); err != nil {
		return err
	}
	if err = tmp.Close(); err != nil {
		return err
	}
	if now, serr := os.Stat(path); serr != nil || !os.SameFile(now, info) || !now.ModTime().Equal(info.ModTime()) || now.Size() != info.Size() {
		return changedError{}
	}
	if err = os.Rename(tmp.Name(), path); err != nil {
		return err
	}
	if d, derr := os.Open(dir); derr == nil { // make the rename itself durable; not all systems can
		_ = d.Sync()
		_ = d.Close()
	}
	return nil
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
	spans = slices.Compact(spans)
	for i := 1; i < len(spans); i++ {
		if conflict(spans[i-1], spans[i]) {
			return nil, fmt.Errorf("overlapping fixes at %s", fset.Position(pos[spans[i]]))
		}
	}
	return splice(src, spans, "\n"), nil
}
