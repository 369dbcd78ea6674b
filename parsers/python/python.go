// Package python lowers Python (PyFlink) source files into the job model.
//
// PyFlink names Flink's API in snake_case (with_idleness, from_source);
// the model's vocabulary is Java's camelCase. Every snake_case name the
// file writes (attributes, calls, definitions, parameters, variables) is
// lowered through model.Camel, with the written spelling kept (see
// model.Node.Written), so that rules match Python and Java alike and a name
// resolves to its definition whatever its kind. A module is lowered as a
// static Class named after the file (jobs/common.py is common, a package's
// __init__.py its directory), whose body holds the module's statements,
// so that from jobs.common import STRATEGY resolves like a Java static
// import. Python's self is the model's this.
package python

import (
	"go/token"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/flinklint/flinklint/parsers/internal/literal"
	"github.com/flinklint/flinklint/parsers/internal/lowering"
	"github.com/flinklint/flinklint/parsers/internal/lowering/grammar"
	"github.com/flinklint/flinklint/parsers/model"
)

// Parser lowers Python files. It holds a tree-sitter parser, so a Parser
// must not be used by two goroutines at once; use one per worker.
type Parser struct{ p *lowering.Parser }

// NewParser returns a Parser; Close releases it.
func NewParser() *Parser {
	return &Parser{p: lowering.NewParser(grammar.Python())}
}

// Close releases the tree-sitter parser.
func (p *Parser) Close() { p.p.Close() }

// Parse lowers src, registered in the file set as tf, into a model file.
// Syntax errors do not fail the parse: their positions are listed in the
// file's Errors and everything around them is lowered.
func (p *Parser) Parse(tf *token.File, src []byte) (*model.File, error) {
	f := &model.File{Path: tf.Name(), Lang: model.Python, Token: tf}
	l := &lowerer{Base: lowering.Base{Src: src, TF: tf, File: f}, aliases: map[string]string{}, modules: map[string]bool{}}
	err := l.Parse(p.p, src, func(root lowering.Node) {
		mod := l.Node(model.Class, root)
		mod.Name, mod.Static = ModuleName(tf.Name()), true
		l.scope(func() { mod.SetBody(l.block(root, nil)) })
		f.Decls = []*model.Node{mod}
	})
	if err != nil {
		return nil, err
	}
	model.Link(f)
	return f, nil
}

// ModuleName is the name a module is imported by, and so the name of the
// Class a file is lowered to: the file's stem, or for a package's
// __init__.py the package's directory.
func ModuleName(path string) string {
	stem := strings.TrimSuffix(filepath.Base(path), filepath.Ext(path))
	if stem == "__init__" {
		return filepath.Base(filepath.Dir(path))
	}
	return stem
}

type lowerer struct {
	lowering.Base
	// declared holds the names assigned so far in the function, class or
	// module being lowered: the first assignment of a name declares it (a
	// Local), later ones are Assigns, as in Java, so that a name resolves
	// to its declaration and flow analysis sees the reassignments.
	declared map[string]bool
	// aliases maps a name an import binds to what it names in the model:
	// import jobs.common as c binds c to the module common, from m import
	// STRATEGY as S binds S to STRATEGY.
	aliases map[string]string
	// modules holds the dotted paths of plain imports (import jobs.common),
	// whose members are then written jobs.common.STRATEGY.
	modules map[string]bool
}

// scope lowers the body of a new function, class or module with its own
// declared names.
func (l *lowerer) scope(f func()) {
	outer := l.declared
	l.declared = map[string]bool{}
	defer func() { l.declared = outer }()
	f()
}

// extra reports whether n is a comment or a backslash line continuation,
// which the grammar places anywhere, even between an attribute's object and
// its dot.
func extra(n lowering.Node) bool {
	return n.Type() == "comment" || n.Type() == "line_continuation"
}

// name returns a node for the identifier n with the model's spelling of it.
func (l *lowerer) name(m *model.Node, n lowering.Node) {
	written := l.Text(n)
	m.SetName(model.Camel(written), l.Pos(n))
	m.SetWritten(written)
}

// block lowers the statements of a module, class body or block. class is
// the class whose body it is, nil elsewhere: there the first parameter of a
// method (self, cls) is left out, as Java's this is implicit.
func (l *lowerer) block(n lowering.Node, class *model.Node) []*model.Node {
	var out []*model.Node
	lowering.EachNamed(n, func(c lowering.Node, _ string) {
		out = append(out, l.stmt(c, class)...)
	})
	return out
}

