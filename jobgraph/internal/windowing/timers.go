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

// callIn returns the first call of one of names in the code of fn, or in
// the code of the project it reaches.
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
	return findCall(p, body, names, &model.Walk{Once: true})
}

// findCall returns the first call of one of names in code, in the classes
// of the project that code extends, or in the methods of the project it
// calls: a function may inherit its processElement, or hand its
// TimerService to a helper.
func findCall(p *model.Project, code *model.Node, names []string, w *model.Walk) *model.Node {
	if !w.Enter(code) {
		return nil
	}
	defer w.Leave(code)
	var found *model.Node
	var next []*model.Node
	model.Inspect(code, func(n *model.Node) bool {
		switch {
		case found != nil:
		case model.IsCall(n, names...):
			found = n
		case n.Kind == model.Call:
			if d := p.Decl(n); d != nil && d.Kind == model.Method {
				next = append(next, d)
			}
		}
		return found == nil
	})
	if found != nil {
		return found
	}
	if code.Kind == model.Class {
		for _, s := range code.Supers() {
			next = append(next, p.Classes(s)...)
		}
	}
	for _, n := range next {
		if found = findCall(p, n, names, w); found != nil {
			return found
		}
	}
	return nil
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
