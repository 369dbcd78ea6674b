package review

import (
	"cmp"
	"go/token"
	"path/filepath"
	"slices"
	"strings"
	"unicode/utf8"

	"golang.org/x/tools/go/analysis"

	"github.com/flinklint/flinklint/analyzer"
	"github.com/flinklint/flinklint/parsers"
	"github.com/flinklint/flinklint/rules"
)

// FromResult converts a run's diagnostics into findings with paths
// relative to root, the repository's top directory, their evidence
// included. A finding gets a fix
// when its rule suggests one and its file still holds the text analyzed;
// columns count characters when the text can be read, bytes otherwise.
func FromResult(res *analyzer.Result, root string) []Finding {
	texts := map[string][]byte{} // analyzed text by file name; nil when unreadable or changed
	findings := make([]Finding, 0, len(res.Diagnostics))
	for _, d := range res.Diagnostics {
		name := d.Position.Filename
		src, ok := texts[name]
		if !ok {
			src = analyzedText(name, res.Digests)
			texts[name] = src
		}
		text := d.Text()
		f := Finding{
			Path:      relPath(root, name),
			Line:      d.Position.Line,
			Column:    d.Position.Column,
			EndLine:   d.Position.Line,
			EndColumn: d.Position.Column,
			Rule:      d.Rule,
			Message:   text.Headline,
			Help:      text.Help,
			Note:      text.Note,
		}
		for _, e := range d.Evidence {
			f.Related = append(f.Related, Related{Path: relPath(root, e.Position.Filename), Line: e.Position.Line,
				EndLine: max(e.EndPos.Line, e.Position.Line), Label: e.Label})
		}
		if d.EndPos.IsValid() {
			f.EndLine, f.EndColumn = d.EndPos.Line, d.EndPos.Column
		}
		if r, ok := rules.ByID(d.Rule); ok {
			f.Severity, f.DocsURL = r.Severity, r.URL
		}
		if s, err := rules.ParseSeverity(d.Category); err == nil {
			f.Severity = s // the rule reported this finding at another severity
		}
		if src != nil {
			tf := res.Fset.File(d.Pos)
			if tf != nil && tf.Size() == len(src) {
				f.Column = charColumn(tf, src, d.Pos)
				if d.EndPos.IsValid() {
					f.EndColumn = charColumn(tf, src, d.End)
				}
				if len(d.SuggestedFixes) > 0 {
					f.Fix = wholeLines(tf, src, d.SuggestedFixes[0].TextEdits)
				}
			}
		}
		findings = append(findings, f)
	}
	return findings
}

// charColumn returns the 1-based column of pos, in tf whose text is src,
// counted in characters.
func charColumn(tf *token.File, src []byte, pos token.Pos) int {
	start := tf.Offset(tf.LineStart(tf.Line(pos)))
	return utf8.RuneCount(src[start:tf.Offset(pos)]) + 1
}

// relPath returns name relative to root with forward slashes, or name
// itself (slashed) when it lies outside root.
func relPath(root, name string) string {
	abs := func(p string) string {
		if a, err := filepath.Abs(p); err == nil {
			p = a
		}
		if e, err := filepath.EvalSymlinks(p); err == nil {
			p = e
		}
		return p
	}
	rel, err := filepath.Rel(abs(root), abs(name))
	if err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
		return filepath.ToSlash(name)
	}
	return filepath.ToSlash(rel)
}

// analyzedText reads name as the analyzer saw it: the text fixes' offsets
// point into, or nil when the file no longer holds the bytes analyzed (or
// was decoded, so offsets do not match its bytes).
func analyzedText(name string, digests map[string]parsers.Digest) []byte {
	want, ok := digests[name]
	if !ok {
		return nil
	}
	src, _ := parsers.AnalyzedText(name, want)
	return src
}

// wholeLines turns a fix's edits, which must all lie in tf, into the new
// text of the whole lines they touch; nil when they cannot be (another
// file, overlapping edits, or a result that joins the last line with the
// next one).
func wholeLines(tf *token.File, src []byte, edits []analysis.TextEdit) *Fix {
	if len(edits) == 0 {
		return nil
	}
	type span struct{ start, end int }
	spans := make([]span, len(edits))
	first, last := tf.Size(), 0
	for i, e := range edits {
		end := e.End
		if !end.IsValid() {
			end = e.Pos
		}
		if tf.Base() > int(e.Pos) || int(end) > tf.Base()+tf.Size() || end < e.Pos {
			return nil
		}
		spans[i] = span{tf.Offset(e.Pos), tf.Offset(end)}
		first, last = min(first, spans[i].start), max(last, spans[i].end)
	}
	startLine := tf.Line(tf.Pos(first))
	endLine := tf.Line(tf.Pos(last))
	if last > first && endLine > startLine && tf.Offset(tf.LineStart(endLine)) == last {
		endLine-- // the edits end at the line break before endLine: it keeps its text
	}
	from := tf.Offset(tf.LineStart(startLine))
	to := len(src)
	if endLine < tf.LineCount() {
		to = tf.Offset(tf.LineStart(endLine + 1))
	}
	var b strings.Builder
	at := from
	order := make([]int, len(spans))
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(i, j int) int { return cmp.Compare(spans[i].start, spans[j].start) })
	for _, i := range order {
		s := spans[i]
		if s.start < at {
			return nil // overlapping edits
		}
		b.Write(src[at:s.start])
		b.Write(edits[i].NewText)
		at = s.end
	}
	if at > to {
		return nil
	}
	b.Write(src[at:to])
	text := strings.ReplaceAll(b.String(), "\r\n", "\n")
	switch {
	case text == "" || strings.HasSuffix(text, "\n"):
	case to < len(src):
		return nil // the fix joins the last line with the next one
	default:
		text += "\n" // the file's last line, without a line break
	}
	return &Fix{StartLine: startLine, EndLine: endLine, Text: text}
}
