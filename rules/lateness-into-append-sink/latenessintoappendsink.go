// Package latenessintoappendsink implements the rule
// lateness-into-append-sink.
package latenessintoappendsink

import (
	"fmt"
	"slices"

	"golang.org/x/tools/go/analysis"

	"github.com/flinklint/flinklint/jobgraph"
	"github.com/flinklint/flinklint/parsers/model"
	"github.com/flinklint/flinklint/parsers/model/constant"
	"github.com/flinklint/flinklint/rules/internal/lateoutput"
	"github.com/flinklint/flinklint/rules/internal/report"
	"github.com/flinklint/flinklint/rules/internal/rule"
)

// Analyzer reports allowed lateness on event-time windows whose results
// reach a sink that appends.
var Analyzer = rule.New("lateness-into-append-sink", run)

// stateless are the operations that pass each window result on as it is
// (or drop it) without remembering earlier ones: a repeated result stays a
// repeated record after them.
var stateless = jobgraph.Through(jobgraph.SameOperator | jobgraph.Repartition | jobgraph.RecordWise | jobgraph.Union)

// maxUnions bounds how many unions are followed as another stream's
// argument.
const maxUnions = 16

func run(pass *analysis.Pass, g *jobgraph.Graph) {
	p := g.Project()
	src := report.NewSource(pass)
	fixes := lateoutput.New(pass)
	for _, w := range jobgraph.Of(pass).Windows() {
		if w.Kind != jobgraph.EventTimeWindow || len(w.Terminals) == 0 || !w.Has("allowedLateness") {
			continue
		}
		for _, lateness := range positiveLateness(p, w) {
			for _, op := range w.TerminalsAfter(p, lateness) {
				if sink, at := appendingSink(g, op); at != nil {
					f := tell(pass, src, w, lateness, op, sink, at)
					f.Fixes = fix(fixes, w, lateness, op)
					f.At(pass, lateness)
					break
				}
			}
		}
	}
}

// tell is the finding that the firings the lateness call of w lets
// through the window operator op reach the appending sink at at.
func tell(pass *analysis.Pass, src *report.Source, w *jobgraph.Window, lateness, op *model.Node, sink jobgraph.SinkInfo, at *model.Node) report.Finding {
	f := report.Finding{
		Headline: fmt.Sprintf("%s appends each late firing of allowedLateness as a duplicate", sink.Name),
		Help: fmt.Sprintf("write to a sink that upserts by key and window end, or replace .allowedLateness(%s) "+
			"with .sideOutputLateData(tag)", src.Quote(lateness.Args()[0], 40)),
		Note: fmt.Sprintf("a %s window that allows lateness fires again for each late element, and the sink "+
			"stores each updated result beside the earlier ones, so downstream totals double-count", w.AssignerName()),
		Evidence: slices.Concat(report.Evidence(op, "window operator built here"), sinkEvidence(pass, at),
			report.EvidenceApart(w.Call, op, "event-time window here")),
	}
	for _, c := range w.Config {
		if c.Name == "trigger" && len(c.Args()) == 1 {
			// A custom trigger decides the firings, early ones included:
			// whether a late element fires again is its code's choice.
			f.Severity = report.Info
			f.Note = "the custom trigger set on this window decides whether a late element fires it again: " +
				"unless it ignores late elements, the sink stores each late firing beside the earlier ones"
			f.Evidence = append(f.Evidence, report.Evidence(c.Args()[0], "custom trigger set here")...)
		}
	}
	return f
}

// lateRecords is the tag the fix declares, a name of its own: another
// rule's fix may declare a tag in the same method.
var lateRecords = lateoutput.Tag{Var: "lateRecords", ID: "late-records"}

// fix replaces the lateness call of the window w with a side output for
// late elements, read on the window operator op and printed: each window
// then fires once, and the sink stores one result for it. Unsafe: the
// late elements no longer update the results, and go to the TaskManagers'
// stdout until the author picks a sink. A window that has a late tag
// already keeps its lateness: a second tag would replace the first, whose
// readers would then get nothing.
func fix(fixes *lateoutput.Writer, w *jobgraph.Window, lateness, op *model.Node) []analysis.SuggestedFix {
	if w.Has("sideOutputLateData") {
		return nil
	}
	edits, ok := fixes.Route(w, op, lateness, lateRecords)
	if !ok {
		return nil
	}
	return []analysis.SuggestedFix{report.Unsafe("Send late elements to a side output instead of firing the window "+
		"again, and print it; replace print with your sink", edits...)}
}

// sinkEvidence is the sink that the call at writes to, and where it is
// built when that is elsewhere (a variable, a helper that returns it).
func sinkEvidence(pass *analysis.Pass, at *model.Node) []analysis.RelatedInformation {
	if len(at.Args()) == 0 {
		return report.Evidence(at, "sink that appends here")
	}
	sink := at.Args()[0]
	built := jobgraph.Of(pass).Project().Value(sink)
	if built == sink {
		built = nil
	}
	return slices.Concat(report.Evidence(sink, "sink that appends here"), report.Evidence(built, "sink built here"))
}

// positiveLateness returns the allowedLateness calls of the window whose
// lateness folds to more than zero: one, or one per caller of a helper
// that builds the window.
func positiveLateness(p *model.Project, w *jobgraph.Window) []*model.Node {
	var out []*model.Node
	for _, c := range w.Config {
		if c.Name != "allowedLateness" || len(c.Args()) != 1 {
			continue
		}
		if d, ok := constant.Duration(p, c.Args()[0]); ok && d > 0 {
			out = append(out, c)
		}
	}
	return out
}

// appendingSink follows the window's operator op through stateless
// operations and unions to the sinks it reaches, and returns the first
// that appends and does not print; at is nil when there is none. Printing
// is how jobs are tried out, and how tutorials show late firings (all 21
// findings on printed results in the trials were such demos): the repeated
// lines are the point, and nothing sums them.
func appendingSink(g *jobgraph.Graph, op *model.Node) (found jobgraph.SinkInfo, at *model.Node) {
	seen := map[*model.Node]bool{}
	var walk func(s *model.Node, depth int)
	walk = func(s *model.Node, depth int) {
		if seen[s] || depth > maxUnions {
			return
		}
		seen[s] = true
		for _, u := range g.Downstream(s, stateless) {
			switch {
			case u.Kind == jobgraph.Receiver && model.IsCall(u.At, jobgraph.SinkCalls()...):
				info := g.Sink(u.At)
				if info.Kind == jobgraph.Appends && !info.Console && at == nil {
					found, at = info, u.At
				}
			case u.Kind == jobgraph.Argument && model.IsCall(u.At, "union"):
				walk(u.At, depth+1)
			}
		}
	}
	walk(op, 0)
	return found, at
}
