// Package lineage tells what watermarks a stream carries: it walks a
// stream back to the calls that decide its watermarks (fromSource, a
// legacy addSource, assignTimestampsAndWatermarks, a test source...) and
// says, for each, whether it generates watermarks, with or without
// idleness, whether the input ends and whether its records carry
// timestamps. Rules about streams with no watermarks and about combined
// streams share it.
package lineage

import (
	"strings"

	"github.com/flinklint/flinklint/jobgraph/internal/flow"
	"github.com/flinklint/flinklint/jobgraph/internal/sources"
	"github.com/flinklint/flinklint/jobgraph/internal/strategy"
	"github.com/flinklint/flinklint/jobgraph/internal/windowing"
	"github.com/flinklint/flinklint/parsers/model"
)

// Tri is a yes or no that the code may not settle.
type Tri uint8

// The answers.
const (
	Unknown Tri = iota
	Yes
	No
)

// Watermarks says whether an input generates watermarks.
type Watermarks uint8

// The kinds of input.
const (
	// Unseen: the walk cannot see what the input does (a parameter, a
	// table converted to a stream, a library's source, a strategy built
	// where flinklint cannot follow).
	Unseen Watermarks = iota
	// None: no watermark generator: noWatermarks(), a legacy source that
	// emits none, a collection, socket or file read without an assigner.
	// Such an input emits only the final watermark when it ends.
	None
	// Generated: a watermark strategy or assigner generates them.
	Generated
)

// Root is one call where the watermarks of a stream are decided.
type Root struct {
	// Node is the fromSource, addSource, assignTimestampsAndWatermarks or
	// source call, or the expression the walk could not see past.
	Node       *model.Node
	Watermarks Watermarks
	// Strategy is the strategy factory (noWatermarks(),
	// forBoundedOutOfOrderness(...)) or legacy assigner given to Node,
	// after following variables and helpers; nil when there is none.
	Strategy *model.Node
	// Idleness: the strategy marks a quiet input idle (withIdleness);
	// Unknown for custom generators, which may do it themselves.
	Idleness Tri
	// Bounded: the input ends (and then emits the final watermark).
	Bounded Tri
	// Timestamps: the records carry timestamps.
	Timestamps Tri
	// Source names what reads the input, as a message says it
	// ("KafkaSource", "fromElements"); "" when unknown.
	Source string
	// SourceNode is the call that reads the input (Node itself, or the
	// source under an assignTimestampsAndWatermarks); nil when unknown.
	SourceNode *model.Node
	// Reassigned are the variables, assigned again after their
	// declaration, that make the root unseen: which of their values the
	// stream is depends on statements whose order does not settle it (a
	// write in a branch or a loop; flow.Reaching settles the others).
	Reassigned []*model.Node
}

// Unbounded reports whether the input is known never to end.
func (r Root) Unbounded() bool { return r.Bounded == No }

// through are the single-input operations whose result carries the
// watermarks of their input (and adds none).
var through = map[string]bool{
	"map": true, "filter": true, "flatMap": true, "keyBy": true, "name": true, "uid": true, "setUidHash": true,
	"setParallelism": true, "setMaxParallelism": true, "returns": true, "rebalance": true, "shuffle": true,
	"rescale": true, "forward": true, "global": true, "broadcast": true, "startNewChain": true,
	"disableChaining": true, "slotSharingGroup": true, "setDescription": true, "getSideOutput": true,
	"where": true, "equalTo": true, "between": true, "lowerBoundExclusive": true, "upperBoundExclusive": true,
	"window": true, "windowAll": true, "countWindow": true, "countWindowAll": true, "timeWindow": true,
	"timeWindowAll": true, "trigger": true, "evictor": true, "allowedLateness": true, "sideOutputLateData": true,
	"reduce": true, "aggregate": true, "apply": true, "fold": true, "sum": true, "min": true, "max": true,
	"minBy": true, "maxBy": true, "process": true, "partitionCustom": true, "project": true,
	"setBufferTimeout": true,
}

// combining are the calls whose result takes the minimum of the
// watermarks of their receiver and arguments.
var combining = map[string]bool{"union": true, "connect": true, "join": true, "coGroup": true, "intervalJoin": true}

