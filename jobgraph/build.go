package jobgraph

import (
	"fmt"
	"maps"
	"path/filepath"
	"slices"
	"strings"

	"github.com/flinklint/flinklint/jobgraph/internal/ops"
	"github.com/flinklint/flinklint/jobgraph/internal/sinks"
	"github.com/flinklint/flinklint/jobgraph/internal/windowing"
	"github.com/flinklint/flinklint/parsers/model"
	"github.com/flinklint/flinklint/parsers/model/constant"
)

// sourceCalls are the environment methods that start a stream, and the
// TableEnvironment methods that turn a table into one.
var sourceCalls = []string{
	"fromSource", "addSource", "fromElements", "fromCollection", "fromData", "fromSequence", "generateSequence",
	"fromParallelCollection", "readTextFile", "readFile", "socketTextStream", "createInput",
	"toDataStream", "toChangelogStream", "toAppendStream", "toRetractStream",
}

// joinParts are the calls that configure a join and return it: no node
// of their own.
var joinParts = map[string]bool{
	"where": true, "equalTo": true, "between": true, "lowerBoundExclusive": true, "upperBoundExclusive": true,
}

// windowParts configure a windowed stream or turn it into the window's
// operator: they belong to the window's node.
var windowParts = map[string]bool{
	"trigger": true, "evictor": true, "allowedLateness": true, "sideOutputLateData": true,
	"reduce": true, "aggregate": true, "apply": true, "fold": true, "sum": true, "min": true, "max": true,
	"minBy": true, "maxBy": true, "process": true,
}

var windowCalls = map[string]bool{
	"window": true, "windowAll": true, "countWindow": true, "countWindowAll": true, "timeWindow": true, "timeWindowAll": true,
}

var combineCalls = map[string]bool{
	"union": true, "connect": true, "join": true, "coGroup": true, "intervalJoin": true,
}

// ends reports whether the call name writes a stream out (a sink, a
// collect by the client) or hands it to the Table API.
func ends(name string) bool {
	return slices.Contains(sinks.Calls(), name) || windowing.ConvertsToTable(name) ||
		name == "writeUsingOutputFormat" || name == "writeToSocket" || name == "executeAndCollect" || name == "collectAsync"
}

// Keywords are the words without one of which a Java, Scala or Python
// file starts no stream: a drawing's prefilter, beside the rules' own (a
// helper that only maps a stream it is given is parsed when a job reaches
// it).
func Keywords() []string { return append(slices.Clone(sourceCalls), "execute") }

// maxNodes bounds the nodes of one project's graph: a generated project
// with thousands of jobs still draws, and costs, a bounded picture.
const maxNodes = 20_000

// Jobs returns the jobs of the project, built on first use: the streams
// from each source to its sinks, and the tables and queries of its SQL.
func (g *Graph) Jobs() []*Job {
	if !g.built {
		g.built = true
		b := &builder{g: g, byCall: map[*model.Node]*Node{}, seen: map[[2]*model.Node]bool{}, folded: map[*model.Node]bool{},
			out: map[*Node][]int{}, in: map[*Node][]int{}}
		b.streams()
		g.jobs = slices.DeleteFunc(append(b.streamJobs(), b.sqlJobs()...), func(j *Job) bool { return len(j.Nodes) == 0 })
		b.settings(g.jobs)
		for i, n := range b.nodes {
			n.ID = fmt.Sprintf("n%d", i+1)
		}
	}
	return g.jobs
}

// builder builds the nodes of the project's streams.
type builder struct {
	g       *Graph
	nodes   []*Node
	sources []*Node
	edges   []Edge
	out, in map[*Node][]int // the edges from and into each node, by index in edges
	byCall  map[*model.Node]*Node
	seen    map[[2]*model.Node]bool // (node's call, stream value) walked
	folded  map[*model.Node]bool    // the calls folded into a node (fold)
}

// streams builds a node for each source and follows each stream to its ends.
func (b *builder) streams() {
	for _, c := range b.g.p.Calls(sourceCalls...) {
		if c.Kind != model.Call || c.Recv == nil || b.byCall[c] != nil {
			continue
		}
		n := b.node(c, Source)
		b.sourceFacts(n)
		b.sources = append(b.sources, n)
		b.follow(n, c)
	}
	b.unseenOrigins()
}