// stmt lowers a statement. It returns a slice: imports lower to nothing,
// an expression statement to each of its expressions.
func (l *lowerer) stmt(n lowering.Node, class *model.Node) []*model.Node {
	l.Enter()
	defer l.Leave()
	switch n.Type() {
	case "comment", "line_continuation", "pass_statement", "break_statement", "continue_statement",
		"global_statement", "nonlocal_statement", "future_import_statement":
		return nil
	case "import_statement", "import_from_statement":
		l.File.Imports = append(l.File.Imports, l.imports(n)...)
		return nil
	case "expression_statement":
		var out []*model.Node
		lowering.EachNamed(n, func(c lowering.Node, _ string) {
			if extra(c) {
				return
			}
			if left, right := c.ChildByFieldName("left"), c.ChildByFieldName("right"); c.Type() == "assignment" &&
				unpacks(left) && !right.IsNull() && right.Type() != "assignment" {
				out = append(out, l.unpacking(left, right)...)
				return
			}
			e := l.expr(c)
			e.Stmt = e.Kind != model.Local
			out = append(out, e)
		})
		return out
	case "return_statement":
		r := l.Node(model.Return, n)
		if ns := l.named(n); len(ns) > 0 {
			r.Init = l.expr(ns[0])
		}
		return []*model.Node{r}
	case "decorated_definition":
		def := n.ChildByFieldName("definition")
		if def.IsNull() {
			return nil
		}
		static := false
		lowering.EachNamed(n, func(c lowering.Node, _ string) {
			if c.Type() == "decorator" {
				t := strings.TrimSpace(strings.TrimPrefix(l.Text(c), "@"))
				static = static || t == "staticmethod"
			}
		})
		if def.Type() == "function_definition" {
			return []*model.Node{l.function(def, class, static)}
		}
		return l.stmt(def, class)
	case "function_definition":
		return []*model.Node{l.function(n, class, false)}
	case "class_definition":
		return []*model.Node{l.class(n)}
	case "block":
		b := l.Node(model.Block, n)
		b.SetBody(l.block(n, nil))
		return []*model.Node{b}
	}
	if isStatement(n.Type()) {
		return []*model.Node{l.other(n)}
	}
	return []*model.Node{l.expr(n)}
}

// isStatement reports whether t is a compound or simple statement kept as
// Other with what it holds.
func isStatement(t string) bool {
	switch t {
	case "if_statement", "elif_clause", "else_clause", "for_statement", "while_statement", "try_statement",
		"except_clause", "except_group_clause", "finally_clause", "with_statement", "with_clause", "with_item",
		"match_statement", "case_clause", "assert_statement", "raise_statement", "delete_statement",
		"print_statement", "exec_statement", "type_alias_statement":
		return true
	}
	return false
}

// other keeps a construct no rule asks about by name (if, loops, try,
// with, comprehensions...) together with everything inside it.
func (l *lowerer) other(n lowering.Node) *model.Node {
	o := l.Node(model.Other, n)
	o.Name = n.Type()
	lowering.EachNamed(n, func(c lowering.Node, _ string) {
		if !extra(c) {
			o.SetBody(append(o.Body(), l.stmt(c, nil)...))
		}
	})
	return o
}

// named returns the named children of n other than comments and line
// continuations.
func (l *lowerer) named(n lowering.Node) []lowering.Node {
	ns := lowering.Named(n)
	return slices.DeleteFunc(ns, extra)
}

// imports lowers import m, import m as a, from m import x (as y), from m
// import * and relative imports. A from-import brings a module's member in
// as a static import does in Java. A name an alias binds is lowered as the
// name it stands for (see aliases); the import keeps the alias, for fixes.
func (l *lowerer) imports(n lowering.Node) []model.Import {
	end := l.TF.Pos(int(n.EndByte()))
	module := ""
	if m := n.ChildByFieldName("module_name"); !m.IsNull() {
		module = strings.Join(strings.Fields(l.Text(m)), "")
	}
	var out []model.Import
	lowering.EachNamed(n, func(c lowering.Node, field string) {
		alias := ""
		if c.Type() == "aliased_import" {
			alias = model.Camel(l.Text(c.ChildByFieldName("alias")))
			c = c.ChildByFieldName("name")
		}
		switch {
		case c.Type() == "wildcard_import":
			out = append(out, model.Import{Path: module, Static: true, Wildcard: true, End: end})
		case field != "name":
		case n.Type() == "import_statement":
			path := strings.Join(strings.Fields(l.Text(c)), "")
			out = append(out, model.Import{Path: path, End: end, Alias: alias})
			if alias != "" {
				l.alias(alias, model.Import{Path: path}.Name())
			} else {
				l.modules[path] = true
			}
		default:
			name := model.Camel(l.Text(c))
			out = append(out, model.Import{Path: module + "." + name, Static: true, End: end, Alias: alias})
			if alias != "" {
				l.alias(alias, name)
			}
		}
	})
	return out
}

