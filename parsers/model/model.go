// Package model is the language-neutral model of a Flink job's source that
// flinklint's rules query.
//
// Front ends (parsers/java, parsers/scala, parsers/python) lower each
// syntax tree into a tree of Nodes and close the syntax tree at once, so
// rules never see tree-sitter, never care which language a pipeline was
// written in, and no C memory outlives the parse. The model keeps only what rules need: calls and their
// receivers, bindings, literals, lambdas, method references and declarations,
// each with exact positions.
package model

import (
	"go/token"
)

// Lang is the source language of a file.
type Lang uint8

// The languages flinklint reads.
const (
	Java Lang = iota + 1
	Scala
	SQL    // a .sql script
	Config // a Flink configuration file or Kubernetes manifest
	Python
)

func (l Lang) String() string {
	switch l {
	case Java:
		return "Java"
	case Scala:
		return "Scala"
	case SQL:
		return "SQL"
	case Config:
		return "configuration"
	case Python:
		return "Python"
	}
	return "unknown"
}

// Kind says what a Node stands for, and so which of its fields are set.
type Kind uint8

// The node kinds. Field use per kind:
//
//	Call      Recv.Name[TypeArgs](Args...); Recv is nil for an unqualified call
//	          (a local helper, a Scala apply such as OutputTag[E]("id")), and
//	          for a constructor's call of its superclass's, super(args), in
//	          Java, Python or a Scala class header (extends B(args)).
//	Select    Recv.Name: a field access, or a Scala call written without
//	          parentheses (ds.print).
//	Ident     Name.
//	String    Value holds the decoded contents, Raw the literal as written;
//	          Args are the replacement fields of a Python f-string, whose
//	          text in Value is Computed.
//	Number    Value holds the literal as written (1_000L, 0x10).
//	Lambda    Params; Init is an expression body, Body a block body.
//	MethodRef Recv::Name.
//	New       new Name[TypeArgs](Args...); Class is the anonymous class body.
//	Binary    Args[0] Name Args[1] (Name is the operator).
//	Unary     Name Args[0].
//	Assign    Args[0] Name Args[1] (Name is = or a compound operator).
//	Block     Body holds the statements.
//	Local     a local variable, field or parameter Name of Type; Init is its
//	          initializer.
//	Return    Init is the returned value (nil for a bare return).
//	Class     a class, interface, enum, record, object or trait Name;
//	          Supers lists the simple names of its supertypes; Body its members.
//	Method    Name with Params; Body holds a block body, Init an expression
//	          body (Scala def f = expr).
//	Other     any other construct (if, loop, try, ternary, match...); Body
//	          holds what it contains, so nothing below it is lost.
//	Tuple     a Python tuple or list literal: Args are its elements.
//	Index     Args[0][Args[1]]: an element of a sequence or mapping.
const (
	Call Kind = iota + 1
	Select
	Ident
	String
	Number
	Lambda
	MethodRef
	New
	Binary
	Unary
	Assign
	Block
	Local
	Return
	Class
	Method
	Other
	Tuple
	Index
)

// lastKind is the last Kind, for the codec's check.
const lastKind = Index

var kindNames = [...]string{"", "Call", "Select", "Ident", "String", "Number", "Lambda", "MethodRef", "New", "Binary", "Unary", "Assign", "Block", "Local", "Return", "Class", "Method", "Other", "Tuple", "Index"}

func (k Kind) String() string {
	if int(k) < len(kindNames) {
		return kindNames[k]
	}
	return "Kind?"
}

