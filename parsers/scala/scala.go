// Package scala lowers Scala 2 and Scala 3 source files into the job model.
package scala

import (
	"go/token"
	"strings"

	"github.com/flinklint/flinklint/parsers/internal/literal"
	"github.com/flinklint/flinklint/parsers/internal/lowering"
	"github.com/flinklint/flinklint/parsers/internal/lowering/grammar"
	"github.com/flinklint/flinklint/parsers/model"
)

// Parser lowers Scala files. It holds a tree-sitter parser, so a Parser must
// not be used by two goroutines at once; use one per worker.
type Parser struct{ p *lowering.Parser }

// NewParser returns a Parser; Close releases it.
func NewParser() *Parser {
	return &Parser{p: lowering.NewParser(grammar.Scala())}
}

// Close releases the tree-sitter parser.
func (p *Parser) Close() { p.p.Close() }

// Parse lowers src, registered in the file set as tf, into a model file.
// Syntax errors do not fail the parse: their positions are listed in the
// file's Errors and everything around them is lowered.
func (p *Parser) Parse(tf *token.File, src []byte) (*model.File, error) {
	f := &model.File{Path: tf.Name(), Lang: model.Scala, Token: tf}
	l := &lowerer{Base: lowering.Base{Src: src, TF: tf, File: f}}
	err := l.ParseRepaired(p.p, hideDollars(src), repair, func(root lowering.Node) {
		l.unit(root, f)
	})
	if err != nil {
		return nil, err
	}
	model.Link(f)
	return f, nil
}

type lowerer struct{ lowering.Base }

func (l *lowerer) unit(n lowering.Node, f *model.File) {
	l.Enter()
	defer l.Leave()
	lowering.EachNamed(n, func(c lowering.Node, _ string) {
		switch c.Type() {
		case "package_clause":
			if name := c.ChildByFieldName("name"); !name.IsNull() {
				f.Package = strings.Join(strings.Fields(strings.ReplaceAll(l.Text(name), ".", " ")), ".")
			}
			if body := c.ChildByFieldName("body"); !body.IsNull() { // package p { ... }
				l.unit(body, f)
			}
		case "import_declaration":
			f.Imports = append(f.Imports, l.imports(c)...)
		default:
			f.Decls = append(f.Decls, l.stmt(c, false)...)
		}
	})
}

// imports expands one import declaration: import a.b.{C, D => E, _}.
func (l *lowerer) imports(n lowering.Node) []model.Import {
	var path []string
	var out []model.Import
	lowering.EachNamed(n, func(c lowering.Node, field string) {
		switch {
		case field == "path":
			path = append(path, l.Text(c))
		case c.Type() == "namespace_wildcard":
			out = append(out, model.Import{Path: strings.Join(path, "."), Wildcard: true})
		case c.Type() == "namespace_selectors":
			lowering.EachNamed(c, func(s lowering.Node, _ string) {
				name := s
				if s.Type() == "arrow_renamed_identifier" || s.Type() == "as_renamed_identifier" {
					name = s.ChildByFieldName("name")
				}
				if name.Type() == "namespace_wildcard" || l.Text(name) == "_" {
					out = append(out, model.Import{Path: strings.Join(path, "."), Wildcard: true})
					return
				}
				out = append(out, model.Import{Path: strings.Join(append(path[:len(path):len(path)], l.Text(name)), ".")})
			})
		}
	})
	if out == nil {
		out = append(out, model.Import{Path: strings.Join(path, ".")})
	}
	// Scala imports members of objects the same way as classes: an
	// import of a.Obj.member is a static import in Java's terms.
	for i := range out {
		out[i].Static = true
		out[i].End = l.TF.Pos(int(n.EndByte()))
	}
	return out
}