func (l *lowerer) alias(alias, name string) {
	if alias != name {
		l.aliases[alias] = name
	}
}

func (l *lowerer) class(n lowering.Node) *model.Node {
	c := l.Node(model.Class, n)
	if name := n.ChildByFieldName("name"); !name.IsNull() {
		l.name(c, name)
	}
	if sup := n.ChildByFieldName("superclasses"); !sup.IsNull() {
		var supers []string
		for _, s := range l.named(sup) {
			if s.Type() == "identifier" || s.Type() == "attribute" || s.Type() == "subscript" {
				supers = append(supers, l.typeName(s))
			}
		}
		c.SetSupers(supers)
	}
	if body := n.ChildByFieldName("body"); !body.IsNull() {
		l.scope(func() { c.SetBody(l.block(body, c)) })
	}
	return c
}

// function lowers a def: a Method; in a class body (class not nil) its
// first parameter, self or cls, is left out unless it is a staticmethod.
func (l *lowerer) function(n lowering.Node, class *model.Node, static bool) *model.Node {
	m := l.Node(model.Method, n)
	m.Static = class == nil || static
	if name := n.ChildByFieldName("name"); !name.IsNull() {
		l.name(m, name)
	}
	m.SetType(l.typeName(n.ChildByFieldName("return_type")))
	if ps := n.ChildByFieldName("parameters"); !ps.IsNull() {
		params := l.params(ps)
		if class != nil && !static && len(params) > 0 {
			params = params[1:]
		}
		m.SetParams(params)
	}
	if body := n.ChildByFieldName("body"); !body.IsNull() {
		b := l.Node(model.Block, body)
		l.scope(func() {
			for _, p := range m.Params() {
				l.declared[p.Name] = true
			}
			b.SetBody(l.block(body, nil))
		})
		m.Init = b
	}
	return m
}

// params lowers the parameters of a def or lambda: name, name: T,
// name=default, name: T = default, *args, **kwargs. Defaults are not the
// parameter's value and are left out.
func (l *lowerer) params(n lowering.Node) []*model.Node {
	var out []*model.Node
	for _, p := range l.named(n) {
		v := l.Node(model.Local, p)
		switch p.Type() {
		case "identifier":
			l.name(v, p)
		case "typed_parameter":
			for _, c := range l.named(p) {
				if c.Type() == "identifier" {
					l.name(v, c)
					break
				}
			}
			v.SetType(l.typeName(p.ChildByFieldName("type")))
		case "default_parameter", "typed_default_parameter":
			if name := p.ChildByFieldName("name"); !name.IsNull() {
				l.name(v, name)
			}
			v.SetType(l.typeName(p.ChildByFieldName("type")))
		case "list_splat_pattern", "dictionary_splat_pattern":
			if ns := l.named(p); len(ns) > 0 {
				l.name(v, ns[0])
			}
		default:
			continue
		}
		out = append(out, v)
	}
	return out
}

// typeName returns the simple name of an annotation: WatermarkStrategy for
// pyflink.common.WatermarkStrategy, Optional[WatermarkStrategy] or
// "WatermarkStrategy".
func (l *lowerer) typeName(t lowering.Node) string {
	if t.IsNull() {
		return ""
	}
	switch t.Type() {
	case "type":
		if ns := l.named(t); len(ns) == 1 {
			return l.typeName(ns[0])
		}
	case "attribute":
		return l.typeName(t.ChildByFieldName("attribute"))
	case "subscript": // Optional[T], List[T]: the outer name
		return l.typeName(t.ChildByFieldName("value"))
	case "generic_type":
		if ns := l.named(t); len(ns) > 0 {
			return l.typeName(ns[0])
		}
	case "string":
		return strings.Trim(l.Text(t), `"'`)
	case "identifier":
		return l.Text(t)
	}
	return ""
}

