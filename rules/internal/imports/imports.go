// Package imports places an import that a fix adds where the file's own
// import order puts it: into the block of its kind, at its sorted place, as
// google-java-format, spotless, IntelliJ, scalafmt, isort and ruff would.
// Users of those formatters would otherwise reformat every fixed file.
package imports

import (
	"go/token"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/flinklint/flinklint/parsers/model"
)

// stmt is one top-level import statement of a file.
type stmt struct {
	start, end  int    // offsets of the start of its first line and of its end
	first, last int    // its first and last lines
	key         string // what formatters sort it by: the imported name; for Python, pythonKey
	static      bool   // a Java static import
	module      string // Python: the module it imports or imports from
	from        bool   // Python: a from-import
}

// Add returns the edit that imports path, a dotted name, into f, whose
// source is src: for Java `import path;`, for Scala `import path`, for
// Python `from module import name`, the name being path's last segment. The edit is the zero
// TextEdit when f already imports path, itself or through a wildcard. ok
// is false when f has no top-level import to place the new one by.
func Add(f *model.File, src []byte, path string) (e analysis.TextEdit, ok bool) {
	if f.Token == nil || src == nil {
		return analysis.TextEdit{}, false
	}
	parent := path[:max(strings.LastIndex(path, "."), 0)]
	for _, im := range f.Imports {
		if im.Path == path || im.Wildcard && im.Path == parent {
			return analysis.TextEdit{}, true
		}
	}
	h := read(f, src)
	if len(h.stmts) == 0 {
		return analysis.TextEdit{}, false
	}
	if f.Lang == model.Python {
		if e, ok := h.extend(parent, path[len(parent)+1:]); ok {
			return e, true
		}
	}
	off, text := h.place(h.blocks(), path, h.text(path))
	pos := f.Token.Pos(off)
	return analysis.TextEdit{Pos: pos, End: pos, NewText: []byte(text)}, true
}

// Rename is an import statement that a fix rewrites: the lines [Start,
// End) of the file, newline included, become NewText, which imports Path.
type Rename struct {
	Start, End token.Pos
	Path       string
	NewText    string
}

// Replace returns the edits that make the renames of f's imports. Where
// the new paths would leave a sorted block out of order, the renamed
// statements of that block move, comments and all, to where Add puts
// their paths; the others are rewritten where they are.
func Replace(f *model.File, src []byte, renames []Rename) []analysis.TextEdit {
	var edits, moves []analysis.TextEdit
	if f.Token == nil || src == nil {
		for _, r := range renames {
			edits = append(edits, analysis.TextEdit{Pos: r.Start, End: r.End, NewText: []byte(r.NewText)})
		}
		return edits
	}
	h := read(f, src)
	blocks := h.blocks()
	moving := h.moving(blocks, renames)
	slices.SortStableFunc(renames, func(a, b Rename) int { return strings.Compare(a.Path, b.Path) })
	for _, r := range renames {
		if !moving[r.Start] {
			edits = append(edits, analysis.TextEdit{Pos: r.Start, End: r.End, NewText: []byte(r.NewText)})
			continue
		}
		at, text := h.place(blocks, r.Path, strings.TrimSuffix(r.NewText, "\n"))
		pos := f.Token.Pos(at)
		edits = append(edits, analysis.TextEdit{Pos: r.Start, End: r.End})
		moves = append(moves, analysis.TextEdit{Pos: pos, End: pos, NewText: []byte(text)})
	}
	return append(edits, moves...)
}

// moving returns the starts of the renamed statements that must move: all
// those of a sorted block that the new paths would leave unsorted. It
// takes them out of their blocks, for placing them anew.
func (h *header) moving(blocks [][]stmt, renames []Rename) map[token.Pos]bool {
	moving := map[token.Pos]bool{}
	for i, block := range blocks {
		renamed, in := slices.Clone(block), false
		for j, s := range block {
			for _, r := range renames {
				if h.f.Token.Offset(r.Start) == s.start {
					renamed[j].key, in = h.newStmt(r.Path).key, true
				}
			}
		}
		by := sortedBy(h.f.Lang, block)
		if !in || by == nil || slices.IsSortedFunc(renamed, func(a, b stmt) int { return strings.Compare(by(a.key), by(b.key)) }) {
			continue
		}
		blocks[i] = slices.DeleteFunc(slices.Clone(block), func(s stmt) bool {
			return slices.ContainsFunc(renames, func(r Rename) bool {
				if h.f.Token.Offset(r.Start) == s.start {
					moving[r.Start] = true
					return true
				}
				return false
			})
		})
	}
	return moving
}

