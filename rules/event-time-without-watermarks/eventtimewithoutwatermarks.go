// Package eventtimewithoutwatermarks implements the rule
// event-time-without-watermarks.
package eventtimewithoutwatermarks

import (
	"fmt"
	"slices"

	"golang.org/x/tools/go/analysis"

	"github.com/flinklint/flinklint/jobgraph"
	"github.com/flinklint/flinklint/parsers/model"
	"github.com/flinklint/flinklint/rules/internal/report"
	"github.com/flinklint/flinklint/rules/internal/rule"
)

// Analyzer reports event-time windows and timers on streams whose inputs
// generate no watermarks.
var Analyzer = rule.New("event-time-without-watermarks", run)

// consumer is an event-time window or a process function with event-time
// timers, and the stream it reads.
type consumer struct {
	at     *model.Node // the window or process call
	stream *model.Node
	timer  *model.Node // the registerEventTimeTimer call of a process function
	window bool        // a window assigns each record by its timestamp
}

func run(pass *analysis.Pass, g *jobgraph.Graph) {
	p := g.Project()
	var cs []consumer
	for _, w := range jobgraph.Of(pass).Windows() {
		if w.Kind == jobgraph.EventTimeWindow && w.Call.Recv != nil && len(w.Terminals) > 0 { // no terminal call: no operator
			cs = append(cs, consumer{at: w.Call, stream: w.Call.Recv, window: true})
		}
	}
	for _, n := range p.Calls("process") {
		if n.Kind != model.Call || n.Recv == nil || len(n.Args()) == 0 {
			continue
		}
		if timer := g.RegistersEventTimeTimers(n.Args()[0]); timer != nil {
			cs = append(cs, consumer{at: n, stream: n.Recv, timer: timer})
		}
	}
	reported := map[*model.Node]bool{} // roots, each reported once
	for _, c := range cs {
		if neverRun(g, c.at) {
			continue
		}
		roots := g.Roots(c.stream)
		f, ok := verdict(g, c, roots)
		if !ok {
			continue
		}
		fresh := false
		for _, r := range roots {
			if !reported[r.Node] {
				fresh = true
			}
			reported[r.Node] = true
		}
		if fresh {
			f.Fixes = fix(pass, g, roots)
			f.At(pass, c.at)
		}
	}
}

// verdict says what happens to the consumer c of a stream whose watermarks
// are decided at roots; ok is false when it can fire.
func verdict(g *jobgraph.Graph, c consumer, roots []jobgraph.Root) (f report.Finding, ok bool) {
	if len(roots) == 0 {
		return f, false
	}
	unbounded, unknown, stampless := []jobgraph.Root{}, false, []jobgraph.Root{}
	for _, r := range roots {
		if r.Watermarks != jobgraph.None {
			return f, false // a generator, or a stream the walk cannot see: not this rule's
		}
		switch r.Bounded {
		case jobgraph.No:
			unbounded = append(unbounded, r)
		case jobgraph.Unknown:
			unknown = true
		}
		switch r.Timestamps {
		case jobgraph.No:
			stampless = append(stampless, r)
		case jobgraph.Unknown:
			unknown = true
		}
	}
	switch {
	case c.window && len(stampless) > 0:
		f = report.Finding{
			Headline: "event-time window on records without timestamps (" + sourceName(stampless[0]) + ")",
			Help: "assign timestamps and watermarks with assignTimestampsAndWatermarks(" +
				"WatermarkStrategy.forMonotonousTimestamps().withTimestampAssigner(...)), or use a processing-time window",
			Note: "the window assigner fails at run time with \"Record has Long.MIN_VALUE timestamp (= no timestamp marker)\"",
		}
	case len(unbounded) > 0:
		f = report.Finding{
			Headline: "event-time " + fires(c) + " never fire: " + noWatermarks(roots, unbounded[0]),
			Help: "give the source a watermark strategy such as WatermarkStrategy.forBoundedOutOfOrderness(...) " +
				"(with withIdleness for a partitioned source), or use processing time",
			Note: "Flink fires event-time " + fires(c) + " only when a watermark passes them, and an unbounded " +
				"input with no watermarks never emits one",
		}
	case unknown && c.window:
		f = report.Finding{
			Headline: "event-time window with no watermarks from " + sourceName(roots[0]),
			Help:     "give the stream a watermark strategy, or use a processing-time window",
			Note: "unless the input ends and its records carry timestamps (then the windows fire once, at its end), " +
				"the window assigner fails on records without a timestamp or the windows never fire",
			Severity: report.Warning,
		}
	default:
		return f, false // bounded input: the final watermark fires everything once
	}
	if d := discarded(g, roots[0]); d != nil {
		f.Help = "use the stream that assignTimestampsAndWatermarks returns: the call leaves its input as it was"
		f.Evidence = report.Evidence(d, "returned stream dropped here")
	}
	f.Evidence = slices.Concat(f.Evidence, evidence(c, roots))
	return f, true
}