// keywordParams are the parameter names, in order, of the PyFlink methods
// and constructors that rules read by argument position, in the model's
// spelling: a keyword argument of one of these goes to its position, so
// from_source(source=s, watermark_strategy=ws, source_name="n") reads as
// fromSource(s, ws, "n").
var keywordParams = map[string][]string{
	"fromSource":                    {"source", "watermarkStrategy", "sourceName", "typeInfo"},
	"assignTimestampsAndWatermarks": {"watermarkStrategy"},
	"withIdleness":                  {"idleTimeout"},
	"forBoundedOutOfOrderness":      {"maxOutOfOrderness"},
	"withTimestampAssigner":         {"timestampAssigner"},
	"sideOutputLateData":            {"outputTag"},
	"getSideOutput":                 {"outputTag"},
	"allowedLateness":               {"timeMs"},
	"window":                        {"window"},
	"windowAll":                     {"window"},
	"trigger":                       {"trigger"},
	"countWindow":                   {"size", "slide"},
	"OutputTag":                     {"tagId", "typeInfo"},
	"executeSql":                    {"stmt"},
	"sqlQuery":                      {"query"},
	"addInsertSql":                  {"stmt"},
	"set":                           {"key", "value"},
	"setString":                     {"key", "value"},
	"setInteger":                    {"key", "value"},
	"setAutoWatermarkInterval":      {"interval"},
	"of":                            {"size", "offset"},
	"withGap":                       {"size"},
	"getExecutionEnvironment":       {"configuration"},
}

// args lowers an argument list: positional arguments in order, then the
// keyword arguments of keywordParams[method] at their positions, then other
// keyword arguments as they come.
func (l *lowerer) args(n lowering.Node, method string) []*model.Node {
	if n.IsNull() {
		return nil
	}
	if n.Type() == "generator_expression" { // f(x for x in xs)
		return []*model.Node{l.expr(n)}
	}
	var out, rest []*model.Node
	type kw struct {
		at int
		n  *model.Node
	}
	var placed []kw
	params := keywordParams[method]
	for _, c := range l.named(n) {
		if c.Type() != "keyword_argument" {
			out = append(out, l.expr(c))
			continue
		}
		value := c.ChildByFieldName("value")
		if value.IsNull() {
			continue
		}
		v := l.expr(value)
		if i := slices.Index(params, model.Camel(l.Text(c.ChildByFieldName("name")))); i >= 0 {
			placed = append(placed, kw{i, v})
		} else {
			rest = append(rest, v)
		}
	}
	slices.SortStableFunc(placed, func(a, b kw) int { return a.at - b.at })
	for _, k := range placed {
		out = append(out, k.n)
	}
	return append(out, rest...)
}

