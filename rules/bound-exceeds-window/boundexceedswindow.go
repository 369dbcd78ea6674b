// Package boundexceedswindow implements the rule bound-exceeds-window.
package boundexceedswindow

import (
	"fmt"
	"slices"
	"strings"
	"time"

	"golang.org/x/tools/go/analysis"

	"github.com/flinklint/flinklint/jobgraph"
	"github.com/flinklint/flinklint/parsers/model"
	"github.com/flinklint/flinklint/parsers/model/constant"
	"github.com/flinklint/flinklint/rules/internal/report"
	"github.com/flinklint/flinklint/rules/internal/rule"
)

// Analyzer reports out-of-orderness bounds larger than the event-time
// windows they feed, and negative bounds.
var Analyzer = rule.New("bound-exceeds-window", run)

// errorSeverity is the severity of a bound Flink rejects.
const errorSeverity report.Severity = "error"

// day is the bound from which a long delay looks deliberate (a job that
// waits for data days late) rather than a mistake: such findings are info.
const day = 24 * time.Hour

// legacyExtractor is the pre-1.11 assigner with a bound, removed in 2.0.
const legacyExtractor = "BoundedOutOfOrdernessTimestampExtractor"

type checker struct {
	pass    *analysis.Pass
	g       *jobgraph.Graph
	p       *model.Project
	windows map[*model.Node]*jobgraph.Window // by window call
}

func run(pass *analysis.Pass, g *jobgraph.Graph) {
	p := g.Project()
	c := &checker{pass: pass, g: g, p: p, windows: map[*model.Node]*jobgraph.Window{}}
	for _, w := range jobgraph.Of(pass).Windows() {
		c.windows[w.Call] = w
	}
	for _, n := range p.Calls("forBoundedOutOfOrderness") {
		if n.Kind == model.Call && len(n.Args()) == 1 && model.SimpleName(n.Recv) == "WatermarkStrategy" {
			c.strategy(n)
		}
	}
	for _, n := range p.Calls("assignTimestampsAndWatermarks") {
		if n.Kind == model.Call && len(n.Args()) == 1 {
			c.legacy(n)
		}
	}
	checkSQL(pass, p)
}

// site is where a bound is set, for the evidence of its findings.
type site struct {
	at       *model.Node // reported: forBoundedOutOfOrderness, or the extractor's new
	strategy *model.Node // all of the strategy (its derived chain), or the extractor's new
	label    string      // of the strategy's evidence
	arg      *model.Node // the bound
}

// evidence is the strategy, unless it is written inside around (the
// fromSource it is passed to), and the bound when it is defined elsewhere:
// a constant, a helper, a subclass's super(...).
func (c *checker) evidence(s site, around *model.Node) []analysis.RelatedInformation {
	return slices.Concat(report.EvidenceApart(s.strategy, around, s.label),
		report.EvidenceApart(c.p.Value(s.arg), s.at, "bound defined here"))
}

// negative reports a negative bound, which Flink rejects.
func (c *checker) negative(s site, headline, note string) {
	report.Finding{Headline: headline, Help: "use a bound of zero or more", Note: note,
		Evidence: c.evidence(s, nil), Severity: errorSeverity}.At(c.pass, s.at)
}

// strategy checks WatermarkStrategy.forBoundedOutOfOrderness(bound).
func (c *checker) strategy(create *model.Node) {
	bound, ok := constant.Duration(c.p, create.Args()[0])
	if !ok {
		return
	}
	top := create
	for o := model.Outer(top); o != nil && jobgraph.StrategyDerives(o.Name); o = model.Outer(top) {
		top = o
	}
	s := site{at: create, strategy: top, label: "watermark strategy defined here", arg: create.Args()[0]}
	if bound < 0 {
		c.negative(s, fmt.Sprintf("out-of-orderness bound is negative (%s): the job fails as it starts", format(bound)),
			"Flink throws IllegalArgumentException \"maxOutOfOrderness cannot be negative\" when each subtask "+
				"creates its watermark generator, and restarts the job until its restart strategy gives up")
		return
	}
	var targets []*model.Node
	for _, u := range c.g.Downstream(top, func(n *model.Node) bool { return jobgraph.StrategyDerives(n.Name) }) {
		if u.Kind != jobgraph.Argument {
			continue
		}
		i := model.ArgIndex(u.Value)
		if model.IsCall(u.At, "fromSource") && i == 1 || model.IsCall(u.At, "assignTimestampsAndWatermarks") && i == 0 {
			targets = append(targets, u.At)
		}
	}
	c.check(s, bound, targets)
}