// header is the top-level imports of a file, and its source.
type header struct {
	f     *model.File
	src   []byte
	stmts []stmt
}

// read finds the file's top-level import statements, in order: those
// whose first line starts in the first column (nested ones are indented).
func read(f *model.File, src []byte) *header {
	h := &header{f: f, src: src}
	for _, im := range f.Imports {
		end := f.Token.Offset(im.End)
		if !im.End.IsValid() || end > len(src) {
			continue
		}
		start, ok := h.statementStart(end)
		if !ok || slices.ContainsFunc(h.stmts, func(s stmt) bool { return s.start == start }) {
			continue
		}
		s := stmt{start: start, end: end, first: f.Token.Line(f.Token.Pos(start)), last: f.Token.Line(im.End)}
		h.describe(&s)
		h.stmts = append(h.stmts, s)
	}
	slices.SortFunc(h.stmts, func(a, b stmt) int { return a.start - b.start })
	return h
}

// statementStart returns the start of the line on which the import
// statement ending at end begins, going up the lines of a statement that
// spans several, and whether it begins in the first column.
func (h *header) statementStart(end int) (int, bool) {
	for line := h.f.Token.Line(h.f.Token.Pos(end)); line >= 1; line-- {
		start := h.f.Token.Offset(h.f.Token.LineStart(line))
		text := string(h.src[start:end])
		if strings.HasPrefix(text, "import ") || strings.HasPrefix(text, "from ") {
			return start, true
		}
		if t := strings.TrimLeft(text, " \t"); t != text && (strings.HasPrefix(t, "import ") || strings.HasPrefix(t, "from ")) {
			return start, false
		}
	}
	return 0, false
}

// describe sets what s imports and its sort key, from its text.
func (h *header) describe(s *stmt) {
	text := strings.Join(strings.Fields(string(h.src[s.start:s.end])), " ")
	switch h.f.Lang {
	case model.Python:
		s.from = strings.HasPrefix(text, "from ")
		words := strings.Fields(text)
		s.module = strings.TrimSuffix(words[1], ",")
		s.key = pythonKey(s.from, s.module)
	default:
		body := strings.TrimSuffix(strings.TrimSpace(strings.TrimPrefix(text, "import ")), ";")
		if rest, ok := strings.CutPrefix(body, "static "); ok && h.f.Lang == model.Java {
			s.static, body = true, rest
		}
		s.key = strings.ReplaceAll(strings.TrimSpace(body), " ", "")
	}
}

// pythonKey is how isort and ruff order the statements of a section: plain
// imports before from-imports, then by module, ignoring case first.
func pythonKey(from bool, module string) string {
	kind := "0"
	if from {
		kind = "1"
	}
	return kind + strings.ToLower(module) + "\x00" + module
}

// newStmt returns the statement that imports path, as far as placing it needs.
func (h *header) newStmt(path string) stmt {
	switch h.f.Lang {
	case model.Python:
		i := strings.LastIndex(path, ".")
		return stmt{key: pythonKey(true, path[:i]), module: path[:i], from: true}
	default:
		return stmt{key: path}
	}
}

// text returns the statement that imports path, newline excluded.
func (h *header) text(path string) string {
	switch h.f.Lang {
	case model.Java:
		return "import " + path + ";"
	case model.Python:
		i := strings.LastIndex(path, ".")
		return "from " + path[:i] + " import " + path[i+1:]
	default:
		return "import " + path
	}
}

// blocks splits the statements into blocks: runs on consecutive lines,
// which blank lines (or comments, or code) separate.
func (h *header) blocks() [][]stmt {
	var out [][]stmt
	for i, s := range h.stmts {
		if i == 0 || s.first != h.stmts[i-1].last+1 {
			out = append(out, nil)
		}
		out[len(out)-1] = append(out[len(out)-1], s)
	}
	return out
}

// place returns where to insert line, the import of path, among blocks,
// and the text to insert there: into the block that fits it, at its
// sorted place when the block is sorted and at its end when not, or as a
// block of its own.
func (h *header) place(blocks [][]stmt, path, line string) (int, string) {
	n := h.newStmt(path)
	b := h.fit(blocks, n)
	if b < 0 {
		return h.newBlock(blocks, n, line)
	}
	block := blocks[b]
	if by := sortedBy(h.f.Lang, block); by != nil {
		for _, s := range block {
			if by(n.key) < by(s.key) {
				return s.start, line + "\n"
			}
		}
	}
	return h.after(block[len(block)-1], line)
}

