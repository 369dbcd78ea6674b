// Package unevenunionidleness implements the rule uneven-union-idleness.
package unevenunionidleness

import (
	"fmt"
	"slices"

	"golang.org/x/tools/go/analysis"

	"github.com/flinklint/flinklint/jobgraph"
	"github.com/flinklint/flinklint/parsers/model"
	"github.com/flinklint/flinklint/rules/internal/report"
	"github.com/flinklint/flinklint/rules/internal/rule"
)

// Analyzer reports unions, connections and joins where one unbounded input
// can hold the combined watermark back while the others cannot.
var Analyzer = rule.New("uneven-union-idleness", run)

func run(pass *analysis.Pass, g *jobgraph.Graph) {
	p := g.Project()
	for _, c := range p.Calls("union", "connect", "join", "coGroup", "intervalJoin") {
		if (c.Kind != model.Call && c.Kind != model.Select) || c.Recv == nil || len(c.Args()) == 0 {
			continue
		}
		check(pass, g, c)
	}
}

// input is one input of a combining call and where its watermarks come from.
type input struct {
	expr  *model.Node
	roots []jobgraph.Root
}

func check(pass *analysis.Pass, g *jobgraph.Graph, c *model.Node) {
	p := g.Project()
	var ins []input
	for _, e := range append([]*model.Node{c.Recv}, c.Args()...) {
		ins = append(ins, input{e, g.Roots(e)})
	}
	quiet, stall, idle := -1, -1, -1 // inputs: unbounded without watermarks, without idleness, with idleness
	var quietRoot, stallRoot, idleRoot jobgraph.Root
	watermarked := false // some input may generate watermarks
	for i, in := range ins {
		for _, r := range in.roots {
			if r.Watermarks != jobgraph.None {
				watermarked = true
			}
			switch {
			case r.Watermarks == jobgraph.None && r.Unbounded() && quiet < 0:
				quiet, quietRoot = i, r
			case r.Watermarks == jobgraph.Generated && cannotIdle(g, r) && stall < 0 && !g.Bounded(in.expr):
				if !g.IdlenessReported(r) { // missing-idleness reports that one
					stall, stallRoot = i, r
				}
			case r.Watermarks == jobgraph.Generated && r.Idleness == jobgraph.Yes && idle < 0:
				idle, idleRoot = i, r
			}
		}
	}
	quietBroadcast := stall >= 0 && broadcast(p, ins[stall].expr) // a rules stream that may never send
	if quiet < 0 && !quietBroadcast && (stall < 0 || idle < 0 || stall == idle) {
		return
	}
	if quiet >= 0 && !watermarked {
		return // no input generates watermarks: event-time-without-watermarks reports the consumer
	}
	waits := visiblyEventTime(g, c)
	if waits == nil {
		return // nothing downstream visibly waits for the combined watermark
	}
	name := report.Spell(c, c.Name)
	shown := slices.Concat(report.Evidence(c, "inputs combined here"), report.Evidence(waits, waitLabel(waits)))
	if quiet >= 0 {
		side := "the other side"
		if broadcast(p, ins[quiet].expr) {
			side = "the broadcast side"
		}
		report.Finding{
			Headline: fmt.Sprintf("%s combines a stream with watermarks with %s, which has none", name, side),
			Help:     "give that input a watermark strategy with withIdleness(...), or one whose generator emits Watermark.MAX_WATERMARK",
			Note: "an input that never emits a watermark holds the combined watermark at Long.MIN_VALUE for as long " +
				"as it runs, so event-time windows and timers downstream never fire",
			Evidence: slices.Concat(report.Evidence(quietRoot.Node, cause(quietRoot)), shown),
		}.At(pass, c)
		return
	}
	if quietBroadcast && (idle < 0 || idle == stall) {
		report.Finding{
			Headline: fmt.Sprintf("%s takes a broadcast stream whose generator has no withIdleness", name),
			Help:     "add withIdleness(...) to the broadcast stream's strategy",
			Note: "a broadcast side such as a rules or configuration stream is quiet most of the time, and while it " +
				"is, the watermark of " + generator(stallRoot) + " holds the combined watermark back, so event-time windows and timers stop firing",
			Evidence: slices.Concat(report.Evidence(stallRoot.Node, "broadcast input without idleness here"), shown),
		}.At(pass, c)
		return
	}
	report.Finding{
		Headline: fmt.Sprintf("%s combines an input with withIdleness and one whose generator has none", name),
		Help:     "add withIdleness(...) to the second input's strategy too (or use a WatermarkStrategy with it in place of a legacy assigner)",
		Note: "the combined watermark is the minimum of both, so while the input of " + generator(stallRoot) +
			" is quiet it holds event time back even though the other may go idle",
		Evidence: slices.Concat(report.Evidence(idleRoot.Node, "input with withIdleness here"),
			report.Evidence(stallRoot.Node, "input without withIdleness here"), shown),
	}.At(pass, c)
}

// cannotIdle reports whether the generator of root r never marks its
// input idle: a strategy without withIdleness, or a legacy timestamp
// extractor, a class of the project extending one included.
func cannotIdle(g *jobgraph.Graph, r jobgraph.Root) bool {
	return r.Idleness == jobgraph.No || r.Idleness == jobgraph.Unknown && g.LegacyExtractor(r.Strategy)
}

// visiblyEventTime returns what downstream of the combining call c, in
// the code flinklint sees, waits for the combined watermark: an event-time
// window, an interval join, or a process function that registers
// event-time timers or reads the watermark. Unlike missing-idleness, an
// operator the walk cannot see into does not count: a stream combined with
// an input without watermarks is common in processing-time jobs.
func visiblyEventTime(g *jobgraph.Graph, c *model.Node) *model.Node {
	p := g.Project()
	for _, u := range g.Downstream(c, func(*model.Node) bool { return true }) {
		switch at := u.At; {
		case u.Kind != jobgraph.Receiver:
		case model.IsCall(at, "window", "windowAll") && len(at.Args()) == 1 && jobgraph.ClassifyAssigner(p.Value(at.Args()[0])) == jobgraph.EventTimeWindow:
			return at
		case model.IsCall(at, "intervalJoin"):
			return at
		case model.IsCall(at, "process") && len(at.Args()) > 0 && g.ReadsEventTime(at.Args()[0]) != nil:
			return at
		}
	}
	return nil
}

// broadcast reports whether the stream e is a broadcast stream:
// x.broadcast(descriptor...).
func broadcast(p *model.Project, e *model.Node) bool {
	v := p.Value(e)
	return model.IsCall(v, "broadcast")
}

// cause labels the input of root r, which emits no watermarks.
func cause(r jobgraph.Root) string {
	switch {
	case r.Strategy != nil && model.IsCall(r.Node, "fromSource"):
		return "read with noWatermarks() here"
	case r.Strategy != nil:
		return "noWatermarks() assigned here"
	case model.IsCall(r.Node, "addSource"):
		return "legacy source without watermarks here"
	}
	return "input without watermarks here"
}

// waitLabel labels what downstream of a combining call waits for its
// watermark, as visiblyEventTime finds it.
func waitLabel(n *model.Node) string {
	switch n.Name {
	case "window", "windowAll":
		return "event-time window here"
	case "intervalJoin":
		return "interval join here"
	}
	return "event-time timers or watermark read here"
}

func generator(r jobgraph.Root) string {
	if r.Strategy == nil {
		return "its generator"
	}
	if r.Strategy.Kind == model.New {
		return r.Strategy.Name
	}
	return report.Spell(r.Strategy, r.Strategy.Name)
}
