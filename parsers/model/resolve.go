package model

import (
	"cmp"
	"go/token"
	"slices"
	"strconv"
	"strings"
)

// Decl returns the declaration that n refers to: a Local (variable, field or
// parameter), a Method or a Class. n is an Ident, a Select (Obj.FIELD,
// this.x), or a Call or MethodRef naming a method. Decl returns nil when the
// name is declared nowhere in the project, as with library names.
func (p *Project) Decl(n *Node) *Node {
	if n == nil {
		return nil
	}
	switch n.Kind {
	case Ident:
		if d := p.scopeDecl(n); d != nil {
			return d
		}
		return p.class(n.File, n.Name)
	case Select, Call, MethodRef:
		if n.Recv == nil {
			if n.Kind != Call {
				return nil
			}
			return p.callee(n)
		}
		if n.Recv.Kind == Ident && (n.Recv.Name == "this" || n.Recv.Name == "super") {
			if c := Enclosing(n, Class); c != nil {
				if d := p.own(c, n.Name); d != nil {
					return d
				}
				return p.method(c, n.Name, 0)
			}
			return nil
		}
		if r := p.Decl(n.Recv); r != nil && r.Kind == Class {
			return p.member(r, n.Name)
		}
		if c := p.created(n.Recv); c != nil {
			return p.method(c, n.Name, 0)
		}
	}
	return nil
}

// callee returns the method an unqualified call names: one of an
// enclosing scope, one a static import brings in, or, in Java and Scala,
// one an enclosing class inherits. Java names methods apart from
// variables, so there a variable named like the method (stream =
// stream(env)) hides it not.
func (p *Project) callee(n *Node) *Node {
	d := p.lookupScopes(n, n.Name)
	if d != nil && d.Kind == Method {
		return d
	}
	if m := p.lookupImported(n.File, n.Name); m != nil && m.Kind == Method {
		return m
	}
	if n.File == nil || n.File.Lang != Java && (n.File.Lang != Scala || d != nil) {
		return nil
	}
	for c := Enclosing(n, Class); c != nil; c = Enclosing(c, Class) {
		if m := p.method(c, n.Name, 0); m != nil {
			return m
		}
	}
	return nil
}

// maxSuperDepth bounds the supertypes method climbs.
const maxSuperDepth = 4

// method returns the method named name that class c declares or inherits
// from a class or trait of the project.
func (p *Project) method(c *Node, name string, depth int) *Node {
	if d := p.ownMethod(c, name); d != nil {
		return d
	}
	if depth >= maxSuperDepth {
		return nil
	}
	for _, s := range c.Supers() {
		if sc := p.class(c.File, s); sc != nil && sc != c {
			if d := p.method(sc, name, depth+1); d != nil {
				return d
			}
		}
	}
	return nil
}

// ownMethod returns the method of c named name, also where a field of
// that name comes first.
func (p *Project) ownMethod(c *Node, name string) *Node {
	d := p.own(c, name)
	if d == nil || d.Kind == Method {
		return d
	}
	for _, m := range c.Body() {
		if m.Kind == Method && m.Name == name {
			return m
		}
	}
	return nil
}

// created returns the project class that recv makes an instance of: new
// X(...), or, in Scala and Python, X(...) where X is a class whose
// companion declares no apply that may make something else.
func (p *Project) created(recv *Node) *Node {
	switch {
	case recv.Kind == New && recv.Class() == nil: // an anonymous class may override
		return p.class(recv.File, recv.Name)
	case recv.Kind == Call && recv.Recv == nil && recv.File != nil && recv.File.Lang != Java &&
		recv.Name != "" && 'A' <= recv.Name[0] && recv.Name[0] <= 'Z' && p.Decl(recv) == nil:
		cs := p.Classes(recv.Name)
		if slices.ContainsFunc(cs, func(c *Node) bool { return p.own(c, "apply") != nil }) {
			return nil
		}
		return p.class(recv.File, recv.Name)
	}
	return nil
}

// ValueDecl is Decl for a caller that wants a variable, field, parameter
// or method: of an Ident it looks up the enclosing scopes and the static
// imports, but not the project's classes, whose files may have to be
// parsed first.
func (p *Project) ValueDecl(n *Node) *Node {
	if n != nil && n.Kind == Ident {
		return p.scopeDecl(n)
	}
	return p.Decl(n)
}

// scopeDecl is Decl of an Ident short of the project's classes: a
// declaration in an enclosing scope, or a member brought in by a static
// import.
func (p *Project) scopeDecl(n *Node) *Node {
	if d := p.lookupScopes(n, n.Name); d != nil {
		return d
	}
	return p.lookupImported(n.File, n.Name)
}