// legacy checks the BoundedOutOfOrdernessTimestampExtractor that
// assign (assignTimestampsAndWatermarks) is given: built right there or
// in a variable or helper, as an anonymous class or as a class of the
// project that extends it and passes super(...) a fixed bound or one of
// its constructor's parameters.
func (c *checker) legacy(assign *model.Node) {
	nw := c.p.Value(assign.Args()[0])
	if nw.Kind != model.New {
		return
	}
	var arg *model.Node
	if nw.Name == legacyExtractor {
		if len(nw.Args()) == 1 {
			arg = nw.Args()[0]
		}
	} else if cls := c.p.ClassNamed(nw, nw.Name); cls != nil {
		arg = c.extractorBound(cls, nw)
	}
	if arg == nil {
		return
	}
	bound, ok := constant.Duration(c.p, arg)
	if !ok {
		return
	}
	s := site{at: nw, strategy: nw, label: "extractor built here", arg: arg}
	if bound < 0 {
		c.negative(s, fmt.Sprintf("%s bound is negative (%s): its constructor throws", legacyExtractor, format(bound)),
			"the constructor throws RuntimeException \"This parameter cannot be negative\" while the job is built")
		return
	}
	c.check(s, bound, []*model.Node{assign})
}

// superArgs returns the arguments of a super(...) constructor call (in a
// Scala class header, extends B(args)).
func superArgs(n *model.Node) ([]*model.Node, bool) {
	if n.Kind == model.Call && n.Recv == nil && n.Name == "super" {
		return n.Args(), true
	}
	return nil, false
}

// extractorBound returns the bound that nw, building the class cls of the
// project, passes to the legacy extractor that cls extends, directly or
// through other classes of the project (each constructor's super(...)
// builds the next class up).
func (c *checker) extractorBound(cls, nw *model.Node) *model.Node {
	var w model.Walk
	for w.Enter(cls) {
		if slices.Contains(cls.Supers(), legacyExtractor) {
			return c.superBound(cls, nw)
		}
		var parent *model.Node
		for _, s := range cls.Supers() {
			if parent = c.g.ClassNamed(cls, s); parent != nil {
				break
			}
		}
		call := c.superCall(cls, nw)
		if parent == nil || call == nil {
			return nil
		}
		cls, nw = parent, call
	}
	return nil
}

// superBound returns the bound that the class cls, built by nw, passes to
// super(...): a value of its own, or the argument nw gives for the
// constructor parameter it passes on.
func (c *checker) superBound(cls, nw *model.Node) *model.Node {
	call := c.superCall(cls, nw)
	if call == nil || len(call.Args()) != 1 {
		return nil
	}
	arg := call.Args()[0]
	if arg.Kind != model.Ident {
		return arg
	}
	d := c.p.ValueDecl(arg)
	if d == nil || d.Kind != model.Local || d.Parent == nil || d.Parent.Kind != model.Method {
		return arg
	}
	i := slices.Index(d.Parent.Params(), d)
	if i < 0 || i >= len(nw.Args()) || len(d.Parent.Params()) != len(nw.Args()) {
		return nil // a parameter of another constructor than the one nw calls, maybe
	}
	return nw.Args()[i]
}

// superCall returns the super(...) call of the constructor of cls that nw
// calls.
func (c *checker) superCall(cls, nw *model.Node) *model.Node {
	// The constructor nw calls: the one with as many parameters as nw
	// has arguments, or the class itself (a Scala class passes its
	// supertype's arguments in its header).
	ctor := cls
	for _, m := range cls.Body() {
		if m.Kind == model.Method && m.Name == cls.Name {
			if len(m.Params()) == len(nw.Args()) {
				ctor = m
				break
			}
			ctor = nil
		}
	}
	if ctor == nil {
		return nil
	}
	var call *model.Node
	model.Inspect(ctor, func(n *model.Node) bool {
		if _, ok := superArgs(n); ok && call == nil {
			call = n
		}
		return call == nil && (n == ctor || n.Kind != model.Class && n.Kind != model.Method)
	})
	return call
}

