package model

import "slices"

// A setting made in code belongs to the environment it is made on, and so to
// the jobs built on that environment, not to every job of the project. These
// types give an expression such as env.getConfig(), tEnv or a StatementSet
// an identity that rules compare.

// Scope is the part of a project one job is built in: a method (a main, or
// a helper that builds a job on an environment it creates), a class or
// object body (a Scala App, whose environment is a field), or a whole file
// (Node nil: a .sql script, a Scala script).
type Scope struct {
	File *File
	Node *Node // the Method or Class; nil for the whole file
}

// Contains reports whether t lies within s.
func (s Scope) Contains(t Scope) bool {
	if s.File != t.File {
		return false
	}
	for n := t.Node; ; n = n.Parent {
		if n == s.Node {
			return true
		}
		if n == nil {
			return false
		}
	}
}

// ScopeOf returns the innermost scope that holds n.
func ScopeOf(n *Node) Scope {
	for p := n.Parent; p != nil; p = p.Parent {
		if p.Kind == Method || p.Kind == Class {
			return Scope{n.File, p}
		}
	}
	return Scope{n.File, nil}
}

// Env is the identity of an environment (a StreamExecutionEnvironment, a
// TableEnvironment and its TableConfig, a StatementSet, a Configuration
// given to one of them): the variable it flows from, and the scope of the
// job built on it.
type Env struct {
	// Var is the variable or field the environment flows from, followed
	// through the variables and factories built on it (tEnv =
	// StreamTableEnvironment.create(env) flows from env, env =
	// getExecutionEnvironment(conf) from conf); nil when it flows from none.
	Var   *Node
	Scope Scope
}

// Same reports whether e and o may be the environment of one job: their
// scopes nest, and they flow from the same variable, or one from none that
// is known.
func (e Env) Same(o Env) bool {
	return (e.Scope.Contains(o.Scope) || o.Scope.Contains(e.Scope)) && (e.Var == nil || o.Var == nil || e.Var == o.Var)
}

// AnySame reports whether some environment of a may be one of b: whether
// what is made on the environments a (a setting, a stream) and on b may
// belong to one job.
func AnySame(a, b []Env) bool {
	for _, x := range a {
		for _, y := range b {
			if x.Same(y) {
				return true
			}
		}
	}
	return false
}

// Bounds of the walk: helpers that pass an environment on to helpers, and
// the calls of one helper considered.
const (
	maxEnvDepth   = 4
	maxEnvCallers = 64
)

// Envs returns the environments that the expression n (env,
// env.getConfig(), tEnv.getConfig().getConfiguration(), a StatementSet)
// may be. An environment that a method receives as a parameter is that of
// each of its callers in the project (its own method when it has none);
// one that a method returns is that of each caller that keeps the result.
// A call with an implicit receiver (getConfig() inside an environment
// class) has no environment: Envs returns nil, and a rule cannot tell
// which job the setting belongs to.
func (p *Project) Envs(n *Node) []Env {
	return p.envs(n, 0)
}

func (p *Project) envs(n *Node, depth int) []Env {
	if implicitReceiver(n) {
		return nil
	}
	v := p.envVar(n, 0)
	if v == nil && n.Parent != nil && n.Parent.Kind == Local && n.Parent.Init == n {
		v = n.Parent // env = createEnv(): the variable that keeps it
	}
	if v == nil {
		return []Env{{nil, ScopeOf(n)}}
	}
	if into := p.mergedInto(v); into != nil && depth < maxEnvDepth {
		return p.envs(into, depth+1)
	}
	owner := v.Parent
	if owner != nil && (owner.Kind == Method || owner.Kind == Lambda) && isParam(owner, v) {
		if owner.Kind == Method && depth < maxEnvDepth {
			if out := p.callerEnvs(owner, paramIndex(owner, v), depth); len(out) > 0 {
				return out
			}
		}
		return []Env{{v, ScopeOf(v)}}
	}
	if owner != nil && owner.Kind == Class {
		return []Env{{v, Scope{v.File, owner}}} // a field: the jobs of its class
	}
	if m := Enclosing(v, Method); m != nil && depth < maxEnvDepth && p.returns(m, v) {
		if out := p.callerEnvs(m, -1, depth); len(out) > 0 {
			return out
		}
	}
	return []Env{{v, ScopeOf(v)}}
}

// callerEnvs returns the environments that the calls of method m pass as
// its parameter i, or, for i < 0, that keep its result.
func (p *Project) callerEnvs(m *Node, i, depth int) []Env {
	var out []Env
	seen := 0
	for _, u := range p.Uses(m.Name) {
		if u.Kind != Call || len(u.Args()) != len(m.Params()) || i >= len(u.Args()) {
			continue
		}
		if d := p.Decl(u); d != m && (d != nil || u.Recv == nil || p.ofOtherClass(u.Recv, m) || !fits(u.Args(), m.Params())) {
			continue // another method of that name; an unresolved receiver may be m's class
		}
		if seen++; seen > maxEnvCallers {
			break
		}
		at := u
		if i >= 0 {
			at = u.Args()[i]
		}
		out = append(out, p.envs(at, depth+1)...)
	}
	return out
}

// ofOtherClass reports whether recv is a variable declared with a type
// that is neither m's class nor one it extends: env.execute("job") calls
// Flink's execute, not a project method execute(env) of a job class.
func (p *Project) ofOtherClass(recv, m *Node) bool {
	d := p.ValueDecl(recv)
	c := Enclosing(m, Class)
	if d == nil || d.Kind != Local || d.Type() == "" || c == nil {
		return false
	}
	return d.Type() != c.Name && !slices.Contains(c.Supers(), d.Type())
}

