// Package flow follows where the value of an expression goes: into the
// next call of a chain, into a variable and from there to every use of it,
// out of a helper method to its callers, into a project method's parameter,
// or nowhere. Rules use it to follow streams, strategies and tags.
package flow

import (
	"cmp"
	"slices"

	"github.com/flinklint/flinklint/parsers/model"
)

// Kind says how a value is used.
type Kind uint8

// The kinds of use.
const (
	// Receiver: a method is called on the value; At is the Call (or the
	// Select of a Scala call without parentheses).
	Receiver Kind = iota + 1
	// Argument: the value is passed to a method that is not in the project,
	// or a constructor; At is the Call or New.
	Argument
	// Returned: the value leaves through a lambda's or an uncalled method's
	// result; At is the Lambda or Method.
	Returned
	// Discarded: the value is computed as a statement and dropped.
	Discarded
	// Unused: the value is stored in a variable that is never read; At is
	// the variable.
	Unused
	// Other: anything else (an operand, an array element, a field of
	// another object...); At is the parent node.
	Other
)

// Use is one place a value goes.
type Use struct {
	Kind Kind
	// Value is the node that carries the value at this place: the
	// expression itself, or a reference to a variable or a call of a
	// helper method that holds it.
	Value *model.Node
	At    *model.Node
}

// Uses returns where the value of n goes, in source order.
func Uses(p *model.Project, n *model.Node) []Use {
	return Downstream(p, n, nil)
}

// Downstream returns where the value of n goes, like Uses, and goes on from
// each call on it that through accepts (allowedLateness on a windowed
// stream, withTimestampAssigner on a strategy): the uses of that call's
// result come right after it. Each variable, method and call is followed
// once, so a stream stored back into its own variable
// (w = w.allowedLateness(...)) ends the walk instead of looping.
func Downstream(p *model.Project, n *model.Node, through func(call *model.Node) bool) []Use {
	f := &follower{p: p, walk: model.Walk{Once: true}}
	var out []Use
	f.downstream(n, through, &out)
	return out
}

// follower carries one walk over the project's bindings.
type follower struct {
	p    *model.Project
	walk model.Walk
}

func (f *follower) downstream(n *model.Node, through func(*model.Node) bool, out *[]Use) {
	var level []Use
	f.uses(n, &level)
	slices.SortStableFunc(level, func(a, b Use) int { return cmp.Compare(a.Value.Pos(), b.Value.Pos()) })
	for _, u := range level {
		*out = append(*out, u)
		if through != nil && u.Kind == Receiver && through(u.At) && f.walk.Enter(u.At) {
			f.downstream(u.At, through, out)
			f.walk.Leave(u.At)
		}
	}
}

func (f *follower) uses(n *model.Node, out *[]Use) {
	par := n.Parent
	if par == nil {
		return
	}
	switch {
	case (par.Kind == model.Call || par.Kind == model.Select) && par.Recv == n:
		*out = append(*out, Use{Receiver, n, par})
	case par.Kind == model.Local && par.Init == n:
		f.variable(par, out)
	case par.Kind == model.Assign && len(par.Args()) == 2 && par.Args()[1] == n:
		if d := f.p.ValueDecl(par.Args()[0]); d != nil && d.Kind == model.Local {
			f.variable(d, out)
		} else {
			*out = append(*out, Use{Other, n, par})
		}
	case (par.Kind == model.Call || par.Kind == model.New) && model.ArgIndex(n) >= 0:
		i := model.ArgIndex(n)
		if m := f.p.Decl(par); par.Kind == model.Call && m != nil && m.Kind == model.Method && i < len(m.Params()) {
			f.variable(m.Params()[i], out)
			return
		}
		*out = append(*out, Use{Argument, n, par})
	case par.Kind == model.Return && par.Init == n:
		f.result(n, model.Enclosing(par, model.Lambda), model.Enclosing(par, model.Method), out)
	case par.Kind == model.Block && par.Init == n:
		f.uses(par, out) // a Scala block's value
	case par.Kind == model.Method && par.Init == n:
		f.result(n, nil, par, out)
	case par.Kind == model.Lambda && par.Init == n:
		*out = append(*out, Use{Returned, n, par})
	case n.Stmt:
		*out = append(*out, Use{Discarded, n, par})
	default:
		*out = append(*out, Use{Other, n, par})
	}
}

// variable follows a value into the variable v: every read of v carries it.
func (f *follower) variable(v *model.Node, out *[]Use) {
	if !f.walk.Enter(v) {
		return
	}
	defer f.walk.Leave(v)
	read := false
	for _, r := range f.p.Refs(v) {
		if a := r.Parent; a != nil && a.Kind == model.Assign && len(a.Args()) > 0 && a.Args()[0] == r {
			continue // a write, not a read
		}
		read = true
		f.uses(r, out)
	}
	if !read {
		*out = append(*out, Use{Unused, v, v})
	}
}

// result follows a returned value to the callers of its method. The lambda
// that encloses the return, if it is nearer than the method, keeps it.
func (f *follower) result(n, lambda, method *model.Node, out *[]Use) {
	if lambda != nil && (method == nil || lambda.Pos() > method.Pos()) {
		*out = append(*out, Use{Returned, n, lambda})
		return
	}
	if method == nil || !f.walk.Enter(method) {
		return
	}
	defer f.walk.Leave(method)
	called := false
	for _, r := range f.p.Refs(method) {
		if r.Kind == model.Call || r.Kind == model.Select {
			called = true
			f.uses(r, out)
		}
	}
	if !called {
		*out = append(*out, Use{Returned, n, method})
	}
}

