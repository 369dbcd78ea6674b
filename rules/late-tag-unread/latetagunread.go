// Package latetagunread implements the rule late-tag-unread.
package latetagunread

import (
	"fmt"
	"slices"
	"strconv"

	"golang.org/x/tools/go/analysis"

	"github.com/flinklint/flinklint/jobgraph"
	"github.com/flinklint/flinklint/parsers/model"
	"github.com/flinklint/flinklint/rules/internal/lateoutput"
	"github.com/flinklint/flinklint/rules/internal/report"
	"github.com/flinklint/flinklint/rules/internal/rule"
)

// Analyzer reports late-data side outputs that no code reads or sinks.
var Analyzer = rule.New("late-tag-unread", run)

// sameOperator are the methods of SingleOutputStreamOperator that return
// the operator itself, so that getSideOutput after them still reads it.
var sameOperator = jobgraph.Through(jobgraph.SameOperator)

func run(pass *analysis.Pass, g *jobgraph.Graph) {
	p := g.Project()
	fixes := lateoutput.New(pass)
	for _, w := range jobgraph.Of(pass).Windows() {
		if len(w.Terminals) == 0 {
			continue // no operator is built, so no record is lost
		}
		if w.Kind.OtherTime() {
			// Flink calls no element late there: the tag never receives
			// one, and ineffective-lateness reports the call.
			continue
		}
		op := w.Terminals[0]
		for _, c := range w.Config {
			if c.Name != "sideOutputLateData" || len(c.Args()) != 1 {
				continue
			}
			tag := c.Args()[0]
			gets, escaped := sideOutputs(g, op, &model.Walk{})
			var matching []*model.Node
			for _, get := range gets {
				if len(get.Args()) >= 1 && jobgraph.SameTag(p, tag, get.Args()[0]) {
					matching = append(matching, get)
				}
			}
			switch {
			case len(matching) == 0 && !escaped:
				f, elsewhere := unread(p, c, op, gets)
				f.Fixes = readFix(fixes, p, c, op, elsewhere)
				f.At(pass, c)
			case len(matching) > 0 && !anyRead(g, matching):
				f := lost(p, c, op, "the getSideOutput stream goes nowhere")
				f.Fixes = printFix(fixes, g, c, matching[0])
				f.Help = "sink the stream getSideOutput(tag) returns, or print it while testing"
				f.Note = "records that reach no sink are discarded, and with a late tag the window operator no longer " +
					"counts them in numLateRecordsDropped"
				for _, get := range matching {
					f.Evidence = append(f.Evidence, report.Evidence(get, "getSideOutput here, result unused")...)
				}
				f.At(pass, c)
			}
		}
	}
}

// unread is the finding on the late tag of the sideOutputLateData call c
// when no getSideOutput reads it on the window operator op: gets are the
// reads of op's side outputs with other tags. elsewhere is the read of
// the tag on another operator, if any.
func unread(p *model.Project, c, op *model.Node, gets []*model.Node) (f report.Finding, elsewhere *model.Node) {
	if g := readElsewhere(p, c, gets); g != nil {
		f = lost(p, c, op, "getSideOutput reads another operator")
		f.Help = fmt.Sprintf("call getSideOutput(tag) on the operator that .%s(...) builds, not on a later one, "+
			"and sink it", op.Name)
		f.Note = "only the window operator emits to the late tag, so getSideOutput on another operator returns a " +
			"stream that is always empty"
		f.Evidence = append(f.Evidence, report.Evidence(g, "getSideOutput on another operator here")...)
		return f, g
	}
	f = lost(p, c, op, "not read from the window operator")
	f.Help = fmt.Sprintf("call getSideOutput(tag) on the operator that .%s(...) builds and sink the stream it returns",
		op.Name)
	f.Note = "with a late tag the window operator sends late records to the side output instead of counting them " +
		"in numLateRecordsDropped, and a side output that nothing reads is discarded"
	return f, nil
}

// readFix reads the late tag of the sideOutputLateData call c on the
// window operator op: a read of it on another operator (elsewhere) is
// made on op instead, where the author's sink then gets the records;
// otherwise a read of op's side output prints them. Unsafe: the records
// go to the TaskManagers' stdout until the author picks their sink.
func readFix(fixes *lateoutput.Writer, p *model.Project, c, op, elsewhere *model.Node) []analysis.SuggestedFix {
	if elsewhere != nil {
		if edits, ok := fixes.Redirect(op, elsewhere); ok {
			return []analysis.SuggestedFix{report.Unsafe("Read the late side output on the window operator", edits...)}
		}
	}
	tag := c.Args()[0]
	edits, ok := fixes.Read(op, c, tag, label(p, tag))
	if !ok {
		return nil
	}
	return []analysis.SuggestedFix{report.Unsafe("Read the late side output on the window operator and print it; "+
		"replace print with your sink", edits...)}
}

// printFix prints the side-output stream of the getSideOutput call get,
// which goes nowhere. Unsafe: the records go to the TaskManagers' stdout
// until the author picks their sink.
func printFix(fixes *lateoutput.Writer, g *jobgraph.Graph, c, get *model.Node) []analysis.SuggestedFix {
	var unused *model.Node
	for _, u := range g.Uses(get) {
		if u.Kind == jobgraph.NotRead {
			unused = u.At
		}
	}
	edits, ok := fixes.Print(get, unused, label(g.Project(), c.Args()[0]))
	if !ok {
		return nil
	}
	return []analysis.SuggestedFix{report.Unsafe("Print the late side output; replace print with your sink", edits...)}
}