// Node is one construct of the model. See Kind for which fields each kind uses.
//
// A run keeps every node of the files it parses (170,000 for 1,600 files,
// most of its live heap), so Node is packed into 104 bytes, two allocation
// size classes below its former 152 (see TestNodeSize): positions are
// offsets in File (see Pos), Args and Body share one slice, and a
// literal's Value is in its detail.
type Node struct {
	Name string
	Recv *Node
	Init *Node
	// kids holds Args, then Body: few kinds use both (see Args).
	kids   []*Node
	Parent *Node
	File   *File
	// d holds the fields that few kinds use (see detail), nil when all
	// are zero: most nodes are calls, names and blocks, which do not pay
	// for them.
	d *detail

	Kind Kind
	// Static is set on a static member, or any member of a Scala object;
	// Final on a final declaration or a Scala val; Stmt on an expression
	// whose value is discarded (an expression statement).
	Static, Final, Stmt bool
	// order is n's place in a walk of its file (File.Inspect), set with
	// Parent: the nodes below n follow it in one run, which lets the
	// project find the uses of a name in a scope without walking it. It
	// belongs to the file, so a file shared by two projects keeps it.
	order int32
	// nargs is how many of kids are Args.
	nargs uint32
	// pos, end and namePos are offsets in File plus one, 0 for NoPos (see
	// Pos): offsets fit 32 bits where a FileSet's positions may not, as
	// its bases add up the sizes of all the files of a run.
	pos, end, namePos uint32
}

// Pos is where n starts.
func (n *Node) Pos() token.Pos { return n.at(n.pos) }

// End is where n ends: the offset just past it.
func (n *Node) End() token.Pos { return n.at(n.end) }

// NamePos is where Name is written: the method name of a Call.
func (n *Node) NamePos() token.Pos { return n.at(n.namePos) }

// SetSpan sets Pos and End, which must lie in File, and File must be set.
func (n *Node) SetSpan(pos, end token.Pos) { n.pos, n.end = n.offset(pos), n.offset(end) }

// SetName sets Name and NamePos, which must lie in File.
func (n *Node) SetName(name string, at token.Pos) { n.Name, n.namePos = name, n.offset(at) }

// at returns the Pos of a stored offset.
func (n *Node) at(off uint32) token.Pos {
	if off == 0 {
		return token.NoPos
	}
	return token.Pos(n.File.Token.Base() + int(off) - 1)
}

// offset returns the stored offset of p.
func (n *Node) offset(p token.Pos) uint32 {
	if p == token.NoPos {
		return 0
	}
	return uint32(int(p) - n.File.Token.Base() + 1)
}

// Args are the arguments or operands of a node (see Kind). When n has a
// Body, the slice is capped, so that appending to it copies rather than
// overwrites Body.
func (n *Node) Args() []*Node {
	if int(n.nargs) < len(n.kids) {
		return n.kids[:n.nargs:n.nargs]
	}
	return n.kids
}

// Body holds the statements or members of a node (see Kind).
func (n *Node) Body() []*Node { return n.kids[n.nargs:] }

// SetArgs sets Args. It copies s only when n has a Body too.
func (n *Node) SetArgs(s []*Node) {
	if body := n.Body(); len(body) > 0 {
		s = append(s[:len(s):len(s)], body...)
		n.kids, n.nargs = s, uint32(len(s)-len(body))
		return
	}
	n.kids, n.nargs = s, uint32(len(s))
}

// SetBody sets Body. It copies s only when n has Args too.
func (n *Node) SetBody(s []*Node) {
	if n.nargs == 0 {
		n.kids = s
		return
	}
	n.kids = append(n.kids[:n.nargs:n.nargs], s...)
}

// detail holds the fields of a Node that only some kinds use. Project-wide
// runs keep hundreds of thousands of nodes, so the common ones stay small;
// and most details are a literal's Value and Raw or a Local's Type, so the
// rarer fields are a level further (64 bytes a detail instead of 128).
type detail struct {
	value, raw, typ string
	more            *moreDetail
}

// moreDetail holds the fields of a detail that fewer nodes use.
type moreDetail struct {
	typeArgs, supers []string
	params           []*Node
	class            *Node
	written          string
}

// det returns n's detail, allocated on first use, for the setters.
func (n *Node) det() *detail {
	if n.d == nil {
		n.d = &detail{}
	}
	return n.d
}

// more returns n's moreDetail, or nil.
func (n *Node) more() *moreDetail {
	if n.d == nil {
		return nil
	}
	return n.d.more
}

// setMore returns n's moreDetail, allocated on first use, for the setters;
// they leave it out for an empty list, which reads as nil, as it decodes
// from the cache.
func (n *Node) setMore() *moreDetail {
	d := n.det()
	if d.more == nil {
		d.more = &moreDetail{}
	}
	return d.more
}

