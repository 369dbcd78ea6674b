// Package latedatadropped implements the rule late-data-dropped.
package latedatadropped

import (
	"cmp"
	"fmt"
	"path/filepath"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/flinklint/flinklint/jobgraph"
	"github.com/flinklint/flinklint/jobgraph/flinksql"
	"github.com/flinklint/flinklint/parsers/model"
	"github.com/flinklint/flinklint/rules/internal/lateoutput"
	"github.com/flinklint/flinklint/rules/internal/report"
	"github.com/flinklint/flinklint/rules/internal/rule"
)

// Analyzer reports event-time windows that drop late elements without a
// trace.
var Analyzer = rule.New("late-data-dropped", run)

func run(pass *analysis.Pass, g *jobgraph.Graph) {
	p := g.Project()
	var batch []batchSite // read once, when a window needs them
	batchRead := false
	windows := jobgraph.Of(pass).Windows()
	fixes := lateoutput.New(pass)
	results := map[*model.Node]bool{} // the operators event-time windows build, firing on time only
	for _, w := range windows {
		if w.Kind == jobgraph.EventTimeWindow && !w.Has("allowedLateness") { // a late firing's result is late downstream
			for _, t := range w.Terminals {
				results[t] = true
			}
		}
	}
	for _, w := range windows {
		if w.Kind != jobgraph.EventTimeWindow || len(w.Terminals) == 0 || testCode(w.Call.File) {
			continue // another notion of time (ineffective-lateness), no operator is built, or a test's data
		}
		if windowResults(g, w, results) {
			continue
		}
		if w.Has("sideOutputLateData") || w.Has("allowedLateness") {
			// Late data is kept, or its lateness is set on purpose (an
			// explicit 0 included); late-tag-unread checks the tag.
			continue
		}
		roots := g.Roots(w.Call.Recv)
		if unreached(g, roots) || stalled(w, roots) || savepoint(roots) || ingested(g, roots) {
			continue
		}
		late := lateInputs(g, roots)
		if len(late) == 0 || g.Bounded(w.Call.Recv) {
			continue
		}
		if !batchRead {
			batch, batchRead = batchSites(p), true
		}
		if inBatch(batch, w, jobOf(p, w, roots)) {
			continue
		}
		report.Finding{
			Headline: fmt.Sprintf("%s window drops late elements without a trace", w.AssignerName()),
			Help: fmt.Sprintf("before .%s(...), keep late elements with .allowedLateness(...), which fires the "+
				"window again with each, or route them to .sideOutputLateData(tag) and sink getSideOutput(tag)",
				w.Terminals[0].Name),
			Note: "an element that arrives after the watermark passed its window's end is discarded, " +
				"only counted in the numLateRecordsDropped metric",
			Evidence: evidence(p, w, late),
			Fixes:    fix(fixes, w),
		}.At(pass, w.Call)
	}
}

// lateData is the tag the fix declares, a name of its own: another
// rule's fix may declare a tag in the same method.
var lateData = lateoutput.Tag{Var: "lateData", ID: "late-data"}

// fix sends the late elements of the window w to a new side output,
// which it reads on the window's operator and prints. Unsafe: the job then
// emits what it dropped, to the TaskManagers' stdout until the author
// picks a sink, and the tag's type and name are written for the author.
// A window whose operators are several (a helper's, built per caller) or
// whose operator the code does not hold gets none.
func fix(fixes *lateoutput.Writer, w *jobgraph.Window) []analysis.SuggestedFix {
	if len(w.Terminals) != 1 {
		return nil
	}
	edits, ok := fixes.Route(w, w.Terminals[0], nil, lateData)
	if !ok {
		return nil
	}
	return []analysis.SuggestedFix{report.Unsafe("Send late elements to a side output and print it; replace print with your sink", edits...)}
}