// lookupScopes looks name up in the scopes that enclose at: earlier locals
// of enclosing blocks, parameters, and members of enclosing classes.
func (p *Project) lookupScopes(at *Node, name string) *Node {
	for s := at.Parent; s != nil; s = s.Parent {
		switch s.Kind {
		case Block, Other:
			if d := p.local(s, name, at.Pos()); d != nil {
				return d
			}
		case Lambda, Method:
			for _, d := range s.Params() {
				if d.Name == name {
					return d
				}
			}
		case Class:
			if d := p.own(s, name); d != nil {
				return d
			}
			for _, d := range s.Params() {
				if d.Name == name {
					return d
				}
			}
		}
	}
	if at.File != nil {
		for _, d := range at.File.Decls {
			if d.Name == name && d.Kind != Class {
				return d
			}
		}
	}
	return nil
}

// local returns the declaration named name among the statements of the
// block s that come before pos.
func (p *Project) local(s *Node, name string, pos token.Pos) *Node {
	if firsts := p.bodyIndex(s); firsts != nil {
		if d := firsts[name]; d != nil && d.Pos() < pos {
			return d
		}
		return nil
	}
	for _, d := range s.Body() {
		if d.Pos() >= pos {
			break
		}
		if d.Name == name && isDecl(d) {
			return d
		}
	}
	return nil
}

// own returns the field, method or nested class of c named name.
func (p *Project) own(c *Node, name string) *Node {
	if firsts := p.bodyIndex(c); firsts != nil {
		return firsts[name]
	}
	for _, d := range c.Body() {
		if d.Name == name && isDecl(d) {
			return d
		}
	}
	return nil
}

