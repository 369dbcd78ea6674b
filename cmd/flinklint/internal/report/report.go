// Package report turns an analysis result into the outputs flinklint's
// consumers read: the compiler-style text line, versioned JSON, SARIF
// 2.1.0, GitHub workflow commands, checkstyle XML and reviewdog's rdjson.
//
// Each consumer counts columns its own way, so every position carries
// three: bytes (the text format and rdjson, as Go's tools, vim and
// reviewdog count), Unicode code points (JSON, GitHub annotations,
// checkstyle: the characters an editor shows) and UTF-16 code units
// (SARIF, which declares columnKind utf16CodeUnits, as GitHub code
// scanning and VS Code count).
package report

import (
	"cmp"
	"go/token"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"unicode/utf8"
	"unique"

	"golang.org/x/tools/go/analysis"

	"github.com/flinklint/flinklint/analyzer"
	"github.com/flinklint/flinklint/parsers"
	"github.com/flinklint/flinklint/rules"
)

// Position is a 1-based place in a file's text.
type Position struct {
	Line   int
	Column int // in bytes of the UTF-8 text (a byte-order mark does not count)
	Char   int // in Unicode code points
	UTF16  int // in UTF-16 code units
}

// Edit replaces the text between Start and End (exclusive) of Path.
type Edit struct {
	Path       string
	Start, End Position
	NewText    string
}

// Fix is one suggested fix of a finding.
type Fix struct {
	Message string
	Edits   []Edit
}

// Finding is one diagnostic, positioned in every unit.
type Finding struct {
	Rule       string
	Severity   rules.Severity
	Message    string // the headline
	Help       string // the fix, or ""
	Note       string // the Flink fact behind the finding, or ""
	Path       string // as shown: relative to the working directory when below it
	Start, End Position
	LineText   string // the text of the start line, for fingerprints; "" when unknown
	Fixes      []Fix
	Related    []Related
}

// Related is a location of a finding's evidence, with its label.
type Related struct {
	Message    string
	Path       string // as shown, like Finding.Path
	Start, End Position
}

// Problem is something that kept flinklint from analyzing a file, or part
// of it, or (with no Path) a rule.
type Problem struct {
	Path     string // as shown; "" when the problem is not about a file
	Line     int    // 0 when unknown
	Column   int    // 0 when unknown
	Message  string
	Internal bool
}

// Report is everything one run prints.
type Report struct {
	Version  string       // flinklint's version
	Root     string       // the working directory, absolute: paths are shown relative to it
	Rules    []rules.Rule // the rules that ran
	Findings []Finding
	Problems []Problem
	// Details makes the text format write each finding's evidence, help
	// and note on indented lines under it.
	Details bool
}

// New builds the report of res. severity gives each rule's default
// severity; a finding whose Category names a severity has that one.
func New(res *analyzer.Result, problems []analyzer.Problem, ran []rules.Rule, version string) *Report {
	wd, _ := os.Getwd()
	r := &Report{Version: version, Root: wd, Rules: ran}
	severity := map[string]rules.Severity{}
	for _, rl := range ran {
		severity[rl.Name] = rl.Severity
	}
	src := newSources(res.Fset, res.Digests)
	// One string of each path shown: the findings of a run of many jobs
	// point into the same few helpers, and each job's evidence into the
	// job itself.
	display := func(path string) string { return unique.Make(DisplayPath(wd, path)).Value() }
	// Sized once: the findings of a run of many jobs and the diagnostics
	// they come from are what its end holds.
	r.Findings = make([]Finding, 0, len(res.Diagnostics))
	for _, d := range res.Diagnostics {
		sev := severity[d.Rule]
		if s, err := rules.ParseSeverity(d.Category); err == nil {
			sev = s
		}
		end := d.EndPos
		if end.Line == 0 {
			end = d.Position
		}
		text := d.Text()
		f := Finding{
			Rule:     d.Rule,
			Severity: sev,
			Message:  text.Headline,
			Help:     text.Help,
			Note:     text.Note,
			Path:     display(d.Position.Filename),
			Start:    src.position(d.Position),
			End:      src.position(end),
			LineText: src.line(d.Position.Filename, d.Position.Line),
		}
		f.Related = slices.Grow(f.Related, len(d.Evidence))
		for _, e := range d.Evidence {
			f.Related = append(f.Related, Related{Message: e.Label, Path: display(e.Position.Filename),
				Start: src.position(e.Position), End: src.position(e.EndPos)})
		}
		for _, sf := range d.SuggestedFixes {
			if fix, ok := src.fix(wd, sf); ok {
				f.Fixes = append(f.Fixes, fix)
			}
		}
		r.Findings = append(r.Findings, f)
	}
	for _, p := range problems {
		q := Problem{Line: p.Pos.Line, Column: p.Pos.Column, Message: p.Message, Internal: p.Internal}
		if p.Pos.Filename != "" {
			q.Path = DisplayPath(wd, p.Pos.Filename)
		}
		r.Problems = append(r.Problems, q)
	}
	return r
}

