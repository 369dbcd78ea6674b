package model

// Children calls f for each direct child of n, in source order as far as
// the kind allows.
func Children(n *Node, f func(*Node)) {
	Inspect(n, func(c *Node) bool {
		if c == n {
			return true
		}
		f(c)
		return false
	})
}

// Inspect calls f for n and every node below it, depth first; when f returns
// false the nodes below that node are skipped. It holds the order of
// children that Children follows, written out so that a walk of every node
// calls nothing but f.
func Inspect(n *Node, f func(*Node) bool) {
	if n == nil || !f(n) {
		return
	}
	if n.Recv != nil {
		Inspect(n.Recv, f)
	}
	for _, p := range n.Params() {
		Inspect(p, f)
	}
	for _, a := range n.Args() {
		Inspect(a, f)
	}
	if n.Kind == Block { // a Scala block's value comes last
		for _, b := range n.Body() {
			Inspect(b, f)
		}
		Inspect(n.Init, f)
		return
	}
	Inspect(n.Init, f)
	Inspect(n.Class(), f)
	for _, b := range n.Body() {
		Inspect(b, f)
	}
}

// Link sets the Parent and File of every node of f. Front ends call it once
// a file is lowered.
func Link(f *File) {
	var link func(parent, n *Node)
	link = func(parent, n *Node) {
		n.Parent = parent
		n.File = f
		Children(n, func(c *Node) { link(n, c) })
	}
	for _, d := range f.Decls {
		link(nil, d)
	}
	number(f)
}

// number sets the order of every node of f.
func number(f *File) {
	var i int32
	f.Inspect(func(n *Node) bool {
		n.order = i
		i++
		return true
	})
}

// Inspect calls f for every node of the file.
func (f *File) Inspect(fn func(*Node) bool) {
	for _, d := range f.Decls {
		Inspect(d, fn)
	}
}

// IsCall reports whether n is a call of a method with one of the given
// names. A Scala call written without parentheses (a Select) counts, since
// Scala cannot tell the two apart without types.
func IsCall(n *Node, names ...string) bool {
	if n == nil || (n.Kind != Call && n.Kind != Select) {
		return false
	}
	for _, name := range names {
		if n.Name == name {
			return true
		}
	}
	return false
}

// IsStaticCall reports whether n calls method on the class named class,
// written with or without a package qualifier (GlobalWindows.create(),
// org.apache...GlobalWindows.create, or GlobalWindows.create in Scala).
func IsStaticCall(n *Node, class, method string) bool {
	return IsCall(n, method) && n.Recv != nil && SimpleName(n.Recv) == class
}

// Constructs reports whether n creates an instance of the class named class:
// new Class(...) in Java or Scala, or Class(...) / Class[T](...) in Scala
// and Python.
func Constructs(n *Node, class string) bool {
	if n == nil {
		return false
	}
	switch n.Kind {
	case New:
		return n.Name == class
	case Call:
		return n.Recv == nil && n.Name == class
	}
	return false
}

// SimpleName returns the name an Ident or Select is written with, ignoring
// any qualifier: "Time" for both Time and org.apache.flink...Time.
func SimpleName(n *Node) string {
	if n != nil && (n.Kind == Ident || n.Kind == Select) {
		return n.Name
	}
	return ""
}

// Outer returns the call or member access that applies to the value of n
// (n is its receiver), or nil. It is the next link of a call chain.
func Outer(n *Node) *Node {
	p := n.Parent
	if p != nil && (p.Kind == Call || p.Kind == Select) && p.Recv == n {
		return p
	}
	return nil
}

// Enclosing returns the nearest ancestor of n of the given kind, or nil.
func Enclosing(n *Node, kind Kind) *Node {
	for p := n.Parent; p != nil; p = p.Parent {
		if p.Kind == kind {
			return p
		}
	}
	return nil
}

// ArgIndex returns the position of n among the arguments of its parent call,
// or -1 when n is not an argument.
func ArgIndex(n *Node) int {
	if p := n.Parent; p != nil && (p.Kind == Call || p.Kind == New) {
		for i, a := range p.Args() {
			if a == n {
				return i
			}
		}
	}
	return -1
}

// IsModule reports whether n is a Python module, which the front end lowers
// as a static class whose body holds the module's statements: its
// variables are a script's locals rather than an object's fields.
func (n *Node) IsModule() bool {
	return n != nil && n.Kind == Class && n.Parent == nil && n.File != nil && n.File.Lang == Python
}

// IsLoop reports whether n is a loop (while, do-while, for, for-each, a
// Scala for comprehension): its body may run any number of times.
func IsLoop(n *Node) bool {
	return n != nil && n.Kind == Other && loops[n.Name] != 0
}

// IsConditionLoop reports whether n is a while or do-while loop, which
// only its condition ends (a for loop usually counts or walks a
// collection).
func IsConditionLoop(n *Node) bool {
	return n != nil && n.Kind == Other && loops[n.Name] == conditionLoop
}

// loops are the names the front ends give the Others that are loops:
// those of their grammars.
var loops = map[string]int{
	"while_statement": conditionLoop, "do_statement": conditionLoop, // Java, Python
	"while_expression": conditionLoop, "do_while_expression": conditionLoop, // Scala
	"for_statement": forLoop, "enhanced_for_statement": forLoop, "for_expression": forLoop,
}

const (
	conditionLoop = iota + 1
	forLoop
)