// legacyReads are the environment methods that read a collection, a file
// or a socket into a stream whose records carry no timestamp.
var legacyReads = map[string]Tri{ // the value: whether the input ends
	"fromElements": Yes, "fromCollection": Yes, "fromData": Yes, "fromSequence": Yes, "generateSequence": Yes,
	"fromParallelCollection": Yes, "readTextFile": Yes, "readFile": Yes, "socketTextStream": No,
}

// legacyConsumers are the legacy SourceFunctions of Flink's connectors whose
// records carry the broker's timestamps and which generate watermarks only
// when assignTimestampsAndWatermarks is called on them.
var legacyConsumers = map[string]bool{
	"FlinkKafkaConsumer": true, "FlinkKafkaConsumer011": true, "FlinkKafkaConsumer010": true,
	"FlinkKafkaConsumer09": true, "FlinkKafkaConsumer08": true, "FlinkKinesisConsumer": true,
}

// LegacyConsumer reports whether name is one of legacyConsumers.
func LegacyConsumer(name string) bool { return legacyConsumers[name] }

// maxNesting bounds how deep combinations of combinations are followed back.
const maxNesting = 8

// Lineage answers these questions for one project, and keeps the answers
// that cost a walk: a job graph asks them of the same streams for several
// rules.
type Lineage struct {
	p         *model.Project
	ingestion *Ingestion // the project's IngestionTime settings; nil until asked
	roots     map[*model.Node][]Root
	bounded   map[*model.Node]bool
	asking    map[*model.Node]bool // the streams Bounded is asked of, now
	assumed   bool                 // an answer took an asked stream to end
}

// New returns the Lineage of the project p.
func New(p *model.Project) *Lineage {
	return &Lineage{p: p, roots: map[*model.Node][]Root{}, bounded: map[*model.Node]bool{}, asking: map[*model.Node]bool{}}
}

// Roots walks the stream s back through the operations that keep its
// watermarks, and through unions, connections and joins into each of their
// inputs, and describes the calls where its watermarks are decided.
func (l *Lineage) Roots(s *model.Node) []Root {
	if r, ok := l.roots[s]; ok {
		return r
	}
	w := &walker{p: l.p, ingestion: l.ingestionTime()}
	var out []Root
	w.roots(s, 0, &out)
	l.roots[s] = out
	return out
}

type walker struct {
	p         *model.Project
	ingestion *Ingestion // nil: no job sets IngestionTime
}

func (w *walker) roots(s *model.Node, depth int, out *[]Root) {
	if s == nil || depth > maxNesting {
		*out = append(*out, Root{Node: s})
		return
	}
	var reassigned []*model.Node
	if v := w.reassigned(s); v != nil {
		reassigned = append(reassigned, v)
	}
	origins := flow.Origins(w.p, s, func(n *model.Node) bool {
		if !through[n.Name] {
			return false
		}
		if v := w.reassigned(n.Recv); v != nil {
			reassigned = append(reassigned, v)
		}
		return true
	})
	if reassigned != nil {
		// A variable that is assigned again (s = s.assignTimestampsAndWatermarks(...))
		// may hold another stream than its initializer: unseen.
		*out = append(*out, Root{Node: s, Reassigned: reassigned})
	}
	for _, o := range origins {
		switch {
		case (o.Kind == model.Call || o.Kind == model.Select) && combining[o.Name] && o.Recv != nil:
			for _, in := range append([]*model.Node{o.Recv}, o.Args()...) {
				w.roots(in, depth+1, out)
			}
		case model.IsStaticCall(o, "AsyncDataStream", "orderedWait") || model.IsStaticCall(o, "AsyncDataStream", "unorderedWait"):
			if len(o.Args()) > 0 {
				w.roots(o.Args()[0], depth+1, out)
			} else {
				*out = append(*out, Root{Node: o})
			}
		default:
			*out = append(*out, w.root(o, depth))
		}
	}
}

// reassigned returns the variable n names when it is assigned after its
// declaration and the order of statements does not settle which value n
// reads (flow.Reaching); nil otherwise.
func (w *walker) reassigned(n *model.Node) *model.Node {
	if n == nil || n.Kind != model.Ident || flow.Reaching(w.p, n) != nil {
		return nil
	}
	d := w.p.ValueDecl(n)
	if d == nil || d.Kind != model.Local {
		return nil
	}
	for _, r := range w.p.Refs(d) {
		if a := r.Parent; a != nil && a.Kind == model.Assign && len(a.Args()) > 0 && a.Args()[0] == r {
			return d
		}
	}
	return nil
}

