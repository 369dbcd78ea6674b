package jobgraph

import (
	"slices"
	"strings"

	"github.com/flinklint/flinklint/jobgraph/internal/flow"
	"github.com/flinklint/flinklint/jobgraph/internal/lineage"
	"github.com/flinklint/flinklint/jobgraph/internal/ops"
	"github.com/flinklint/flinklint/jobgraph/internal/sinks"
	"github.com/flinklint/flinklint/jobgraph/internal/sources"
	"github.com/flinklint/flinklint/jobgraph/internal/strategy"
	"github.com/flinklint/flinklint/jobgraph/internal/windowing"
	"github.com/flinklint/flinklint/parsers/model"
)

// The facts of a stream, as the rules read them. Each has one definition,
// in the internal package named, and the graph keeps the answers that cost
// a walk.
type (
	// Root is one call where a stream's watermarks are decided (lineage).
	Root = lineage.Root
	// Tri is a yes or no that the code may not settle.
	Tri = lineage.Tri
	// Watermarks says whether an input generates watermarks.
	Watermarks = lineage.Watermarks
	// Strategy describes a watermark strategy or legacy assigner.
	Strategy = lineage.Strategy
	// Window is one windowed stream and what is applied to it.
	Window = windowing.Window
	// AssignerKind is the notion of time a window assigner uses.
	AssignerKind = windowing.AssignerKind
	// Span is how long an event-time window lasts before it can fire.
	Span = windowing.Span
	// Usage says what a stream's consumers do with its event time.
	Usage = windowing.Usage
	// SourceInfo describes a Source of the new API.
	SourceInfo = sources.Info
	// SinkInfo describes a sink.
	SinkInfo = sinks.Info
	// SinkKind says how a sink stores a repeated result.
	SinkKind = sinks.Kind
	// Use is one place a value goes.
	Use = flow.Use
	// UseKind says how a value is used.
	UseKind = flow.Kind
	// OpClass says what a call on a stream does to it (ops).
	OpClass = ops.Class
)

// The classes of OpClass.
const (
	SameOperator = ops.SameOperator
	Repartition  = ops.Repartition
	Filter       = ops.Filter
	Convert      = ops.Convert
	ProcessFn    = ops.ProcessFn
	Union        = ops.Union
	RecordWise   = ops.RecordWise
)

// Through returns the walk step (for Origins and Downstream) that accepts
// the calls of the classes in mask.
func Through(mask OpClass) func(c *model.Node) bool { return ops.Through(mask) }

// The answers of Tri, the kinds of Watermarks, AssignerKind, Usage,
// SinkKind and UseKind.
const (
	Unknown = lineage.Unknown
	Yes     = lineage.Yes
	No      = lineage.No

	Unseen    = lineage.Unseen
	None      = lineage.None
	Generated = lineage.Generated

	GlobalWindow         = windowing.Global
	ProcessingTimeWindow = windowing.ProcessingTime
	EventTimeWindow      = windowing.EventTime

	UsesEventTime = windowing.UsesEventTime
	OtherTimeOnly = windowing.OtherTimeOnly
	Unused        = windowing.Unused

	Appends = sinks.Appends
	Upserts = sinks.Upserts

	Receiver  = flow.Receiver
	Argument  = flow.Argument
	Returned  = flow.Returned
	Discarded = flow.Discarded
	NotRead   = flow.Unused
	Other     = flow.Other
)

// Roots walks the stream s back through the operations that keep its
// watermarks, and through unions, connections and joins into each of
// their inputs, and describes the calls where its watermarks are decided.
func (g *Graph) Roots(s *model.Node) []Root { return g.lineage.Roots(s) }

// LegacyRoot describes the addSource call o as Roots does in a job that
// does not set the IngestionTime characteristic.
func (g *Graph) LegacyRoot(o *model.Node) Root { return lineage.LegacyRoot(g.p, o) }

// LegacyKafkaConsumer reports whether name is a legacy Kafka consumer
// class (FlinkKafkaConsumer, FlinkKafkaConsumer011 ... 08), the
// SourceFunctions of flink-connector-kafka before 4.0 whose Root has
// Source set to the class.
func LegacyKafkaConsumer(name string) bool {
	return lineage.LegacyConsumer(name) && strings.HasPrefix(name, "FlinkKafkaConsumer")
}

// IngestionTime reports whether the source call o may run under the
// IngestionTime characteristic, set on its environment (or on one
// flinklint cannot tell), under which legacy sources stamp their records
// and emit watermarks.
func (g *Graph) IngestionTime(o *model.Node) bool { return g.lineage.IngestionTime(o) }

// Bounded reports whether every input the stream s comes from is known to
// end; a finished input emits the final watermark and holds nothing back.
func (g *Graph) Bounded(s *model.Node) bool { return g.lineage.Bounded(s) }

// EventTimeUsage follows the stream s downstream and says whether anything
// there waits for its watermark.
func (g *Graph) EventTimeUsage(s *model.Node) Usage {
	if u, ok := g.usage[s]; ok {
		return u
	}
	u := windowing.EventTimeUsage(g.p, s)
	g.usage[s] = u
	return u
}

// EventTimeUser returns what downstream of the stream s uses its event
// time (an event-time window, say), or where s leaves the code followed;
// nil when nothing does.
func (g *Graph) EventTimeUser(s *model.Node) *model.Node { return windowing.EventTimeUser(g.p, s) }

// Combined returns the union, connect or join that the stream s flows into
// through record-by-record operations, and its other inputs.
func (g *Graph) Combined(s *model.Node) (*model.Node, []*model.Node) { return g.lineage.Combined(s) }