// Value is a literal's: a String's decoded contents, a Number as written.
func (n *Node) Value() string {
	if n.d == nil {
		return ""
	}
	return n.d.value
}

// SetValue sets Value.
func (n *Node) SetValue(s string) {
	if s != "" || n.d != nil {
		n.det().value = s
	}
}

// Raw is a String literal as written, quotes included.
func (n *Node) Raw() string {
	if n.d == nil {
		return ""
	}
	return n.d.raw
}

// Type is the declared type of a Local or Method: a simple name, without
// type arguments.
func (n *Node) Type() string {
	if n.d == nil {
		return ""
	}
	return n.d.typ
}

// TypeArgs are the type arguments of a Call or New, or of the declared
// type of a Local or Method, as written.
func (n *Node) TypeArgs() []string {
	if m := n.more(); m != nil {
		return m.typeArgs
	}
	return nil
}

// Params are the parameters (Locals) of a Lambda or Method, or of a Scala
// class.
func (n *Node) Params() []*Node {
	if m := n.more(); m != nil {
		return m.params
	}
	return nil
}

// Class is the anonymous class body of a New.
func (n *Node) Class() *Node {
	if m := n.more(); m != nil {
		return m.class
	}
	return nil
}

// Supers are the simple names of a Class's supertypes.
func (n *Node) Supers() []string {
	if m := n.more(); m != nil {
		return m.supers
	}
	return nil
}

// Written is Name as the source spells it: a Python front end maps
// with_idleness to the model's withIdleness (see Spell), and Written gives
// with_idleness back, for the span of a finding.
func (n *Node) Written() string {
	if m := n.more(); m != nil && m.written != "" {
		return m.written
	}
	return n.Name
}

// SetWritten sets Written, when the source spells Name otherwise.
func (n *Node) SetWritten(s string) {
	if s != n.Name && (s != "" || n.more() != nil) {
		n.setMore().written = s
	}
}

// SetRaw sets Raw.
func (n *Node) SetRaw(s string) {
	if s != "" || n.d != nil {
		n.det().raw = s
	}
}

// SetType sets Type.
func (n *Node) SetType(s string) {
	if s != "" || n.d != nil {
		n.det().typ = s
	}
}

// SetTypeArgs sets TypeArgs.
func (n *Node) SetTypeArgs(s []string) {
	if len(s) > 0 || n.more() != nil {
		n.setMore().typeArgs = s
	}
}

// SetParams sets Params.
func (n *Node) SetParams(s []*Node) {
	if len(s) > 0 || n.more() != nil {
		n.setMore().params = s
	}
}

// SetClass sets Class.
func (n *Node) SetClass(c *Node) {
	if c != nil || n.more() != nil {
		n.setMore().class = c
	}
}

// SetSupers sets Supers.
func (n *Node) SetSupers(s []string) {
	if len(s) > 0 || n.more() != nil {
		n.setMore().supers = s
	}
}

// Import is one import declaration.
type Import struct {
	Path     string // dotted path without the wildcard
	Static   bool
	Wildcard bool
	End      token.Pos // end of the import declaration, for fixes that add one
	// Alias is the name a Python import binds instead (from pyflink.common
	// import Duration as D): code names the import by it.
	Alias string
}

// Bound returns the name the import binds in its file: its Alias, or the
// last segment of its path.
func (im Import) Bound() string {
	if im.Alias != "" {
		return im.Alias
	}
	return im.Name()
}

// Name returns the last segment of the import path.
func (im Import) Name() string {
	for i := len(im.Path) - 1; i >= 0; i-- {
		if im.Path[i] == '.' {
			return im.Path[i+1:]
		}
	}
	return im.Path
}

// File is one lowered source file.
type File struct {
	Path    string
	Lang    Lang
	Package string
	Imports []Import
	Decls   []*Node // top-level classes (and Scala top-level definitions)
	// Errors lists where the parser could not read the source; what lies
	// around them is still in the model.
	Errors []token.Pos
	Token  *token.File
	Script *Script       // the statements of a .sql file
	Config []*Configured // the settings of a configuration file
}