// evidence is what the finding on w rests on: the operator the window
// builds (with the window when it is chained), the window when it is
// built apart, and each input that can be late with its watermark
// strategy, whose change can keep its elements in order, or the
// assignments that leave which stream it is unknown.
func evidence(p *model.Project, w *jobgraph.Window, late []jobgraph.Root) []analysis.RelatedInformation {
	op := w.Terminals[0]
	out := slices.Concat(report.Evidence(op, "window operator built here"), report.EvidenceApart(w.Call, op, "event-time window here"))
	seen := map[*model.Node]bool{}
	for _, r := range late {
		if r.Node == nil || seen[r.Node] {
			continue // one input reached twice (a helper's stream that two callers pass on)
		}
		seen[r.Node] = true
		label := "input read here"
		if model.IsCall(r.Node, "assignTimestampsAndWatermarks", "assignAscendingTimestamps") {
			label = "watermarks assigned here"
		}
		out = slices.Concat(out, report.EvidenceApart(r.Node, op, label),
			report.EvidenceApart(strategyChain(r.Strategy), r.Node, "watermark strategy defined here"))
		for _, d := range r.Reassigned {
			if !seen[d] {
				seen[d] = true
				out = append(out, reassignments(p, d)...)
			}
		}
	}
	return out
}

// reassignments are the assignments to the variable d after its
// declaration, which leave the stream it holds at the window unknown.
func reassignments(p *model.Project, d *model.Node) []analysis.RelatedInformation {
	var out []analysis.RelatedInformation
	for _, ref := range p.Refs(d) {
		if a := ref.Parent; a != nil && a.Kind == model.Assign && len(a.Args()) > 0 && a.Args()[0] == ref {
			out = append(out, report.Evidence(a, "stream assigned again here")...)
		}
	}
	return out
}

// strategyChain is the whole strategy that the factory call starts, with
// its withTimestampAssigner(...) and the rest, so that a change to any of
// them selects the finding in only-new runs.
func strategyChain(factory *model.Node) *model.Node {
	if factory == nil {
		return nil
	}
	for o := model.Outer(factory); o != nil && jobgraph.StrategyDerives(o.Name); o = model.Outer(factory) {
		factory = o
	}
	return factory
}

// windowResults reports whether the window w reads only the results of
// other event-time windows (through map, filter, keyBy...): a window emits
// its result when the watermark passes the window's end, stamped with the
// end, before the watermark moves on, so none of those results is late
// downstream.
func windowResults(g *jobgraph.Graph, w *jobgraph.Window, results map[*model.Node]bool) bool {
	if w.Call.Recv == nil {
		return false
	}
	origins := g.Origins(w.Call.Recv, recordwise)
	return len(origins) > 0 && !slices.ContainsFunc(origins, func(o *model.Node) bool { return !results[o] })
}

// recordwise are the operations between two windows that pass each result
// on by itself, keeping its timestamp.
var recordwise = jobgraph.Through(jobgraph.SameOperator | jobgraph.Repartition | jobgraph.RecordWise)

// testCode reports whether f is a test (below src/test/, a module of
// end-to-end tests as Flink's own flink-end-to-end-tests, or a Python test
// module), whose jobs run on data the test controls: whether an element is
// late there is the test's business. On the trials, 38 of the 45 findings
// in tests were of that kind.
func testCode(f *model.File) bool {
	path := filepath.ToSlash(f.Path)
	if strings.Contains(path, "/src/test/") || strings.HasPrefix(path, "src/test/") || strings.Contains(path, "end-to-end-tests/") {
		return true
	}
	base := filepath.Base(path)
	return f.Lang == model.Python && (strings.HasPrefix(base, "test_") || strings.HasSuffix(base, "_test.py") ||
		strings.Contains("/"+path, "/tests/"))
}

