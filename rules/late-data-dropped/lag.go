package latedatadropped

import (
	"slices"
	"time"
	"unicode"

	"github.com/flinklint/flinklint/jobgraph"
	"github.com/flinklint/flinklint/parsers/model"
	"github.com/flinklint/flinklint/parsers/model/constant"
)

// withinBound reports whether the assigner r bounds the out-of-orderness
// at least by the lag of a generator of the project it reads directly:
// every timestamp the generator makes is the clock read as it emits, less
// a lag no larger than the bound (currentTimeMillis() - rnd.nextLong(lag + 1)).
// The watermark trails the largest timestamp seen, thus the clock, by the
// bound and a millisecond, so an element lagging at most the bound is never
// behind it. On the trials all such windows (tutorial generators, bounds of
// 500 ms to 2 s over lags of 400 ms to 2 s) were false findings.
func withinBound(g *jobgraph.Graph, r jobgraph.Root) bool {
	p := g.Project()
	if r.Node == nil || !model.IsCall(r.Node, "assignTimestampsAndWatermarks") || r.Node.Recv == nil || len(r.Node.Args()) != 1 {
		return false
	}
	bound, ok := boundOf(p, r)
	if !ok {
		return false
	}
	srcs := g.Origins(r.Node.Recv, direct)
	return len(srcs) > 0 && !slices.ContainsFunc(srcs, func(src *model.Node) bool {
		gen := generator(p, src)
		site := siteOf(p, r.Node.Recv, src)
		lag, ok := clockLag(p, gen, site)
		return !ok || lag > bound
	})
}

// direct are the calls between a generator and its assigner that keep
// each record in the subtask, and the order, the generator gave it.
var direct = jobgraph.Through(jobgraph.SameOperator)

// boundOf returns how far the watermarks of the strategy of r trail the
// largest timestamp: its forBoundedOutOfOrderness bound, or 0 for ascending
// timestamps.
func boundOf(p *model.Project, r jobgraph.Root) (time.Duration, bool) {
	s := r.Strategy
	switch {
	case s == nil:
		return 0, false
	case model.IsStaticCall(s, "WatermarkStrategy", "forMonotonousTimestamps"):
		return 0, true
	case model.IsStaticCall(s, "WatermarkStrategy", "forBoundedOutOfOrderness") && len(s.Args()) == 1:
		return constant.Duration(p, bind(p, s.Args()[0], siteOf(p, r.Node.Args()[0], s)))
	}
	return 0, false
}

// generator returns the code that makes the records of the source call
// src: the GeneratorFunction of a DataGeneratorSource, or the class of a
// SourceFunction of the project; nil when there is none to read.
func generator(p *model.Project, src *model.Node) *model.Node {
	if !model.IsCall(src, "addSource", "fromSource") || len(src.Args()) == 0 {
		return nil
	}
	v := p.Value(src.Args()[0])
	if v.Kind != model.New {
		return nil
	}
	if v.Name == "DataGeneratorSource" && len(v.Args()) > 0 {
		if fn := p.Value(v.Args()[0]); fn.Kind == model.Lambda {
			return fn
		}
		return nil
	}
	class := v.Class()
	if class == nil {
		class = p.ClassNamed(v, v.Name)
	}
	return class
}

// clockLag returns the largest lag, behind the clock, of the timestamps
// the code gen makes, when each read of the clock in it is such a
// timestamp, as is or less a lag the code bounds; site is the call of the
// method around gen that binds its parameters. A read put to any other use
// (logged, pacing a loop, shifted ahead) leaves the timestamps unknown.
func clockLag(p *model.Project, gen, site *model.Node) (time.Duration, bool) {
	if gen == nil {
		return 0, false
	}
	var lag time.Duration
	reads, ok := 0, true
	model.Inspect(gen, func(n *model.Node) bool {
		if !ok || !clock(n) {
			return ok
		}
		reads++
		var l time.Duration
		l, ok = stampLag(p, n, site, 0)
		lag = max(lag, l)
		return ok
	})
	return lag, ok && reads > 0
}

// stampLag returns how far the timestamp made of the clock value e lags
// behind it, when e, or e less a bounded lag, is a timestamp the generator
// emits: its result, or the time argument of the record it emits, also
// through locals (long now = currentTimeMillis(); return now - lag); depth
// counts the locals followed.
func stampLag(p *model.Project, e, site *model.Node, depth int) (time.Duration, bool) {
	var lag time.Duration
	if par := e.Parent; par != nil && par.Kind == model.Binary && par.Name == "-" && len(par.Args()) == 2 && par.Args()[0] == e {
		l, known := maxOf(p, par.Args()[1], site)
		if !known || l < 0 {
			return 0, false
		}
		lag, e = time.Duration(l)*time.Millisecond, par
	}
	par := e.Parent
	switch {
	case par == nil:
		return 0, false
	case par.Kind == model.Local && par.Init == e:
		refs := p.Refs(par)
		if depth >= maxLocals || len(refs) == 0 {
			return 0, false
		}
		var most time.Duration
		for _, r := range refs {
			l, ok := stampLag(p, r, site, depth+1)
			if !ok {
				return 0, false
			}
			most = max(most, l)
		}
		return lag + most, true
	case emitted(par, e), model.IsCall(par, "collectWithTimestamp") && len(par.Args()) == 2 && par.Args()[1] == e,
		record(par) && model.ArgIndex(e) >= 0 && emitted(par.Parent, par):
		return lag, true
	}
	return 0, false
}

// maxLocals bounds the locals a clock value is followed through.
const maxLocals = 4

