// Package missingidleness implements the rule missing-idleness.
package missingidleness

import (
	"go/token"
	"slices"

	"golang.org/x/tools/go/analysis"

	"github.com/flinklint/flinklint/internal/config"
	"github.com/flinklint/flinklint/jobgraph"
	"github.com/flinklint/flinklint/jobgraph/flinksql"
	"github.com/flinklint/flinklint/parsers/model"
	"github.com/flinklint/flinklint/rules/internal/imports"
	"github.com/flinklint/flinklint/rules/internal/report"
	"github.com/flinklint/flinklint/rules/internal/rule"
)

// Analyzer reports watermark strategies without idleness on inputs where a
// quiet split or input stalls event time.
var Analyzer = rule.New("missing-idleness", run, config.Analyzer)

type checker struct {
	pass *analysis.Pass
	g    *jobgraph.Graph
	p    *model.Project
}

func run(pass *analysis.Pass, g *jobgraph.Graph) {
	p := g.Project()
	stmts := flinksql.Statements(p)
	global := flinksql.Settings(p, stmts, "table.exec.source.idle-timeout")
	cl := clusters{pass.ResultOf[config.Analyzer].(*config.Finder)}
	checkSQL(pass, p, stmts, global, cl)
	c := &checker{pass: pass, g: g, p: p}
	for _, n := range c.p.Calls(jobgraph.GeneratingFactories()...) {
		if n.Kind == model.Call && model.SimpleName(n.Recv) == "WatermarkStrategy" {
			c.check(n)
		}
	}
}

// check follows the strategy that create starts to where it is used.
func (c *checker) check(create *model.Node) {
	top, aligned := create, false
	for o := model.Outer(top); o != nil && jobgraph.StrategyDerives(o.Name); o = model.Outer(top) {
		if o.Name == "withIdleness" {
			return
		}
		aligned = aligned || o.Name == "withWatermarkAlignment"
		top = o
	}
	var targets []jobgraph.Use
	if !c.targets(top, &targets, &aligned) {
		return // idleness is added on some path, maybe in another statement
	}
	for _, u := range targets {
		t := u.At
		st := c.why(t)
		pauses := c.alignedAt(u.Value, aligned) && st.at == t && t.Name == "fromSource"
		if st.at == nil || !pauses && c.g.EventTimeUsage(st.at) != jobgraph.UsesEventTime {
			// Nothing downstream waits for this stream's watermark: it
			// feeds only sinks, or windows of another notion of time.
			continue
		}
		f := report.Finding{
			Headline: "withIdleness missing on " + st.shape,
			Help:     "add .withIdleness(Duration.ofMinutes(1)) to the strategy, longer than the normal pauses of an input",
			Note:     st.note,
			Evidence: slices.Concat(report.Evidence(top, "watermark strategy defined here"), st.evidence, c.waits(st.at)),
		}
		if pauses {
			// The source itself waits: alignment pauses every split and
			// source of the group that runs maxDrift ahead of the
			// slowest, and an idle split is the slowest for ever.
			f.Headline = "withIdleness missing on an aligned " + st.source + ": a quiet split pauses its alignment group"
			f.Note = "withWatermarkAlignment pauses the splits and sources of the group that run more than the " +
				"maximum drift ahead of the slowest, and a quiet split without idleness stays the slowest"
		}
		if create.Name != "forGenerator" {
			f.Fixes = c.fix(create)
			f.At(c.pass, create)
		} else if !c.marksIdle(create) {
			// A custom generator decides its own watermarks: it may be
			// punctuated, emit the final watermark or be driven by the
			// test that owns the source. Whether a quiet input stalls
			// depends on that code, so this is a hint, not a warning.
			f.Severity = report.Info
			f.Help = "add .withIdleness(Duration.ofMinutes(1)) to the strategy, or mark the input idle in the custom generator"
			f.At(c.pass, create)
		}
		return
	}
}

