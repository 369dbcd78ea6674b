// Package lines finds the whole lines a fix deletes: a statement, an
// import or a setting is deleted with its line only when nothing else
// stands on that line, so that a deletion never takes other code along.
package lines

import (
	"bytes"
	"go/token"
	"strings"

	"github.com/flinklint/flinklint/parsers/model"
)

// comments are the markers that start a comment running to the end of
// the line, by language.
var comments = map[model.Lang][]string{
	model.Java:   {"//"},
	model.Scala:  {"//"},
	model.Python: {"#"},
	model.SQL:    {"--"},
	model.Config: {"#"},
}

// Whole returns the span of the whole lines that hold [pos, end) of
// the file tf, whose source is src, newline included, when the rest of
// them holds only blanks, a semicolon and a comment.
func Whole(tf *token.File, src []byte, lang model.Lang, pos, end token.Pos) (start, stop token.Pos, ok bool) {
	if tf == nil || src == nil {
		return token.NoPos, token.NoPos, false
	}
	start = tf.LineStart(tf.Line(pos))
	a := tf.Offset(start)
	if len(bytes.TrimSpace(src[a:tf.Offset(pos)])) != 0 {
		return token.NoPos, token.NoPos, false
	}
	b, ok := End(src, tf.Offset(end), lang)
	if !ok {
		return token.NoPos, token.NoPos, false
	}
	if b < len(src) {
		b++
	}
	return start, tf.Pos(b), true
}

// End returns the offset of the end of the line from b, when the rest of
// the line holds only a semicolon, blanks and a comment of lang.
func End(src []byte, b int, lang model.Lang) (int, bool) {
	for b < len(src) && src[b] != '\n' {
		if comment(src[b:], lang) {
			for b < len(src) && src[b] != '\n' {
				b++
			}
			break
		}
		if src[b] != ';' && src[b] != ' ' && src[b] != '\t' && src[b] != '\r' {
			return b, false
		}
		b++
	}
	return b, true
}

// comment reports whether rest starts a comment of lang.
func comment(rest []byte, lang model.Lang) bool {
	for _, c := range comments[lang] {
		if bytes.HasPrefix(rest, []byte(c)) {
			return true
		}
	}
	return false
}

// Import returns the span of the line of the import im of f, whose source
// is src, newline included, and its text, when the line holds nothing but
// that one import.
func Import(f *model.File, src []byte, im model.Import) (start, stop token.Pos, text string, ok bool) {
	tf := f.Token
	if tf == nil || src == nil || !im.End.IsValid() {
		return token.NoPos, token.NoPos, "", false
	}
	start = tf.LineStart(tf.Line(im.End))
	a, b := tf.Offset(start), tf.Offset(im.End)
	b, ok = End(src, b, f.Lang)
	if !ok {
		return token.NoPos, token.NoPos, "", false
	}
	text = strings.TrimSpace(string(src[a:b]))
	if strings.Contains(text, ",") || !strings.HasPrefix(text, "import ") && !strings.HasPrefix(text, "from ") {
		return token.NoPos, token.NoPos, "", false
	}
	if b < len(src) {
		b++
	}
	return start, tf.Pos(b), text, true
}
