// Package lateoutput writes the fixes that send a window's late records to
// a side output that the job reads and sinks. late-tag-unread reads a tag
// that nothing reads, late-data-dropped sets a tag where there was none,
// and lateness-into-append-sink sets one instead of allowedLateness; all
// three read the tag on the window's operator and print it.
//
// print(label) is the one sink every job can write without choosing a
// connector, a topic or a schema: the late records appear, labelled, in
// the TaskManagers' stdout (the .out file, the web UI's Stdout tab), where
// the user sees them and replaces the print with a sink of their own. The
// main output's sink would be a guess, and seldom takes the input's type.
package lateoutput

import (
	"bytes"
	"go/token"
	"strconv"

	"golang.org/x/tools/go/analysis"

	"github.com/flinklint/flinklint/jobgraph"
	"github.com/flinklint/flinklint/parsers/model"
	"github.com/flinklint/flinklint/rules/internal/report"
)

// Writer writes the edits of one pass, reading each file once.
type Writer struct {
	pass  *analysis.Pass
	src   *report.Source
	files map[string][]byte
}

// New returns a Writer for the pass.
func New(pass *analysis.Pass) *Writer {
	return &Writer{pass: pass, src: report.NewSource(pass), files: map[string][]byte{}}
}

// sameOperator are the calls that return the operator they are called on
// (name, uid, setParallelism...): getSideOutput after them reads it.
var sameOperator = jobgraph.Through(jobgraph.SameOperator)

// Read returns the edits that read the side output tag (an expression of
// the file, evaluated where the tag is set by config) on the window
// operator op and print it under label. The operator's result must be at
// hand: a statement that drops it, to which the read is appended, or a
// variable declared or assigned by a statement of its own, after which a
// statement reads it (in Java a SingleOutputStreamOperator or var:
// DataStream has no getSideOutput). A chain that goes on (.reduce(f).map(g))
// has no variable to read, and Java would need its type to declare one:
// false then.
func (w *Writer) Read(op, config, tag *model.Node, label string) ([]analysis.TextEdit, bool) {
	top := op
	for o := model.Outer(top); o != nil && sameOperator(o); o = model.Outer(top) {
		top = o
	}
	text := w.src.Text(tag)
	if text == "" {
		return nil, false
	}
	read := spell(op, ".getSideOutput(") + text + spell(op, ").print(") + strconv.Quote(label) + ")"
	if top.Stmt {
		return []analysis.TextEdit{insert(top.End(), read)}, true
	}
	v, stmt := w.holder(top)
	if v == "" || !sameScope(config, stmt) {
		return nil, false
	}
	e, ok := w.after(stmt, v+read)
	return []analysis.TextEdit{e}, ok
}

// Print returns the edit that prints, under label, the side-output stream
// get (a getSideOutput call) that goes nowhere: appended to the statement
// that drops it, or in a statement after the variable that holds it
// unread (unused).
func (w *Writer) Print(get, unused *model.Node, label string) ([]analysis.TextEdit, bool) {
	sink := spell(get, ".print(") + strconv.Quote(label) + ")"
	if unused == nil {
		return []analysis.TextEdit{insert(get.End(), sink)}, true
	}
	if !statement(unused) {
		return nil, false
	}
	e, ok := w.after(unused, w.name(unused)+sink)
	return []analysis.TextEdit{e}, ok
}

// Redirect returns the edit that makes the getSideOutput call get, made
// on another operator than the window's (sums.map(f).getSideOutput(tag)),
// read the window operator op instead, where op's result is held in a
// variable declared before get in the same method: the records then reach
// the sink the author chose for them.
func (w *Writer) Redirect(op, get *model.Node) ([]analysis.TextEdit, bool) {
	top := op
	for o := model.Outer(top); o != nil && sameOperator(o); o = model.Outer(top) {
		top = o
	}
	v, stmt := w.holder(top)
	if v == "" || get.Recv == nil || get.Pos() < stmt.End() || !sameScope(stmt, get) {
		return nil, false
	}
	return []analysis.TextEdit{{Pos: get.Recv.Pos(), End: get.Recv.End(), NewText: []byte(v)}}, true
}