// waits is the evidence of what downstream of the stream s waits for its
// watermark: a change there (a window switched to event time) can cause
// the finding as much as a change of the source.
func (c *checker) waits(s *model.Node) []analysis.RelatedInformation {
	n := c.g.EventTimeUser(s)
	if n == nil {
		return nil
	}
	label := "event time may be used here" // a table, a CEP pattern, code flinklint does not follow
	switch {
	case model.IsCall(n, "window", "windowAll", "timeWindow", "timeWindowAll"):
		label = "event-time window here"
	case n.Kind == model.Return || n.Kind == model.Method:
		label = "stream returned here"
	}
	return report.Evidence(n, label)
}

// marksIdle reports whether the generator that forGenerator(create) is
// given visibly handles idleness itself: its code (a lambda or a class of
// the project) calls markIdle on its output.
func (c *checker) marksIdle(create *model.Node) bool {
	if len(create.Args()) != 1 {
		return false
	}
	marks := false
	inspect := func(n *model.Node) {
		model.Inspect(n, func(m *model.Node) bool {
			if model.IsCall(m, "markIdle") {
				marks = true
			}
			if v := c.p.Value(m); m.Kind == model.New && v.Kind == model.New && v.Class() == nil {
				if class := c.p.ClassNamed(v, v.Name); class != nil && class != m {
					model.Inspect(class, func(k *model.Node) bool { marks = marks || model.IsCall(k, "markIdle"); return !marks })
				}
			}
			return !marks
		})
	}
	inspect(c.p.Value(create.Args()[0]))
	return marks
}

// targets collects the uses of the strategy v as the strategy of a
// fromSource or assignTimestampsAndWatermarks call, and sets aligned when
// withWatermarkAlignment is applied to it on some path. It returns false
// when withIdleness is.
func (c *checker) targets(v *model.Node, out *[]jobgraph.Use, aligned *bool) bool {
	for _, u := range c.g.Downstream(v, func(n *model.Node) bool { return jobgraph.StrategyDerives(n.Name) }) {
		switch u.Kind {
		case jobgraph.Receiver:
			if u.At.Name == "withIdleness" {
				return false
			}
			*aligned = *aligned || u.At.Name == "withWatermarkAlignment"
		case jobgraph.Argument:
			i := model.ArgIndex(u.Value)
			if model.IsCall(u.At, "fromSource") && i == 1 || model.IsCall(u.At, "assignTimestampsAndWatermarks") && i == 0 {
				*out = append(*out, u)
			}
		}
	}
	return true
}

// alignedAt reports whether the strategy argument a of a target applies
// withWatermarkAlignment, following it back to its factory: a strategy
// shared by several sources may be aligned for one of them only. When the
// way back cannot be followed (a parameter), alignment on some path
// (aligned) counts.
func (c *checker) alignedAt(a *model.Node, aligned bool) bool {
	v := c.p.Value(a)
	var w model.Walk // a chain: each link is entered and none left
	for (v.Kind == model.Call || v.Kind == model.Select) && jobgraph.StrategyDerives(v.Name) && v.Recv != nil && w.Enter(v) {
		if v.Name == "withWatermarkAlignment" {
			return true
		}
		v = c.p.Value(v.Recv)
	}
	factory := v.Kind == model.Call && model.SimpleName(v.Recv) == "WatermarkStrategy"
	return aligned && !factory
}

// stall is how a stream fed by a strategy can go idle: the shape, for
// the headline after "withIdleness missing on", the Flink fact behind it,
// the evidence, and the stream whose consumers then stall (nil when a
// quiet input cannot matter).
type stall struct {
	shape, note string
	source      string // the multi-split source class read, if any
	evidence    []analysis.RelatedInformation
	at          *model.Node
}