// MultiSplitOrigin returns the fromSource call of an unbounded multi-split
// source that the stream s is read from, through operators that keep its
// partitioning by subtask; nil when there is none.
func (g *Graph) MultiSplitOrigin(s *model.Node) *model.Node { return g.lineage.MultiSplitOrigin(s) }

// IdlenessReported reports whether a missing withIdleness of the
// generating root r matters: its source is a multi-split connector, or the
// stream it marks is combined with an input that may not end.
func (g *Graph) IdlenessReported(r Root) bool { return g.lineage.IdlenessReported(r) }

// StrategyOf follows the strategy expression e to its factory.
func (g *Graph) StrategyOf(e *model.Node) Strategy { return lineage.StrategyOf(g.p, e) }

// Windows returns the windowed streams of the project.
func (g *Graph) Windows() []*Window {
	if !g.found {
		g.windows, g.found = windowing.Find(g.p), true
	}
	return g.windows
}

// ClassifyAssigner says which notion of time a window assigner expression
// uses.
func ClassifyAssigner(a *model.Node) AssignerKind { return windowing.Classify(a) }

// RegistersEventTimeTimers returns the registerEventTimeTimer call in the
// function fn; ReadsEventTime that or a currentWatermark read.
func (g *Graph) RegistersEventTimeTimers(fn *model.Node) *model.Node {
	return windowing.RegistersEventTimeTimers(g.p, fn)
}

// ReadsEventTime returns the registerEventTimeTimer or currentWatermark
// call in the function fn.
func (g *Graph) ReadsEventTime(fn *model.Node) *model.Node { return windowing.ReadsEventTime(g.p, fn) }

// ClassNamed resolves the type name written at, also to a nested class of
// the project.
func (g *Graph) ClassNamed(at *model.Node, name string) *model.Node {
	return windowing.ClassNamed(g.p, at, name)
}

// Source describes the Source expression src.
func (g *Graph) Source(src *model.Node) SourceInfo { return sources.Describe(g.p, src) }

// IsFileRead reports whether n reads files once and ends.
func (g *Graph) IsFileRead(n *model.Node) bool { return sources.IsFileRead(g.p, n) }

// IsNoWatermarks reports whether v is WatermarkStrategy.noWatermarks().
func IsNoWatermarks(v *model.Node) bool { return sources.IsNoWatermarks(v) }

// FiniteFunction reports whether fn creates a legacy SourceFunction of the
// project whose run ends.
func (g *Graph) FiniteFunction(fn *model.Node) bool { return sources.FiniteFunction(g.p, fn) }

// SingleSubtask reports whether the source call src runs in one subtask.
func (g *Graph) SingleSubtask(src *model.Node) bool { return sources.SingleSubtask(g.p, src) }

// SinkCalls are the methods of a DataStream that write it out.
func SinkCalls() []string { return sinks.Calls() }

// Sink says what the sink call c applied to a stream does with a repeated
// record.
func (g *Graph) Sink(c *model.Node) SinkInfo { return sinks.Describe(g.p, c) }

// StrategyDerives reports whether the method name returns a new strategy
// built on its receiver (withIdleness, withTimestampAssigner...).
func StrategyDerives(name string) bool { return strategy.Derives(name) }

// GeneratingFactories lists the WatermarkStrategy factories whose
// watermarks follow the records' timestamps.
func GeneratingFactories() []string { return strategy.Generating() }

// IsGeneratingFactory reports whether name is one of GeneratingFactories.
func IsGeneratingFactory(name string) bool { return strategy.IsGenerating(name) }

// PeriodicFactories lists the factories whose generator emits on the
// auto-watermark interval.
func PeriodicFactories() []string { return strategy.Periodic() }

// StrategyAssigner returns a withTimestampAssigner call of the strategy s.
func (g *Graph) StrategyAssigner(s *model.Node) *model.Node { return strategy.Assigner(g.p, s) }

// AssignerDropper returns the call of the strategy s, after a
// withTimestampAssigner of its chain, that returns a strategy without a
// Python assigner in PyFlink (withIdleness, withWatermarkAlignment), and
// that assigner call; nils when none does.
func (g *Graph) AssignerDropper(s *model.Node) (dropper, assigner *model.Node) {
	return strategy.Dropper(g.p, s)
}

// Uses returns where the value of n goes, in source order.
func (g *Graph) Uses(n *model.Node) []Use { return flow.Uses(g.p, n) }

// Downstream returns where the value of n goes, and goes on from each call
// on it that through accepts.
func (g *Graph) Downstream(n *model.Node, through func(call *model.Node) bool) []Use {
	return flow.Downstream(g.p, n, through)
}

// Origins walks back from n through the calls that through accepts to the
// expressions it cannot walk through.
func (g *Graph) Origins(n *model.Node, through func(call *model.Node) bool) []*model.Node {
	return flow.Origins(g.p, n, through)
}

// LegacyExtractor reports whether n constructs one of Flink's legacy
// periodic timestamp extractors (BoundedOutOfOrdernessTimestampExtractor,
// AscendingTimestampExtractor), in place or as a class of the project
// that extends one, maybe through other classes of the project. Their
// watermark method is final: such an assigner never marks its input idle.
func (g *Graph) LegacyExtractor(n *model.Node) bool {
	if n == nil || n.Kind != model.New {
		return false
	}
	var w model.Walk
	var extends func(name string, at *model.Node) bool
	extends = func(name string, at *model.Node) bool {
		if strings.HasSuffix(name, "TimestampExtractor") {
			return true
		}
		class := g.ClassNamed(at, name)
		if class == nil || !w.Enter(class) {
			return false
		}
		defer w.Leave(class)
		return slices.ContainsFunc(class.Supers(), func(s string) bool { return extends(s, class) })
	}
	return extends(n.Name, n)
}