// root describes the origin o of a stream.
func (w *walker) root(o *model.Node, depth int) Root {
	r := Root{Node: o}
	if o.Kind != model.Call {
		return r
	}
	switch {
	case o.Name == "assignTimestampsAndWatermarks" && len(o.Args()) == 1:
		st := StrategyOf(w.p, o.Args()[0])
		r.Watermarks, r.Strategy, r.Idleness = st.Watermarks, st.Factory, st.Idleness
		if st.Watermarks == None {
			// The records keep the timestamps of the input unless the
			// strategy assigns its own; the input's end still ends it.
			var in []Root
			w.roots(o.Recv, depth+1, &in)
			r.Bounded, r.Timestamps, r.Source, r.SourceNode = merge(in)
			if st.Assigner {
				r.Timestamps = Yes
			}
		}
	case o.Name == "assignAscendingTimestamps" || o.Name == "assignTimestamps":
		r.Watermarks = Generated // Scala's and the first API's assigners
	case o.Name == "fromSource" && len(o.Args()) >= 2:
		st := StrategyOf(w.p, o.Args()[1])
		r.Watermarks, r.Strategy, r.Idleness = st.Watermarks, st.Factory, st.Idleness
		r.Source, r.Bounded, r.Timestamps = describe(w.p, o.Args()[0])
		r.SourceNode = o
		if st.Assigner {
			r.Timestamps = Yes
		}
	case o.Name == "addSource" && len(o.Args()) > 0:
		r.SourceNode = o
		if !w.ingestion.At(o) {
			w.legacy(&r, o.Args()[0])
		}
	case legacyReads[o.Name] != Unknown && o.Recv != nil:
		r.SourceNode, r.Source, r.Bounded = o, o.Name, legacyReads[o.Name]
		if !sources.IsFileRead(w.p, o) && (o.Name == "readFile" || o.Name == "readTextFile") {
			r.Bounded = No
		}
		if w.ingestion.At(o) {
			break // IngestionTime stamps and watermarks every legacy source, which still ends
		}
		r.Watermarks, r.Timestamps = None, No
	}
	return r
}

// merge sums up the inputs of an assigner: ends when all end; carries
// timestamps when all do.
func merge(in []Root) (bounded, timestamps Tri, source string, node *model.Node) {
	bounded, timestamps = Yes, Yes
	for i, r := range in {
		if i == 0 {
			source, node = r.Source, r.SourceNode
		}
		bounded = worse(bounded, r.Bounded)
		timestamps = worse(timestamps, r.Timestamps)
	}
	if len(in) == 0 {
		return Unknown, Unknown, "", nil
	}
	return bounded, timestamps, source, node
}

// worse combines two answers to "do all...": No wins, then Unknown.
func worse(a, b Tri) Tri {
	switch {
	case a == No || b == No:
		return No
	case a == Unknown || b == Unknown:
		return Unknown
	}
	return Yes
}

// describe says what a Source of the new API reads: its class, whether it
// ends and whether its records carry timestamps.
func describe(p *model.Project, src *model.Node) (string, Tri, Tri) {
	info := sources.Describe(p, src)
	switch {
	case info.MultiSplit && info.Bounded:
		return info.Class, Yes, Yes
	case info.MultiSplit:
		return info.Class, No, Yes // brokers stamp every record
	case info.Class == "FileSource" && info.Bounded:
		return info.Class, Yes, No
	case info.Class == "FileSource":
		return info.Class, No, No
	}
	v := p.Value(src)
	switch {
	case model.Constructs(v, "NumberSequenceSource"):
		return "NumberSequenceSource", Yes, No
	case model.Constructs(v, "DataGeneratorSource"):
		return "DataGeneratorSource", Unknown, No
	}
	return info.Class, Unknown, Unknown
}