// stmt lowers a definition or an expression in statement position. inObject
// says whether the enclosing template is an object, whose members are
// static in Java's terms.
func (l *lowerer) stmt(n lowering.Node, inObject bool) []*model.Node {
	l.Enter()
	defer l.Leave()
	switch n.Type() {
	case "comment", "block_comment", "modifiers", "annotation", "import_declaration", "package_clause":
		return nil
	case "object_definition", "package_object", "class_definition", "trait_definition", "enum_definition", "case_class_definition":
		return []*model.Node{l.class(n)}
	case "val_definition", "var_definition", "val_declaration", "var_declaration":
		vs := l.values(n)
		for _, v := range vs {
			v.Static = inObject
		}
		return vs
	case "function_definition", "function_declaration":
		m := l.function(n)
		m.Static = inObject
		return []*model.Node{m}
	}
	e := l.expr(n)
	e.Stmt = true
	return []*model.Node{e}
}

func (l *lowerer) class(n lowering.Node) *model.Node {
	c := l.Node(model.Class, n)
	if name := n.ChildByFieldName("name"); !name.IsNull() {
		c.SetName(l.Text(name), l.Pos(name))
	}
	object := n.Type() == "object_definition" || n.Type() == "package_object"
	c.Static = object
	lowering.EachNamed(n, func(ch lowering.Node, field string) {
		switch {
		case ch.Type() == "extends_clause":
			lowering.EachNamed(ch, func(t lowering.Node, _ string) {
				if t.Type() != "arguments" {
					c.SetSupers(append(c.Supers(), l.typeName(t)))
					return
				}
				// extends B(args): the constructor's call of B's, as Java's super(args).
				sup := l.Node(model.Call, t)
				sup.Stmt = true
				sup.SetName("super", l.Pos(t))
				sup.SetArgs(l.args(t))
				c.SetBody(append(c.Body(), sup))
			})
		case field == "class_parameters" || ch.Type() == "class_parameters":
			c.SetParams(append(c.Params(), l.params(ch)...))
		case field == "body":
			c.SetBody(append(c.Body(), l.template(ch, object)...))
		}
	})
	return c
}

func (l *lowerer) template(body lowering.Node, inObject bool) []*model.Node {
	var out []*model.Node
	lowering.EachNamed(body, func(m lowering.Node, _ string) {
		out = append(out, l.stmt(m, inObject)...)
	})
	return out
}

func (l *lowerer) values(n lowering.Node) []*model.Node {
	final := n.Type() == "val_definition" || n.Type() == "val_declaration"
	typ := l.typeName(n.ChildByFieldName("type"))
	typeArgs := l.declaredTypeArgs(n.ChildByFieldName("type"))
	var init *model.Node
	if value := n.ChildByFieldName("value"); !value.IsNull() {
		init = l.expr(value)
	}
	var out []*model.Node
	var bind func(p lowering.Node)
	bind = func(p lowering.Node) {
		l.Enter()
		defer l.Leave()
		switch p.Type() {
		case "identifier":
			v := l.Node(model.Local, n)
			v.Final = final
			v.SetName(l.Text(p), l.Pos(p))
			v.SetType(typ)
			v.SetTypeArgs(typeArgs)
			out = append(out, v)
		case "identifiers", "tuple_pattern", "typed_pattern":
			lowering.EachNamed(p, func(c lowering.Node, _ string) { bind(c) })
		}
	}
	lowering.EachNamed(n, func(c lowering.Node, field string) {
		if field == "pattern" || field == "name" {
			bind(c)
		}
	})
	// Only a single name binds the whole value; a tuple's parts stay
	// unknown, but the value is kept in the model for the rules to see.
	if len(out) == 1 {
		out[0].Init = init
	} else if init != nil {
		init.Stmt = true
		out = append(out, init)
	}
	return out
}

func (l *lowerer) function(n lowering.Node) *model.Node {
	m := l.Node(model.Method, n)
	lowering.EachNamed(n, func(c lowering.Node, field string) {
		switch field {
		case "name":
			m.SetName(l.Text(c), l.Pos(c))
		case "parameters":
			m.SetParams(append(m.Params(), l.params(c)...))
		case "return_type":
			m.SetType(l.typeName(c))
			m.SetTypeArgs(l.declaredTypeArgs(c))
		case "body":
			m.Init = l.expr(c)
		}
	})
	// A procedure (def f() { ... }) or a Unit method discards the value of
	// its last expression.
	if m.Init != nil && m.Init.Kind == model.Block && (m.Type() == "" && !l.hasEquals(n) || m.Type() == "Unit") {
		if v := m.Init.Init; v != nil {
			v.Stmt = true
			m.Init.SetBody(append(m.Init.Body(), v))
			m.Init.Init = nil
		}
	}
	return m
}

