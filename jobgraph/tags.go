package jobgraph

import "github.com/flinklint/flinklint/parsers/model"

// TagID returns the id string of an OutputTag expression, when it can be
// resolved.
func TagID(p *model.Project, tag *model.Node) (string, bool) {
	v := p.Value(tag)
	if !model.Constructs(v, "OutputTag") || len(v.Args()) == 0 {
		return "", false
	}
	id := p.Value(v.Args()[0])
	return id.Value(), id.Kind == model.String
}

// SameTag reports whether two tag expressions may be equal: a
// getSideOutput with one reads what the other is given. OutputTag equality
// compares ids only; a tag whose id cannot be resolved may be equal to
// anything.
func SameTag(p *model.Project, a, b *model.Node) bool {
	if da, db := p.Decl(a), p.Decl(b); da != nil && da == db {
		return true
	}
	ia, oka := TagID(p, a)
	ib, okb := TagID(p, b)
	return !oka || !okb || ia == ib
}
