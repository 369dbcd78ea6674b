// Package lowering holds what the Java and Scala front ends share when they
// turn a tree-sitter tree into the model: positions, text, child iteration
// and error bookkeeping.
package lowering

import (
	"context"
	"go/token"

	sitter "github.com/smacker/go-tree-sitter"

	"github.com/flinklint/flinklint/parsers/model"
)

// Base is embedded by a front end's lowerer for one file.
type Base struct {
	Src  []byte
	TF   *token.File
	File *model.File
}

// Pos returns the position of the start of n.
func (b *Base) Pos(n *sitter.Node) token.Pos { return b.TF.Pos(int(n.StartByte())) }

// Text returns the source text of n.
func (b *Base) Text(n *sitter.Node) string { return string(b.Src[n.StartByte():n.EndByte()]) }

// Node returns a new model node of the given kind spanning n.
func (b *Base) Node(kind model.Kind, n *sitter.Node) *model.Node {
	return &model.Node{Kind: kind, Pos: b.Pos(n), End: b.TF.Pos(int(n.EndByte()))}
}

// EachNamed calls f for each named child of n with its field name. Most
// nodes have few children, and indexing them is cheapest; tree-sitter finds
// the i-th child by walking from the first, so wide nodes (a class body, an
// array of a thousand literals) are walked with a cursor instead.
func EachNamed(n *sitter.Node, f func(c *sitter.Node, field string)) {
	count := int(n.ChildCount())
	if count == 0 {
		return
	}
	if count <= 16 {
		for i := range count {
			if c := n.Child(i); c.IsNamed() {
				f(c, n.FieldNameForChild(i))
			}
		}
		return
	}
	cur := sitter.NewTreeCursor(n)
	defer cur.Close()
	if !cur.GoToFirstChild() {
		return
	}
	for {
		c := cur.CurrentNode()
		if c.IsNamed() {
			f(c, cur.CurrentFieldName())
		}
		if !cur.GoToNextSibling() {
			return
		}
	}
}

// Named returns the named children of n.
func Named(n *sitter.Node) []*sitter.Node {
	var out []*sitter.Node
	EachNamed(n, func(c *sitter.Node, _ string) { out = append(out, c) })
	return out
}

// Parse parses src with p, hands the root to lower and records where the
// parser met errors in the file's Errors. The tree is closed before Parse
// returns: smacker caches nodes per tree in a map that is neither bounded
// nor safe to share, and C trees take about 16 times the source size.
//
// The parser reads text (Src, or a same-length stand-in for it that the
// grammar can read); names and literals are read from Src.
func (b *Base) Parse(p *sitter.Parser, text []byte, lower func(root *sitter.Node)) error {
	tree, err := p.ParseCtx(context.Background(), nil, text)
	if err != nil {
		return err
	}
	defer tree.Close()
	root := tree.RootNode()
	lower(root)
	if root.HasError() {
		b.errors(root)
	}
	return nil
}

// errors records the ERROR and MISSING nodes below n, entering only the
// subtrees that hold one.
func (b *Base) errors(n *sitter.Node) {
	if n.IsError() || n.IsMissing() {
		b.File.Errors = append(b.File.Errors, b.Pos(n))
		return
	}
	for i := 0; i < int(n.ChildCount()); i++ {
		if c := n.Child(i); c.HasError() || c.IsMissing() {
			b.errors(c)
		}
	}
}
