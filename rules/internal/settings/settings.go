// Package settings writes fixes to the values of Flink settings (SET
// statements, WITH options and hints, string values set in code,
// configuration files) where the file writes them out, so that a fix
// keeps the file's quoting and layout: only the text between the quotes,
// or the bare value, changes.
package settings

import (
	"go/token"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/flinklint/flinklint/parsers/model"
	"github.com/flinklint/flinklint/rules/internal/report"
)

// quotes are the characters that may enclose a value: SQL's and YAML's
// quotes, and the string quotes of Java, Scala and Python.
const quotes = `'"`

// Value returns the span of the text of s's value, between its quotes
// when it has them, or false when the file does not write the value out
// there: a constant or a variable holds it, it is computed, or the
// literal holds escapes, so that the text differs from the value.
func Value(pass *analysis.Pass, s *model.Setting) (pos, end token.Pos, ok bool) {
	tf := pass.Fset.File(s.ValuePos)
	if tf == nil || s.Value == "" {
		return token.NoPos, token.NoPos, false
	}
	src := report.Text(pass, tf)
	if src == nil {
		return token.NoPos, token.NoPos, false
	}
	off := tf.Offset(s.ValuePos)
	if off < len(src) && strings.IndexByte(quotes, src[off]) >= 0 && off+1+len(s.Value) < len(src) && src[off+1+len(s.Value)] == src[off] {
		off++ // a literal in code, whose position is its opening quote
	}
	if off+len(s.Value) > len(src) || string(src[off:off+len(s.Value)]) != s.Value {
		return token.NoPos, token.NoPos, false
	}
	return tf.Pos(off), tf.Pos(off + len(s.Value)), true
}

// Replace returns the edit that writes text in place of s's value, or
// false when the file does not write the value out (Value).
func Replace(pass *analysis.Pass, s *model.Setting, text string) (analysis.TextEdit, bool) {
	pos, end, ok := Value(pass, s)
	if !ok {
		return analysis.TextEdit{}, false
	}
	return analysis.TextEdit{Pos: pos, End: end, NewText: []byte(text)}, true
}

// Bare reports whether s's value is written out without quotes: a YAML
// plain scalar, or the value of SQL's legacy SET key = value, which ends
// at a space.
func Bare(pass *analysis.Pass, s *model.Setting) bool {
	pos, end, ok := Value(pass, s)
	if !ok {
		return false
	}
	tf := pass.Fset.File(pos)
	src := report.Text(pass, tf)
	if src == nil {
		return false
	}
	a, b := tf.Offset(pos), tf.Offset(end)
	return a == 0 || b >= len(src) || src[a-1] != src[b] || strings.IndexByte(quotes, src[b]) < 0
}
