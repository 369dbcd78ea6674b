package analyzer

import (
	"fmt"
	"go/token"
	"path/filepath"

	"golang.org/x/tools/go/analysis"
)

// Touch returns the first of the lines from to to (1-based, inclusive) of
// the file at path that a run reports on, or 0 for none: the lines a
// change touched (-new-from-rev), or every line of the files a pre-commit
// hook passed.
type Touch func(path string, from, to int) int

// KeepTouching keeps the findings that a change touches: through their own
// range, or through any of their evidence, since a change can cause a
// finding elsewhere (a job that switches its source to Kafka makes the
// strategy without idleness in a shared file wrong; deleting
// .withIdleness(...) leaves a finding on the line above the deletion).
//
// A finding kept through its evidence alone moves to the evidence's first
// touched line, where a client that shows only changed lines (a review,
// reviewdog's diff filter, a hook's file list) can see it; its headline
// says where it was found, and that place becomes its first evidence.
func (r *Result) KeepTouching(touch Touch) {
	kept := r.Diagnostics[:0]
	for _, d := range r.Diagnostics {
		if touched(touch, d.Position, d.EndPos) > 0 {
			kept = append(kept, d)
			continue
		}
		for i, e := range d.Evidence {
			if line := touched(touch, e.Position, e.EndPos); line > 0 {
				kept = append(kept, r.moved(d, i, line))
				break
			}
		}
	}
	clear(r.Diagnostics[len(kept):])
	r.Diagnostics = kept
}

// touched is touch of the lines of [start, end].
func touched(touch Touch, start, end token.Position) int {
	if start.Line == 0 {
		return 0
	}
	return touch(start.Filename, start.Line, max(end.Line, start.Line))
}

// moved is d moved to line of its evidence i.
func (r *Result) moved(d Diagnostic, i, line int) Diagnostic {
	e := d.Related[i]
	tf := r.Fset.File(e.Pos)
	pos, end := e.Pos, e.End
	if tf.Line(pos) != line {
		pos = tf.LineStart(line)
	}
	if !end.IsValid() || tf.Line(end) != line {
		end = lineEnd(tf, line)
	}
	where := fmt.Sprintf("line %d", d.Position.Line)
	if d.Position.Filename != d.Evidence[i].Position.Filename {
		where = fmt.Sprintf("%s:%d", filepath.Base(d.Position.Filename), d.Position.Line)
	}
	text := d.Text()
	text.Headline += " (found at " + where + ")"
	d.Message = text.String()
	d.Related = append([]analysis.RelatedInformation{{Pos: d.Pos, End: d.End, Message: "found here"}}, d.Related...)
	d.Pos, d.End = pos, end
	d.resolve(r.Fset)
	return d
}

// lineEnd is the position of the end of line of tf, before its line break.
func lineEnd(tf *token.File, line int) token.Pos {
	if line < tf.LineCount() {
		return tf.LineStart(line+1) - 1
	}
	return token.Pos(tf.Base() + tf.Size())
}