func (l *lowerer) hasEquals(n lowering.Node) bool {
	for i := 0; i < n.ChildCount(); i++ {
		if n.Child(i).Type() == "=" {
			return true
		}
	}
	return false
}

func (l *lowerer) params(n lowering.Node) []*model.Node {
	l.Enter()
	defer l.Leave()
	var out []*model.Node
	lowering.EachNamed(n, func(p lowering.Node, _ string) {
		switch p.Type() {
		case "parameter", "class_parameter", "binding":
			v := l.Node(model.Local, p)
			if name := p.ChildByFieldName("name"); !name.IsNull() {
				v.SetName(l.Text(name), l.Pos(name))
			}
			v.SetType(l.typeName(p.ChildByFieldName("type")))
			out = append(out, v)
		case "identifier", "wildcard":
			v := l.Node(model.Local, p)
			v.SetName(l.Text(p), l.Pos(p))
			out = append(out, v)
		case "parameters", "class_parameters", "bindings":
			out = append(out, l.params(p)...)
		}
	})
	return out
}

// typeName returns the simple name of a type: OutputTag for
// org.apache.flink.util.OutputTag[String].
func (l *lowerer) typeName(t lowering.Node) string {
	l.Enter()
	defer l.Leave()
	if t.IsNull() {
		return ""
	}
	switch t.Type() {
	case "generic_type", "annotated_type":
		if inner := t.ChildByFieldName("type"); !inner.IsNull() {
			return l.typeName(inner)
		}
		if ns := lowering.Named(t); len(ns) > 0 {
			return l.typeName(ns[0])
		}
	case "stable_type_identifier":
		ns := lowering.Named(t)
		return l.typeName(ns[len(ns)-1])
	}
	return l.Text(t)
}

// declaredTypeArgs returns the type arguments of a declared type as
// written: String for WatermarkStrategy[String].
func (l *lowerer) declaredTypeArgs(t lowering.Node) []string {
	if t.IsNull() || t.Type() != "generic_type" {
		return nil
	}
	var out []string
	if args := t.ChildByFieldName("type_arguments"); !args.IsNull() {
		lowering.EachNamed(args, func(a lowering.Node, _ string) { out = append(out, l.Text(a)) })
	}
	return out
}

func (l *lowerer) typeArgs(n lowering.Node) []string {
	if n.IsNull() {
		return nil
	}
	var out []string
	lowering.EachNamed(n, func(c lowering.Node, _ string) { out = append(out, l.typeName(c)) })
	return out
}

