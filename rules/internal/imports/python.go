package imports

import (
	"strings"

	"golang.org/x/tools/go/analysis"
)

// item is one name of a from-import: its offsets and the name it imports.
type item struct {
	start, end int
	name       string
}

// extend returns the edit that adds name to the file's top-level
// from-import of module, which isort and ruff would merge a second
// from-import of that module into. It does so only for one it can edit
// safely: no comment, line continuation or wildcard in it.
func (h *header) extend(module, name string) (analysis.TextEdit, bool) {
	for _, s := range h.stmts {
		if !s.from || s.module != module {
			continue
		}
		items, ok := h.items(s)
		if !ok {
			return analysis.TextEdit{}, false
		}
		off, text := h.insertItem(s, items, name)
		pos := h.f.Token.Pos(off)
		return analysis.TextEdit{Pos: pos, End: pos, NewText: []byte(text)}, true
	}
	return analysis.TextEdit{}, false
}

// items returns the names of the from-import s, one line or
// parenthesized.
func (h *header) items(s stmt) ([]item, bool) {
	text := string(h.src[s.start:s.end])
	i := strings.Index(text, " import ")
	if i < 0 || strings.ContainsAny(text, "#\\*") {
		return nil, false
	}
	lo, hi := s.start+i+len(" import "), s.end
	if open := strings.IndexByte(text[i:], '('); open >= 0 {
		if !strings.HasSuffix(text, ")") {
			return nil, false
		}
		lo, hi = s.start+i+open+1, s.end-1
	}
	var out []item
	for a := lo; a < hi; {
		b := strings.IndexByte(string(h.src[a:hi]), ',')
		if b < 0 {
			b = hi - a
		}
		piece := string(h.src[a : a+b])
		if t := strings.TrimSpace(piece); t != "" {
			start := a + strings.Index(piece, t)
			out = append(out, item{start: start, end: start + len(t), name: strings.Fields(t)[0]})
		}
		a += b + 1
	}
	return out, len(out) > 0
}

// insertItem returns where to insert name among items, and the text: at
// its sorted place when the names are sorted (as isort and ruff order
// them), at the end when not; on the line of its neighbour, or on a line
// of its own, indented alike, when the names are one per line.
func (h *header) insertItem(s stmt, items []item, name string) (int, string) {
	sorted := true
	for i := 1; i < len(items); i++ {
		sorted = sorted && memberKey(items[i-1].name) <= memberKey(items[i].name)
	}
	line := func(off int) int { return h.f.Token.Line(h.f.Token.Pos(off)) }
	ownLine := func(i int) bool {
		prev := s.start
		if i > 0 {
			prev = items[i-1].start
		}
		return line(prev) != line(items[i].start)
	}
	indent := func(it item) string {
		start := h.f.Token.Offset(h.f.Token.LineStart(line(it.start)))
		return string(h.src[start:it.start])
	}
	for i, it := range items {
		if !sorted || memberKey(name) >= memberKey(it.name) {
			continue
		}
		if ownLine(i) {
			return it.start, name + ",\n" + indent(it)
		}
		return it.start, name + ", "
	}
	last := items[len(items)-1]
	if ownLine(len(items) - 1) {
		return last.end, ",\n" + indent(last) + name
	}
	return last.end, ", " + name
}

// memberKey is how isort and ruff order the names of a from-import (their
// order-by-type): constants, then classes, then the rest, each ignoring
// case first.
func memberKey(name string) string {
	kind := "2"
	switch {
	case len(name) > 1 && name == strings.ToUpper(name):
		kind = "0"
	case name[0] >= 'A' && name[0] <= 'Z':
		kind = "1"
	}
	return kind + strings.ToLower(name) + "\x00" + name
}
