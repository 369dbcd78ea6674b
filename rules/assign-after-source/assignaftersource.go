// Package assignaftersource implements the rule assign-after-source.
package assignaftersource

import (
	"cmp"
	"slices"

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

// interleaved is what a strategy applied after a source runs on.
const interleaved = "one watermark generator per subtask sees all its splits interleaved"

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
		if n.Recv != nil && len(n.Args()) == 1 && !jobgraph.IsNoWatermarks(p.Value(n.Args()[0])) { // noWatermarks() here: a processing-time job
			c.check(n)
		}
	}
}

// check reports the assignment n when the stream it applies to comes from
// fromSource through stateless operations only.
func (c *checker) check(n *model.Node) {
	if n.File.Lang == model.Python && c.g.StrategyAssigner(n.Args()[0]) != nil {
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
		if !model.IsCall(o, "fromSource") || len(o.Args()) < 2 {
			continue
		}
		switch {
		case c.generator(o.Args()[0]):
			generated = cmp.Or(generated, o)
		case jobgraph.IsNoWatermarks(c.p.Value(o.Args()[1])):
			bare = cmp.Or(bare, o)
		case c.generating(o.Args()[1]):
			watermarked = cmp.Or(watermarked, o)
		}
	}
	switch {
	case bare != nil:
		c.bare(n, bare)
	case watermarked != nil:
		c.again(n, watermarked)
	case generated != nil && c.aligned(n.Args()[0], &model.Walk{}):
		report.Finding{
			Headline: "withWatermarkAlignment has no effect in assignTimestampsAndWatermarks",
			Help:     "pass the strategy to fromSource instead",
			Note: "Flink aligns only the splits of a source whose fromSource strategy asks for it, so this " +
				"stream runs unaligned",
			Evidence: slices.Concat(report.Evidence(generated, "generator source read here"), c.strategy(n)),
			Fixes:    c.move(n, generated),
		}.At(c.pass, n)
	}
}

// bare reports a strategy assigned after fromSource(..., noWatermarks(), ...).
func (c *checker) bare(n, origin *model.Node) {
	f := report.Finding{
		Headline: "watermark strategy assigned after " + c.fromSource(origin) + " instead of passed to it",
		Help:     "pass the strategy to fromSource instead of WatermarkStrategy.noWatermarks()",
		Note:     c.lost(origin),
		Evidence: slices.Concat(report.Evidence(origin, "source without watermarks here"), c.strategy(n)),
	}
	if c.converted(n, origin) {
		f.Help = "move the map or flatMap before this call into the source's deserializer, then pass the " +
			"strategy to fromSource: the strategy reads the records it converts"
	} else {
		f.Fixes = c.move(n, origin)
	}
	f.At(c.pass, n)
}

// again reports a strategy assigned after a source that has one already.
// There is no fix: only the author knows which timestamps and bounds the
// job needs.
func (c *checker) again(n, origin *model.Node) {
	report.Finding{
		Headline: "watermark strategy assigned again after fromSource, replacing " + c.strategyName(origin.Args()[1]),
		Help:     "keep a single strategy, the one passed to fromSource",
		Note:     c.lost(origin),
		Evidence: slices.Concat(report.Evidence(origin, "source with a strategy here"), c.sourceStrategy(n, origin),
			c.strategy(n)),
	}.At(c.pass, n)
}

// sourceStrategy is the evidence of the strategy of the source call origin
// when it is defined apart from origin and from the strategy of n.
func (c *checker) sourceStrategy(n, origin *model.Node) []analysis.RelatedInformation {
	s := c.value(origin.Args()[1])
	if s == c.value(n.Args()[0]) {
		return nil
	}
	return report.EvidenceApart(s, origin, "source's strategy defined here")
}

// fromSource names the source call origin with the class it reads.
func (c *checker) fromSource(origin *model.Node) string {
	if class := c.g.Source(origin.Args()[0]).Class; class != "" {
		return "fromSource(" + class + ")"
	}
	return "fromSource"
}

// strategyName names the strategy expression s for a headline: as written
// when short, or by its factory.
func (c *checker) strategyName(s *model.Node) string {
	if t := c.src.Quote(s, 30); t != "" && len(t) <= 30 {
		return t
	}
	if f := c.g.StrategyOf(s).Factory; f != nil {
		return f.Name + "(...)"
	}
	return "the source's strategy"
}

// lost says what a strategy applied after the source origin loses: for a
// source that reads several partitions per subtask, the records of a
// lagging one.
func (c *checker) lost(origin *model.Node) string {
	if info := c.g.Source(origin.Args()[0]); info.MultiSplit {
		return "records of a lagging " + info.Class + " partition fall behind the watermark and are dropped as " +
			"late: " + interleaved
	}
	return interleaved + ", so watermark alignment and per-split idleness are lost"
}

// strategy is the evidence of the strategy that the assignment n applies,
// where it is defined.
func (c *checker) strategy(n *model.Node) []analysis.RelatedInformation {
	return report.Evidence(c.value(n.Args()[0]), "watermark strategy defined here")
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
	if n.Recv != origin || !jobgraph.IsNoWatermarks(c.p.Value(origin.Args()[1])) {
		return nil
	}
	// Unsafe: per-split watermarks follow the slowest partition, so
	// windows fire later, and an idle partition stops event time unless
	// the strategy has withIdleness.
	return []analysis.SuggestedFix{report.Unsafe("Pass the watermark strategy to fromSource",
		analysis.TextEdit{Pos: origin.Args()[1].Pos(), End: origin.Args()[1].End(), NewText: []byte(c.src.Text(n.Args()[0]))},
		analysis.TextEdit{Pos: origin.End(), End: n.End()},
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
		for _, b := range v.Body()[min(1, len(v.Body())):] {
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
