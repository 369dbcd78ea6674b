package ineffectivelateness

import (
	"bytes"
	"go/token"

	"golang.org/x/tools/go/analysis"

	"github.com/flinklint/flinklint/jobgraph"
	"github.com/flinklint/flinklint/parsers/model"
	"github.com/flinklint/flinklint/rules/internal/report"
)

// fix deletes the lateness setting c, which does nothing on its window:
// the job then runs as before. Safe, but only where deleting c deletes
// nothing else that runs (its argument is a literal, a name, a field or a
// Duration or Time factory of those) and no getSideOutput may read the
// late tag c sets: a job that reads late data expects event time, and
// only its author knows whether the window or the reader is wrong.
func fix(pass *analysis.Pass, p *model.Project, c *model.Node) []analysis.SuggestedFix {
	if len(c.Args()) != 1 || !pure(c.Args()[0]) || c.Name == "sideOutputLateData" && tagRead(p, c.Args()[0]) {
		return nil
	}
	src, tf := report.Text(pass, c.File.Token), c.File.Token
	if src == nil || c.Recv == nil {
		return nil
	}
	start, end, ok := cut(src, tf, c)
	if !ok {
		return nil
	}
	return []analysis.SuggestedFix{report.Safe("Delete ."+c.Written()+"(...), which does nothing on this window",
		analysis.TextEdit{Pos: tf.Pos(start), End: tf.Pos(end)})}
}

// pure reports whether evaluating n runs no code of the job's: a literal,
// a name, a field, arithmetic on them, or a Duration, Time or OutputTag
// made of them.
func pure(n *model.Node) bool {
	switch n.Kind {
	case model.String, model.Number, model.Ident:
		return true
	case model.Select:
		return n.Recv == nil || pure(n.Recv)
	case model.Unary, model.Binary:
		return allPure(n.Args())
	case model.Call:
		class := model.SimpleName(n.Recv)
		return (class == "Duration" || class == "Time") && allPure(n.Args())
	case model.New:
		return n.Name == "OutputTag" && allPure(n.Args())
	}
	return false
}

func allPure(ns []*model.Node) bool {
	for _, n := range ns {
		if !pure(n) {
			return false
		}
	}
	return true
}

// tagRead reports whether a getSideOutput call of the project may read
// the late tag tag.
func tagRead(p *model.Project, tag *model.Node) bool {
	for _, g := range p.Calls("getSideOutput") {
		if len(g.Args()) == 0 || jobgraph.SameTag(p, tag, g.Args()[0]) {
			return true
		}
	}
	return false
}

// cut returns the offsets of the text that deletes the call c: the whole
// statement where c is one (w.allowedLateness(x) alone, or w =
// w.allowedLateness(x)), else the link of the chain, from the end of its
// receiver; a link written on a line of its own goes with that line, the
// comment after it included. ok is false where the statement shares its
// lines, or is the only one of a Python block, which cannot be empty.
func cut(src []byte, tf *token.File, c *model.Node) (start, end int, ok bool) {
	if stmt := statement(c); stmt != nil {
		if stmt.File.Lang == model.Python && len(stmt.Parent.Body()) < 2 {
			return 0, 0, false
		}
		return ownLines(src, tf.Offset(stmt.Pos()), tf.Offset(stmt.End()), false)
	}
	recv, name := tf.Offset(c.Recv.End()), tf.Offset(c.NamePos())
	if recv > name || bytes.LastIndexByte(src[recv:name], '.') < 0 {
		return 0, 0, false // a call the model spells otherwise (a Scala infix, say)
	}
	dot := recv + bytes.LastIndexByte(src[recv:name], '.')
	if s, e, ok := ownLines(src, dot, tf.Offset(c.End()), true); ok {
		return s, e, true
	}
	if gap := src[recv:dot]; bytes.Contains(gap, []byte("//")) || bytes.Contains(gap, []byte("/*")) || bytes.Contains(gap, []byte("#")) {
		// A comment ends the receiver's line: it stays, and so does the
		// line break after it.
		line := bytes.LastIndexByte(gap, '\n') + 1
		return dot, tf.Offset(c.End()), line > 0 && len(bytes.TrimSpace(gap[line:])) == 0
	}
	return recv, tf.Offset(c.End()), true
}

// statement returns the statement that only applies c to a variable, and
// so goes with it: c itself, or the assignment of c to its own receiver.
func statement(c *model.Node) *model.Node {
	switch p := c.Parent; {
	case c.Stmt && sameVar(c.Recv, c.Recv):
		return c
	case p != nil && p.Kind == model.Assign && p.Stmt && p.Name == "=" && p.Args()[1] == c && sameVar(p.Args()[0], c.Recv):
		return p
	}
	return nil
}

// sameVar reports whether a and b name the same variable or field, as
// written: w and w, this.w and this.w.
func sameVar(a, b *model.Node) bool {
	switch {
	case a == nil || b == nil:
		return a == b
	case a.Kind == model.Ident && b.Kind == model.Ident:
		return a.Name == b.Name
	case a.Kind == model.Select && b.Kind == model.Select:
		return a.Name == b.Name && sameVar(a.Recv, b.Recv)
	}
	return false
}

// ownLines returns the lines that hold src[a:b] and nothing else but
// blanks, a statement's semicolon, a comment or a Python line
// continuation, newline included. When link is set the next line must go
// on with the chain (start with a dot), so that the lines before and
// after still join.
func ownLines(src []byte, a, b int, link bool) (start, end int, ok bool) {
	start = bytes.LastIndexByte(src[:a], '\n') + 1
	if len(bytes.TrimSpace(src[start:a])) != 0 {
		return 0, 0, false
	}
	end = len(src)
	if i := bytes.IndexByte(src[b:], '\n'); i >= 0 {
		end = b + i + 1
	}
	rest := bytes.TrimSpace(src[b:end])
	if !link {
		rest = bytes.TrimPrefix(rest, []byte(";"))
		rest = bytes.TrimSpace(rest)
	}
	if len(rest) != 0 && !bytes.HasPrefix(rest, []byte("//")) && !bytes.HasPrefix(rest, []byte("#")) && !bytes.Equal(rest, []byte(`\`)) {
		return 0, 0, false
	}
	if link && !bytes.HasPrefix(bytes.TrimLeft(src[end:], " \t"), []byte(".")) {
		return 0, 0, false
	}
	return start, end, true
}