// literalTypes are the declared types a literal argument can be passed as.
var literalTypes = map[Kind][]string{
	String: {"String", "CharSequence", "Object", "Any", "str"},
	Number: {"int", "long", "short", "byte", "double", "float", "Int", "Long", "Short", "Byte", "Double", "Float",
		"Integer", "Number", "Object", "Any", "int64", "float64"},
}

// fits reports whether no argument is a literal that the parameter it is
// passed for, by its declared type, cannot hold: env.execute("job") is no
// call of a project method execute(StreamExecutionEnvironment env).
func fits(args, params []*Node) bool {
	for i, a := range args {
		types, literal := literalTypes[a.Kind]
		if literal && i < len(params) && params[i].Type() != "" && !slices.Contains(types, params[i].Type()) {
			return false
		}
	}
	return true
}

// envVar returns the variable or field n flows from: the root of a call
// chain, followed through the initializers of local variables and through
// factories that take an environment (create(env), new X(conf)).
func (p *Project) envVar(n *Node, depth int) *Node {
	if n == nil || depth >= maxEnvDepth*4 {
		return nil
	}
	switch n.Kind {
	case Ident:
		d := p.ValueDecl(n)
		if d == nil || d.Kind != Local {
			return nil
		}
		if d.Init == nil || d.Parent == nil || d.Parent.Kind != Block && d.Parent.Kind != Other && !d.Parent.IsModule() {
			return d // a parameter, a field, or a variable assigned later
		}
		if r := p.envVar(d.Init, depth+1); r != nil {
			return r
		}
		return d
	case Call, Select:
		if n.Recv != nil && !p.isTypeName(n.Recv) {
			if r := p.envVar(n.Recv, depth+1); r != nil {
				return r
			}
		}
		// A factory or builder given one: create(env), withConfiguration(conf).
	case New:
	default:
		return nil
	}
	for _, a := range n.Args() {
		if r := p.envVar(a, depth+1); r != nil {
			return r
		}
	}
	return nil
}

// mergeCalls copy a Configuration into the environment they are called on.
var mergeCalls = map[string]bool{"addConfiguration": true, "configure": true}

// mergedInto returns the receiver of a call that copies the configuration
// held in v into another environment (tEnv.getConfig().addConfiguration(v),
// env.configure(v)), or nil. Only the scope that declares v can use it.
func (p *Project) mergedInto(v *Node) *Node {
	scope := v.Parent
	for scope != nil && scope.Kind != Method && scope.Kind != Class && scope.Kind != Lambda {
		scope = scope.Parent
	}
	if scope == nil {
		return nil // a top-level definition: rare, and its uses may lie anywhere
	}
	for _, u := range p.usesUnder(v.Name, scope) { // in walk order: the first call in scope
		n := u.Parent
		if u.Kind == Ident && n != nil && n.Kind == Call && mergeCalls[n.Name] && n.Recv != nil &&
			len(n.Args()) == 1 && n.Args()[0] == u && p.Decl(u) == v {
			return n.Recv
		}
	}
	return nil
}

// within reports whether n lies below scope.
func within(n, scope *Node) bool {
	for ; n != nil; n = n.Parent {
		if n == scope {
			return true
		}
	}
	return false
}

// isTypeName reports whether n names a class rather than a value, as the
// receiver of a static factory does (StreamTableEnvironment.create).
func (p *Project) isTypeName(n *Node) bool {
	if n.Kind == Select {
		return p.isTypeName(n.Recv) && n.Name != "" && 'A' <= n.Name[0] && n.Name[0] <= 'Z'
	}
	if n.Kind != Ident {
		return false
	}
	if d := p.scopeDecl(n); d != nil {
		return d.Kind == Class
	}
	// A capitalized name that no scope declares is taken for a class
	// whether or not the project declares one, so the project's classes
	// (which may have to be parsed) are looked up only for other names.
	if n.Name != "" && 'A' <= n.Name[0] && n.Name[0] <= 'Z' {
		return true
	}
	return p.class(n.File, n.Name) != nil
}

// implicitReceiver reports whether the call chain n starts with a getter
// of the enclosing object itself, getConfig() or this.getConfig(): code
// inside an environment class (Flink's own), or a class that wraps one.
func implicitReceiver(n *Node) bool {
	for ; n != nil && (n.Kind == Call || n.Kind == Select); n = n.Recv {
		if n.Recv == nil || n.Recv.Kind == Ident && (n.Recv.Name == "this" || n.Recv.Name == "super") {
			return selfGetters[n.Name]
		}
	}
	return false
}

// selfGetters return the configuration of the object they are called on.
var selfGetters = map[string]bool{"getConfig": true, "getConfiguration": true, "getTableConfig": true}

func isParam(owner, v *Node) bool { return paramIndex(owner, v) >= 0 }

func paramIndex(owner, v *Node) int {
	for i, q := range owner.Params() {
		if q == v {
			return i
		}
	}
	return -1
}

// returns reports whether method m returns the variable v, or an
// environment a static factory builds on it: return StreamExecutionEnvironment.
// getExecutionEnvironment(conf) makes m a factory of the environment its
// callers keep. A stream built on v (return env.fromSource(...)) is not one.
func (p *Project) returns(m, v *Node) bool {
	for _, r := range Results(m) {
		factory := r.Kind == New || r.Kind == Call && r.Recv != nil && p.isTypeName(r.Recv)
		if r.Kind == Ident && r.Name == v.Name || factory && p.envVar(r, 0) == v {
			return true
		}
	}
	return false
}