func (l *lowerer) expr(n lowering.Node) *model.Node {
	l.Enter()
	defer l.Leave()
	switch n.Type() {
	case "call":
		c := l.Node(model.Call, n)
		switch fn := n.ChildByFieldName("function"); fn.Type() {
		case "attribute":
			l.name(c, fn.ChildByFieldName("attribute"))
			c.Recv = l.expr(fn.ChildByFieldName("object"))
		case "identifier":
			l.name(c, fn)
		default: // f()(x), xs[0](x): a call of a computed function
			o := l.other(n)
			return o
		}
		c.SetArgs(l.args(n.ChildByFieldName("arguments"), c.Name))
		return c
	case "attribute":
		if obj := n.ChildByFieldName("object"); len(l.modules) > 0 && obj.EndByte()-obj.StartByte() <= maxModulePath &&
			l.modules[l.dotted(obj)] { // jobs.common of jobs.common.X
			id := l.Node(model.Ident, obj)
			id.SetName(model.Import{Path: l.dotted(obj)}.Name(), l.Pos(obj))
			id.SetWritten(l.Text(obj))
			s := l.Node(model.Select, n)
			l.name(s, n.ChildByFieldName("attribute"))
			s.Recv = id
			return s
		}
		s := l.Node(model.Select, n)
		l.name(s, n.ChildByFieldName("attribute"))
		s.Recv = l.expr(n.ChildByFieldName("object"))
		return s
	case "identifier":
		id := l.Node(model.Ident, n)
		l.name(id, n)
		switch target, ok := l.aliases[id.Name]; {
		case id.Name == "self":
			id.Name = "this"
			id.SetWritten("self")
		case ok:
			id.Name = target
			id.SetWritten(l.Text(n))
		}
		return id
	case "true", "false", "none":
		id := l.Node(model.Ident, n)
		id.Name = map[string]string{"true": "true", "false": "false", "none": "null"}[n.Type()]
		id.SetName(id.Name, id.Pos())
		id.SetWritten(l.Text(n))
		return id
	case "string":
		s := l.Node(model.String, n)
		s.SetRaw(l.Text(n))
		s.SetValue(literal.Python(s.Raw(), s.Pos()).S)
		s.SetArgs(l.fields(n))
		return s
	case "concatenated_string": // "a" "b" is "a" + "b"
		var acc *model.Node
		for _, c := range l.named(n) {
			part := l.expr(c)
			if acc == nil {
				acc = part
				continue
			}
			b := &model.Node{Kind: model.Binary, File: l.File}
			b.SetSpan(acc.Pos(), part.End())
			b.SetName("+", part.Pos())
			b.SetArgs([]*model.Node{acc, part})
			acc = b
		}
		if acc == nil {
			return l.other(n)
		}
		return acc
	case "integer", "float":
		num := l.Node(model.Number, n)
		num.SetValue(l.Text(n))
		return num
	case "binary_operator", "boolean_operator":
		b := l.Node(model.Binary, n)
		op := n.ChildByFieldName("operator")
		b.SetName(operator(l.Text(op)), l.Pos(op))
		b.SetArgs([]*model.Node{l.expr(n.ChildByFieldName("left")), l.expr(n.ChildByFieldName("right"))})
		return b
	case "comparison_operator":
		ns := l.named(n)
		if len(ns) != 2 || n.ChildCount() != 3 {
			return l.other(n)
		}
		b := l.Node(model.Binary, n)
		op := n.Child(1)
		b.SetName(operator(l.Text(op)), l.Pos(op))
		b.SetArgs([]*model.Node{l.expr(ns[0]), l.expr(ns[1])})
		return b
	case "unary_operator", "not_operator":
		u := l.Node(model.Unary, n)
		for i := 0; i < n.ChildCount(); i++ {
			if c := n.Child(i); c.IsNamed() && !extra(c) {
				u.SetArgs(append(u.Args(), l.expr(c)))
			} else if !c.IsNamed() {
				u.Name += operator(l.Text(c))
			}
		}
		return u
	case "assignment", "augmented_assignment":
		return l.assignment(n)
	case "parenthesized_expression":
		if ns := l.named(n); len(ns) == 1 {
			return l.expr(ns[0])
		}
	case "lambda":
		lam := l.Node(model.Lambda, n)
		if ps := n.ChildByFieldName("parameters"); !ps.IsNull() {
			lam.SetParams(l.params(ps))
		}
		if body := n.ChildByFieldName("body"); !body.IsNull() {
			lam.Init = l.expr(body)
		}
		return lam
	case "named_expression": // (x := v)
		a := l.Node(model.Assign, n)
		a.Name = "="
		a.SetArgs([]*model.Node{l.expr(n.ChildByFieldName("name")), l.expr(n.ChildByFieldName("value"))})
		return a
	case "tuple", "list", "expression_list": // (a, b), [a, b], return a, b
		t := l.Node(model.Tuple, n)
		for _, c := range l.named(n) {
			t.SetArgs(append(t.Args(), l.expr(c)))
		}
		return t
	case "subscript":
		value, subs := n.ChildByFieldName("value"), 0
		lowering.EachNamed(n, func(_ lowering.Node, field string) {
			if field == "subscript" {
				subs++
			}
		})
		if sub := n.ChildByFieldName("subscript"); subs == 1 && sub.Type() != "slice" && !value.IsNull() {
			ix := l.Node(model.Index, n)
			ix.SetArgs([]*model.Node{l.expr(value), l.expr(sub)})
			return ix
		}
	case "keyword_argument": // outside an argument list (a decorator's, say)
		if v := n.ChildByFieldName("value"); !v.IsNull() {
			return l.expr(v)
		}
	}
	return l.other(n)
}

// fields lowers the replacement fields of an f-string, in order, as its
// String node's Args: the value of {x} is x's, while a field with a
// conversion or a format spec ({x!r}, {x:>10}) becomes Other, whose text
// is unknown.
func (l *lowerer) fields(n lowering.Node) []*model.Node {
	var out []*model.Node
	for _, c := range l.named(n) {
		if c.Type() != "interpolation" {
			continue
		}
		e := c.ChildByFieldName("expression")
		if e.IsNull() || !c.ChildByFieldName("type_conversion").IsNull() || !c.ChildByFieldName("format_specifier").IsNull() {
			out = append(out, l.other(c))
			continue
		}
		out = append(out, l.expr(e))
	}
	return out
}