// unseenOrigins starts the windows that no source reaches (a helper that
// takes its stream as a parameter, a stream of a library) from an unknown
// node at the expression their stream comes from, so the picture shows
// them as what they are: inputs the graph cannot see.
func (b *builder) unseenOrigins() {
	through := func(c *model.Node) bool { return !windowCalls[c.Name] && !ends(c.Name) }
	for _, w := range b.g.Windows() {
		if b.byCall[w.Call] != nil || len(b.nodes) > maxNodes {
			continue
		}
		for _, o := range b.g.Origins(w.Call.Recv, through) {
			if o != nil && b.byCall[o] == nil {
				b.unseen(o)
			}
		}
		if b.byCall[w.Call] == nil && w.Call.Recv != nil {
			// Its origins are nodes, but their stream reaches the window
			// through a method's result the walk does not follow.
			b.unseen(w.Call.Recv)
		}
	}
}

// unseen starts an unknown input at the expression o, and follows it.
func (b *builder) unseen(o *model.Node) {
	n := b.node(o, UnknownNode)
	name := model.SimpleName(o)
	if name == "" {
		name = o.Written()
	}
	if name == "" {
		name = strings.ToLower(o.Kind.String()) // a lambda's parameter, say
	}
	n.Label = strings.TrimSpace("unknown input " + name)
	b.sources = append(b.sources, n)
	b.follow(n, o)
}

// node returns the node of call c, made with kind k the first time.
func (b *builder) node(c *model.Node, k Kind) *Node {
	if n := b.byCall[c]; n != nil {
		return n
	}
	pos := c.NamePos()
	if !pos.IsValid() {
		pos = c.Pos()
	}
	n := b.add(&Node{Kind: k, Label: c.Written(), Call: c, File: c.File, Pos: pos, End: c.End()})
	b.byCall[c] = n
	return n
}

// backward reports whether to is written before from in the method that
// holds both.
func backward(from, to *Node) bool {
	return from.Call != nil && to.Call != nil && to.Pos < from.Pos && sameScope(from.Call, to.Call) &&
		model.Enclosing(from.Call, model.Method) != nil
}

// extend stretches the code of n over the call c that it folds in (a
// window's trigger and function, an operator's uid), so that what is said
// about c is said about n.
func (n *Node) extend(c *model.Node) {
	if c.File == n.File && c.End() > n.End {
		n.End = c.End()
	}
}

// add adds n to the graph's nodes, in the order they are found.
func (b *builder) add(n *Node) *Node {
	n.seq = len(b.nodes)
	b.nodes = append(b.nodes, n)
	return n
}

// edge adds the stream from -> to. A node never feeds itself, nor one
// written before it in the same method: a variable assigned again
// (s = s.map(...), in a branch or not) is followed by name, not by value,
// and a DataStream program builds no cycle (iterate aside).
func (b *builder) edge(from, to *Node, label string) {
	e := Edge{from, to, label}
	if from == to || backward(from, to) {
		return
	}
	if !slices.ContainsFunc(b.out[from], func(i int) bool { return b.edges[i] == e }) {
		b.out[from] = append(b.out[from], len(b.edges))
		b.in[to] = append(b.in[to], len(b.edges))
		b.edges = append(b.edges, e)
	}
}

// follow walks the stream whose value is v, the output of node n, to the
// calls on it, making a node of each operator and an edge to it.
func (b *builder) follow(n *Node, v *model.Node) {
	key := [2]*model.Node{n.Call, v}
	if b.seen[key] || len(b.nodes) > maxNodes {
		return
	}
	b.seen[key] = true
	for _, u := range b.g.Uses(v) {
		c := u.At
		switch {
		case u.Kind == Receiver && c.Kind == model.Call:
			b.apply(n, c)
		case u.Kind == Argument && c.Kind == model.Call && combineCalls[c.Name]:
			m := b.node(c, Combine)
			b.edge(n, m, "")
			b.follow(m, c)
		case u.Kind == Argument && (model.IsStaticCall(c, "AsyncDataStream", "orderedWait") || model.IsStaticCall(c, "AsyncDataStream", "unorderedWait")):
			m := b.node(c, Operator)
			m.Label = "async " + c.Written()
			b.edge(n, m, "")
			b.follow(m, c)
		}
	}
}

