// Package assignaftersource implements the rule assign-after-source.
package assignaftersource

import (
	"cmp"

	"golang.org/x/tools/go/analysis"

	"github.com/flinklint/flinklint/internal/config"
	"github.com/flinklint/flinklint/jobgraph"
	"github.com/flinklint/flinklint/parsers/model"
	"github.com/flinklint/flinklint/rules/internal/flinkversion"
	"github.com/flinklint/flinklint/rules/internal/report"
	"github.com/flinklint/flinklint/rules/internal/rule"
)

// Analyzer reports watermark strategies applied downstream of a source that
// could have carried them, or that already carries one.
var Analyzer = rule.New("assign-after-source", run, config.Analyzer)

// unchanged are the one-input operations that pass the source's records on
// unchanged, so a strategy written for them could be given to the source.
var unchanged = jobgraph.Through(jobgraph.SameOperator | jobgraph.Filter)

// stateless adds the one-input operations that may change the record type
// (map, flatMap): records are neither regrouped nor combined, so the splits
// stay apart, but the strategy reads the converted records.
var stateless = jobgraph.Through(jobgraph.SameOperator | jobgraph.RecordWise)

// generators are the test sources that cut their sequence into as many
// splits as the source has subtasks (NumberSequenceSource, which
// DataGeneratorSource delegates to): each subtask reads one split, so one
// generator per subtask sees what a generator per split would see.
var generators = map[string]bool{"DataGeneratorSource": true, "NumberSequenceSource": true}

const lost = "this operator runs one watermark generator per subtask over the interleaved records of all the " +
	"splits it reads, so watermark alignment and per-split idleness are lost"

type checker struct {
	pass     *analysis.Pass
	g        *jobgraph.Graph
	p        *model.Project
	src      *report.Source
	versions *flinkversion.Finder
}

func run(pass *analysis.Pass, g *jobgraph.Graph) {
	p := g.Project()
	c := &checker{pass: pass, g: g, p: p, src: report.NewSource(pass),
		versions: flinkversion.New(pass, pass.ResultOf[config.Analyzer].(*config.Finder))}
	for _, n := range p.Calls("assignTimestampsAndWatermarks") {
		if n.Recv != nil && len(n.Args) == 1 && !jobgraph.IsNoWatermarks(p.Value(n.Args[0])) { // noWatermarks() here: a processing-time job
			c.check(n)
		}
	}
}

// check reports the assignment n when the stream it applies to comes from
// fromSource through stateless operations only.
func (c *checker) check(n *model.Node) {
	if n.File.Lang == model.Python && c.g.StrategyAssigner(n.Args[0]) != nil {
		// PyFlink's from_source hands the source only the Java part of a
		// strategy: a Python timestamp assigner runs in
		// assign_timestamps_and_watermarks alone, so this is its place.
		return
	}
	var bare, watermarked, generated *model.Node
	for _, o := range c.g.Origins(n.Recv, stateless) {
		if c.legacyKafka(n, o) {
			return
		}
		if !model.IsCall(o, "fromSource") || len(o.Args) < 2 {
			continue
		}
		switch {
		case c.generator(o.Args[0]):
			generated = cmp.Or(generated, o)
		case jobgraph.IsNoWatermarks(c.p.Value(o.Args[1])):
			bare = cmp.Or(bare, o)
		case c.generating(o.Args[1]):
			watermarked = cmp.Or(watermarked, o)
		}
	}
	switch {
	case bare != nil:
		c.bare(n, bare)
	case watermarked != nil:
		c.again(n, watermarked)
	case generated != nil && c.aligned(n.Args[0], &model.Walk{}):
		msg := "withWatermarkAlignment has no effect in assignTimestampsAndWatermarks: Flink aligns only the " +
			"splits of a source whose fromSource strategy asks for it, so this stream runs unaligned; pass the " +
			"strategy to fromSource instead"
		report.At(c.pass, n, msg, c.move(n, generated)...)
	}
}

// bare reports a strategy assigned after fromSource(..., noWatermarks(), ...).
func (c *checker) bare(n, origin *model.Node) {
	msg := "the stream of fromSource(..., WatermarkStrategy.noWatermarks(), ...) gets its watermarks only " +
		"here, after the source: " + lost + c.lagging(origin)
	if c.converted(n, origin) {
		msg += "; to pass the strategy to fromSource, first move the map or flatMap between the source and this " +
			"call into the source's deserializer, since the strategy reads the records it converts"
		report.At(c.pass, n, msg)
		return
	}
	report.At(c.pass, n, msg+"; pass the strategy to fromSource instead", c.move(n, origin)...)
}

