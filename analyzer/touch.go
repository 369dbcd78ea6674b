package analyzer

import (
	"go/token"
	"path/filepath"
	"slices"

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
// reviewdog's diff filter, a hook's file list) can see it: see moved.
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
	slices.SortStableFunc(r.Diagnostics, compareDiagnostics)
}

// touched is touch of the lines of [start, end], or 0 for a place with no
// line (a finding about no file).
func touched(touch Touch, start, end token.Position) int {
	if start.Line == 0 {
		return 0
	}
	return touch(start.Filename, start.Line, max(end.Line, start.Line))
}

// moved is d moved to line of its evidence i. Its headline says where it
// was found in words that do not change when lines move ("in
// StreamDefaults.java", "above"), so that a review or reviewdog run again
// after more commits recognizes its comment; the exact place becomes its
// first evidence, "found here", and FoundAt, for baselines. Its fixes are
// dropped: they edit the place found, which the run was not asked about
// (a hook given Job.java must not rewrite StreamDefaults.java).
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
	where := "in " + filepath.Base(d.Position.Filename)
	switch to := d.Evidence[i].Position; {
	case to.Filename != d.Position.Filename:
	case line > d.Position.Line:
		where = "above"
	default:
		where = "below"
	}
	text := d.Text()
	text.Headline += " (found " + where + ")"
	d.Message = text.String()
	d.Related = append([]analysis.RelatedInformation{{Pos: d.Pos, End: d.End, Message: "found here"}}, d.Related...)
	d.SuggestedFixes = nil
	d.FoundAt = d.Position
	d.Pos, d.End = pos, end
	d.resolve(r.Fset)
	return d
}

// lineEnd is the position of the end of line of tf, before its line
// break: a moved finding spans the rest of its line.
func lineEnd(tf *token.File, line int) token.Pos {
	if line < tf.LineCount() {
		return tf.LineStart(line+1) - 1
	}
	return token.Pos(tf.Base() + tf.Size())
}