// apply adds what the call c on the output of n makes.
func (b *builder) apply(n *Node, c *model.Node) {
	switch {
	case ops.Of(c.Name) == ops.SameOperator || joinParts[c.Name]:
		if b.fold(n, c) {
			b.attribute(n, c)
		}
		b.follow(n, c)
	case n.Kind == WindowNode && windowParts[c.Name]:
		if b.fold(n, c) {
			b.windowPart(n, c)
		}
		b.follow(n, c)
	case windowCalls[c.Name]:
		m := b.node(c, WindowNode)
		b.edge(n, m, "")
		b.follow(m, c)
	case c.Name == "getSideOutput":
		m := b.node(c, Operator)
		b.edge(n, m, b.tagName(firstArg(c)))
		b.follow(m, c)
	case ends(c.Name):
		fresh := b.byCall[c] == nil
		m := b.node(c, Sink)
		if fresh {
			b.sinkFacts(m)
		}
		b.edge(n, m, "")
	default:
		fresh := b.byCall[c] == nil
		m := b.node(c, b.kindOf(n, c))
		switch {
		case !fresh:
		case m.Kind == Assigner:
			b.assignerFacts(m)
		case m.Kind == Process && len(c.Args()) > 0:
			b.timerFacts(m, c.Args()[0])
		}
		b.edge(n, m, "")
		b.follow(m, c)
	}
}

// fold records that the call c, which describes or configures n, is part
// of n, and reports whether it was not yet: a call reached again on
// another path adds nothing.
func (b *builder) fold(n *Node, c *model.Node) bool {
	if b.folded[c] {
		return false
	}
	b.folded[c] = true
	n.extend(c)
	return true
}

func (b *builder) kindOf(in *Node, c *model.Node) Kind {
	switch {
	case c.Name == "keyBy":
		return KeyBy
	case combineCalls[c.Name] || c.Name == "broadcast" && len(c.Args()) > 0:
		return Combine
	case c.Name == "assignTimestampsAndWatermarks" || c.Name == "assignAscendingTimestamps" || c.Name == "assignTimestamps":
		return Assigner
	case c.Name == "process" && (in.Kind == KeyBy || in.Kind == Combine):
		return Process
	}
	return Operator
}

// attribute records name(...) and uid(...) on n.
func (b *builder) attribute(n *Node, c *model.Node) {
	if len(c.Args()) != 1 {
		return
	}
	s, ok := b.text(c.Args()[0])
	switch {
	case !ok:
	case c.Name == "name":
		n.Name = s
	case c.Name == "uid":
		n.UID = s
	}
}

// text returns the constant string the expression e holds.
func (b *builder) text(e *model.Node) (string, bool) {
	if v := b.g.p.Value(e); v != nil && v.Kind == model.String {
		return v.Value(), true
	}
	return "", false
}

// sourceFacts describes the source n: what it reads, whether it ends, its
// splits and the strategy applied to it.
func (b *builder) sourceFacts(n *Node) {
	c := n.Call
	// fromSource(source, strategy, name) and addSource(function, name)
	// name the source: Flink calls its vertex "Source: name", by which a
	// running job is matched back to the code. A name(...) later wins.
	if at := map[string]int{"fromSource": 2, "addSource": 1}[c.Name]; at > 0 && len(c.Args()) > at {
		if s, ok := b.text(c.Args()[at]); ok {
			n.Name = s
		}
	}
	roots := b.g.Roots(c)
	if len(roots) == 0 {
		return
	}
	r := roots[0]
	if r.Source != "" && r.Source != c.Name {
		n.Label = fmt.Sprintf("%s(%s)", c.Written(), r.Source)
	}
	if model.IsCall(c, "fromSource") && len(c.Args()) > 0 {
		if info := b.g.Source(c.Args()[0]); info.MultiSplit {
			n.add("splits", "many")
		}
	}
	n.add("bounded", tri(r.Bounded))
	if model.IsCall(c, "fromSource", "addSource") && b.g.SingleSubtask(c) {
		n.add("parallelism", "1")
	}
	b.strategyFacts(n, r.Watermarks, r.Strategy, r.Idleness)
}

// assignerFacts describes the strategy of assignTimestampsAndWatermarks.
func (b *builder) assignerFacts(n *Node) {
	c := n.Call
	if c.Name != "assignTimestampsAndWatermarks" || len(c.Args()) != 1 {
		n.add("watermarks", "generated")
		return
	}
	st := b.g.StrategyOf(c.Args()[0])
	b.strategyFacts(n, st.Watermarks, st.Factory, st.Idleness)
	if st.Assigner {
		n.add("assigner", "withTimestampAssigner")
	}
}

