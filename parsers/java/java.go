// Package java lowers Java source files into the job model.
package java

import (
	"go/token"
	"strings"

	"github.com/flinklint/flinklint/parsers/internal/literal"
	"github.com/flinklint/flinklint/parsers/internal/lowering"
	"github.com/flinklint/flinklint/parsers/internal/lowering/grammar"
	"github.com/flinklint/flinklint/parsers/model"
)

// Parser lowers Java files. It holds a tree-sitter parser, so a Parser must
// not be used by two goroutines at once; use one per worker.
type Parser struct{ p *lowering.Parser }

// NewParser returns a Parser; Close releases it.
func NewParser() *Parser {
	return &Parser{p: lowering.NewParser(grammar.Java())}
}

// Close releases the tree-sitter parser.
func (p *Parser) Close() { p.p.Close() }

// Parse lowers src, registered in the file set as tf, into a model file.
// Syntax errors do not fail the parse: their positions are listed in the
// file's Errors and everything around them is lowered.
func (p *Parser) Parse(tf *token.File, src []byte) (*model.File, error) {
	f := &model.File{Path: tf.Name(), Lang: model.Java, Token: tf}
	l := &lowerer{Base: lowering.Base{Src: src, TF: tf, File: f}}
	err := l.Parse(p.p, src, func(root lowering.Node) {
		lowering.EachNamed(root, func(c lowering.Node, _ string) {
			switch c.Type() {
			case "package_declaration":
				f.Package = l.qualified(lowering.Named(c))
			case "import_declaration":
				f.Imports = append(f.Imports, l.importDecl(c))
			default:
				f.Decls = append(f.Decls, l.stmts(c)...)
			}
		})
	})
	if err != nil {
		return nil, err
	}
	model.Link(f)
	return f, nil
}

type lowerer struct{ lowering.Base }

func (l *lowerer) qualified(ns []lowering.Node) string {
	for _, n := range ns {
		if n.Type() == "scoped_identifier" || n.Type() == "identifier" {
			return l.Text(n)
		}
	}
	return ""
}

func (l *lowerer) importDecl(n lowering.Node) model.Import {
	im := model.Import{End: l.TF.Pos(int(n.EndByte()))}
	for i := 0; i < n.ChildCount(); i++ {
		switch c := n.Child(i); c.Type() {
		case "static":
			im.Static = true
		case "asterisk":
			im.Wildcard = true
		case "scoped_identifier", "identifier":
			im.Path = l.Text(c)
		}
	}
	return im
}

// stmts lowers a declaration or statement. It returns a slice because one
// declaration can declare several variables (int a = 1, b = 2;).
func (l *lowerer) stmts(n lowering.Node) []*model.Node {
	l.Enter()
	defer l.Leave()
	switch n.Type() {
	case "line_comment", "block_comment", "modifiers", "marker_annotation", "annotation":
		return nil
	case "class_declaration", "interface_declaration", "enum_declaration", "record_declaration", "annotation_type_declaration":
		return []*model.Node{l.class(n)}
	case "field_declaration", "constant_declaration", "local_variable_declaration":
		return l.variables(n)
	case "method_declaration", "constructor_declaration", "compact_constructor_declaration":
		return []*model.Node{l.method(n)}
	case "block", "constructor_body", "static_initializer":
		return []*model.Node{l.block(n)}
	case "expression_statement":
		var out []*model.Node
		lowering.EachNamed(n, func(c lowering.Node, _ string) {
			e := l.expr(c)
			e.Stmt = true
			out = append(out, e)
		})
		return out
	case "return_statement":
		r := l.Node(model.Return, n)
		if ns := lowering.Named(n); len(ns) > 0 {
			r.Init = l.expr(ns[0])
		}
		return []*model.Node{r}
	case "explicit_constructor_invocation": // super(args); or this(args); in a constructor
		c := l.Node(model.Call, n)
		if ctor := n.ChildByFieldName("constructor"); !ctor.IsNull() {
			c.SetName(l.Text(ctor), l.Pos(ctor))
		}
		if obj := n.ChildByFieldName("object"); !obj.IsNull() {
			c.Recv = l.expr(obj)
		}
		c.SetArgs(l.args(n.ChildByFieldName("arguments")))
		c.Stmt = true
		return []*model.Node{c}
	case "enhanced_for_statement":
		o := l.Node(model.Other, n)
		o.Name = n.Type()
		v := l.Node(model.Local, n)
		if name := n.ChildByFieldName("name"); !name.IsNull() {
			v.SetName(l.Text(name), l.Pos(name))
		}
		v.SetType(l.typeName(n.ChildByFieldName("type")))
		o.SetBody(append(o.Body(), v))
		if value := n.ChildByFieldName("value"); !value.IsNull() {
			o.SetBody(append(o.Body(), l.expr(value)))
		}
		if body := n.ChildByFieldName("body"); !body.IsNull() {
			o.SetBody(append(o.Body(), l.stmts(body)...))
		}
		return []*model.Node{o}
	}
	if isExpr(n.Type()) {
		return []*model.Node{l.expr(n)}
	}
	return []*model.Node{l.other(n)}
}

