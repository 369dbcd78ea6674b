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
	"slices"
	"strconv"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/flinklint/flinklint/jobgraph"
	"github.com/flinklint/flinklint/parsers/model"
	"github.com/flinklint/flinklint/rules/internal/imports"
	"github.com/flinklint/flinklint/rules/internal/report"
)

// Writer writes the edits of one pass, reading each file once.
type Writer struct {
	pass  *analysis.Pass
	src   *report.Source
	files map[string][]byte
	// declared are the methods (or modules) Route has declared its tag in:
	// a second in one method would not compile.
	declared map[*model.Node]bool
}

// New returns a Writer for the pass.
func New(pass *analysis.Pass) *Writer {
	return &Writer{pass: pass, src: report.NewSource(pass), files: map[string][]byte{}, declared: map[*model.Node]bool{}}
}

// sameOperator are the calls that return the operator they are called on
// (name, uid, setParallelism...): getSideOutput after them reads it.
var sameOperator = jobgraph.Through(jobgraph.SameOperator)

// recordWise are the steps after a window operator that a misplaced read
// of its late tag may follow (map, filter, keyBy...); process is not one,
// as it may be the window's own terminal.
var recordWise = jobgraph.Through(jobgraph.SameOperator | jobgraph.Repartition | jobgraph.RecordWise | jobgraph.Union)

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
	text := w.src.Text(tag)
	if text == "" {
		return nil, false
	}
	return w.read(op, config, text, label, func(at *model.Node) bool { return w.visible(tag, at) })
}

// read is Read of the tag written text, which visible says may be
// named in the statement at.
func (w *Writer) read(op, config *model.Node, text, label string, visible func(at *model.Node) bool) ([]analysis.TextEdit, bool) {
	top := operator(op)
	read := spell(op, ".getSideOutput(") + text + spell(op, ").print(") + quote(label) + ")"
	if top.Stmt {
		if !visible(top) {
			return nil, false
		}
		return []analysis.TextEdit{insert(top.End(), read)}, true
	}
	v, stmt := w.holder(top)
	if v == "" || !sameScope(config, stmt) || !visible(stmt) {
		return nil, false
	}
	e, ok := w.after(stmt, v+read)
	return []analysis.TextEdit{e}, ok
}

// visible reports whether the names of the tag expression tag may be
// written in the statement at, after it: tag is in at's file, and each
// local variable it names is declared before at in a block that holds it.
// A Python module's variable, of at's module or imported into it, is
// visible in all of its functions.
func (w *Writer) visible(tag, at *model.Node) bool {
	if tag.File != at.File {
		return false
	}
	ok := true
	model.Inspect(tag, func(n *model.Node) bool {
		if n.Kind != model.Ident || !ok {
			return ok
		}
		d := w.project().ValueDecl(n)
		if d != nil && d.Kind == model.Local && !moduleLevel(d) {
			ok = d.Pos() < at.Pos() && encloses(d.Parent, at)
		}
		return ok
	})
	return ok
}

// moduleLevel reports whether d is a variable of a Python module.
func moduleLevel(d *model.Node) bool {
	return d.Parent != nil && d.Parent.Kind == model.Class && d.Parent.IsModule()
}

// encloses reports whether the node outer holds n.
func encloses(outer, n *model.Node) bool {
	for ; n != nil; n = n.Parent {
		if n == outer {
			return true
		}
	}
	return false
}

// quote writes label as a string literal that Java, Scala and Python
// read alike: printable text, with only \" and \\ escaped; anything else
// is labelled "late".
func quote(label string) string {
	for _, r := range label {
		if !strconv.IsPrint(r) {
			return `"late"`
		}
	}
	return strconv.Quote(label)
}

// operator returns the outermost expression of the chain that still is
// the operator op: op.name(...).uid(...).
func operator(op *model.Node) *model.Node {
	top := op
	for o := model.Outer(top); o != nil && sameOperator(o); o = model.Outer(top) {
		top = o
	}
	return top
}