func (b *builder) strategyFacts(n *Node, w Watermarks, factory *model.Node, idle Tri) {
	switch w {
	case None:
		n.add("watermarks", "none")
	case Generated:
		n.add("watermarks", "generated")
	}
	if factory == nil {
		return
	}
	n.add("strategy", factory.Written())
	if factory.Kind == model.Call && factory.Name == "forBoundedOutOfOrderness" && len(factory.Args()) == 1 {
		if d, ok := constant.Duration(b.g.p, factory.Args()[0]); ok {
			n.add("bound", d.String())
		}
	}
	if w == Generated {
		n.add("idleness", tri(idle))
	}
}

// windowPart adds the trigger, lateness, late tag or function c to the
// window n.
func (b *builder) windowPart(n *Node, c *model.Node) {
	if len(n.Facts) == 0 {
		b.windowFacts(n)
	}
	arg := ""
	if len(c.Args()) > 0 {
		arg = model.SimpleName(b.g.p.Value(c.Args()[0]))
	}
	switch c.Name {
	case "trigger", "evictor":
		n.add(c.Name, arg)
	case "allowedLateness":
		if len(c.Args()) == 1 {
			if d, ok := constant.Duration(b.g.p, c.Args()[0]); ok {
				n.add("lateness", d.String())
				return
			}
		}
		n.add("lateness", "set")
	case "sideOutputLateData":
		n.add("lateTag", b.tagName(firstArg(c)))
	default:
		n.add("function", c.Written())
	}
}

// tagName names a side output's tag as the code does: the variable or
// constant that holds it (late_tag, as Python writes it), else the id it is
// made with (OutputTag("late")).
func (b *builder) tagName(tag *model.Node) string {
	if tag == nil {
		return ""
	}
	if tag.Kind == model.Ident || tag.Kind == model.Select {
		return tag.Written()
	}
	if v := b.g.p.Value(tag); v.Kind == model.New && len(v.Args()) > 0 {
		if id, ok := b.text(v.Args()[0]); ok {
			return fmt.Sprintf("%s(%q)", v.Written(), id)
		}
	}
	return "a tag"
}

func firstArg(c *model.Node) *model.Node {
	if len(c.Args()) == 0 {
		return nil
	}
	return c.Args()[0]
}

// windowFacts describes the window n: its assigner, time and size.
func (b *builder) windowFacts(n *Node) {
	for _, w := range b.g.Windows() {
		if w.Call != n.Call {
			continue
		}
		if name := w.AssignerName(); w.Assigner != w.Call {
			if strings.HasPrefix(name, "the ") {
				name = "…" // an expression flinklint cannot name
			}
			n.Label = fmt.Sprintf("%s(%s)", n.Call.Written(), name)
		} else if len(n.Call.Args()) > 0 {
			if size, ok := constant.Int(b.g.p, n.Call.Args()[0]); ok && w.Kind == GlobalWindow {
				n.add("count", fmt.Sprint(size))
			}
		}
		n.add("time", [...]string{"unknown", "global", "processing", "event"}[w.Kind])
		if s, ok := w.EventTimeSpan(b.g.p); ok {
			key := "size"
			if s.Gap {
				key = "gap"
			}
			n.add(key, s.Length.String())
		}
		return
	}
}

// timerFacts says whether the process function fn registers event-time
// timers or reads the watermark.
func (b *builder) timerFacts(n *Node, fn *model.Node) {
	switch {
	case b.g.RegistersEventTimeTimers(fn) != nil:
		n.add("timers", "event time")
	case b.g.ReadsEventTime(fn) != nil:
		n.add("reads", "currentWatermark")
	}
}

// sinkFacts says what the sink n does with a repeated record.
func (b *builder) sinkFacts(n *Node) {
	c := n.Call
	switch {
	case c.Name == "executeAndCollect" || c.Name == "collectAsync":
		n.add("sink", "collected by the client") // a job of its own, run by this call
		return
	case !slices.Contains(SinkCalls(), c.Name) && !strings.HasPrefix(c.Name, "write"):
		n.add("writes", "a table")
		return
	}
	info := b.g.Sink(c)
	if info.Name != "" && info.Name != c.Name+"()" {
		n.Label = fmt.Sprintf("%s(%s)", c.Written(), info.Name)
	}
	switch {
	case info.Console:
		n.add("sink", "print")
	case info.Kind == Appends:
		n.add("sink", "append")
	case info.Kind == Upserts:
		n.add("sink", "upsert")
	}
}

func tri(t Tri) string {
	return [...]string{"unknown", "yes", "no"}[t]
}