// why says how a stream fed by the strategy at target can go idle, and
// the stream whose consumers then stall: the target's, or that of the
// union or connect that combines it with another input (whose other
// consumers of target's stream are not the ones the reason is about).
func (c *checker) why(target *model.Node) stall {
	feeds := report.Evidence(target, "feeds "+target.Name+" here")
	if target.Name == "fromSource" {
		info := c.g.Source(target.Args()[0])
		if info.Bounded {
			return stall{}
		}
		if info.MultiSplit {
			return stall{shape: "a " + info.Class + " that feeds event-time windows or timers",
				note: "each partition or split keeps its own watermark, so a quiet one (or a subtask with " +
					"none assigned) holds event time back and windows and timers stop firing",
				source: info.Class, evidence: slices.Concat(feeds, c.built(target, info.Class)), at: target}
		}
	} else if target.Recv != nil {
		if c.g.Bounded(target.Recv) {
			return stall{} // without a receiver the stream is this object, inherited from DataStream: unknown
		}
		if src := c.g.MultiSplitOrigin(target.Recv); src != nil && !c.g.SingleSubtask(src) {
			// One source subtask feeds every assigner subtask: none is
			// left without records while a partition has data.
			class := c.g.Source(src.Args()[0]).Class
			return stall{shape: "a strategy assigned to a stream read from a " + class,
				note: "the assigner runs one generator per subtask, and a subtask whose partitions are quiet, " +
					"or that has none, never advances its watermark",
				evidence: slices.Concat(feeds, report.Evidence(src, class+" read here")), at: target}
		}
	}
	if at, others := c.g.Combined(target); at != nil && !c.allBounded(others) {
		return stall{shape: "a stream combined with another by " + at.Name,
			note:     "the watermark of a " + at.Name + " is the minimum of its inputs, so while this one is idle event time stops downstream",
			evidence: slices.Concat(feeds, report.Evidence(at, at.Name+" here")), at: at}
	}
	return stall{}
}

// built is the evidence of where the source given to fromSource call
// target is built, when that is outside the call: a change of the source,
// from files to Kafka say, is what makes the strategy wrong.
func (c *checker) built(target *model.Node, class string) []analysis.RelatedInformation {
	return report.EvidenceApart(c.p.Value(target.Args()[0]), target, class+" built here")
}

func (c *checker) allBounded(streams []*model.Node) bool {
	for _, s := range streams {
		if !c.g.Bounded(s) {
			return false
		}
	}
	return true
}

// declaredAs returns the variable or method whose declared type the
// strategy chain that starts with create is assigned to or returned as.
func declaredAs(create *model.Node) *model.Node {
	n := create
	for o := model.Outer(n); o != nil && jobgraph.StrategyDerives(o.Name); o = model.Outer(n) {
		n = o
	}
	switch p := n.Parent; {
	case p != nil && p.Kind == model.Local && p.Init == n && p.Type() == "WatermarkStrategy":
		return p
	case p != nil && p.Kind == model.Return && p.Init == n:
		if m := model.Enclosing(p, model.Method); m != nil && m.Type() == "WatermarkStrategy" {
			return m
		}
	case p != nil && p.Kind == model.Method && p.Init == n && p.Type() == "WatermarkStrategy":
		return p
	}
	return nil
}

// fix adds .withIdleness(Duration.ofMinutes(1)) right after the factory
// call (.with_idleness(Duration.of_minutes(1)) in Python), and imports
// Duration where needed (imports.Duration, which also says when there is
// no fix). A call on the factory's result stops Java and Scala from
// inferring its type argument from the context, so the fix writes the type
// argument out, taken from the declared type of the variable or method the
// strategy is assigned to; without one there is no fix.
func (c *checker) fix(create *model.Node) []analysis.SuggestedFix {
	f := create.File
	src := report.Text(c.pass, f.Token)
	if src == nil {
		return nil
	}
	duration, imported, ok := imports.Duration(f, src)
	if !ok {
		return nil // no import to place ours by, or another Duration: leave the edit to the user
	}
	edits := []analysis.TextEdit{{Pos: create.End(), End: create.End(),
		NewText: []byte(model.Spell(f.Lang, ".withIdleness("+duration+".ofMinutes(1))", nil))}}
	if imported.NewText != nil {
		edits = append(edits, imported)
	}
	if len(create.TypeArgs()) == 0 && f.Lang != model.Python {
		decl := declaredAs(create)
		if decl == nil || len(decl.TypeArgs()) != 1 {
			return nil
		}
		edits = append(edits, analysis.TextEdit{Pos: create.NamePos(), End: create.NamePos() + token.Pos(len(create.Name)),
			NewText: []byte(report.Generic(f.Lang, create.Name, decl.TypeArgs()[0]))})
	}
	// Unsafe: the timeout is a choice made for the user.
	return []analysis.SuggestedFix{report.Unsafe("Add withIdleness(Duration.ofMinutes(1)); tune the timeout", edits...)}
}