// label is what the printed late records are prefixed with: the tag's id,
// or "late".
func label(p *model.Project, tag *model.Node) string {
	if id, ok := jobgraph.TagID(p, tag); ok && id != "" {
		return id
	}
	return "late"
}

// lost is the finding on the late tag of the sideOutputLateData call c,
// for the reason why: its headline, and the evidence of the window
// operator op and of the tag.
func lost(p *model.Project, c, op *model.Node, why string) report.Finding {
	tag := c.Args()[0]
	f := report.Finding{
		Headline: fmt.Sprintf("late side output %s is lost: %s", describe(p, tag), why),
		// The tag may be set on a variable that holds the windowed stream.
		Evidence: slices.Concat(report.Evidence(op, "window operator built here"),
			report.EvidenceApart(c, op, "late tag set here"), report.EvidenceApart(p.Value(tag), c, "late tag declared here")),
	}
	return f
}

// sideOutputs returns the getSideOutput calls made on the operator op,
// and whether op escapes to code where more may be read. An operator that
// a lambda returns is followed to the call of the helper the lambda is
// given to, when that call's result is the lambda's (a helper that builds
// a step of the job with it).
func sideOutputs(g *jobgraph.Graph, op *model.Node, w *model.Walk) (gets []*model.Node, escaped bool) {
	if !w.Enter(op) {
		return nil, true
	}
	defer w.Leave(op)
	for _, u := range g.Downstream(op, sameOperator) {
		switch u.Kind {
		case jobgraph.Receiver:
			if u.At.Name == "getSideOutput" {
				gets = append(gets, u.At)
			}
		case jobgraph.Returned:
			site := helperCall(g, u.At)
			if site == nil {
				escaped = true
				continue
			}
			more, esc := sideOutputs(g, site, w)
			gets, escaped = append(gets, more...), escaped || esc
		case jobgraph.Argument, jobgraph.Other:
			escaped = true
		}
	}
	return gets, escaped
}

// helperCall returns the call of a project method that the lambda fn is
// written in, when the method applies fn and returns what it returns, so
// that the call's result is the lambda's; nil otherwise.
func helperCall(g *jobgraph.Graph, fn *model.Node) *model.Node {
	p := g.Project()
	site := fn.Parent
	i := model.ArgIndex(fn)
	if fn.Kind != model.Lambda || site == nil || site.Kind != model.Call || i < 0 {
		return nil
	}
	m := p.Decl(site)
	if m == nil || m.Kind != model.Method || i >= len(m.Params()) {
		return nil
	}
	apps := applications(p, m, m.Params()[i])
	for _, r := range model.Results(m) {
		for _, o := range g.Origins(r, func(*model.Node) bool { return false }) {
			if slices.Contains(apps, o) {
				return site
			}
		}
	}
	return nil
}

// applications returns the calls in the method m that apply its function
// parameter param: param.apply(x) or param.accept(x) in Java, param(x) in
// Python and Scala.
func applications(p *model.Project, m, param *model.Node) []*model.Node {
	var out []*model.Node
	for _, r := range p.Refs(param) {
		if model.IsCall(r.Parent, "apply", "accept") && r.Parent.Recv == r {
			out = append(out, r.Parent)
		}
	}
	model.Inspect(m, func(n *model.Node) bool {
		if n.Kind == model.Call && n.Recv == nil && n.Name == param.Name && p.Decl(n) == nil {
			out = append(out, n)
		}
		return true
	})
	return out
}

// readElsewhere returns a getSideOutput with the same tag called in the
// method (or module) of the sideOutputLateData call c on another operator
// than the window's, the usual mistake. A read in another method of the
// file most often belongs to another job (one function per pipeline, as
// Python jobs and tests are written), so it is not mentioned.
func readElsewhere(p *model.Project, c *model.Node, onOperator []*model.Node) *model.Node {
	tag := c.Args()[0]
	id, ok := jobgraph.TagID(p, tag)
	if !ok {
		return nil
	}
	method := model.Enclosing(c, model.Method)
	for _, u := range p.Uses("getSideOutput") {
		if u.Kind != model.Call || len(u.Args()) == 0 || u.File != c.File || slices.Contains(onOperator, u) ||
			model.Enclosing(u, model.Method) != method {
			continue
		}
		if other, ok := jobgraph.TagID(p, u.Args()[0]); ok && other == id {
			return u
		}
	}
	return nil
}

// anyRead reports whether one of the side-output streams goes somewhere:
// a call on it, an argument, a result or any other use but a dropped
// statement or an unused variable.
func anyRead(g *jobgraph.Graph, gets []*model.Node) bool {
	for _, get := range gets {
		for _, u := range g.Uses(get) {
			if u.Kind != jobgraph.Discarded && u.Kind != jobgraph.NotRead {
				return true
			}
		}
	}
	return false
}

// maxID is the most of a tag's id that a headline quotes.
const maxID = 30

// describe names the late tag for a headline: its id, shortened, or its
// variable.
func describe(p *model.Project, tag *model.Node) string {
	if id, ok := jobgraph.TagID(p, tag); ok {
		if len(id) > maxID {
			return strconv.Quote(id[:maxID] + "...")
		}
		return strconv.Quote(id)
	}
	if tag.Name != "" {
		return tag.Name
	}
	return "of this window"
}