func (l *lowerer) expr(n lowering.Node) *model.Node {
	l.Enter()
	defer l.Leave()
	switch n.Type() {
	case "call_expression":
		return l.call(n)
	case "field_expression":
		s := l.Node(model.Select, n)
		field := n.ChildByFieldName("field")
		s.SetName(l.Text(field), l.Pos(field))
		s.Recv = l.expr(n.ChildByFieldName("value"))
		return s
	case "generic_function": // a call without parentheses: noWatermarks[E]
		inner := l.expr(n.ChildByFieldName("function"))
		if inner.Kind == model.Select && inner.Name == "asInstanceOf" { // a cast
			return inner.Recv
		}
		inner.SetTypeArgs(l.typeArgs(n.ChildByFieldName("type_arguments")))
		inner.SetSpan(l.Pos(n), l.TF.Pos(int(n.EndByte())))
		return inner
	case "identifier", "operator_identifier", "wildcard", "boolean_literal", "null_literal", "this", "super":
		id := l.Node(model.Ident, n)
		id.SetName(l.Text(n), id.Pos())
		return id
	case "stable_identifier":
		return l.stable(n)
	case "instance_expression":
		nw := l.Node(model.New, n)
		lowering.EachNamed(n, func(c lowering.Node, _ string) {
			switch c.Type() {
			case "arguments":
				nw.SetArgs(l.args(c))
			case "template_body":
				nw.SetClass(l.Node(model.Class, c))
				nw.Class().SetSupers([]string{nw.Name})
				nw.Class().SetBody(l.template(c, false))
			default:
				if nw.Name == "" {
					nw.SetName(l.typeName(c), l.Pos(c))
					if c.Type() == "generic_type" {
						nw.SetTypeArgs(l.typeArgs(c.ChildByFieldName("type_arguments")))
					}
				}
			}
		})
		if nw.Class() != nil {
			nw.Class().SetSupers([]string{nw.Name})
		}
		return nw
	case "lambda_expression":
		lam := l.Node(model.Lambda, n)
		ns := lowering.Named(n)
		if ps := n.ChildByFieldName("parameters"); !ps.IsNull() {
			if ps.Type() == "bindings" {
				lam.SetParams(l.params(ps))
			} else {
				lam.SetParams(l.params(n)) // a single identifier
				lam.SetParams(lam.Params()[:min(len(lam.Params()), 1)])
			}
		}
		if len(ns) > 1 {
			lam.Init = l.expr(ns[len(ns)-1])
		}
		return lam
	case "infix_expression":
		op := n.ChildByFieldName("operator")
		left, right := l.expr(n.ChildByFieldName("left")), l.expr(n.ChildByFieldName("right"))
		if op.Type() == "identifier" { // ds map f is ds.map(f)
			c := l.Node(model.Call, n)
			if r := n.ChildByFieldName("right"); r.Type() == "block" {
				right = l.args(r)[0] // ds map { e => ... }
			}
			c.Recv = left
			c.SetName(l.Text(op), l.Pos(op))
			c.SetArgs([]*model.Node{right})
			return c
		}
		b := l.Node(model.Binary, n)
		b.SetName(l.Text(op), l.Pos(op))
		b.SetArgs([]*model.Node{left, right})
		return b
	case "postfix_expression": // ds print
		ns := lowering.Named(n)
		if len(ns) == 2 {
			s := l.Node(model.Select, n)
			s.Recv = l.expr(ns[0])
			s.SetName(l.Text(ns[1]), l.Pos(ns[1]))
			return s
		}
	case "prefix_expression", "unary_expression":
		u := l.Node(model.Unary, n)
		for i := 0; i < n.ChildCount(); i++ {
			if c := n.Child(i); c.IsNamed() {
				u.SetArgs(append(u.Args(), l.expr(c)))
			} else {
				u.Name += l.Text(c)
			}
		}
		return u
	case "assignment_expression":
		a := l.Node(model.Assign, n)
		a.Name = "="
		a.SetArgs([]*model.Node{l.expr(n.ChildByFieldName("left")), l.expr(n.ChildByFieldName("right"))})
		return a
	case "parenthesized_expression":
		if ns := lowering.Named(n); len(ns) == 1 {
			return l.expr(ns[0])
		}
	case "ascription_expression": // x: Long
		if ns := lowering.Named(n); len(ns) > 0 {
			return l.expr(ns[0])
		}
	case "block", "indented_block", "template_body":
		return l.block(n)
	case "return_expression":
		r := l.Node(model.Return, n)
		if ns := lowering.Named(n); len(ns) > 0 {
			r.Init = l.expr(ns[0])
		}
		return r
	case "string":
		s := l.Node(model.String, n)
		s.SetRaw(l.Text(n))
		s.SetValue(literal.Scala(s.Raw(), s.Pos(), false).S)
		return s
	case "interpolated_string_expression": // s"...$x..." : the interpolations are unknown here
		s := l.Node(model.String, n)
		s.SetRaw(l.Text(n))
		s.SetValue(literal.Scala(s.Raw(), s.Pos(), false).S)
		return s
	case "character_literal", "symbol_literal":
		s := l.Node(model.String, n)
		s.SetValue(strings.Trim(l.Text(n), "'"))
		return s
	case "integer_literal", "floating_point_literal":
		num := l.Node(model.Number, n)
		num.SetValue(l.Text(n))
		return num
	}
	return l.other(n)
}