// emitted reports whether e, a child of par, is what a generator emits:
// the value its method or lambda returns, or the element it collects.
func emitted(par, e *model.Node) bool {
	switch {
	case par == nil:
		return false
	case par.Kind == model.Return, par.Kind == model.Lambda:
		return par.Init == e
	}
	return model.IsCall(par, "collect") && len(par.Args()) == 1 && par.Args()[0] == e
}

// record reports whether n makes a record of its arguments: new Event(...),
// Tuple2.of(...), or a constructor called without new (Scala, Python).
func record(n *model.Node) bool {
	if n.Kind == model.New || model.IsCall(n, "of") {
		return true
	}
	return n.Kind == model.Call && n.Recv == nil && n.Name != "" && unicode.IsUpper(rune(n.Name[0]))
}

// maxOf returns the largest value, in milliseconds, of a lag expression: a
// constant, or a random draw below a bound (rnd.nextLong(n), nextInt(n),
// nextLong(from, n)).
func maxOf(p *model.Project, e, site *model.Node) (int64, bool) {
	v := p.Value(bind(p, e, site))
	if model.IsCall(v, "nextLong", "nextInt") && v.Recv != nil && (len(v.Args()) == 1 || len(v.Args()) == 2) {
		n, ok := intOf(p, v.Args()[len(v.Args())-1], site)
		return n - 1, ok
	}
	return intOf(p, v, site)
}

// intOf folds an integer expression whose names may be parameters that
// site binds (maxLagMs + 1).
func intOf(p *model.Project, e, site *model.Node) (int64, bool) {
	e = bind(p, e, site)
	v := p.Value(e)
	if v.Kind == model.Binary && len(v.Args()) == 2 && (v.Name == "+" || v.Name == "-") {
		a, ok1 := intOf(p, v.Args()[0], site)
		b, ok2 := intOf(p, v.Args()[1], site)
		if v.Name == "-" {
			b = -b
		}
		return a + b, ok1 && ok2
	}
	return constant.Int(p, e)
}

// bind returns the argument that site passes for e when e names a
// parameter of the method site calls; e otherwise.
func bind(p *model.Project, e, site *model.Node) *model.Node {
	d := p.ValueDecl(e)
	if site == nil || e.Kind != model.Ident || d == nil || d.Kind != model.Local || d.Parent == nil || d.Parent.Kind != model.Method {
		return e
	}
	if i := slices.Index(d.Parent.Params(), d); i >= 0 && p.Decl(site) == d.Parent && i < len(site.Args()) {
		return site.Args()[i]
	}
	return e
}

// siteOf returns the call, written at e or in the variable e names, of the
// project method that holds inner (Labs.events(env, 1_000) for the source
// inside events); nil when e is no such call.
func siteOf(p *model.Project, e, inner *model.Node) *model.Node {
	if e != nil && e.Kind == model.Ident {
		if d := p.ValueDecl(e); d != nil && d.Kind == model.Local && d.Init != nil {
			e = d.Init
		}
	}
	if e == nil || e.Kind != model.Call {
		return nil
	}
	m := p.Decl(e)
	if m == nil || m.Kind != model.Method || !(model.Scope{File: m.File, Node: m}).Contains(model.ScopeOf(inner)) {
		return nil
	}
	return e
}

// counterAssigner reports whether the strategy of r is an assigner class of
// the project that stamps each element with a counter of its own, raised
// by a positive step on every element (return counter += 10), and whose
// watermarks never pass the last stamp (new Watermark(counter - 1)): each
// element's timestamp is above every watermark before it, so none is late,
// whatever the input.
func counterAssigner(p *model.Project, r jobgraph.Root) bool {
	s := r.Strategy
	if s == nil || s.Kind != model.New {
		return false
	}
	class := s.Class()
	if class == nil {
		class = p.ClassNamed(s, s.Name)
	}
	if class == nil {
		return false
	}
	var counter *model.Node
	var trailed []*model.Node // the fields the watermarks are made of
	for _, m := range class.Body() {
		if m.Kind != model.Method {
			continue
		}
		rs := model.Results(m)
		switch m.Name {
		case "extractTimestamp":
			if len(rs) != 1 {
				return false
			}
			counter = raised(p, rs[0])
		case "checkAndGetNextWatermark", "getCurrentWatermark":
			for _, res := range rs {
				if !model.Constructs(res, "Watermark") || len(res.Args()) != 1 {
					return false
				}
				trailed = append(trailed, trailing(p, res.Args()[0]))
			}
		}
	}
	return counter != nil && len(trailed) > 0 && !slices.ContainsFunc(trailed, func(f *model.Node) bool { return f != counter })
}

// raised returns the field that e raises by a positive constant and
// returns (counter += 10); nil when e is no such expression.
func raised(p *model.Project, e *model.Node) *model.Node {
	if e.Kind != model.Assign || e.Name != "+=" || len(e.Args()) != 2 {
		return nil
	}
	if step, ok := constant.Int(p, e.Args()[1]); !ok || step <= 0 {
		return nil
	}
	d := p.ValueDecl(e.Args()[0])
	if d == nil || d.Kind != model.Local || d.Parent == nil || d.Parent.Kind != model.Class {
		return nil
	}
	return d
}

// trailing returns the variable that the watermark e is made of, less a
// constant that is not negative (counter - 1); nil for anything else.
func trailing(p *model.Project, e *model.Node) *model.Node {
	if e.Kind == model.Binary && e.Name == "-" && len(e.Args()) == 2 {
		if c, ok := constant.Int(p, e.Args()[1]); !ok || c < 0 {
			return nil
		}
		e = e.Args()[0]
	}
	if e.Kind != model.Ident {
		return nil
	}
	return p.ValueDecl(e)
}
