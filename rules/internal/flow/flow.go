// Package flow follows where the value of an expression goes: into the
// next call of a chain, into a variable and from there to every use of it,
// out of a helper method to its callers, into a project method's parameter,
// or nowhere. Rules use it to follow streams, strategies and tags.
package flow

import (
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

// maxHops bounds how many variables, returns and parameters Uses follows.
const maxHops = 16

// Uses returns where the value of n goes, in source order.
func Uses(p *model.Project, n *model.Node) []Use {
	var out []Use
	uses(p, n, map[*model.Node]bool{}, 0, &out)
	slices.SortStableFunc(out, func(a, b Use) int { return int(a.Value.Pos - b.Value.Pos) })
	return out
}

func uses(p *model.Project, n *model.Node, seen map[*model.Node]bool, hops int, out *[]Use) {
	if hops > maxHops {
		return
	}
	par := n.Parent
	if par == nil {
		return
	}
	switch {
	case (par.Kind == model.Call || par.Kind == model.Select) && par.Recv == n:
		*out = append(*out, Use{Receiver, n, par})
	case par.Kind == model.Local && par.Init == n:
		variable(p, par, seen, hops, out)
	case par.Kind == model.Assign && len(par.Args) == 2 && par.Args[1] == n:
		if d := p.Decl(par.Args[0]); d != nil && d.Kind == model.Local {
			variable(p, d, seen, hops, out)
		} else {
			*out = append(*out, Use{Other, n, par})
		}
	case (par.Kind == model.Call || par.Kind == model.New) && model.ArgIndex(n) >= 0:
		i := model.ArgIndex(n)
		if m := p.Decl(par); par.Kind == model.Call && m != nil && m.Kind == model.Method && i < len(m.Params) {
			variable(p, m.Params[i], seen, hops, out)
			return
		}
		*out = append(*out, Use{Argument, n, par})
	case par.Kind == model.Return && par.Init == n:
		result(p, n, model.Enclosing(par, model.Lambda), model.Enclosing(par, model.Method), seen, hops, out)
	case par.Kind == model.Block && par.Init == n:
		uses(p, par, seen, hops+1, out) // a Scala block's value
	case par.Kind == model.Method && par.Init == n:
		result(p, n, nil, par, seen, hops, out)
	case par.Kind == model.Lambda && par.Init == n:
		*out = append(*out, Use{Returned, n, par})
	case n.Stmt:
		*out = append(*out, Use{Discarded, n, par})
	default:
		*out = append(*out, Use{Other, n, par})
	}
}

// variable follows a value into the variable v: every read of v carries it.
func variable(p *model.Project, v *model.Node, seen map[*model.Node]bool, hops int, out *[]Use) {
	if seen[v] {
		return
	}
	seen[v] = true
	read := false
	for _, r := range p.Refs(v) {
		if a := r.Parent; a != nil && a.Kind == model.Assign && a.Args[0] == r {
			continue // a write, not a read
		}
		read = true
		uses(p, r, seen, hops+1, out)
	}
	if !read {
		*out = append(*out, Use{Unused, v, v})
	}
}

// result follows a returned value to the callers of its method. The lambda
// that encloses the return, if it is nearer than the method, keeps it.
func result(p *model.Project, n, lambda, method *model.Node, seen map[*model.Node]bool, hops int, out *[]Use) {
	if lambda != nil && (method == nil || lambda.Pos > method.Pos) {
		*out = append(*out, Use{Returned, n, lambda})
		return
	}
	if method == nil || seen[method] {
		return
	}
	seen[method] = true
	called := false
	for _, r := range p.Refs(method) {
		if r.Kind == model.Call || r.Kind == model.Select {
			called = true
			uses(p, r, seen, hops+1, out)
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
// the stream, or unknown values.
func Origins(p *model.Project, n *model.Node, through func(call *model.Node) bool) []*model.Node {
	var out []*model.Node
	origins(p, n, through, map[*model.Node]bool{}, 0, &out)
	return out
}

func origins(p *model.Project, n *model.Node, through func(*model.Node) bool, seen map[*model.Node]bool, hops int, out *[]*model.Node) {
	for ; hops < maxHops; hops++ {
		v := p.Value(n)
		if v.Kind == model.Ident {
			if args := callerArgs(p, v, seen); args != nil {
				for _, a := range args {
					origins(p, a, through, seen, hops+1, out)
				}
				return
			}
		}
		if (v.Kind != model.Call && v.Kind != model.Select) || v.Recv == nil || !through(v) {
			*out = append(*out, v)
			return
		}
		n = v.Recv
	}
}

// callerArgs returns, when id names a parameter of a project method, the
// arguments its callers pass for it; when id names a parameter of a lambda,
// the arguments given where the lambda is applied (f.apply(x), f.accept(x)),
// following the lambda through variables and project methods.
func callerArgs(p *model.Project, id *model.Node, seen map[*model.Node]bool) []*model.Node {
	d := p.Decl(id)
	if d == nil || d.Kind != model.Local || d.Parent == nil || seen[d] {
		return nil
	}
	fn := d.Parent
	i := slices.Index(fn.Params, d)
	if i < 0 {
		return nil
	}
	seen[d] = true
	var args []*model.Node
	switch fn.Kind {
	case model.Method:
		for _, r := range p.Refs(fn) {
			if r.Kind == model.Call && i < len(r.Args) {
				args = append(args, r.Args[i])
			}
		}
	case model.Lambda:
		for _, u := range Uses(p, fn) {
			if u.Kind == Receiver && model.IsCall(u.At, "apply", "accept") && i < len(u.At.Args) {
				args = append(args, u.At.Args[i])
			}
		}
	}
	return args
}