// other keeps a construct no rule asks about by name (if, match, for,
// try...) together with everything inside it.
func (l *lowerer) other(n lowering.Node) *model.Node {
	o := l.Node(model.Other, n)
	o.Name = n.Type()
	lowering.EachNamed(n, func(c lowering.Node, _ string) {
		o.SetBody(append(o.Body(), l.stmt(c, false)...))
	})
	return o
}

func (l *lowerer) stable(n lowering.Node) *model.Node {
	ns := lowering.Named(n)
	if len(ns) < 2 {
		id := l.Node(model.Ident, n)
		id.SetName(l.Text(n), id.Pos())
		return id
	}
	last := ns[len(ns)-1]
	s := l.Node(model.Select, n)
	s.SetName(l.Text(last), l.Pos(last))
	s.Recv = l.expr(ns[0])
	return s
}

func (l *lowerer) call(n lowering.Node) *model.Node {
	l.Enter()
	defer l.Leave()
	fn := n.ChildByFieldName("function")
	var typeArgs []string
	if fn.Type() == "generic_function" {
		typeArgs = l.typeArgs(fn.ChildByFieldName("type_arguments"))
		fn = fn.ChildByFieldName("function")
	}
	var args []*model.Node
	lowering.EachNamed(n, func(c lowering.Node, field string) {
		if field == "arguments" || c.Type() == "arguments" || c.Type() == "colon_argument" {
			args = append(args, l.args(c)...)
		}
	})
	c := l.Node(model.Call, n)
	c.SetTypeArgs(typeArgs)
	c.SetArgs(args)
	switch fn.Type() {
	case "field_expression":
		field := fn.ChildByFieldName("field")
		c.SetName(l.Text(field), l.Pos(field))
		c.Recv = l.expr(fn.ChildByFieldName("value"))
	case "identifier":
		c.SetName(l.Text(fn), l.Pos(fn))
	case "call_expression": // f(a)(b): one call with both argument lists
		inner := l.call(fn)
		inner.SetSpan(c.Pos(), c.End())
		inner.SetArgs(append(inner.Args(), args...))
		if c.TypeArgs() != nil {
			inner.SetTypeArgs(c.TypeArgs())
		}
		return inner
	default:
		c.SetName("apply", l.Pos(fn))
		c.Recv = l.expr(fn)
	}
	return c
}

func (l *lowerer) args(n lowering.Node) []*model.Node {
	switch n.Type() {
	case "block", "indented_block": // ds.map { e => ... }
		ns := lowering.Named(n)
		if len(ns) == 1 && ns[0].Type() == "lambda_expression" {
			return []*model.Node{l.expr(ns[0])}
		}
		return []*model.Node{l.block(n)}
	case "colon_argument": // Scala 3: ds.map: e => ...
		lam := l.Node(model.Lambda, n)
		var body lowering.Node
		lowering.EachNamed(n, func(c lowering.Node, field string) {
			if field == "lambda_start" {
				v := l.Node(model.Local, c)
				v.SetName(l.Text(c), l.Pos(c))
				lam.SetParams(append(lam.Params(), v))
			} else {
				body = c
			}
		})
		if !body.IsNull() {
			lam.Init = l.expr(body)
		}
		if lam.Params() == nil {
			return []*model.Node{lam.Init}
		}
		return []*model.Node{lam}
	}
	var out []*model.Node
	lowering.EachNamed(n, func(c lowering.Node, _ string) {
		if c.Type() != "comment" && c.Type() != "block_comment" {
			out = append(out, l.expr(c))
		}
	})
	return out
}

// block lowers a block; its last expression is the block's value (Init).
func (l *lowerer) block(n lowering.Node) *model.Node {
	b := l.Node(model.Block, n)
	lowering.EachNamed(n, func(c lowering.Node, _ string) {
		b.SetBody(append(b.Body(), l.stmt(c, false)...))
	})
	if k := len(b.Body()); k > 0 && b.Body()[k-1].Stmt {
		last := b.Body()[k-1]
		last.Stmt = false
		b.Init = last
		b.SetBody(b.Body()[:k-1])
	}
	return b
}
