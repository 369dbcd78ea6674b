package settings

import (
	"bytes"
	"go/token"

	"golang.org/x/tools/go/analysis"

	"github.com/flinklint/flinklint/jobgraph/flinksql"
	"github.com/flinklint/flinklint/parsers/model"
	"github.com/flinklint/flinklint/rules/internal/imports"
	"github.com/flinklint/flinklint/rules/internal/lines"
	"github.com/flinklint/flinklint/rules/internal/report"
)

// Delete returns the edits that remove the setting made at s, so that
// Flink falls back to the option's default: the lines of a SET statement
// of a .sql script; the lines of the statement that makes it in code, with
// the imports only it used (in Python a pass takes the place of a block's
// only statement); the line of a configuration file's key, with the keys
// above it that the deletion leaves empty. It returns false where the setting shares its
// line with other code, where its call is part of a longer expression or
// the only statement of a branch without braces, and for SQL in code
// strings, WITH options and hints.
func Delete(pass *analysis.Pass, s flinksql.Site) ([]analysis.TextEdit, bool) {
	f := s.File
	src := report.Text(pass, f.Token)
	if src == nil {
		return nil, false
	}
	switch {
	case s.Where == "SET" && f.Lang == model.SQL && s.Statement != nil:
		return whole(f, src, s.Statement.Pos, s.Statement.End)
	case s.Where == "code" && s.Call != nil:
		return statement(f, src, s.Call)
	case s.Where == "configuration file":
		return yamlKey(pass, f, src, s.Setting)
	}
	return nil, false
}

// whole deletes the lines of [pos, end) when nothing else is on them.
func whole(f *model.File, src []byte, pos, end token.Pos) ([]analysis.TextEdit, bool) {
	start, stop, ok := lines.Whole(f.Token, src, f.Lang, pos, end)
	if !ok {
		return nil, false
	}
	return []analysis.TextEdit{{Pos: start, End: stop}}, true
}

// statement deletes the statement that call is, when its value is
// discarded and it stands in a block of statements. A Python block left
// empty gets a pass, which Python needs.
func statement(f *model.File, src []byte, call *model.Node) ([]analysis.TextEdit, bool) {
	block := call.Parent
	if !call.Stmt || model.Outer(call) != nil || block == nil || block.Kind != model.Block && block.Kind != model.Class {
		return nil, false
	}
	edits, ok := whole(f, src, call.Pos(), call.End())
	if !ok {
		return nil, false
	}
	if f.Lang == model.Python && len(block.Body()) == 1 {
		indent := src[f.Token.Offset(edits[0].Pos):f.Token.Offset(call.Pos())]
		edits[0].NewText = append(append(bytes.Clone(indent), "pass"...), '\n')
	}
	return append(edits, imports.Unused(f, src, f.Token.Offset(edits[0].Pos), f.Token.Offset(edits[0].End), "")...), true
}

// yamlKey deletes the line of a key of a configuration file, and each
// key above it whose mapping the deletion leaves empty (pipeline: holding
// only auto-watermark-interval), which YAML would otherwise read as null.
func yamlKey(pass *analysis.Pass, f *model.File, src []byte, s *model.Setting) ([]analysis.TextEdit, bool) {
	_, end, ok := Value(pass, s)
	if !ok {
		return nil, false
	}
	if e := f.Token.Offset(end); e < len(src) && bytes.IndexByte([]byte(quotes), src[e]) >= 0 {
		end++ // the closing quote
	}
	edits, ok := whole(f, src, s.KeyPos, end)
	if !ok {
		return nil, false
	}
	a, b := f.Token.Offset(edits[0].Pos), f.Token.Offset(edits[0].End)
	for {
		p, ok := emptiedParent(src, a, b)
		if !ok {
			break
		}
		a = p
	}
	return []analysis.TextEdit{{Pos: f.Token.Pos(a), End: f.Token.Pos(b)}}, true
}

// emptiedParent returns the offset of the line of the mapping key that
// holds the key on the lines [a, b) of src, when that key holds nothing
// else; false for a key at the top level or a parent with other keys.
func emptiedParent(src []byte, a, b int) (int, bool) {
	indent := indentOf(src[a:])
	parent := -1
	for l := lineBefore(src, a); l >= 0; l = lineBefore(src, l) {
		if content(src[l:]) && indentOf(src[l:]) < indent {
			parent = l
			break
		}
		if content(src[l:]) {
			return 0, false // a sibling before it
		}
	}
	if parent < 0 || !bytes.HasSuffix(bytes.TrimSpace(lineAt(src, parent)), []byte(":")) {
		return 0, false
	}
	for l := b; l < len(src); l += len(lineAt(src, l)) + 1 {
		if content(src[l:]) {
			if indentOf(src[l:]) > indentOf(src[parent:]) {
				return 0, false // a sibling after it
			}
			break
		}
	}
	return parent, true
}

// lineAt returns the line that starts at offset l, without its newline.
func lineAt(src []byte, l int) []byte {
	if i := bytes.IndexByte(src[l:], '\n'); i >= 0 {
		return src[l : l+i]
	}
	return src[l:]
}

// lineBefore returns the offset of the line before the one at offset l,
// or -1 at the first line.
func lineBefore(src []byte, l int) int {
	if l == 0 {
		return -1
	}
	return bytes.LastIndexByte(src[:l-1], '\n') + 1
}

// content reports whether the line at the start of rest holds a key or
// a value, rather than blanks or a comment.
func content(rest []byte) bool {
	t := bytes.TrimSpace(lineAt(rest, 0))
	return len(t) > 0 && t[0] != '#'
}

// indentOf is the number of spaces that start rest.
func indentOf(rest []byte) int {
	return len(rest) - len(bytes.TrimLeft(rest, " "))
}
