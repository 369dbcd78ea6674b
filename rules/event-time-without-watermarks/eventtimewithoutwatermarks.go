// Package eventtimewithoutwatermarks implements the rule
// event-time-without-watermarks.
package eventtimewithoutwatermarks

import (
	"fmt"
	"strings"

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
	what   string // how the message names it, up to "a stream"
	window bool   // a window assigns each record by its timestamp
}

func run(pass *analysis.Pass, g *jobgraph.Graph) {
	p := g.Project()
	var cs []consumer
	for _, w := range jobgraph.Of(pass).Windows() {
		if w.Kind == jobgraph.EventTimeWindow && w.Call.Recv != nil && len(w.Terminals) > 0 { // no terminal call: no operator
			cs = append(cs, consumer{at: w.Call, stream: w.Call.Recv, what: describeWindow(w), window: true})
		}
	}
	for _, n := range p.Calls("process") {
		if n.Kind != model.Call || n.Recv == nil || len(n.Args) == 0 {
			continue
		}
		if g.RegistersEventTimeTimers(n.Args[0]) != nil {
			cs = append(cs, consumer{at: n, stream: n.Recv, what: "this process function registers event-time timers on"})
		}
	}
	reported := map[*model.Node]bool{} // roots, each reported once
	for _, c := range cs {
		if neverRun(g, c.at) {
			continue
		}
		roots := g.Roots(c.stream)
		msg, sev := verdict(pass, g, c, roots)
		if msg == "" {
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
			sev.At(pass, c.at, msg)
		}
	}
}

// verdict says what happens to the consumer c of a stream whose watermarks
// are decided at roots, or returns "" when it can fire.
func verdict(pass *analysis.Pass, g *jobgraph.Graph, c consumer, roots []jobgraph.Root) (string, report.Severity) {
	if len(roots) == 0 {
		return "", report.Default
	}
	unbounded, unknown, stampless := []jobgraph.Root{}, false, []jobgraph.Root{}
	for _, r := range roots {
		if r.Watermarks != jobgraph.None {
			return "", report.Default // a generator, or a stream the walk cannot see: not this rule's
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
	first := roots[0]
	cause := causeOf(pass, first)
	if d := discarded(g, first); d != nil {
		cause += fmt.Sprintf(" (the stream that %s at %s returns is dropped: it returns a new stream "+
			"and leaves its input as it was)", report.Spell(d, "assignTimestampsAndWatermarks"), report.Where(pass, d))
	}
	if len(roots) > 1 {
		cause = fmt.Sprintf("none of its %d inputs generates watermarks (%s, ...)", len(roots), cause)
	}
	switch {
	case c.window && len(stampless) > 0:
		r := stampless[0]
		return fmt.Sprintf("%s a stream with no watermarks: %s, and the records of %s carry no timestamp, so "+
			"the window assigner fails at run time with \"Record has Long.MIN_VALUE timestamp (= no timestamp "+
			"marker)\"; assign timestamps and watermarks with assignTimestampsAndWatermarks("+
			"WatermarkStrategy.forMonotonousTimestamps().withTimestampAssigner(...)), or use a processing-time window",
			c.what, cause, sourceName(r)), report.Default
	case len(unbounded) > 0:
		r := unbounded[0]
		return fmt.Sprintf("%s a stream with no watermarks: %s, so on the unbounded input of %s event time "+
			"never advances and %s never fire; give the source a watermark strategy such as "+
			"WatermarkStrategy.forBoundedOutOfOrderness(...) (with withIdleness for a partitioned source), "+
			"or use processing time", c.what, cause, sourceName(r), fires(c)), report.Default
	case unknown && c.window:
		return fmt.Sprintf("%s a stream with no watermarks: %s; unless %s ends and its records carry "+
			"timestamps (then the windows fire once, at its end), the window assigner fails on records without a "+
			"timestamp or the windows never fire; give the stream a watermark strategy, or use a processing-time window",
			c.what, cause, sourceName(first)), report.Warning
	}
	return "", report.Default // bounded input: the final watermark fires everything once
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

func fires(c consumer) string {
	if c.window {
		return "the windows"
	}
	return "the timers"
}

// causeOf says why the root r has no watermarks.
func causeOf(pass *analysis.Pass, r jobgraph.Root) string {
	at := report.Where(pass, r.Node)
	switch {
	case r.Strategy != nil && model.IsCall(r.Node, "fromSource"):
		return fmt.Sprintf("fromSource at %s is given %s and nothing later assigns a watermark strategy", at, report.Spell(r.Node, "WatermarkStrategy.noWatermarks()"))
	case r.Strategy != nil:
		return fmt.Sprintf("assignTimestampsAndWatermarks at %s is given %s", at, report.Spell(r.Node, "WatermarkStrategy.noWatermarks()"))
	case model.IsCall(r.Node, "addSource"):
		return fmt.Sprintf("the legacy source %s added at %s emits no watermarks and no assigner follows it", r.Source, at)
	}
	return fmt.Sprintf("%s at %s has no watermark assigner after it", r.Node.Name, at)
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

// describeWindow names the window the way the user wrote it.
func describeWindow(w *jobgraph.Window) string {
	a := w.Assigner
	switch {
	case a == w.Call:
		return "this " + report.Spell(w.Call, w.Call.Name) + " (event time) reads"
	case (a.Kind == model.Call || a.Kind == model.Select) && a.Recv != nil:
		return "this event-time window (" + model.SimpleName(a.Recv) + ") reads"
	}
	return "this event-time window (" + strings.TrimSpace(a.Name) + ") reads"
}