// streamJobs groups the nodes into jobs: the sources read on the
// environment an execute call runs belong to its job, with every node
// their streams reach in the code that job runs; sources with no execute
// found make a job of the method (or file) they are read in.
func (b *builder) streamJobs() []*Job {
	p := b.g.p
	var execs []execution
	for _, c := range p.Calls("execute", "executeAsync") {
		if c.Kind == model.Call && c.Recv != nil {
			if envs := p.Envs(c.Recv); len(envs) > 0 {
				execs = append(execs, execution{c, envs})
			}
		}
	}
	runsOf := func(s *Node, envs []model.Env) []execution {
		var out []execution
		for _, e := range execs {
			if model.AnySame(envs, e.envs) {
				out = append(out, e)
			}
		}
		return nextInMethod(s, out)
	}
	r := &reacher{b: b, runs: map[*model.Node]map[*model.Node]bool{}}
	jobs := map[any]*jobNodes{} // by execute call (*model.Node), or by scope (model.Scope)
	var out []*jobNodes
	start := func(key any, j *Job, homes []model.Scope) *jobNodes {
		jn := jobs[key]
		if jn == nil {
			jn = &jobNodes{Job: j, in: map[*Node]bool{}, runs: r.runsIn(homes)}
			jobs[key] = jn
			out = append(out, jn)
		}
		return jn
	}
	for _, s := range b.sources {
		var envs []model.Env
		if s.Kind == Source {
			envs = p.Envs(s.Call.Recv)
		}
		placed := false
		for _, e := range runsOf(s, envs) {
			homes := []model.Scope{model.ScopeOf(e.call)}
			for _, env := range e.envs {
				homes = append(homes, env.Scope)
			}
			jn := start(e.call, &Job{Name: b.jobName(e.call), Execute: e.call, File: e.call.File, Pos: e.call.NamePos(), envs: e.envs}, homes)
			jn.after = before(e, execs)
			r.reach(jn, s)
			placed = true
		}
		if placed {
			continue
		}
		scopes := []model.Scope{model.ScopeOf(s.Call)}
		if len(envs) > 0 {
			scopes = scopes[:0]
			for _, e := range envs {
				if !slices.Contains(scopes, e.Scope) {
					scopes = append(scopes, e.Scope)
				}
			}
		}
		for _, scope := range scopes {
			jn := start(scope, &Job{Name: scopeName(scope), File: s.File, Pos: s.Pos}, []model.Scope{scope})
			r.reach(jn, s)
		}
	}
	var jobsOut []*Job
	for _, jn := range out {
		for n := range jn.in {
			jn.Nodes = append(jn.Nodes, n)
		}
		b.close(jn.Job)
		jobsOut = append(jobsOut, jn.Job)
	}
	return jobsOut
}

// execution is an execute call and the environments it runs.
type execution struct {
	call *model.Node
	envs []model.Env
}

// nextInMethod keeps, of the execute calls in the method of the source s,
// the first after it: Flink runs at each execute the operators built
// since the one before, so a method that runs two jobs in turn splits its
// sources between them. Execute calls in other methods (a helper that
// runs what it is given) are all kept.
func nextInMethod(s *Node, execs []execution) []execution {
	if s.Call == nil {
		return execs
	}
	var out []execution
	var next, last *execution
	for i, e := range execs {
		c := e.call
		if !sameScope(c, s.Call) {
			out = append(out, e)
			continue
		}
		if c.Pos() > s.Call.Pos() && (next == nil || c.Pos() < next.call.Pos()) {
			next = &execs[i]
		}
		if last == nil || c.Pos() > last.call.Pos() {
			last = &execs[i]
		}
	}
	switch {
	case next != nil:
		out = append(out, *next)
	case last != nil:
		out = append(out, *last)
	}
	return out
}

// sameScope reports whether a and b are written in one method, or both
// outside any method of one file (a script).
func sameScope(a, b *model.Node) bool {
	return a.File == b.File && model.Enclosing(a, model.Method) == model.Enclosing(b, model.Method)
}

// before returns the execute call of execs that comes last before e's in
// its scope, on the same environment; nil when there is none.
func before(e execution, execs []execution) *model.Node {
	var prev *model.Node
	for _, o := range execs {
		c := o.call
		if c.Pos() < e.call.Pos() && sameScope(c, e.call) && model.AnySame(o.envs, e.envs) && (prev == nil || c.Pos() > prev.Pos()) {
			prev = c
		}
	}
	return prev
}