// Origins walks back from the stream expression n through the calls that
// through accepts (map, filter...), following variables, helper methods and
// the parameters of project methods to the arguments of their callers, and
// returns the expressions it cannot walk through: the calls that created
// the stream, or unknown values. A nil n (the implicit this of an inherited
// call) has no origin it can tell.
func Origins(p *model.Project, n *model.Node, through func(call *model.Node) bool) []*model.Node {
	f := &follower{p: p, walk: model.Walk{Once: true}}
	var out []*model.Node
	f.origins(n, through, &out)
	return out
}

func (f *follower) origins(n *model.Node, through func(*model.Node) bool, out *[]*model.Node) {
	if n == nil || f.walk.Visited(n) {
		return // walked already, on this path or another
	}
	if !f.walk.Enter(n) {
		*out = append(*out, n) // too far to tell: unknown
		return
	}
	defer f.walk.Leave(n)
	if v := Reaching(f.p, n); v != nil {
		f.origins(v, through, out)
		return
	}
	v := f.p.Value(n)
	if v.Kind == model.Ident {
		if args := f.callerArgs(v); args != nil {
			for _, a := range args {
				f.origins(a, through, out)
			}
			return
		}
	}
	if (v.Kind != model.Call && v.Kind != model.Select) || v.Recv == nil || !through(v) {
		*out = append(*out, v)
		return
	}
	f.origins(v.Recv, through, out)
}

// callerArgs returns, when id names a parameter of a project method, the
// arguments its callers pass for it; when id names a parameter of a lambda,
// the arguments given where the lambda is applied (f.apply(x), f.accept(x)),
// following the lambda through variables and project methods. It returns
// nil when id names no parameter, or the walk may go no further.
func (f *follower) callerArgs(id *model.Node) []*model.Node {
	d := f.p.ValueDecl(id)
	if d == nil || d.Kind != model.Local || d.Parent == nil {
		return nil
	}
	fn := d.Parent
	i := slices.Index(fn.Params(), d)
	if i < 0 {
		return nil
	}
	if f.walk.Visited(d) {
		return []*model.Node{} // its arguments are walked already, on this path or another
	}
	if !f.walk.Enter(d) {
		return nil
	}
	defer f.walk.Leave(d)
	var args []*model.Node
	switch fn.Kind {
	case model.Method:
		for _, r := range f.p.Refs(fn) {
			if r.Kind == model.Call && i < len(r.Args()) {
				args = append(args, r.Args()[i])
			}
		}
	case model.Lambda:
		var applied []Use
		f.downstream(fn, nil, &applied)
		for _, u := range applied {
			if u.Kind == Receiver && model.IsCall(u.At, "apply", "accept") && i < len(u.At.Args()) {
				args = append(args, u.At.Args()[i])
			}
		}
	}
	return args
}

// Reaching returns the value that the variable read at id holds there,
// when the variable is assigned after its declaration and the statements
// settle which value that is: the last write before the read, in the
// block around it or one enclosing it, with no other write between them
// and no loop around the read (s = env.fromSource(...); s.window(...);
// s = s.assignTimestampsAndWatermarks(...): the window reads the
// source). It returns nil when the variable is never assigned again or
// the order of statements does not settle it.
func Reaching(p *model.Project, id *model.Node) *model.Node {
	d := p.ValueDecl(id)
	if id.Kind != model.Ident || d == nil || d.Kind != model.Local || model.Enclosing(d, model.Method) == nil || looped(id, d) {
		return nil
	}
	type write struct{ stmt, value *model.Node }
	var writes []write
	if d.Init != nil {
		writes = append(writes, write{d, d.Init})
	}
	again := false
	for _, r := range p.Refs(d) {
		if a := r.Parent; a != nil && a.Kind == model.Assign && len(a.Args()) == 2 && a.Args()[0] == r {
			if a.Name != "=" {
				return nil // s += ...: a value made of the one before
			}
			writes = append(writes, write{a, a.Args()[1]})
			again = true
		}
	}
	var last *write
	for i, w := range writes {
		if w.stmt.End() > id.Pos() {
			continue // after the read, or the read is its own value (s = s.map(...))
		}
		if last != nil && w.stmt.Pos() < last.stmt.Pos() {
			continue
		}
		last = &writes[i]
	}
	if !again || last == nil || last.stmt.Parent == nil || id.Pos() < last.stmt.Parent.Pos() || id.End() > last.stmt.Parent.End() {
		return nil // a write that may not run before the read (in an if)
	}
	return last.value
}

// looped reports whether a loop, or a lambda or class, lies between the
// read id and the declaration d of the variable it reads: the read may
// then see a write that comes after it in the text.
func looped(id, d *model.Node) bool {
	for n := id.Parent; n != nil && n != d.Parent; n = n.Parent {
		switch {
		case n.Kind == model.Lambda, n.Kind == model.Class, n.Kind == model.Method:
			return true
		case model.IsLoop(n):
			return true
		}
	}
	return false
}