// unreached reports whether every input of a window is a parameter of a
// method that nothing in the project calls: a library's helper, whose
// callers elsewhere decide what it reads and how late, or dead code. No
// job of the project runs the window. An assigner the helper applies to
// its parameter is followed to it.
func unreached(g *jobgraph.Graph, roots []jobgraph.Root) bool {
	p := g.Project()
	return everyInput(g, roots, func(r jobgraph.Root) bool { return r.Reassigned == nil }, func(r jobgraph.Root) bool {
		if r.Node == nil || r.Node.Kind != model.Ident || r.Reassigned != nil {
			return false
		}
		d := p.ValueDecl(r.Node)
		if d == nil || d.Kind != model.Local || d.Parent == nil || d.Parent.Kind != model.Method || !slices.Contains(d.Parent.Params(), d) {
			return false
		}
		return !slices.ContainsFunc(p.Refs(d.Parent), func(u *model.Node) bool {
			return u.Kind == model.Call || u.Kind == model.Select || u.Kind == model.MethodRef
		})
	})
}

// everyInput reports whether test holds for every input of roots, where
// an assigner (assignTimestampsAndWatermarks) that follow allows stands
// for the inputs of the stream it is applied to. Each assigner is followed
// once: a recursive helper that assigns timestamps to its own result
// (return stages(t, n - 1)) leads back to it. An assigner with no input
// the walk sees fails, as does a walk that tests nothing.
func everyInput(g *jobgraph.Graph, roots []jobgraph.Root, follow, test func(jobgraph.Root) bool) bool {
	seen := map[*model.Node]bool{}
	tested := false
	var walk func([]jobgraph.Root) bool
	walk = func(roots []jobgraph.Root) bool {
		for _, r := range roots {
			if r.Node == nil || !model.IsCall(r.Node, "assignTimestampsAndWatermarks") || r.Node.Recv == nil || !follow(r) {
				if !test(r) {
					return false
				}
				tested = true
				continue
			}
			if seen[r.Node] {
				continue
			}
			seen[r.Node] = true
			if ins := g.Roots(r.Node.Recv); len(ins) == 0 || !walk(ins) {
				return false
			}
		}
		return true
	}
	return walk(roots) && tested
}

// stalled reports whether an input of the window, combined with the others
// where the window is built (connect, union, join), is unbounded and
// generates no watermark (a broadcast rules stream read with
// noWatermarks()): the combined watermark, their minimum, stays at
// Long.MIN_VALUE, so the window never fires and nothing is late; that is
// event-time-without-watermarks' finding. An input read in another method
// may be one caller's stream among others', so only one read where the
// window is built counts, and no variable assigned twice.
func stalled(w *jobgraph.Window, roots []jobgraph.Root) bool {
	if slices.ContainsFunc(roots, func(r jobgraph.Root) bool { return r.Reassigned != nil }) {
		return false
	}
	scope := model.ScopeOf(w.Call)
	return slices.ContainsFunc(roots, func(r jobgraph.Root) bool {
		return r.Watermarks == jobgraph.None && r.Unbounded() && r.Node != nil && model.ScopeOf(r.Node) == scope
	})
}

// lateInputs returns the inputs of a window that can deliver an element
// behind the watermark: those whose watermarks do not follow each split's
// own ascending timestamps, or that the walk cannot see.
func lateInputs(g *jobgraph.Graph, roots []jobgraph.Root) []jobgraph.Root {
	p := g.Project()
	var late []jobgraph.Root
	for _, r := range roots {
		if r.Watermarks == jobgraph.None || null(p, r.Node) {
			continue // no watermark before the input ends, or no stream at all: nothing is late
		}
		if testFed(g, r) {
			continue // a test that feeds the job's code its own data, as for windows in tests
		}
		if monotonous(p, r) && !interleaved(g, r) || projectSource(g, r) || withinBound(g, r) || counterAssigner(p, r) {
			continue
		}
		late = append(late, r)
	}
	return late
}

// testFed reports whether the input r is read in test code, or is an
// assigner of the job's code applied only to streams that tests read (a
// library's transformation that only its test calls).
func testFed(g *jobgraph.Graph, r jobgraph.Root) bool {
	inTest := func(r jobgraph.Root) bool { return r.Node != nil && r.Node.File != nil && testCode(r.Node.File) }
	return everyInput(g, []jobgraph.Root{r}, func(r jobgraph.Root) bool { return r.Reassigned == nil && !inTest(r) }, inTest)
}