// other keeps a construct no rule asks about by name (if, loops, try,
// switch...) together with everything inside it.
func (l *lowerer) other(n lowering.Node) *model.Node {
	o := l.Node(model.Other, n)
	o.Name = n.Type()
	lowering.EachNamed(n, func(c lowering.Node, _ string) {
		o.SetBody(append(o.Body(), l.stmts(c)...))
	})
	return o
}

func (l *lowerer) class(n lowering.Node) *model.Node {
	c := l.Node(model.Class, n)
	if name := n.ChildByFieldName("name"); !name.IsNull() {
		c.SetName(l.Text(name), l.Pos(name))
	}
	lowering.EachNamed(n, func(ch lowering.Node, field string) {
		switch ch.Type() {
		case "superclass", "super_interfaces", "extends_interfaces":
			l.supers(ch, c)
		case "formal_parameters": // record components
			c.SetParams(l.params(ch))
		}
		if field == "body" {
			c.SetBody(l.members(ch))
		}
	})
	return c
}

func (l *lowerer) supers(n lowering.Node, c *model.Node) {
	lowering.EachNamed(n, func(t lowering.Node, _ string) {
		if t.Type() == "type_list" {
			l.supers(t, c)
			return
		}
		c.SetSupers(append(c.Supers(), l.typeName(t)))
	})
}

func (l *lowerer) members(body lowering.Node) []*model.Node {
	var out []*model.Node
	lowering.EachNamed(body, func(m lowering.Node, _ string) {
		switch m.Type() {
		case "enum_body_declarations":
			out = append(out, l.members(m)...)
		case "enum_constant":
			v := l.Node(model.Local, m)
			name := m.ChildByFieldName("name")
			v.Static, v.Final = true, true
			v.SetName(l.Text(name), l.Pos(name))
			out = append(out, v)
		default:
			out = append(out, l.stmts(m)...)
		}
	})
	return out
}

func (l *lowerer) variables(n lowering.Node) []*model.Node {
	static, final := l.modifiers(n)
	typ := l.typeName(n.ChildByFieldName("type"))
	if typ == "var" { // inferred: the type is unknown here
		typ = ""
	}
	typeArgs := l.declaredTypeArgs(n.ChildByFieldName("type"))
	if n.Type() == "constant_declaration" { // interface fields are implicitly static final
		static, final = true, true
	}
	var out []*model.Node
	lowering.EachNamed(n, func(d lowering.Node, field string) {
		if field != "declarator" {
			return
		}
		v := l.Node(model.Local, d)
		v.SetType(typ)
		v.SetTypeArgs(typeArgs)
		v.Static, v.Final = static, final
		if name := d.ChildByFieldName("name"); !name.IsNull() {
			v.SetName(l.Text(name), l.Pos(name))
		}
		if value := d.ChildByFieldName("value"); !value.IsNull() {
			v.Init = l.expr(value)
		}
		out = append(out, v)
	})
	return out
}

func (l *lowerer) modifiers(n lowering.Node) (static, final bool) {
	lowering.EachNamed(n, func(c lowering.Node, _ string) {
		if c.Type() != "modifiers" {
			return
		}
		for i := 0; i < c.ChildCount(); i++ {
			switch c.Child(i).Type() {
			case "static":
				static = true
			case "final":
				final = true
			}
		}
	})
	return static, final
}

func (l *lowerer) method(n lowering.Node) *model.Node {
	m := l.Node(model.Method, n)
	m.Static, _ = l.modifiers(n)
	if name := n.ChildByFieldName("name"); !name.IsNull() {
		m.SetName(l.Text(name), l.Pos(name))
	}
	m.SetType(l.typeName(n.ChildByFieldName("type")))
	m.SetTypeArgs(l.declaredTypeArgs(n.ChildByFieldName("type")))
	if ps := n.ChildByFieldName("parameters"); !ps.IsNull() {
		m.SetParams(l.params(ps))
	}
	if body := n.ChildByFieldName("body"); !body.IsNull() {
		m.Init = l.block(body)
	}
	return m
}

