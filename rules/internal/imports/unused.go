package imports

import (
	"bytes"

	"golang.org/x/tools/go/analysis"

	"github.com/flinklint/flinklint/parsers/model"
	"github.com/flinklint/flinklint/rules/internal/lines"
)

// Unused returns the edits that delete the imports of f, whose source is
// src, that only the text src[a:b] names, which a fix deletes or replaces
// with added (PipelineOptions once conf.set(PipelineOptions.AUTO_WATERMARK_INTERVAL,
// Duration.ZERO) is gone), so that the fix leaves no unused import for a
// linter or Scala's -Wunused to fail on. A name still written anywhere
// else in the file, in a comment too, keeps its import; so does an import
// that shares its line.
func Unused(f *model.File, src []byte, a, b int, added string) []analysis.TextEdit {
	var edits []analysis.TextEdit
	for _, im := range f.Imports {
		name := []byte(im.Bound())
		if im.Wildcard || !names(src[a:b], name) || names([]byte(added), name) {
			continue
		}
		start, stop, _, ok := lines.Import(f, src, im)
		if !ok {
			continue
		}
		s, e := f.Token.Offset(start), f.Token.Offset(stop)
		if names(src[:min(a, s)], name) || names(src[max(b, e):], name) || between(src, name, a, b, s, e) {
			continue
		}
		if s > 0 && blank(src, lineStart(src, s-1)) && e < len(src) && blank(src, e) {
			stop = f.Token.Pos(e + len(lineAt(src, e)) + 1) // the last of its group: its group's blank line too
		}
		edits = append(edits, analysis.TextEdit{Pos: start, End: stop})
	}
	return edits
}

// blank reports whether the line at offset l holds only blanks.
func blank(src []byte, l int) bool {
	return len(bytes.TrimSpace(lineAt(src, l))) == 0
}

// lineAt returns the line that starts at offset l, without its newline.
func lineAt(src []byte, l int) []byte {
	if i := bytes.IndexByte(src[l:], '\n'); i >= 0 {
		return src[l : l+i]
	}
	return src[l:]
}

// lineStart returns the offset of the start of the line that holds
// offset o.
func lineStart(src []byte, o int) int {
	return bytes.LastIndexByte(src[:o], '\n') + 1
}

// between reports whether name is written between the deleted text
// [a, b) and the import's line [s, e), whichever comes first.
func between(src, name []byte, a, b, s, e int) bool {
	if e <= a {
		return names(src[e:a], name)
	}
	return names(src[b:s], name)
}

// names reports whether text holds name as a whole word.
func names(text, name []byte) bool {
	for i := 0; ; {
		j := bytes.Index(text[i:], name)
		if j < 0 {
			return false
		}
		j += i
		end := j + len(name)
		if (j == 0 || !word(text[j-1])) && (end == len(text) || !word(text[end])) {
			return true
		}
		i = j + 1
	}
}

// word reports whether c can be part of a Java, Scala or Python name.
func word(c byte) bool {
	return c == '_' || c == '$' || '0' <= c && c <= '9' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z'
}