// jobNodes is a job being built: the nodes it holds so far, and the code
// it runs.
type jobNodes struct {
	*Job
	in   map[*Node]bool
	runs map[*model.Node]bool // the methods and classes the job runs; nil: any
	// after is the execute call before the job's own in the same scope
	// (method, or file for a script): Flink's pipeline holds only what
	// was built since, so the job holds the operators of that scope
	// written between the two. Nil when there is none.
	after *model.Node
}

// reacher adds to jobs the nodes their sources reach.
type reacher struct {
	b    *builder
	runs map[*model.Node]map[*model.Node]bool // the code run from a method or class, by it
}

// maxRun bounds the methods a job is known to run.
const maxRun = 4096

// reach adds to j the node n and every node its streams reach in code the
// job runs: a helper that returns a stream to each of its callers hands
// the stream of one job to the callers of the others too, which are not
// part of it.
func (r *reacher) reach(j *jobNodes, n *Node) {
	if j.in[n] {
		return
	}
	j.in[n] = true
	for _, i := range r.b.out[n] {
		if m := r.b.edges[i].To; r.runsNode(j, m) {
			r.reach(j, m)
		}
	}
}

// runsNode reports whether the job j runs the code of node n: the method
// or class that holds it, or one around that, is one j runs.
func (r *reacher) runsNode(j *jobNodes, n *Node) bool {
	if n.Call == nil {
		return true
	}
	if j.Execute != nil && sameScope(n.Call, j.Execute) &&
		(n.Call.Pos() > j.Execute.Pos() || j.after != nil && n.Call.Pos() < j.after.Pos()) {
		return false // built after the job ran, or before the execute that ran the one before
	}
	if j.runs == nil {
		return true
	}
	for c := n.Call.Parent; c != nil; c = c.Parent {
		if (c.Kind == model.Method || c.Kind == model.Class) && j.runs[c] {
			return true
		}
	}
	return false
}

// runsIn returns the methods and classes that code in the scopes homes
// runs: theirs, and those of the project methods they call, transitively;
// nil when a scope is a whole file, which may run anything.
func (r *reacher) runsIn(homes []model.Scope) map[*model.Node]bool {
	out := map[*model.Node]bool{}
	for _, h := range homes {
		if h.Node == nil {
			return nil
		}
		maps.Copy(out, r.runsFrom(h.Node))
	}
	return out
}

// runsFrom returns the methods and classes run from the method or class
// m, itself included.
func (r *reacher) runsFrom(m *model.Node) map[*model.Node]bool {
	if set, ok := r.runs[m]; ok {
		return set
	}
	p := r.b.g.p
	set := map[*model.Node]bool{m: true}
	queue := []*model.Node{m}
	for len(queue) > 0 && len(set) < maxRun {
		at := queue[0]
		queue = queue[1:]
		model.Inspect(at, func(n *model.Node) bool {
			if n.Kind != model.Call && n.Kind != model.MethodRef {
				return true
			}
			if d := p.Decl(n); d != nil && d.Kind == model.Method && !set[d] {
				set[d] = true
				queue = append(queue, d)
			}
			return true
		})
	}
	r.runs[m] = set
	return set
}

// close orders the nodes of j as they were found and adds the edges
// between them.
func (b *builder) close(j *Job) {
	slices.SortFunc(j.Nodes, func(x, y *Node) int { return x.seq - y.seq })
	in := map[*Node]bool{}
	for _, n := range j.Nodes {
		in[n] = true
	}
	var edges []int
	for _, n := range j.Nodes {
		for _, i := range b.out[n] {
			if in[b.edges[i].To] {
				edges = append(edges, i)
			}
		}
	}
	slices.Sort(edges) // in the order they were found
	for _, i := range edges {
		j.Edges = append(j.Edges, b.edges[i])
	}
}

// jobName is what the job calls itself: the constant name given to
// execute, else the method it is run in.
func (b *builder) jobName(exec *model.Node) string {
	if len(exec.Args()) > 0 {
		if s, ok := b.text(exec.Args()[0]); ok && s != "" {
			return s
		}
	}
	return scopeName(model.ScopeOf(exec))
}

// scopeName names a scope for a reader: Class.method, or the file.
func scopeName(s model.Scope) string {
	var parts []string
	for n := s.Node; n != nil; n = n.Parent {
		if (n.Kind == model.Method || n.Kind == model.Class) && n.Name != "" {
			parts = append([]string{n.Written()}, parts...)
		}
	}
	if len(parts) == 0 && s.File != nil {
		return filepath.Base(s.File.Path)
	}
	return strings.Join(parts, ".")
}