// null reports whether n is the null literal (Python's None): a stream
// variable initialized to it and never given a stream throws before the
// job runs, so no element reaches the window.
func null(p *model.Project, n *model.Node) bool {
	return n != nil && n.Kind == model.Ident && (n.Name == "null" || n.Name == "None") && p.ValueDecl(n) == nil
}

// projectSource reports whether the input is read by a source the project
// writes itself (addSource(new SensorSource())) that stamps its records
// with the clock as it emits them (System.currentTimeMillis(),
// Instant.now(), Calendar's getTimeInMillis()): such timestamps ascend on
// each subtask, so nothing is late. On the trials every such window (41,
// tutorial generators) was a false finding; sources of the project that
// read a broker or delay events on purpose stay reported.
func projectSource(g *jobgraph.Graph, r jobgraph.Root) bool {
	p := g.Project()
	return everyInput(g, []jobgraph.Root{r}, func(jobgraph.Root) bool { return true }, func(r jobgraph.Root) bool {
		src := cmp.Or(r.SourceNode, r.Node)
		if src == nil || !model.IsCall(src, "addSource", "fromSource") || len(src.Args()) == 0 {
			return false
		}
		class := sourceClass(p, src.Args()[0])
		return class != nil && (clockStamped(p, class) || src == r.Node && trailingWatermarks(class))
	})
}

// sourceClass returns the class of the project that the source expression
// e creates, also through a helper that returns it or, in tests, another
// source (rideSourceOrTest(new TaxiRideSource()) returns a field only
// tests assign); nil when there is none or several.
func sourceClass(p *model.Project, e *model.Node) *model.Node {
	v := p.Value(e)
	if m := p.Decl(v); v.Kind == model.Call && m != nil && m.Kind == model.Method {
		var given *model.Node
		for _, res := range model.Results(m) {
			d := p.ValueDecl(res)
			switch i := slices.Index(m.Params(), d); {
			case i >= 0 && i < len(v.Args()) && given == nil:
				given = v.Args()[i]
			case !testOnly(p, d):
				return nil
			}
		}
		if given == nil {
			return nil
		}
		v = p.Value(given)
	}
	if v.Kind != model.New {
		return nil
	}
	class := v.Class()
	if class == nil {
		class = p.ClassNamed(v, v.Name)
	}
	return class
}

// testOnly reports whether d is a field that only tests give a value
// (public static SourceFunction<TaxiRide> rides = null, set by a test).
func testOnly(p *model.Project, d *model.Node) bool {
	if d == nil || d.Kind != model.Local || d.Parent == nil || d.Parent.Kind != model.Class || d.Init != nil && !null(p, d.Init) {
		return false
	}
	return !slices.ContainsFunc(p.Refs(d), func(r *model.Node) bool {
		a := r.Parent
		return a != nil && a.Kind == model.Assign && len(a.Args()) == 2 && a.Args()[0] == r && !testCode(r.File)
	})
}

// ingested reports whether every input of the window is a source read
// under the IngestionTime characteristic (Flink before 2.0) with no
// assigner after it: the source stamps each record with the clock as it
// reads it, ascending on each subtask, so no element is ever behind the
// watermark. The characteristic is a setting of the environment: another
// job of the file or project that does not set it keeps its findings.
func ingested(g *jobgraph.Graph, roots []jobgraph.Root) bool {
	for _, r := range roots {
		if r.SourceNode == nil || r.Node != r.SourceNode || !g.IngestionTime(r.SourceNode) {
			return false
		}
	}
	return len(roots) > 0
}