// holder returns the variable that a statement of its own stores the
// operator expression top in (T v = top; v = top), as written, and that
// statement; "" when there is none, or, in Java, when its declared type
// has no getSideOutput.
func (w *Writer) holder(top *model.Node) (string, *model.Node) {
	p := top.Parent
	switch {
	case p == nil:
	case p.Kind == model.Local && p.Init == top && statement(p) && readable(p):
		return w.name(p), p
	case p.Kind == model.Assign && p.Name == "=" && p.Stmt && len(p.Args()) == 2 && p.Args()[1] == top &&
		p.Args()[0].Kind == model.Ident:
		d := w.project().ValueDecl(p.Args()[0])
		if d != nil && d.Kind == model.Local && readable(d) {
			return w.src.Text(p.Args()[0]), p
		}
	}
	return "", nil
}

func (w *Writer) project() *model.Project { return jobgraph.Of(w.pass).Project() }

// readable reports whether the variable d may hold an operator whose side
// output a statement reads: in Java when its declared type is
// SingleOutputStreamOperator, or var (which the model leaves empty);
// Scala's DataStream has getSideOutput, and Python declares no types.
func readable(d *model.Node) bool {
	if d.File.Lang != model.Java {
		return true
	}
	return d.Type() == "SingleOutputStreamOperator" || d.Type() == ""
}

// statement reports whether the declaration d is a statement of its own in
// a block (or a Python module), after which another statement may follow
// on the next line.
func statement(d *model.Node) bool {
	p := d.Parent
	return p != nil && (p.Kind == model.Block || p.Kind == model.Class && p.IsModule())
}

// sameScope reports whether a and b lie in the same method and lambda, so
// that what a's code names (a tag) can be named in b's.
func sameScope(a, b *model.Node) bool {
	return model.Enclosing(a, model.Method) == model.Enclosing(b, model.Method) &&
		model.Enclosing(a, model.Lambda) == model.Enclosing(b, model.Lambda)
}

// name is the variable declared by d as the source spells it (Python's
// late_records, which the model calls lateRecords).
func (w *Writer) name(d *model.Node) string {
	src := w.source(d)
	off := d.File.Token.Offset(d.NamePos())
	end := off
	for end < len(src) && (src[end] == '_' || src[end] == '$' || isAlnum(src[end])) {
		end++
	}
	return string(src[off:end])
}

func isAlnum(c byte) bool {
	return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9'
}

// after returns the edit that adds the statement code on a line of its own
// after the line where stmt ends, indented as stmt's first line.
func (w *Writer) after(stmt *model.Node, code string) (analysis.TextEdit, bool) {
	src := w.source(stmt)
	tf := stmt.File.Token
	if src == nil || tf == nil {
		return analysis.TextEdit{}, false
	}
	end := tf.Offset(stmt.End())
	if nl := bytes.IndexByte(src[end:], '\n'); nl >= 0 {
		end += nl
	} else {
		end = len(src)
	}
	if stmt.File.Lang == model.Java {
		code += ";"
	}
	return insert(tf.Pos(end), "\n"+indent(src, tf.Offset(stmt.Pos()))+code), true
}

// indent returns the leading white space of the line holding offset off.
func indent(src []byte, off int) string {
	start := bytes.LastIndexByte(src[:off], '\n') + 1
	end := start
	for end < len(src) && (src[end] == ' ' || src[end] == '\t') {
		end++
	}
	return string(src[start:end])
}

// source returns the text of n's file, nil when it cannot be read.
func (w *Writer) source(n *model.Node) []byte {
	path := n.File.Path
	if src, ok := w.files[path]; ok {
		return src
	}
	src, _ := w.pass.ReadFile(path)
	w.files[path] = src
	return src
}

// spell writes API text (camelCase) as the file of n spells it.
func spell(n *model.Node, text string) string { return report.Spell(n, text) }

func insert(at token.Pos, text string) analysis.TextEdit {
	return analysis.TextEdit{Pos: at, End: at, NewText: []byte(text)}
}