// Internal reports whether a problem is an internal error (a bug).
func (r *Report) Internal() bool {
	return slices.ContainsFunc(r.Problems, func(p Problem) bool { return p.Internal })
}

// DisplayPath makes path relative to the working directory wd when it
// lies below it, as compilers print paths, so that editors can open it.
func DisplayPath(wd, path string) string {
	abs, err := filepath.Abs(path)
	if err != nil || wd == "" {
		return path
	}
	rel, err := filepath.Rel(wd, abs)
	if err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
		return path
	}
	return rel
}

// sources reads the analyzed files again to count characters:
// token.File knows where lines start, not what they hold. It keeps the
// texts it read up to textBudget bytes, then forgets them: findings come
// sorted by file, so most are read once, and a run of 100,000 jobs with
// a finding each does not hold its whole project's text at its end.
type sources struct {
	fset    *token.FileSet
	digests map[string]parsers.Digest
	files   map[string]*token.File
	text    map[string][]byte // nil when the file cannot be read as it was analyzed
	held    int               // bytes of text
}

// textBudget is the most text sources keep: a few large files, the
// helper every job's evidence points into among them.
const textBudget = 16 << 20

func newSources(fset *token.FileSet, digests map[string]parsers.Digest) *sources {
	s := &sources{fset: fset, digests: digests, files: map[string]*token.File{}, text: map[string][]byte{}}
	if fset != nil {
		fset.Iterate(func(f *token.File) bool {
			s.files[f.Name()] = f
			return true
		})
	}
	return s
}

// textOf returns the file's text as analyzed, or nil when it is not what
// was analyzed any more, or was decoded from UTF-16: then characters are
// counted as bytes.
func (s *sources) textOf(name string) ([]byte, *token.File) {
	tf := s.files[name]
	if tf == nil {
		return nil, nil
	}
	text, ok := s.text[name]
	if !ok {
		if want, fixable := s.digests[name]; fixable {
			text, _ = parsers.AnalyzedText(name, want)
		}
		if s.held+len(text) > textBudget {
			clear(s.text)
			s.held = 0
		}
		s.text[name] = text
		s.held += len(text)
	}
	return text, tf
}

// lineBytes returns the bytes of line (1-based) of a file, without its
// end, or nil.
func (s *sources) lineBytes(name string, line int) []byte {
	text, tf := s.textOf(name)
	if text == nil || line < 1 || line > tf.LineCount() {
		return nil
	}
	start := tf.Offset(tf.LineStart(line))
	end := len(text)
	if line < tf.LineCount() {
		end = tf.Offset(tf.LineStart(line + 1))
	}
	l := text[start:end]
	for len(l) > 0 && (l[len(l)-1] == '\n' || l[len(l)-1] == '\r') {
		l = l[:len(l)-1]
	}
	return l
}

func (s *sources) line(name string, line int) string { return string(s.lineBytes(name, line)) }

// position counts p's column in each unit.
func (s *sources) position(p token.Position) Position {
	out := Position{Line: p.Line, Column: p.Column, Char: p.Column, UTF16: p.Column}
	l := s.lineBytes(p.Filename, p.Line)
	if l == nil || p.Column < 1 {
		return out
	}
	before := l[:min(p.Column-1, len(l))]
	out.Char, out.UTF16 = 1, 1
	for len(before) > 0 {
		r, n := utf8.DecodeRune(before)
		before = before[n:]
		out.Char++
		out.UTF16++
		if r >= 0x10000 {
			out.UTF16++
		}
	}
	extra := p.Column - 1 - len(l) // past the end of the line: the line end itself
	if extra > 0 {
		out.Char += extra
		out.UTF16 += extra
	}
	return out
}

// fix positions a suggested fix's edits; false when an edit lies outside
// the files analyzed.
func (s *sources) fix(wd string, sf analysis.SuggestedFix) (Fix, bool) {
	fix := Fix{Message: sf.Message}
	for _, e := range sf.TextEdits {
		end := e.End
		if !end.IsValid() {
			end = e.Pos
		}
		if s.fset == nil || s.fset.File(e.Pos) == nil || s.fset.File(end) != s.fset.File(e.Pos) {
			return Fix{}, false
		}
		start, stop := s.fset.Position(e.Pos), s.fset.Position(end)
		fix.Edits = append(fix.Edits, Edit{
			Path:    DisplayPath(wd, start.Filename),
			Start:   s.position(start),
			End:     s.position(stop),
			NewText: string(e.NewText),
		})
	}
	slices.SortStableFunc(fix.Edits, func(a, b Edit) int {
		return cmp.Or(cmp.Compare(a.Path, b.Path), cmp.Compare(a.Start.Line, b.Start.Line), cmp.Compare(a.Start.Column, b.Start.Column))
	})
	return fix, len(fix.Edits) > 0
}
