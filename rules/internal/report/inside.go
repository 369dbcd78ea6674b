package report

import "github.com/flinklint/flinklint/parsers/model"

// Inside reports whether n lies within outer, whose evidence then covers
// it: a window call in the chain of the operator it builds needs no
// evidence of its own.
func Inside(n, outer *model.Node) bool {
	return n != nil && outer != nil && outer.Pos() <= n.Pos() && n.End() <= outer.End()
}