// trailingWatermarks reports whether a source class emits its own
// watermarks (ctx.emitWatermark) and makes each of them trail a time by
// something (new Watermark(time - maxDelay - 1)), or the final
// Long.MAX_VALUE: with no assigner after it, whether an element can be
// late is then that code's decision (generators that trail the watermark
// by their largest delay, on the trials), which the rule does not judge.
// A watermark made of a time as it is (new Watermark(watermarkTime), in a
// training source whose fares come up to a minute after it) is judged as
// any other input.
func trailingWatermarks(class *model.Node) bool {
	emits, trails := false, true
	model.Inspect(class, func(n *model.Node) bool {
		emits = emits || model.IsCall(n, "emitWatermark")
		if model.Constructs(n, "Watermark") && len(n.Args()) == 1 {
			a := n.Args()[0]
			trails = trails && (a.Kind == model.Binary && a.Name == "-" || a.Kind == model.Select && (a.Name == "MAX_VALUE" || a.Name == "MaxValue"))
		}
		return true
	})
	return emits && trails
}

// clockStamped reports whether the code of class reads the clock, and
// never shifts what it reads: a source that stamps partition p with
// currentTimeMillis() - p * 50 (a training source faking lagging Kafka
// partitions) makes late elements on purpose. A source that gives its
// records timestamps of another kind (collectWithTimestamp(fare,
// getEventTime(fare))) reads the clock only to pace them.
func clockStamped(p *model.Project, class *model.Node) bool {
	reads, shifts := false, false
	model.Inspect(class, func(n *model.Node) bool {
		if clock(n) {
			reads = true
			shifts = shifts || n.Parent != nil && n.Parent.Kind == model.Binary && (n.Parent.Name == "-" || n.Parent.Name == "+")
		}
		if model.IsCall(n, "collectWithTimestamp") && len(n.Args()) == 2 && !clock(p.Value(n.Args()[1])) {
			shifts = true
		}
		return true
	})
	return reads && !shifts
}

// clock reports whether n reads the processing clock.
func clock(n *model.Node) bool {
	return model.IsCall(n, "currentTimeMillis", "getTimeInMillis") || model.IsStaticCall(n, "Instant", "now")
}

// monotonous reports whether the input's watermarks assume ascending
// timestamps: WatermarkStrategy.forMonotonousTimestamps(), the legacy
// AscendingTimestampExtractor (or a class of the project extending it),
// Scala's assignAscendingTimestamps, or ingestion time, whose timestamps
// are the clock's. When that holds, the watermark never passes an element
// still to come.
func monotonous(p *model.Project, r jobgraph.Root) bool {
	switch {
	case r.Node != nil && model.IsCall(r.Node, "assignAscendingTimestamps"):
		return true
	case r.Strategy == nil:
		return false
	case model.IsStaticCall(r.Strategy, "WatermarkStrategy", "forMonotonousTimestamps"):
		return true
	case r.Strategy.Kind != model.New:
		return false
	case ascending[r.Strategy.Name]:
		return true
	}
	class := r.Strategy.Class()
	if class == nil {
		class = p.ClassNamed(r.Strategy, r.Strategy.Name)
	}
	return class != nil && slices.ContainsFunc(class.Supers(), func(s string) bool { return ascending[s] })
}

// ascending are Flink's assigners of ascending timestamps.
var ascending = map[string]bool{"AscendingTimestampExtractor": true, "IngestionTimeWatermarkStrategy": true}

// savepoint reports whether the window is one of the State Processor API,
// which reads or bootstraps the state of a window operator from a
// savepoint (savepoint.window(assigner).reduce(uid, ...)) and sees no
// stream at all.
func savepoint(roots []jobgraph.Root) bool {
	for _, r := range roots {
		switch n := r.Node; {
		case n == nil:
		case model.IsStaticCall(n, "Savepoint", "load"), model.IsStaticCall(n, "SavepointReader", "read"),
			model.IsStaticCall(n, "OperatorTransformation", "bootstrapWith"),
			model.Constructs(n, "ExistingSavepoint"), model.Constructs(n, "SavepointReader"): // the API's own code
			return true
		}
	}
	return false
}