func (l *lowerer) params(n lowering.Node) []*model.Node {
	var out []*model.Node
	lowering.EachNamed(n, func(p lowering.Node, _ string) {
		v := l.Node(model.Local, p)
		switch p.Type() {
		case "identifier": // inferred lambda parameter
			v.SetName(l.Text(p), l.Pos(p))
		case "formal_parameter", "spread_parameter":
			name := p.ChildByFieldName("name")
			if name.IsNull() { // spread_parameter: the declarator holds the name
				for _, c := range lowering.Named(p) {
					if c.Type() == "variable_declarator" {
						name = c.ChildByFieldName("name")
					}
				}
			}
			if !name.IsNull() {
				v.SetName(l.Text(name), l.Pos(name))
			}
			v.SetType(l.typeName(p.ChildByFieldName("type")))
		default:
			return
		}
		out = append(out, v)
	})
	return out
}

func (l *lowerer) block(n lowering.Node) *model.Node {
	b := l.Node(model.Block, n)
	lowering.EachNamed(n, func(c lowering.Node, _ string) {
		b.SetBody(append(b.Body(), l.stmts(c)...))
	})
	return b
}

// typeName returns the simple name of a type: OutputTag for
// org.apache.flink.util.OutputTag<String>.
func (l *lowerer) typeName(t lowering.Node) string {
	if t.IsNull() {
		return ""
	}
	switch t.Type() {
	case "generic_type", "annotated_type":
		for _, c := range lowering.Named(t) {
			if c.Type() != "type_arguments" && c.Type() != "marker_annotation" && c.Type() != "annotation" {
				return l.typeName(c)
			}
		}
	case "scoped_type_identifier", "scoped_identifier":
		ns := lowering.Named(t)
		return l.typeName(ns[len(ns)-1])
	case "array_type":
		return l.typeName(t.ChildByFieldName("element")) + "[]"
	}
	return l.Text(t)
}