// after returns the insertion of line on the line after s.
func (h *header) after(s stmt, line string) (int, string) {
	end := h.lineEnd(s.end)
	if end == len(h.src) {
		return end, "\n" + line
	}
	return end + 1, line + "\n"
}

// lineEnd returns the offset of the newline that ends the line of off, or
// the end of the source.
func (h *header) lineEnd(off int) int {
	if i := strings.IndexByte(string(h.src[off:]), '\n'); i >= 0 {
		return off + i
	}
	return len(h.src)
}

// fit returns the index of the block the new import n belongs to, or -1
// when it needs a block of its own. A Java block holds static or
// non-static imports, as the new one is. Of those, the block sharing the
// longest package prefix with it wins; when none shares even the top-level
// package, a file with a single block keeps every import there
// (google-java-format), and a Python file puts the import, a third-party
// one, in its first block that is not the standard library's (isort).
func (h *header) fit(blocks [][]stmt, n stmt) int {
	best, score := -1, 0
	var kind []int
	for i, block := range blocks {
		if !slices.ContainsFunc(block, func(s stmt) bool { return s.static == n.static }) {
			continue
		}
		kind = append(kind, i)
		for _, s := range block {
			if c := shared(h.pkg(s), h.pkg(n)); c > score {
				best, score = i, c
			}
		}
	}
	switch {
	case best >= 0:
		return best
	case h.f.Lang == model.Python:
		return slices.IndexFunc(blocks, func(block []stmt) bool { return !standard(block) })
	case len(kind) == 1:
		return kind[0]
	}
	return -1
}

// pkg is the dotted package a statement imports from.
func (h *header) pkg(s stmt) string {
	if h.f.Lang == model.Python {
		return s.module
	}
	return s.key[:max(strings.LastIndex(s.key, "."), 0)]
}

// shared returns how many leading dotted segments a and b have in common.
func shared(a, b string) int {
	as, bs := strings.Split(a, "."), strings.Split(b, ".")
	n := 0
	for n < len(as) && n < len(bs) && as[n] == bs[n] && as[n] != "" {
		n++
	}
	return n
}

// standard reports whether a Python block imports the standard library
// only: isort's first section.
func standard(block []stmt) bool {
	return !slices.ContainsFunc(block, func(s stmt) bool { return !stdlib[strings.Split(s.module, ".")[0]] })
}

// newBlock returns the insertion of line as a block of its own among the
// blocks of its kind: at its sorted place when those blocks are in sorted
// order of their first imports, else after the last of them (for Python,
// after the standard library's, which are all there are).
func (h *header) newBlock(blocks [][]stmt, n stmt, line string) (int, string) {
	var kind [][]stmt
	for _, block := range blocks {
		if slices.ContainsFunc(block, func(s stmt) bool { return s.static == n.static }) {
			kind = append(kind, block)
		}
	}
	firsts := make([]stmt, len(kind))
	for i, block := range kind {
		firsts[i] = block[0]
	}
	if by := sortedBy(h.f.Lang, firsts); by != nil && h.f.Lang != model.Python {
		for _, block := range kind {
			if by(n.key) < by(block[0].key) {
				return block[0].start, line + "\n\n"
			}
		}
	}
	last := kind[len(kind)-1]
	return h.after(last[len(last)-1], "\n"+line)
}

// sortedBy returns the sort order the statements are in, or nil when they
// are in none: for Java and Scala, ASCII order (google-java-format,
// spotless, scalafmt's ascii) or else order ignoring case; for Python,
// isort's and ruff's.
func sortedBy(lang model.Lang, stmts []stmt) func(string) string {
	orders := []func(string) string{
		func(k string) string { return k },
		func(k string) string { return strings.ToLower(k) + "\x00" + k },
	}
	if lang == model.Python {
		orders = orders[:1] // the key ignores case already
	}
	for _, by := range orders {
		if slices.IsSortedFunc(stmts, func(a, b stmt) int { return strings.Compare(by(a.key), by(b.key)) }) {
			return by
		}
	}
	return nil
}

// stdlib holds the top-level modules of Python's standard library that
// jobs commonly import, to tell isort's standard-library section from the
// third-party one.
var stdlib = func() map[string]bool {
	m := map[string]bool{}
	for _, name := range strings.Fields(`__future__ abc argparse array asyncio base64 bisect calendar collections
		concurrent contextlib copy csv dataclasses datetime decimal enum functools glob gzip hashlib heapq
		io itertools json logging math operator os pathlib pickle pprint queue random re shutil signal
		socket sqlite3 statistics string struct subprocess sys tempfile textwrap threading time
		traceback types typing unittest urllib uuid warnings zoneinfo`) {
		m[name] = true
	}
	return m
}()
