package model

import (
	"fmt"
	"strings"
)

// Format renders n and everything below it as an indented outline, one node
// a line with its kind, name and line:column. Front-end tests compare it
// with the expected model of a snippet.
func Format(n *Node) string {
	var b strings.Builder
	var visit func(n *Node, depth int)
	visit = func(n *Node, depth int) {
		fmt.Fprintf(&b, "%s%s", strings.Repeat("  ", depth), n.Kind)
		if n.Name != "" {
			fmt.Fprintf(&b, " %s", n.Name)
		}
		if n.Kind == String || n.Kind == Number {
			fmt.Fprintf(&b, " %q", n.Value())
		}
		if n.Type() != "" {
			fmt.Fprintf(&b, " :%s", n.Type())
		}
		if len(n.TypeArgs()) > 0 {
			fmt.Fprintf(&b, " [%s]", strings.Join(n.TypeArgs(), ","))
		}
		if len(n.Supers()) > 0 {
			fmt.Fprintf(&b, " <: %s", strings.Join(n.Supers(), ","))
		}
		if n.Stmt {
			b.WriteString(" stmt")
		}
		if n.Static {
			b.WriteString(" static")
		}
		if n.File != nil && n.File.Token != nil && n.NamePos().IsValid() {
			p := n.File.Token.Position(n.NamePos())
			fmt.Fprintf(&b, " @%d:%d", p.Line, p.Column)
		}
		b.WriteByte('\n')
		Children(n, func(c *Node) { visit(c, depth+1) })
	}
	visit(n, 0)
	return b.String()
}