// legacy describes the legacy SourceFunction fn given to addSource.
func (w *walker) legacy(r *Root, fn *model.Node) {
	v := w.p.Value(fn)
	// new FlinkKafkaConsumer<>(...).assignTimestampsAndWatermarks(...)
	var chain model.Walk // each link is entered and none left: c = c.setStartFromLatest() is a cycle
	for n := v; (n.Kind == model.Call || n.Kind == model.Select) && n.Recv != nil && chain.Enter(n); n = w.p.Value(n.Recv) {
		if n.Name == "assignTimestampsAndWatermarks" {
			r.Watermarks = Generated
			return
		}
		v = w.p.Value(n.Recv)
	}
	name := v.Name
	if v.Kind == model.New || v.Kind == model.Call && v.Recv == nil {
		if legacyConsumers[name] {
			r.Source = name
			if assigned(w.p, v) {
				r.Watermarks = Generated
				return
			}
			r.Watermarks, r.Bounded, r.Timestamps = None, No, Yes
			return
		}
	}
	if v.Kind != model.New {
		return
	}
	class := v.Class()
	if class == nil {
		class = windowing.ClassNamed(w.p, v, v.Name)
	}
	if class == nil {
		return // a library's source: unknown
	}
	r.Source = name
	emits, stamps := false, false
	var run, cancel *model.Node
	model.Inspect(class, func(n *model.Node) bool {
		switch {
		case model.IsCall(n, "emitWatermark", "markAsTemporarilyIdle"):
			emits = true
		case model.IsCall(n, "collectWithTimestamp"):
			stamps = true
		case n.Kind == model.Method && n.Name == "run" && len(n.Params()) == 1:
			run = n
		case n.Kind == model.Method && n.Name == "cancel":
			cancel = n
		}
		return true
	})
	if emits || run == nil || !sourceFunction(class) || w.escapes(run.Params()[0]) {
		// It makes its own watermarks, may inherit them, or hands its
		// context to code that may.
		return
	}
	r.Watermarks, r.Timestamps = None, No
	if stamps {
		r.Timestamps = Yes
	}
	switch {
	case sources.FiniteFunction(w.p, v):
		r.Bounded = Yes
	case waitsForCancel(run, cancel):
		r.Bounded = No
	}
}

// contextCalls are the SourceContext methods that neither emit watermarks
// nor let others do it.
var contextCalls = map[string]bool{"collect": true, "collectWithTimestamp": true, "getCheckpointLock": true, "close": true}

// escapes reports whether the SourceContext parameter ctx is used other
// than to collect records: passed to a generator that may emit watermarks,
// say.
func (w *walker) escapes(ctx *model.Node) bool {
	for _, r := range w.p.Refs(ctx) {
		if o := model.Outer(r); o == nil || !contextCalls[o.Name] {
			return true
		}
	}
	return false
}

// waitsForCancel reports whether a loop of run reads a field that cancel
// writes (while (running) ...): the source runs until it is cancelled.
// Other loops (while (now < end)) may end.
func waitsForCancel(run, cancel *model.Node) bool {
	if cancel == nil {
		return false
	}
	flags := map[string]bool{}
	model.Inspect(cancel, func(n *model.Node) bool {
		if n.Kind == model.Assign && len(n.Args()) == 2 {
			if name := model.SimpleName(n.Args()[0]); name != "" {
				flags[name] = true
			}
		}
		return true
	})
	waits := false
	model.Inspect(run, func(n *model.Node) bool {
		if model.IsConditionLoop(n) {
			model.Inspect(n, func(m *model.Node) bool {
				waits = waits || flags[model.SimpleName(m)]
				return !waits
			})
		}
		return !waits
	})
	return waits
}

// sourceFunction reports whether class implements one of Flink's
// SourceFunction interfaces directly, so that no superclass of the
// project can emit watermarks for it.
func sourceFunction(class *model.Node) bool {
	for _, s := range class.Supers() {
		if strings.HasSuffix(s, "SourceFunction") {
			return true
		}
	}
	return false
}

// assigned reports whether assignTimestampsAndWatermarks is called on the
// legacy consumer v, in its chain or on a variable holding it.
func assigned(p *model.Project, v *model.Node) bool {
	for _, u := range flow.Downstream(p, v, func(c *model.Node) bool { return strings.HasPrefix(c.Name, "set") }) {
		if u.Kind == flow.Receiver && u.At.Name == "assignTimestampsAndWatermarks" {
			return true
		}
	}
	return false
}