// Print returns the edit that prints, under label, the side-output stream
// get (a getSideOutput call) that goes nowhere: appended to the statement
// that drops it, or in a statement after the variable that holds it
// unread (unused).
func (w *Writer) Print(get, unused *model.Node, label string) ([]analysis.TextEdit, bool) {
	sink := spell(get, ".print(") + quote(label) + ")"
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
// on a later operator than the window's (sums.map(f).getSideOutput(tag)),
// read the window operator op instead, where op's result is held in a
// variable declared before get in the same method: the records then reach
// the sink the author chose for them. A read on a stream that does not
// come from op through record-wise steps (another window's operator, with
// a tag of the same id) is left alone.
func (w *Writer) Redirect(op, get *model.Node) ([]analysis.TextEdit, bool) {
	v, stmt := w.holder(operator(op))
	if v == "" || get.Recv == nil || get.Pos() < stmt.End() || !sameScope(stmt, get) ||
		!slices.Contains(jobgraph.Of(w.pass).Origins(get.Recv, recordWise), op) {
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
// after the line where stmt ends, indented as stmt's first line; false
// when stmt shares a line with other code (a closing brace, an if's
// condition), after which the statement would land outside stmt's block.
func (w *Writer) after(stmt *model.Node, code string) (analysis.TextEdit, bool) {
	src := w.source(stmt)
	tf := stmt.File.Token
	if src == nil || tf == nil || !ownLines(stmt, src) {
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

// ownLines reports whether the statement stmt starts its first line and
// ends its last, but for a line comment: code inserted on a line before
// or after it then lies in stmt's block. A declaration starts at its name,
// so what precedes stmt on its line may be its type, but no brace, no
// semicolon, no condition's parenthesis and, in Python, no colon.
func ownLines(stmt *model.Node, src []byte) bool {
	tf := stmt.File.Token
	start := tf.Offset(stmt.Pos())
	before := src[bytes.LastIndexByte(src[:start], '\n')+1 : start]
	stops := "{};)"
	if stmt.File.Lang == model.Python {
		stops += ":"
	}
	return !bytes.ContainsAny(before, stops) && lineEnds(stmt.File.Lang, src, tf.Offset(stmt.End()))
}

// lineEnds reports whether nothing but white space and a line comment
// follows offset off on its line (in Java, after the statement's
// semicolon): code written at the line's end then follows what lies
// before off.
func lineEnds(lang model.Lang, src []byte, off int) bool {
	rest := src[off:]
	if nl := bytes.IndexByte(rest, '\n'); nl >= 0 {
		rest = rest[:nl]
	}
	rest = bytes.TrimSpace(rest)
	comment := "//"
	switch lang {
	case model.Python:
		comment = "#"
	case model.Java:
		rest = bytes.TrimSpace(bytes.TrimPrefix(rest, []byte(";")))
	}
	return len(rest) == 0 || bytes.HasPrefix(rest, []byte(comment))
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
	src := report.Text(w.pass, n.File.Token)
	w.files[path] = src
	return src
}

// spell writes API text (camelCase) as the file of n spells it.
func spell(n *model.Node, text string) string { return report.Spell(n, text) }

func insert(at token.Pos, text string) analysis.TextEdit {
	return analysis.TextEdit{Pos: at, End: at, NewText: []byte(text)}
}

// Tag is the tag Route declares: its variable (lateData, which Python
// spells late_data) and its id, which labels the printed records. Each
// rule declares its own, so that the fixes of two rules in one method
// declare two variables.
type Tag struct {
	Var, ID string
}

// maxSteps bounds how far elementType walks back.
const maxSteps = 32

// Route returns the edits that send the late records of the window win
// to a new side output tag and print them, where op is the operator the
// window builds: tag declared in a statement before op's (and before the
// statement of replace), set with .sideOutputLateData(tag) in place of the
// call replace (allowedLateness) or, when replace is nil, right before op,
// and read on op as Read does. Java and Scala declare the tag with the
// element type of the window, which a variable's declared type must show;
// Python's OutputTag needs no type (its records are pickled). replace must
// lie in op's block: in a helper the tag would be out of scope.
func (w *Writer) Route(win *jobgraph.Window, op, replace *model.Node, tag Tag) ([]analysis.TextEdit, bool) {
	f := op.File
	stmt := statementOf(op)
	src := w.source(op)
	name := spell(op, tag.Var)
	if stmt == nil || src == nil || f.Token == nil || bytes.Contains(src, []byte(name)) || w.declared[scope(stmt)] {
		return nil, false // a name the file or another fix uses already: no guess at another
	}
	first := stmt
	if replace != nil {
		rs := statementOf(replace)
		if rs == nil || rs.Parent != stmt.Parent || !sameScope(replace, op) {
			return nil, false
		}
		if rs.Pos() < first.Pos() {
			first = rs
		}
	}
	if !ownLines(first, src) {
		return nil, false
	}
	decl, path, ok := w.declaration(win, first, name, tag.ID)
	if !ok {
		return nil, false
	}
	imp, ok := importTag(f, src, path)
	if !ok {
		return nil, false
	}
	read, ok := w.read(op, op, name, tag.ID, func(*model.Node) bool { return true })
	if !ok {
		return nil, false
	}
	lineStart := bytes.LastIndexByte(src[:f.Token.Offset(first.Pos())], '\n') + 1
	edits := append([]analysis.TextEdit{
		insert(f.Token.Pos(lineStart), indent(src, lineStart)+decl+"\n"),
		w.setTag(op, replace, name),
	}, read...)
	if imp.NewText != nil {
		edits = append(edits, imp)
	}
	w.declared[scope(stmt)] = true
	return edits, true
}

// importTag returns the edit that imports the OutputTag class path into
// f: none when f imports an OutputTag by name already, from path or, in
// Python, from PyFlink's module that defines it
// (pyflink.datastream.output_tag); false when that import is another
// class, which the new one would clash with.
func importTag(f *model.File, src []byte, path string) (analysis.TextEdit, bool) {
	for _, im := range f.Imports {
		if im.Wildcard || im.Static && f.Lang != model.Python || im.Bound() != "OutputTag" {
			continue // Python's from-imports are static ones
		}
		if im.Path == path || f.Lang == model.Python && strings.HasPrefix(im.Path, "pyflink.") {
			return analysis.TextEdit{}, true
		}
		return analysis.TextEdit{}, false
	}
	return imports.Add(f, src, path)
}

// scope is the method (or Python module) whose block holds stmt.
func scope(stmt *model.Node) *model.Node {
	if m := model.Enclosing(stmt, model.Method); m != nil {
		return m
	}
	return stmt.Parent
}

// declaration returns the statement that declares the tag name with the
// given id before stmt, and the import it needs. Java's anonymous class
// (new OutputTag<T>("late-data") {}, which keeps T for Flink's type
// extraction) is written only in a static method: in an instance method it
// would hold the enclosing object, which Flink would then have to
// serialize with the window operator. The element type is written only
// when each class it names can be named in stmt's file as it stands (see
// nameable): not a type variable, which Flink cannot extract from the
// anonymous class, nor a class that only another file imports.
func (w *Writer) declaration(win *jobgraph.Window, stmt *model.Node, name, id string) (decl, path string, ok bool) {
	f := stmt.File
	if f.Lang == model.Python {
		return name + " = OutputTag(" + quote(id) + ")", "pyflink.datastream.OutputTag", true
	}
	t, origin := elementType(w.project(), win.Call.Recv)
	if t == "" || !w.nameable(f, t, origin) {
		return "", "", false
	}
	if f.Lang == model.Scala {
		if !scalaAPI(f) {
			return "", "", false // the Java API from Scala, or another Scala API: its OutputTag differs
		}
		return "val " + name + " = OutputTag[" + t + "](" + quote(id) + ")", scalaTag, true
	}
	if m := model.Enclosing(stmt, model.Method); m == nil || !m.Static {
		return "", "", false
	}
	return "final OutputTag<" + t + "> " + name + " = new OutputTag<" + t + ">(" + quote(id) + ") {};",
		"org.apache.flink.util.OutputTag", true
}

// scalaTag is the Scala API's OutputTag, whose apply takes the element
// type's TypeInformation from the API's implicits.
const scalaTag = "org.apache.flink.streaming.api.scala.OutputTag"

// scalaAPI reports whether the Scala file f imports Flink's Scala
// DataStream API (org.apache.flink.streaming.api.scala._), whose
// OutputTag[T] the fix writes and whose implicits give its type, and no
// other OutputTag by name (Java's, which has no apply).
func scalaAPI(f *model.File) bool {
	api := false
	for _, im := range f.Imports {
		switch {
		case im.Wildcard && im.Path == "org.apache.flink.streaming.api.scala":
			api = true
		case !im.Wildcard && im.Bound() == "OutputTag" && im.Path != scalaTag:
			return false
		}
	}
	return api
}

// builtin are the type names every file of a language may write without
// an import: Java's java.lang and primitives, Scala's scala and Predef.
var builtin = map[model.Lang]map[string]bool{
	model.Java: set("String", "Long", "Integer", "Double", "Float", "Short", "Byte", "Character", "Boolean",
		"Object", "Number", "byte", "short", "int", "long", "float", "double", "char", "boolean"),
	model.Scala: set("String", "Long", "Int", "Double", "Float", "Short", "Byte", "Char", "Boolean", "Any", "AnyRef",
		"Unit", "Array", "Option", "Some", "Seq", "List", "Map", "Set", "Vector", "Either", "BigInt", "BigDecimal"),
}

func set(names ...string) map[string]bool {
	m := map[string]bool{}
	for _, n := range names {
		m[n] = true
	}
	return m
}

// nameable reports whether the type t, written by the declaration
// origin, can be written in the file f: t holds no wildcard (? extends T,
// Scala's _), which no tag can be declared with, and no type parameter of
// origin or of a method or class around it (T, V1), which Flink cannot
// extract from the tag; each class it names (the first segment of a dotted
// name) is built in, imported by name into f, a class of f or a top-level
// class of f's package, or written in f itself, where it resolves already.
// A class that only another file imports (by name or by wildcard) is not:
// the fix would need an import it does not add.
func (w *Writer) nameable(f *model.File, t string, origin *model.Node) bool {
	if strings.Contains(t, "?") {
		return false
	}
	params := w.typeParams(origin)
	for _, name := range typeNames(t) {
		if name == "_" || params[name] || !w.named(f, name, origin) {
			return false
		}
	}
	return true
}

// named reports whether f may write the class name, written by origin.
func (w *Writer) named(f *model.File, name string, origin *model.Node) bool {
	if builtin[f.Lang][name] || 'a' <= name[0] && name[0] <= 'z' || origin.File == f {
		return true // built in, a package that qualifies the class, or resolved in f already
	}
	for _, im := range f.Imports {
		if !im.Static && !im.Wildcard && im.Bound() == name {
			return true
		}
	}
	for _, c := range w.project().Classes(name) {
		if c.File == f || c.File.Package == f.Package && model.Enclosing(c, model.Class) == nil {
			return true
		}
	}
	return false
}

// typeParams returns the names of the type parameters that the method
// or class n, and those around it, declare: Java's <T> before a method's
// result and after a class's name, Scala's [T] after either's name. The
// names of bounds (<T extends Event>) are among them, which only makes
// nameable refuse more.
func (w *Writer) typeParams(n *model.Node) map[string]bool {
	params := map[string]bool{}
	for ; n != nil; n = n.Parent {
		if n.Kind != model.Method && n.Kind != model.Class {
			continue
		}
		for _, p := range typeNames(w.paramGroup(n)) {
			params[p] = true
		}
	}
	return params
}

// javaModifiers are the words that may come right before a Java method's
// type parameters.
var javaModifiers = set("public", "protected", "private", "static", "final", "abstract", "synchronized",
	"native", "default", "strictfp")

// paramGroup returns the text of the type parameters that the method or
// class d declares, brackets included; "" when it declares none.
func (w *Writer) paramGroup(d *model.Node) string {
	src, tf := w.source(d), d.File.Token
	if src == nil || tf == nil || !d.NamePos().IsValid() {
		return ""
	}
	open, close := byte('['), byte(']')
	if d.File.Lang == model.Java {
		open, close = '<', '>'
	}
	name := tf.Offset(d.NamePos())
	if d.Kind == model.Method && d.File.Lang == model.Java {
		// static <T> DataStream<T> f(...): the group after the modifiers,
		// not the result type's arguments.
		head := src[tf.Offset(d.Pos()):name]
		i := bytes.IndexByte(head, open)
		if i < 0 {
			return ""
		}
		before := bytes.TrimSpace(head[:i])
		word := before[bytes.LastIndexFunc(before, func(r rune) bool { return !isWord(r) })+1:]
		if len(word) > 0 && !javaModifiers[string(word)] {
			return ""
		}
		return group(head[i:], open, close)
	}
	rest := src[name:]
	i := 0
	for i < len(rest) && isWord(rune(rest[i])) {
		i++
	}
	rest = bytes.TrimLeft(rest[i:], " \t")
	if len(rest) == 0 || rest[0] != open {
		return ""
	}
	return group(rest, open, close)
}

// group returns the bracketed group that text starts with, nested
// brackets included.
func group(text []byte, open, close byte) string {
	depth := 0
	for i, c := range text {
		switch c {
		case open:
			depth++
		case close:
			depth--
			if depth == 0 {
				return string(text[:i+1])
			}
		}
	}
	return ""
}

func isWord(r rune) bool { return r < 128 && (isAlnum(byte(r)) || r == '_' || r == '$') }

// typeNames returns the names a type as written refers to by their first
// segment: Tuple2<String, a.b.C> gives Tuple2, String and a.
func typeNames(t string) []string {
	var names []string
	for i := 0; i < len(t); {
		j := i
		for j < len(t) && (isAlnum(t[j]) || t[j] == '$' || t[j] == '_') {
			j++
		}
		if j == i {
			i++
			continue
		}
		if i == 0 || t[i-1] != '.' {
			names = append(names, t[i:j])
		}
		i = j
	}
	return names
}

// setTag returns the edit that sets the tag name on the windowed stream of
// op: in place of the call replace, or before op, on a line of its own
// when op starts one and only a line comment follows the windowed stream
// (not a block comment that the call would land in, nor the dot of op).
func (w *Writer) setTag(op, replace *model.Node, name string) analysis.TextEdit {
	call := spell(op, "sideOutputLateData(") + name + ")"
	if replace != nil {
		return analysis.TextEdit{Pos: replace.NamePos(), End: replace.End(), NewText: []byte(call)}
	}
	src, tf := w.source(op), op.File.Token
	at := op.Recv.End()
	if op.File.Lang == model.Python || tf.Line(at) == tf.Line(op.NamePos()) || !lineEnds(op.File.Lang, src, tf.Offset(at)) {
		// A continuation line of Python needs its backslash at the end:
		// Python's call stays on the line it follows.
		return insert(at, "."+call)
	}
	// On a line of its own after the windowed stream's, and after the
	// comment that may end that line.
	nl := bytes.IndexByte(src[tf.Offset(at):], '\n')
	if nl < 0 {
		return insert(at, "."+call)
	}
	return insert(tf.Pos(tf.Offset(at)+nl), "\n"+indent(src, tf.Offset(op.NamePos()))+"."+call)
}

// keepsType are the calls on a stream whose result has its element type.
var keepsType = jobgraph.Through(jobgraph.SameOperator | jobgraph.Repartition | jobgraph.Filter | jobgraph.Union)

// streamTypes are the declared types whose first type argument is the
// element type of the stream.
var streamTypes = map[string]bool{
	"DataStream": true, "DataStreamSource": true, "SingleOutputStreamOperator": true, "KeyedStream": true,
	"WindowedStream": true, "AllWindowedStream": true,
}

// elementType returns the element type of the stream s as the code
// declares it, and the declaration that writes it: the first type
// argument of a variable declared as a stream (DataStream<Click> clicks),
// walked back to through calls that keep the element type (keyBy,
// filter, assignTimestampsAndWatermarks...) and through variables given
// once, or the declared result of a method of the project
// (DataStream<Click> parse(...)); "" when none shows it.
func elementType(p *model.Project, s *model.Node) (string, *model.Node) {
	for range maxSteps {
		switch {
		case s == nil:
			return "", nil
		case s.Kind == model.Ident:
			d := p.ValueDecl(s)
			if d == nil || d.Kind != model.Local {
				return "", nil
			}
			if streamTypes[d.Type()] && len(d.TypeArgs()) > 0 {
				return d.TypeArgs()[0], d
			}
			if d.Type() != "" || assigned(p, d) {
				return "", nil
			}
			s = d.Init
		case s.Kind == model.Call && s.Recv != nil && (keepsType(s) || s.Name == "assignTimestampsAndWatermarks"):
			s = s.Recv
		case s.Kind == model.Call:
			m := p.Decl(s)
			if m == nil || m.Kind != model.Method || !streamTypes[m.Type()] || len(m.TypeArgs()) == 0 {
				return "", nil
			}
			return m.TypeArgs()[0], m
		default:
			return "", nil
		}
	}
	return "", nil
}

// assigned reports whether the variable d is assigned after its
// declaration.
func assigned(p *model.Project, d *model.Node) bool {
	for _, r := range p.Refs(d) {
		if a := r.Parent; a != nil && a.Kind == model.Assign && len(a.Args()) > 0 && a.Args()[0] == r {
			return true
		}
	}
	return false
}

// statementOf returns the statement of a block (or a Python module) that n
// is part of; nil when there is none.
func statementOf(n *model.Node) *model.Node {
	for ; n != nil && n.Parent != nil; n = n.Parent {
		if statement(n) {
			return n
		}
	}
	return nil
}