// interleaved reports whether a monotonous strategy is assigned after a
// source whose subtasks each read several partitions (Kafka...): the
// records of those partitions interleave, so the timestamps one assigner
// sees are not ascending even when each partition's are. On fromSource the
// strategy runs per split, and ascending splits make no late element. An
// input the walk cannot see is taken at the strategy's word.
func interleaved(g *jobgraph.Graph, r jobgraph.Root) bool {
	if r.Node == nil || !model.IsCall(r.Node, "assignTimestampsAndWatermarks", "assignAscendingTimestamps") {
		return false
	}
	for _, in := range g.Roots(r.Node.Recv) {
		switch {
		case in.SourceNode != nil && model.IsCall(in.SourceNode, "fromSource") && len(in.SourceNode.Args()) > 0:
			if g.Source(in.SourceNode.Args()[0]).MultiSplit {
				return true
			}
		case strings.HasPrefix(in.Source, "FlinkKafkaConsumer"), strings.HasPrefix(in.Source, "FlinkKinesisConsumer"):
			return true
		}
	}
	return false
}

// jobOf returns the environments of the job the window belongs to: those
// its inputs are read on (env.fromSource(...)) in the method that builds
// the window or around it, or that method's. An input read in another
// method (a helper's caller) may belong to any job that calls the helper.
func jobOf(p *model.Project, w *jobgraph.Window, roots []jobgraph.Root) []model.Env {
	scope := model.ScopeOf(w.Call)
	var envs []model.Env
	for _, r := range roots {
		if r.SourceNode == nil || r.SourceNode.Recv == nil {
			continue
		}
		if s := model.ScopeOf(r.SourceNode); s.Contains(scope) || scope.Contains(s) {
			envs = append(envs, p.Envs(r.SourceNode.Recv)...)
		}
	}
	if len(envs) == 0 {
		envs = []model.Env{{Scope: scope}}
	}
	return envs
}

// batchSite is a place that sets the BATCH runtime mode.
type batchSite struct {
	envs []model.Env    // setRuntimeMode(BATCH) on these environments
	site *flinksql.Site // or execution.runtime-mode: batch in a configuration
}

// batchSites finds where the project runs jobs in BATCH mode:
// env.setRuntimeMode(RuntimeExecutionMode.BATCH),
// conf.set(ExecutionOptions.RUNTIME_MODE, RuntimeExecutionMode.BATCH), and
// execution.runtime-mode set to batch in configuration or SQL. In BATCH
// mode a window sees all of its input before it fires: nothing is late.
func batchSites(p *model.Project) []batchSite {
	var out []batchSite
	for _, n := range p.Calls("setRuntimeMode", "set") {
		if n.Kind != model.Call || n.Recv == nil {
			continue
		}
		var mode *model.Node
		switch {
		case n.Name == "setRuntimeMode" && len(n.Args()) == 1:
			mode = n.Args()[0]
		case n.Name == "set" && len(n.Args()) == 2 && model.SimpleName(p.Value(n.Args()[0])) == "RUNTIME_MODE":
			mode = n.Args()[1]
		default:
			continue
		}
		if model.SimpleName(p.Value(mode)) == "BATCH" {
			out = append(out, batchSite{envs: p.Envs(n.Recv)})
		}
	}
	for _, s := range flinksql.Settings(p, flinksql.Statements(p), "execution.runtime-mode") {
		v := s.Value
		if s.ValueNode != nil {
			v = model.SimpleName(p.Value(s.ValueNode))
		}
		if strings.EqualFold(strings.TrimSpace(v), "batch") {
			out = append(out, batchSite{site: &s})
		}
	}
	return out
}

// inBatch reports whether a BATCH setting applies to the job of the window.
func inBatch(sites []batchSite, w *jobgraph.Window, job []model.Env) bool {
	for _, b := range sites {
		if b.site != nil {
			if b.site.AppliesTo(w.Call.File, job) {
				return true
			}
			continue
		}
		if model.AnySame(b.envs, job) {
			return true
		}
	}
	return false
}