// bodyIndex returns the first declaration of each name in the body of s,
// or nil when the project indexes no such body (see longBody).
func (p *Project) bodyIndex(s *Node) map[string]*Node {
	if len(s.Body()) < longBody {
		return nil
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.index.bodies[s]
}

// isDecl reports whether d is a declaration that a name may refer to: a
// Local, Method or Class.
func isDecl(d *Node) bool {
	return d.Kind == Local || d.Kind == Method || d.Kind == Class
}

// member looks name up in c and, for Scala, in its companion object or
// class (same name, same file).
func (p *Project) member(c *Node, name string) *Node {
	if d := p.own(c, name); d != nil {
		return d
	}
	for _, other := range p.Classes(c.Name) {
		if other != c && other.File == c.File {
			if d := p.own(other, name); d != nil {
				return d
			}
		}
	}
	return nil
}

// lookupImported resolves a name brought in by a static import
// (import static a.Consts.TAG, import static a.Consts.*) or, in Scala, an
// import of an object's member (import a.Consts._).
func (p *Project) lookupImported(f *File, name string) *Node {
	if f == nil {
		return nil
	}
	for _, im := range f.Imports {
		if !im.Static || !im.Wildcard && im.Name() != name {
			continue
		}
		for _, c := range p.Classes(im.owner()) {
			if d := p.own(c, name); d != nil {
				return d
			}
		}
	}
	return nil
}

// ClassNamed resolves a type name as written in the file of at: the class
// of new Name(...), say.
func (p *Project) ClassNamed(at *Node, name string) *Node {
	return p.class(at.File, name)
}

// class resolves a type name as Java does: a class of the file itself
// first, then one the file imports by name, one of its own package, one
// it imports by wildcard, and else the first of that name; among classes
// of one rank, the first in walk order.
func (p *Project) class(f *File, name string) *Node {
	if f != nil {
		// A class of the first two ranks parsed already comes before any
		// not parsed yet, which would be later in walk order: the files
		// that declare the name (every module's Strategies) are parsed
		// only when there is none.
		p.mu.Lock()
		c := p.index.ownOrImported(f, name)
		p.mu.Unlock()
		if c != nil {
			return c
		}
	}
	cs := p.Classes(name)
	if len(cs) <= 1 || f == nil {
		if len(cs) == 1 {
			return cs[0]
		}
		return nil
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	x := &p.index
	if c := x.ownOrImported(f, name); c != nil {
		return c
	}
	if c := x.inPackage[packageName{f.Package, name}]; c != nil {
		return c
	}
	if c := x.imported(f, name, true); c != nil {
		return c
	}
	return cs[0]
}

// ownOrImported returns the class named name of the file f itself, or
// else the first of those f imports by name.
func (x *index) ownOrImported(f *File, name string) *Node {
	if c := x.inFile[fileName{f, name}]; c != nil {
		return c
	}
	return x.imported(f, name, false)
}

// imported returns the first class named name of the packages f imports
// by wildcard, or else of the imports of that name.
func (x *index) imported(f *File, name string, wildcard bool) *Node {
	var best *Node
	for _, im := range f.Imports {
		if im.Wildcard != wildcard {
			continue
		}
		pkg := im.Path
		if !wildcard { // im.Path is pkg.name
			var ok, dot bool
			pkg, ok = strings.CutSuffix(im.Path, name)
			pkg, dot = strings.CutSuffix(pkg, ".")
			if !ok || !dot {
				continue
			}
		}
		if c := x.inPackage[packageName{pkg, name}]; c != nil && (best == nil || x.seqOf(c) < x.seqOf(best)) {
			best = c
		}
	}
	return best
}

// owner returns the simple name of the class a static import takes
// members from: Consts, of import static a.Consts.TAG and of import static
// a.Consts.*.
func (im Import) owner() string {
	if im.Wildcard {
		return im.Name()
	}
	return Import{Path: im.Path[:max(len(im.Path)-len(im.Name())-1, 0)]}.Name()
}

// Value returns the expression that n stands for, following variables,
// fields, constants (also in other files) and helper methods with a single
// result. It returns n itself when there is nothing to follow, and the last
// definition it reached when the definitions form a cycle (a = b; b = a).
func (p *Project) Value(n *Node) *Node { return p.value(n, 0) }

// maxIndexDepth bounds the tuples followed into tuples (t[0][1]), each an
// inner walk of Value.
const maxIndexDepth = 8

func (p *Project) value(n *Node, depth int) *Node {
	var w Walk // a chain: each link is entered and none left
	for w.Enter(n) {
		next := p.step(n, depth)
		if next == nil {
			return n
		}
		n = next
	}
	return n
}

func (p *Project) step(n *Node, depth int) *Node {
	if n == nil {
		return nil
	}
	switch n.Kind {
	case Ident, Select, Call:
	case Index:
		return p.element(n, depth)
	default:
		return nil
	}
	d := p.ValueDecl(n) // a class has no value to follow
	if d == nil {
		return nil
	}
	switch d.Kind {
	case Local:
		if n.Kind == Call { // a call of a function-typed value is not its value
			return nil
		}
		return d.Init
	case Method:
		if n.Kind == Ident {
			return nil
		}
		if rs := Results(d); len(rs) == 1 {
			if r := rs[0]; r.Kind == Ident && (r.Name == "this" || r.Name == "self") {
				return n.Recv // a fluent setter: its value is its receiver
			}
			return rs[0]
		}
	}
	return nil
}

// element returns the element that the Index n takes of a tuple the
// project shows (return (stream, env), then stream, env = f()), or nil.
func (p *Project) element(n *Node, depth int) *Node {
	if len(n.Args()) != 2 || n.Args()[1].Kind != Number || depth >= maxIndexDepth {
		return nil
	}
	i, err := strconv.Atoi(n.Args()[1].Value())
	if err != nil {
		return nil
	}
	t := p.value(n.Args()[0], depth+1)
	if t.Kind != Tuple || i < 0 || i >= len(t.Args()) {
		return nil
	}
	return t.Args()[i]
}

// Results returns the expressions a method or lambda returns: its expression
// body, the values of its return statements, and the value of a Scala
// block's last expression. Nested lambdas and classes are not entered.
func Results(fn *Node) []*Node {
	var out []*Node
	var visit func(n *Node, tail bool)
	visit = func(n *Node, tail bool) {
		if n == nil {
			return
		}
		switch n.Kind {
		case Lambda, Class, Method:
			return
		case New:
			if tail {
				out = append(out, n)
			}
			for _, a := range n.Args() {
				visit(a, false)
			}
			return
		case Return:
			if n.Init != nil {
				out = append(out, n.Init)
			}
			return
		case Block:
			for _, s := range n.Body() {
				visit(s, false)
			}
			visit(n.Init, tail)
			return
		}
		if tail {
			out = append(out, n)
			return
		}
		Children(n, func(c *Node) { visit(c, false) })
	}
	if fn.Init != nil {
		if fn.Init.Kind == Block {
			visit(fn.Init, true)
		} else {
			out = append(out, fn.Init)
		}
	}
	return out
}

// Refs returns the uses of the declaration d (a Local, Method or Class)
// anywhere in the project: plain names in its scope, this.d, and
// Owner.d from other classes and files. The result is kept until a file
// is parsed on demand: the jobs of a repository call one shared helper,
// and each asks for all its uses, which would make the cost of a unit
// grow with the square of its jobs. Callers must not modify it.
func (p *Project) Refs(d *Node) []*Node {
	p.mu.Lock()
	r, ok := p.refs[d]
	files := len(p.files)
	p.mu.Unlock()
	if ok && r.files == files {
		return r.uses
	}
	value := d.Kind != Class
	var out []*Node
	for _, u := range p.mayRefer(d) {
		if u.Pos() == d.NamePos() && u.File == d.File {
			continue
		}
		if p.resolvedDecl(u, value) == d {
			out = append(out, u)
		}
	}
	out = clip(out)
	p.mu.Lock()
	p.refs[d] = refs{files, out}
	p.mu.Unlock()
	return out
}

// refs are the uses Refs found of a declaration when the project had
// files files.
type refs struct {
	files int
	uses  []*Node
}

// resolved keeps the Decl and the ValueDecl of the uses Refs has
// resolved while the project had files files: the members of same-named
// classes (every module's Strategies, loaded together) have the same
// uses, Strategies.WINDOW in each job, which Refs of each would resolve
// again, making a unit's cost the product of its jobs and the modules.
type resolved struct {
	files       int
	decl, value map[*Node]*Node
}

// resolvedDecl returns ValueDecl(u) if value, else Decl(u), from
// p.resolved when no file was parsed since it was resolved: the files
// parsed so far decide a declaration, and they only grow.
func (p *Project) resolvedDecl(u *Node, value bool) *Node {
	p.mu.Lock()
	files := len(p.files)
	if p.resolved.decl == nil || p.resolved.files != files {
		p.resolved = resolved{files: files, decl: map[*Node]*Node{}, value: map[*Node]*Node{}}
	}
	memo := p.resolved.decl
	if value {
		memo = p.resolved.value
	}
	d, ok := memo[u]
	p.mu.Unlock()
	if ok {
		return d
	}
	if value {
		d = p.ValueDecl(u)
	} else {
		d = p.Decl(u)
	}
	p.mu.Lock()
	if len(p.files) == files { // else a file parsed since may change d
		memo[u] = d
	}
	p.mu.Unlock()
	return d
}

// mayRefer returns, in walk order, the uses of d's name that Decl may
// resolve to d, so that Refs resolves those alone rather than every use of
// the name in the project, where every job may declare the same locals. A
// name refers to a local or a parameter only in the scope that declares
// it, to a top-level definition only in its file, and to a member only in
// its class, as Owner.d, or in the files that import Owner's members
// statically; a method also in the classes that inherit it and on their
// instances (new Owner().d). A class may be named anywhere.
func (p *Project) mayRefer(d *Node) []*Node {
	p.mu.Lock()
	defer p.mu.Unlock()
	x := &p.index
	ps := x.names[d.Name]
	switch {
	case ps == nil:
		return nil
	case d.Kind == Class:
		return clip(ps.nodes)
	case d.Parent == nil || d.Parent.Kind != Class:
		return x.under(ps, d.File, d.Parent)
	}
	owner := d.Parent
	out := x.under(ps, owner.File, owner)
	out = x.onReceivers(out, d.Name, x.names[owner.Name].list())
	if d.Kind == Method {
		out = x.inheritors(out, owner, d.Name, ps, 0)
	}
	for _, f := range x.importers[owner.Name] {
		out = append(out, x.under(ps, f, nil)...)
	}
	slices.SortFunc(out, func(a, b *Node) int { return cmp.Compare(x.seqOf(a), x.seqOf(b)) })
	return slices.Compact(out)
}

// onReceivers appends to out the uses of the member named name on the
// receivers qs, each a use of its class: Owner.d, Owner().d, new Owner().d.
func (x *index) onReceivers(out []*Node, name string, qs []*Node) []*Node {
	for _, q := range qs {
		if u := q.Parent; u != nil && u.Recv == q && u.Name == name {
			out = append(out, u)
		}
	}
	return out
}

// inheritors appends to out the uses ps holds of the method named name
// where it may be inherited from c: in the classes below c, up to the
// supertypes method climbs, and on their instances.
func (x *index) inheritors(out []*Node, c *Node, name string, ps *postings, depth int) []*Node {
	out = x.onReceivers(out, name, x.created[c.Name])
	if depth >= maxSuperDepth {
		return out
	}
	for _, sub := range x.subclasses[c.Name] {
		if sub != c {
			out = append(out, x.under(ps, sub.File, sub)...)
			out = x.onReceivers(out, name, x.names[sub.Name].list())
			out = x.inheritors(out, sub, name, ps, depth+1)
		}
	}
	return out
}