// noWatermarks says which inputs have no watermarks: the unbounded one,
// or all of several.
func noWatermarks(roots []jobgraph.Root, unbounded jobgraph.Root) string {
	if len(roots) > 1 {
		return fmt.Sprintf("none of their %d inputs has watermarks", len(roots))
	}
	return "no watermarks from " + sourceName(unbounded)
}

// evidence is the consumer c and the inputs whose watermarks are decided
// at roots, each where a watermark strategy could be given.
func evidence(c consumer, roots []jobgraph.Root) []analysis.RelatedInformation {
	ev := report.Evidence(c.at, "window operator built here")
	if !c.window {
		ev = slices.Concat(report.Evidence(c.at, "process operator built here"),
			report.Evidence(c.timer, "event-time timer registered here"))
	}
	for _, r := range roots {
		ev = append(ev, rootEvidence(r)...)
	}
	return ev
}

// rootEvidence is the call that decides that the root r has no
// watermarks, and its noWatermarks() strategy when defined apart.
func rootEvidence(r jobgraph.Root) []analysis.RelatedInformation {
	switch {
	case r.Strategy != nil && model.IsCall(r.Node, "fromSource"):
		return slices.Concat(report.Evidence(r.Node, "fromSource with noWatermarks() here"), apart(r))
	case r.Strategy != nil:
		return slices.Concat(report.Evidence(r.Node, "noWatermarks() assigned here"), apart(r))
	case model.IsCall(r.Node, "addSource"):
		return report.Evidence(r.Node, "legacy source added here")
	}
	return report.Evidence(r.Node, "input without watermarks here")
}

// apart is the strategy of r when it is written apart from its call.
func apart(r jobgraph.Root) []analysis.RelatedInformation {
	return report.EvidenceApart(r.Strategy, r.Node, "noWatermarks() strategy defined here")
}

// neverRun reports whether the operator at is only built to be taken
// apart (getTransformation() in a test harness), not run.
func neverRun(g *jobgraph.Graph, at *model.Node) bool {
	for _, u := range g.Downstream(at, func(*model.Node) bool { return true }) {
		if u.Kind == jobgraph.Receiver && u.At.Name == "getTransformation" {
			return true
		}
	}
	return false
}

// discarded returns an assignTimestampsAndWatermarks applied to the stream
// of root r as a statement of its own, whose result nothing reads.
func discarded(g *jobgraph.Graph, r jobgraph.Root) *model.Node {
	n := r.SourceNode
	if n == nil {
		return nil
	}
	for _, u := range g.Downstream(n, func(c *model.Node) bool { return c.Name != "assignTimestampsAndWatermarks" }) {
		if u.Kind == jobgraph.Receiver && u.At.Name == "assignTimestampsAndWatermarks" && u.At.Stmt {
			return u.At
		}
	}
	return nil
}

// fires names what c fires.
func fires(c consumer) string {
	if c.window {
		return "windows"
	}
	return "timers"
}

// sourceName names the input of r for a message.
func sourceName(r jobgraph.Root) string {
	if r.Source == "" {
		return "the source"
	}
	if r.SourceNode != nil && r.Source == r.SourceNode.Name {
		return report.Spell(r.SourceNode, r.Source)
	}
	return r.Source
}