// check reports the bound set at s when a window downstream of one of
// the streams targets is shorter than it.
func (c *checker) check(s site, bound time.Duration, targets []*model.Node) {
	var worst *jobgraph.Window
	var target *model.Node
	var span jobgraph.Span
	for _, t := range targets {
		if c.bounded(t) {
			continue
		}
		for _, call := range c.downstreamWindows(t) {
			w := c.windows[call]
			if w == nil && len(call.Args()) == 1 {
				// In a file the windows pass did not parse: reached
				// through a helper of the project.
				a := c.p.Value(call.Args()[0])
				w = &jobgraph.Window{Call: call, Assigner: a, Kind: jobgraph.ClassifyAssigner(a)}
			}
			if w == nil {
				continue
			}
			ws, ok := w.EventTimeSpan(c.p)
			if ok && bound > ws.Length && (worst == nil || ws.Length < span.Length) {
				worst, target, span = w, t, ws
			}
		}
	}
	if worst == nil {
		return
	}
	what := "size"
	if span.Gap {
		what = "gap"
	}
	note := fmt.Sprintf("the watermark trails the largest timestamp seen by %s, so each window fires only once an "+
		"element at least %s past its end arrives", format(bound), format(bound))
	if !span.Gap {
		note += fmt.Sprintf(", and about %d windows per key stay open at once", int64(bound/span.Length)+1)
	}
	sev := report.Default
	if bound >= day {
		sev = report.Info // a bound of a day or more looks deliberate
	}
	targetLabel := "feeds fromSource here"
	if target.Name != "fromSource" {
		targetLabel = "assigned to the stream here"
	}
	report.Finding{
		Headline: fmt.Sprintf("out-of-orderness bound of %s exceeds the %s %s of %s",
			format(bound), format(span.Length), what, describe(worst)),
		Help: "if most elements arrive within a smaller delay, use that bound and keep the stragglers with " +
			"allowedLateness(...) or sideOutputLateData(...)",
		Note: note,
		Evidence: slices.Concat(c.evidence(s, target), report.Evidence(target, targetLabel),
			report.Evidence(worst.Call, "event-time window here"),
			report.EvidenceApart(worst.Assigner, worst.Call, "assigner defined here")),
		Severity: sev,
	}.At(c.pass, s.at)
}

// passes are the operations after which a stream still carries the
// watermarks of the strategy; assignTimestampsAndWatermarks replaces them.
var passes = jobgraph.Through(jobgraph.SameOperator | jobgraph.Repartition | jobgraph.RecordWise | jobgraph.ProcessFn | jobgraph.Union)

// maxUnions bounds how many unions are followed as another stream's
// argument.
const maxUnions = 8

// downstreamWindows returns the window calls applied to the stream s or
// to what map, filter, keyBy, union... make of it. A union's watermark is
// the minimum of its inputs', so the bound of either input delays it.
func (c *checker) downstreamWindows(s *model.Node) []*model.Node {
	var out []*model.Node
	seen := map[*model.Node]bool{}
	var walk func(s *model.Node, depth int)
	walk = func(s *model.Node, depth int) {
		if seen[s] || depth > maxUnions {
			return
		}
		seen[s] = true
		for _, u := range c.g.Downstream(s, passes) {
			switch {
			case u.Kind == jobgraph.Receiver && (u.At.Name == "window" || u.At.Name == "windowAll" ||
				u.At.Name == "timeWindow" || u.At.Name == "timeWindowAll"):
				out = append(out, u.At)
			case u.Kind == jobgraph.Argument && model.IsCall(u.At, "union"):
				walk(u.At, depth+1)
			}
		}
	}
	walk(s, 0)
	return out
}

// bounded reports whether the stream that target (fromSource or
// assignTimestampsAndWatermarks) watermarks ends: a bounded source, a
// collection, a file read once. Its final watermark then fires every
// window at the end of the input, and how late each fires before that
// rarely matters. A job in BATCH mode has no watermark delays at all.
func (c *checker) bounded(target *model.Node) bool {
	if batch(target.File) {
		return true
	}
	if target.Name == "fromSource" {
		return len(target.Args()) > 0 && c.g.Source(target.Args()[0]).Bounded
	}
	return c.g.Bounded(target.Recv)
}

// batch reports whether the file f sets the BATCH runtime mode.
func batch(f *model.File) bool {
	found := false
	f.Inspect(func(n *model.Node) bool {
		if model.IsCall(n, "setRuntimeMode") && len(n.Args()) == 1 && model.SimpleName(n.Args()[0]) == "BATCH" {
			found = true
		}
		return !found
	})
	return found
}

// describe names a window the way the job wrote it: its assigner class,
// or the call that made it (timeWindow).
func describe(w *jobgraph.Window) string {
	a := w.Assigner
	switch {
	case a == w.Call:
		return w.Call.Name
	case (a.Kind == model.Call || a.Kind == model.Select) && a.Recv != nil:
		return model.SimpleName(a.Recv)
	}
	return a.Name
}

// format writes a duration the way a person reads it: 30 min, 1 h 30 min,
// 2 days, 500 ms.
func format(d time.Duration) string {
	if d < 0 {
		return "-" + format(-d)
	}
	if d == 0 {
		return "0 ms"
	}
	units := []struct {
		d    time.Duration
		name string
	}{{day, "day"}, {time.Hour, "h"}, {time.Minute, "min"}, {time.Second, "s"}, {time.Millisecond, "ms"}}
	var parts []string
	for _, u := range units {
		if n := d / u.d; n > 0 && len(parts) < 2 {
			name := u.name
			if name == "day" && n > 1 {
				name = "days"
			}
			parts = append(parts, fmt.Sprintf("%d %s", n, name))
			d -= n * u.d
		} else if len(parts) > 0 {
			break
		}
	}
	if len(parts) == 0 {
		return d.String()
	}
	return strings.Join(parts, " ")
}