// declaredTypeArgs returns the type arguments of a declared type as
// written: String for WatermarkStrategy<String>.
func (l *lowerer) declaredTypeArgs(t lowering.Node) []string {
	if t.IsNull() || t.Type() != "generic_type" {
		return nil
	}
	var out []string
	for _, c := range lowering.Named(t) {
		if c.Type() == "type_arguments" {
			lowering.EachNamed(c, func(a lowering.Node, _ string) { out = append(out, l.Text(a)) })
		}
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

func isExpr(t string) bool {
	switch t {
	case "method_invocation", "field_access", "identifier", "this", "super", "object_creation_expression",
		"lambda_expression", "method_reference", "binary_expression", "unary_expression", "update_expression",
		"parenthesized_expression", "cast_expression", "assignment_expression", "string_literal", "character_literal",
		"decimal_integer_literal", "hex_integer_literal", "octal_integer_literal", "binary_integer_literal",
		"decimal_floating_point_literal", "hex_floating_point_literal", "true", "false", "null_literal",
		"class_literal", "scoped_identifier", "ternary_expression":
		return true
	}
	return false
}

func (l *lowerer) expr(n lowering.Node) *model.Node {
	l.Enter()
	defer l.Leave()
	switch n.Type() {
	case "method_invocation":
		c := l.Node(model.Call, n)
		name := n.ChildByFieldName("name")
		c.SetName(l.Text(name), l.Pos(name))
		if obj := n.ChildByFieldName("object"); !obj.IsNull() {
			c.Recv = l.expr(obj)
		}
		c.SetTypeArgs(l.typeArgs(n.ChildByFieldName("type_arguments")))
		c.SetArgs(l.args(n.ChildByFieldName("arguments")))
		return c
	case "field_access":
		s := l.Node(model.Select, n)
		field := n.ChildByFieldName("field")
		s.SetName(l.Text(field), l.Pos(field))
		s.Recv = l.expr(n.ChildByFieldName("object"))
		return s
	case "scoped_identifier":
		s := l.Node(model.Select, n)
		name := n.ChildByFieldName("name")
		s.SetName(l.Text(name), l.Pos(name))
		s.Recv = l.expr(n.ChildByFieldName("scope"))
		return s
	case "class_literal":
		s := l.Node(model.Select, n)
		s.Name = "class"
		if ns := lowering.Named(n); len(ns) > 0 {
			s.Recv = l.expr(ns[0])
		}
		return s
	case "identifier", "this", "super", "true", "false", "null_literal", "type_identifier":
		id := l.Node(model.Ident, n)
		id.SetName(l.Text(n), id.Pos())
		return id
	case "generic_type", "scoped_type_identifier", "array_type", "integral_type", "floating_point_type", "boolean_type":
		id := l.Node(model.Ident, n) // the type before :: in a method reference
		id.SetName(l.typeName(n), id.Pos())
		return id
	case "object_creation_expression":
		nw := l.Node(model.New, n)
		t := n.ChildByFieldName("type")
		nw.SetName(l.typeName(t), l.Pos(t))
		if t.Type() == "generic_type" {
			for _, c := range lowering.Named(t) {
				if c.Type() == "type_arguments" {
					nw.SetTypeArgs(l.typeArgs(c))
				}
			}
		}
		nw.SetArgs(l.args(n.ChildByFieldName("arguments")))
		lowering.EachNamed(n, func(c lowering.Node, _ string) {
			if c.Type() == "class_body" {
				nw.SetClass(l.Node(model.Class, c))
				nw.Class().SetSupers([]string{nw.Name})
				nw.Class().SetBody(l.members(c))
			}
		})
		return nw
	case "lambda_expression":
		lam := l.Node(model.Lambda, n)
		ps := n.ChildByFieldName("parameters")
		if ps.Type() == "identifier" {
			v := l.Node(model.Local, ps)
			v.SetName(l.Text(ps), l.Pos(ps))
			lam.SetParams([]*model.Node{v})
		} else {
			lam.SetParams(l.params(ps))
		}
		if body := n.ChildByFieldName("body"); body.Type() == "block" {
			lam.Init = l.block(body)
		} else {
			lam.Init = l.expr(body)
		}
		return lam
	case "method_reference":
		ref := l.Node(model.MethodRef, n)
		ns := lowering.Named(n)
		ref.Recv = l.expr(ns[0])
		if last := n.Child(n.ChildCount() - 1); last.Type() == "new" {
			ref.SetName("new", l.Pos(last))
		} else if len(ns) > 1 {
			ref.SetName(l.Text(ns[len(ns)-1]), l.Pos(ns[len(ns)-1]))
		}
		return ref
	case "binary_expression":
		b := l.Node(model.Binary, n)
		op := n.ChildByFieldName("operator")
		b.SetName(l.Text(op), l.Pos(op))
		b.SetArgs([]*model.Node{l.expr(n.ChildByFieldName("left")), l.expr(n.ChildByFieldName("right"))})
		return b
	case "unary_expression", "update_expression":
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
		op := n.ChildByFieldName("operator")
		a.SetName(l.Text(op), l.Pos(op))
		a.SetArgs([]*model.Node{l.expr(n.ChildByFieldName("left")), l.expr(n.ChildByFieldName("right"))})
		return a
	case "parenthesized_expression":
		if ns := lowering.Named(n); len(ns) == 1 {
			return l.expr(ns[0])
		}
	case "cast_expression":
		if v := n.ChildByFieldName("value"); !v.IsNull() {
			return l.expr(v)
		}
	case "string_literal", "character_literal":
		s := l.Node(model.String, n)
		s.SetRaw(l.Text(n))
		if n.Type() == "character_literal" {
			s.SetValue(literal.Java(`"`+strings.Trim(s.Raw(), "'")+`"`, s.Pos()).S)
		} else {
			s.SetValue(literal.Java(s.Raw(), s.Pos()).S)
		}
		return s
	case "decimal_integer_literal", "hex_integer_literal", "octal_integer_literal", "binary_integer_literal",
		"decimal_floating_point_literal", "hex_floating_point_literal":
		num := l.Node(model.Number, n)
		num.SetValue(l.Text(n))
		return num
	}
	return l.other(n)
}

func (l *lowerer) args(n lowering.Node) []*model.Node {
	if n.IsNull() {
		return nil
	}
	var out []*model.Node
	lowering.EachNamed(n, func(c lowering.Node, _ string) {
		if c.Type() != "line_comment" && c.Type() != "block_comment" {
			out = append(out, l.expr(c))
		}
	})
	return out
}