// assignment lowers the first x = v or x: T = v of a scope as a Local
// declaring x, a later one and o.x = v as an Assign, x += v as an Assign
// with its operator, and a = b = v or a, b = v as Other around the value.
func (l *lowerer) assignment(n lowering.Node) *model.Node {
	left, right := n.ChildByFieldName("left"), n.ChildByFieldName("right")
	if n.Type() == "assignment" && left.Type() == "identifier" && right.Type() != "assignment" &&
		!l.declared[model.Camel(l.Text(left))] {
		v := l.Node(model.Local, n)
		l.name(v, left)
		l.declared[v.Name] = true
		v.SetType(l.typeName(n.ChildByFieldName("type")))
		if !right.IsNull() {
			v.Init = l.expr(right)
		}
		return v
	}
	if left.IsNull() || right.IsNull() || unpacks(left) || right.Type() == "assignment" {
		return l.other(n)
	}
	a := l.Node(model.Assign, n)
	a.Name = "="
	if op := n.ChildByFieldName("operator"); !op.IsNull() {
		a.SetName(operator(l.Text(op)), l.Pos(op))
	}
	a.SetArgs([]*model.Node{l.expr(left), l.expr(right)})
	return a
}

// maxModulePath bounds the length of a module path looked up, so that a
// long chain of attributes is not read again at each of its levels.
const maxModulePath = 256

// dotted returns the text of an attribute chain of plain names (a.b.c),
// "" for any other expression; only such a chain names a module.
func (l *lowerer) dotted(n lowering.Node) string {
	switch n.Type() {
	case "identifier":
		return l.Text(n)
	case "attribute":
		if obj := l.dotted(n.ChildByFieldName("object")); obj != "" {
			return obj + "." + l.Text(n.ChildByFieldName("attribute"))
		}
	}
	return ""
}

// unpacks reports whether an assignment's target unpacks a sequence:
// a, b = ... or (a, b) = ... or [a, b] = ....
func unpacks(left lowering.Node) bool {
	switch left.Type() {
	case "pattern_list", "tuple_pattern", "list_pattern":
		return true
	}
	return false
}

// unpacking lowers the statement a, b = v as Python runs it: v is held in
// a variable of its own, named after the target as written ("a, b", which
// no code can name), and each name takes its element: a = (a, b)[0],
// b = (a, b)[1]. A name assigned before is an Assign; a target that is not
// a plain name (a starred one, an attribute, a nested pattern) takes
// nothing.
func (l *lowerer) unpacking(left, right lowering.Node) []*model.Node {
	tuple := l.Node(model.Local, left)
	tuple.SetName(strings.Join(strings.Fields(l.Text(left)), " "), l.Pos(left))
	tuple.Init = l.expr(right)
	out := []*model.Node{tuple}
	for i, target := range l.named(left) {
		if target.Type() != "identifier" {
			continue
		}
		ref := &model.Node{Kind: model.Ident, File: l.File}
		ref.SetSpan(tuple.Init.Pos(), tuple.Init.End())
		ref.SetName(tuple.Name, tuple.Init.Pos())
		at := l.Node(model.Number, target)
		at.SetValue(strconv.Itoa(i))
		ix := l.Node(model.Index, target)
		ix.SetArgs([]*model.Node{ref, at})
		name := model.Camel(l.Text(target))
		if l.declared[name] {
			a := l.Node(model.Assign, target)
			a.Name = "="
			a.SetArgs([]*model.Node{l.expr(target), ix})
			a.Stmt = true
			out = append(out, a)
			continue
		}
		v := l.Node(model.Local, target)
		l.name(v, target)
		l.declared[v.Name] = true
		v.Init = ix
		out = append(out, v)
	}
	return out
}

// operator spells a Python operator as the model does (Java's): // is /,
// and, or and not are &&, || and !.
func operator(op string) string {
	switch op {
	case "//":
		return "/"
	case "//=":
		return "/="
	case "and":
		return "&&"
	case "or":
		return "||"
	case "not":
		return "!"
	case "is":
		return "=="
	case "is not":
		return "!="
	}
	return op
}