// Ingestion holds the calls of a project that set the IngestionTime
// characteristic (Flink before 2.0), under which legacy sources stamp their
// records and emit watermarks. It is a setting of the environment, so it
// applies to the jobs built on it, not to the whole project: a repository
// that holds Flink's own tests sets it somewhere.
type Ingestion struct {
	p       *model.Project
	setters [][]model.Env // the environments each setter is called on
}

// newIngestion finds the project's setStreamTimeCharacteristic calls that
// set IngestionTime.
func newIngestion(p *model.Project) *Ingestion {
	in := &Ingestion{p: p}
	for _, n := range p.Calls("setStreamTimeCharacteristic") {
		if len(n.Args()) != 1 || n.Recv == nil {
			continue
		}
		arg := n.Args()[0]
		if arg.Kind == model.Ident {
			arg = p.Value(arg) // a variable or constant that holds it
		}
		if model.SimpleName(arg) == "IngestionTime" {
			in.setters = append(in.setters, p.Envs(n.Recv))
		}
	}
	return in
}

// At reports whether the source call o may run under IngestionTime: a
// setter is called on an environment that may be o's, or where flinklint
// cannot tell either environment (precision first: the source is then
// taken to be stamped).
func (in *Ingestion) At(o *model.Node) bool {
	if in == nil || len(in.setters) == 0 {
		return false
	}
	var envs []model.Env
	if o.Recv != nil {
		envs = in.p.Envs(o.Recv)
	}
	for _, set := range in.setters {
		if len(set) == 0 || len(envs) == 0 || model.AnySame(set, envs) {
			return true
		}
	}
	return false
}

// IngestionTime reports whether the source call o may run under the
// IngestionTime characteristic (Ingestion.At).
func (l *Lineage) IngestionTime(o *model.Node) bool { return l.ingestionTime().At(o) }

// ingestionTime returns the project's IngestionTime settings, found once.
func (l *Lineage) ingestionTime() *Ingestion {
	if l.ingestion == nil {
		l.ingestion = newIngestion(l.p)
	}
	return l.ingestion
}

// LegacyRoot describes the addSource call o as Roots does when the
// project does not set the IngestionTime characteristic, for a rule that
// decides per job whether it does.
func LegacyRoot(p *model.Project, o *model.Node) Root {
	r := Root{Node: o, SourceNode: o}
	(&walker{p: p}).legacy(&r, o.Args()[0])
	return r
}

// Strategy describes a watermark strategy or legacy assigner expression.
type Strategy struct {
	Watermarks Watermarks
	// Factory is the call that creates the strategy (noWatermarks(),
	// forBoundedOutOfOrderness(...), forGenerator(...)) or the legacy
	// assigner's constructor; nil when unseen.
	Factory  *model.Node
	Idleness Tri
	// Assigner: withTimestampAssigner is applied.
	Assigner bool
}

// StrategyOf follows the strategy expression e (through variables,
// constants, helpers and withTimestampAssigner/withIdleness links) to its
// factory.
func StrategyOf(p *model.Project, e *model.Node) Strategy {
	var st Strategy
	v := p.Value(e)
	var w model.Walk
	for (v.Kind == model.Call || v.Kind == model.Select) && strategy.Derives(v.Name) && v.Recv != nil && w.Enter(v) {
		switch v.Name {
		case "withIdleness":
			st.Idleness = Yes
		case "withTimestampAssigner":
			st.Assigner = true
		}
		v = p.Value(v.Recv)
	}
	switch {
	case sources.IsNoWatermarks(v):
		st.Watermarks, st.Factory = None, v
	case model.IsCall(v, strategy.Generating()...) && v.Recv != nil && model.SimpleName(v.Recv) == "WatermarkStrategy":
		st.Watermarks, st.Factory = Generated, v
		if st.Idleness == Unknown && v.Name != "forGenerator" {
			st.Idleness = No
		}
	case v.Kind == model.New && strings.HasSuffix(v.Name, "TimestampExtractor"):
		// BoundedOutOfOrdernessTimestampExtractor, AscendingTimestampExtractor:
		// periodic, and with no way to go idle.
		st.Watermarks, st.Factory = Generated, v
		if st.Idleness == Unknown {
			st.Idleness = No
		}
	case v.Kind == model.New || v.Kind == model.Lambda:
		st.Watermarks, st.Factory = Generated, v // a custom strategy or assigner
	}
	return st
}