// again reports a strategy assigned after a source that has one already.
// There is no fix: only the author knows which timestamps and bounds the
// job needs.
func (c *checker) again(n, origin *model.Node) {
	msg := "the stream of fromSource already has watermarks, generated per split by the strategy " +
		c.src.Quote(origin.Args[1], 60) + "; this assignTimestampsAndWatermarks replaces them with its own " +
		"and ignores those and the idleness it receives: " + lost + c.lagging(origin) +
		"; keep a single strategy, the one passed to fromSource"
	report.At(c.pass, n, msg)
}

// lagging says what happens to a lagging partition of a source that reads
// several per subtask, or "".
func (c *checker) lagging(origin *model.Node) string {
	if info := c.g.Source(origin.Args[0]); info.MultiSplit {
		return ", and records of a " + info.Class + " partition that lags behind the others arrive " +
			"behind the watermark and are dropped as late"
	}
	return ""
}

// converted reports whether every path from origin to the assignment n
// goes through a map or flatMap.
func (c *checker) converted(n, origin *model.Node) bool {
	for _, o := range c.g.Origins(n.Recv, unchanged) {
		if o == origin {
			return false
		}
	}
	return true
}

// move passes the strategy of n to origin and deletes n, when n is chained
// directly to origin (the element types agree) and origin has no strategy
// of its own.
func (c *checker) move(n, origin *model.Node) []analysis.SuggestedFix {
	if n.Recv != origin || !jobgraph.IsNoWatermarks(c.p.Value(origin.Args[1])) {
		return nil
	}
	// Unsafe: per-split watermarks follow the slowest partition, so
	// windows fire later, and an idle partition stops event time unless
	// the strategy has withIdleness.
	return []analysis.SuggestedFix{report.Unsafe("Pass the watermark strategy to fromSource",
		analysis.TextEdit{Pos: origin.Args[1].Pos, End: origin.Args[1].End, NewText: []byte(c.src.Text(n.Args[0]))},
		analysis.TextEdit{Pos: origin.End, End: n.End},
	)}
}

// generator reports whether src is a sequence generator source, created
// there or declared with its type.
func (c *checker) generator(src *model.Node) bool {
	if d := c.p.ValueDecl(src); d != nil && (d.Kind == model.Local || d.Kind == model.Method) && generators[d.Type()] {
		return true
	}
	v := c.p.Value(src)
	return (v.Kind == model.New || v.Kind == model.Call && v.Recv == nil) && generators[v.Name]
}

// generating reports whether the strategy s is visibly built by a
// WatermarkStrategy factory that generates watermarks; an unknown strategy
// (a parameter, a class of its own) is not.
func (c *checker) generating(s *model.Node) bool {
	var w model.Walk // a chain: each link is entered and none left
	for n := c.value(s); n != nil && w.Enter(n); n = c.value(n.Recv) {
		if !isCall(n) || n.Recv == nil {
			return false
		}
		if model.SimpleName(n.Recv) == "WatermarkStrategy" {
			return jobgraph.IsGeneratingFactory(n.Name)
		}
		if !jobgraph.StrategyDerives(n.Name) {
			return false
		}
	}
	return false
}

// aligned reports whether the strategy s asks for watermark alignment, on
// any branch of a conditional that builds it.
func (c *checker) aligned(s *model.Node, w *model.Walk) bool {
	v := c.value(s)
	if v == nil || !w.Enter(v) {
		return false
	}
	defer w.Leave(v)
	switch {
	case model.IsCall(v, "withWatermarkAlignment"):
		return true
	case isCall(v) && jobgraph.StrategyDerives(v.Name) && v.Recv != nil:
		return c.aligned(v.Recv, w)
	case v.Kind == model.Other && (v.Name == "ternary_expression" || v.Name == "if_expression"):
		for _, b := range v.Body[min(1, len(v.Body)):] {
			if c.aligned(b, w) {
				return true
			}
		}
	}
	return false
}

// value resolves n like Project.Value, and a Scala block to its value.
func (c *checker) value(n *model.Node) *model.Node {
	var w model.Walk // a chain: each link is entered and none left
	for n != nil && w.Enter(n) {
		n = c.p.Value(n)
		if n.Kind != model.Block || n.Init == nil {
			return n
		}
		n = n.Init
	}
	return n
}

// isCall reports whether n is a call or, in Scala, a member access that
// may be one.
func isCall(n *model.Node) bool {
	return n != nil && (n.Kind == model.Call || n.Kind == model.Select)
}
