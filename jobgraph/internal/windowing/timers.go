package windowing

import "github.com/flinklint/flinklint/parsers/model"

// RegistersEventTimeTimers returns the registerEventTimeTimer call in the
// function fn given to process(...): a lambda, an anonymous class or a
// class of the project (Python's KeyedProcessFunction subclasses
// included). It returns nil when there is none, or when the code of fn
// cannot be seen.
func RegistersEventTimeTimers(p *model.Project, fn *model.Node) *model.Node {
	return callIn(p, fn, "registerEventTimeTimer")
}

// ReadsEventTime returns the registerEventTimeTimer or currentWatermark
// call in the function fn given to process(...), like
// RegistersEventTimeTimers.
func ReadsEventTime(p *model.Project, fn *model.Node) *model.Node {
	return callIn(p, fn, "registerEventTimeTimer", "currentWatermark")
}

// callIn returns the first call of one of names in the code of fn.
func callIn(p *model.Project, fn *model.Node, names ...string) *model.Node {
	v := p.Value(fn)
	body := v
	switch v.Kind {
	case model.New:
		if body = v.Class(); body == nil {
			body = ClassNamed(p, v, v.Name)
		}
	case model.Call:
		if v.Recv == nil { // Python and Scala construct without new
			body = ClassNamed(p, v, v.Name)
		} else {
			body = nil
		}
	case model.Lambda:
	default:
		body = nil
	}
	if body == nil {
		return nil
	}
	var found *model.Node
	model.Inspect(body, func(n *model.Node) bool {
		if found == nil && model.IsCall(n, names...) {
			found = n
		}
		return found == nil
	})
	return found
}

// ClassNamed resolves the type name written at like Project.ClassNamed,
// but prefers a class declared in the file of at: two files of a package
// may each nest a class of the same name.
func ClassNamed(p *model.Project, at *model.Node, name string) *model.Node {
	for _, c := range p.Classes(name) {
		if c.File == at.File {
			return c
		}
	}
	return p.ClassNamed(at, name)
}
