// Package kafkarecordtimestamp implements the rule kafka-record-timestamp.
package kafkarecordtimestamp

import (
	"slices"
	"strings"
	"sync"

	"golang.org/x/tools/go/analysis"

	"github.com/flinklint/flinklint/jobgraph"
	"github.com/flinklint/flinklint/parsers/model"
	"github.com/flinklint/flinklint/rules/internal/report"
	"github.com/flinklint/flinklint/rules/internal/rule"
)

// Analyzer reports event-time strategies on Kafka input that keep the
// timestamp stored in each Kafka record, which is when the record was
// produced, not necessarily when its event happened.
var Analyzer = rule.New("kafka-record-timestamp", run)

// kafkaSources are the Sources of the new API whose records carry the
// Kafka record's timestamp (KafkaRecordEmitter emits with
// consumerRecord.timestamp()).
var kafkaSources = map[string]bool{"KafkaSource": true, "DynamicKafkaSource": true}

// stampsRecords reports whether the legacy consumer class name emits each
// record with its Kafka timestamp: all but the 0.8 and 0.9 ones, as record
// timestamps came with Kafka 0.10's record format.
func stampsRecords(name string) bool {
	return jobgraph.LegacyKafkaConsumer(name) && name != "FlinkKafkaConsumer09" && name != "FlinkKafkaConsumer08"
}

type checker struct {
	pass *analysis.Pass
	g    *jobgraph.Graph
	p    *model.Project
	// stamping finds the project's producers that set the record
	// timestamp, once and only when a finding depends on them: it reads
	// every serialize method of the project, which in a repository
	// holding Flink's sources means parsing thousands of files.
	stamping func() stamps
}

func run(pass *analysis.Pass, g *jobgraph.Graph) {
	p := g.Project()
	c := &checker{pass: pass, g: g, p: p, stamping: sync.OnceValue(func() stamps { return stampingProducers(g, report.NewSource(pass)) })}
	for _, n := range p.Calls("fromSource", "assignTimestampsAndWatermarks") {
		if n.Kind == model.Call {
			c.check(n)
		}
	}
}

// check reports the strategy given to the call n (fromSource, or
// assignTimestampsAndWatermarks on a stream or a legacy consumer) when it
// generates watermarks from Kafka records' own timestamps and something
// downstream uses event time.
func (c *checker) check(n *model.Node) {
	ws, input, stream, topics := c.input(n)
	if ws == nil {
		return
	}
	st := c.g.StrategyOf(ws)
	if st.Watermarks != jobgraph.Generated || st.Factory == nil || !jobgraph.IsGeneratingFactory(st.Factory.Name) ||
		c.g.StrategyAssigner(ws) != nil {
		// No watermarks, a legacy assigner or a strategy class of the
		// project (which may create its own assigner), or an assigner set
		// on some path.
		return
	}
	if c.g.EventTimeUsage(stream) != jobgraph.UsesEventTime || c.stamping().cover(topics) {
		return
	}
	report.Finding{
		Headline: "event time is the Kafka record's timestamp: no withTimestampAssigner",
		Help: "add .withTimestampAssigner(...) that reads the event's own time, or, when the producer sets the " +
			"record timestamp to the event time, say so in a flinklint:ignore kafka-record-timestamp comment here",
		Note: "a Kafka record's timestamp is when the producer sent it (or the broker appended it), not " +
			"necessarily when the event happened, and event-time windows and timers group records by it",
		Evidence: slices.Concat(input, c.strategy(n, ws)),
	}.At(c.pass, ws)
}

// strategy is the evidence of the whole strategy expression ws that the
// call n applies, where it is defined apart from n.
func (c *checker) strategy(n, ws *model.Node) []analysis.RelatedInformation {
	return report.EvidenceApart(c.p.Value(ws), n, "watermark strategy defined here")
}

// input returns, for the call n, the strategy it applies, the evidence of
// the Kafka input whose records it stamps, the stream whose consumers see
// those timestamps and the topics read (ok false when unknown); ws is nil
// when n does not apply a strategy to Kafka records as they were read.
func (c *checker) input(n *model.Node) (ws *model.Node, input []analysis.RelatedInformation, stream *model.Node, topics topicSet) {
	switch {
	case n.Name == "fromSource" && len(n.Args()) >= 2:
		if info := c.g.Source(n.Args()[0]); kafkaSources[info.Class] {
			// Where the source is built too: switching it to Kafka is what
			// makes the strategy's missing assigner matter.
			input := slices.Concat(report.Evidence(n, info.Class+" read here"),
				report.EvidenceApart(c.p.Value(n.Args()[0]), n, info.Class+" built here"))
			return n.Args()[1], input, n, sourceTopics(c.g, n.Args()[0])
		}
	case n.Name == "assignTimestampsAndWatermarks" && len(n.Args()) == 1 && n.Recv != nil:
		if consumer := c.legacyConsumer(n.Recv); consumer != nil {
			add := c.addSource(consumer)
			if add == nil {
				return nil, nil, nil, topicSet{}
			}
			return n.Args()[0], slices.Concat(report.Evidence(consumer, consumer.Name+" built here"),
				report.Evidence(n, "strategy assigned here")), add, consumerTopics(c.g, consumer)
		}
		if origin, topics := c.unstamped(n.Recv); origin != nil {
			return n.Args()[0], slices.Concat(report.Evidence(origin, "Kafka source read here"),
				report.Evidence(n, "strategy assigned here")), n, topics
		}
	}
	return nil, nil, nil, topicSet{}
}

// legacyConsumer returns the construction of the legacy Kafka consumer
// that recv evaluates to, or nil.
func (c *checker) legacyConsumer(recv *model.Node) *model.Node {
	v := c.p.Value(recv)
	var w model.Walk // a chain: each link is entered and none left (c = c.setStartFromLatest() is a cycle)
	for v.Kind == model.Call && v.Recv != nil && configures(v) && w.Enter(v) {
		v = c.p.Value(v.Recv) // consumer.setStartFromLatest()...
	}
	// a call without receiver in Python and Scala's apply
	if (v.Kind == model.New || v.Kind == model.Call && v.Recv == nil) && stampsRecords(v.Name) {
		return v
	}
	return nil
}

// addSource returns the addSource call that reads the legacy consumer
// created by consumer, directly, through a variable or through its
// configuring calls.
func (c *checker) addSource(consumer *model.Node) *model.Node {
	for _, u := range c.g.Downstream(consumer, configures) {
		if u.Kind == jobgraph.Argument && model.IsCall(u.At, "addSource") {
			return u.At
		}
	}
	return nil
}

// configures reports whether call configures a legacy consumer and
// returns it (setStartFromLatest, assignTimestampsAndWatermarks...).
func configures(call *model.Node) bool {
	return strings.HasPrefix(call.Name, "set") || call.Name == "assignTimestampsAndWatermarks"
}

// keepsTimestamps are the operations whose results carry their input
// records' timestamps unchanged.
var keepsTimestamps = jobgraph.Through(jobgraph.SameOperator | jobgraph.Repartition | jobgraph.RecordWise)

// unstamped returns the Kafka source that every record of the stream s is
// read from without a timestamp assigner (fromSource with noWatermarks(),
// or a legacy consumer given none), through operations that keep the
// records' timestamps, and the topics it reads; nil when some input is
// anything else.
func (c *checker) unstamped(s *model.Node) (*model.Node, topicSet) {
	origins := c.g.Origins(s, keepsTimestamps)
	if len(origins) != 1 {
		return nil, topicSet{}
	}
	o := origins[0]
	switch {
	case model.IsCall(o, "fromSource") && len(o.Args()) >= 2 && kafkaSources[c.g.Source(o.Args()[0]).Class] &&
		jobgraph.IsNoWatermarks(c.p.Value(o.Args()[1])):
		return o, sourceTopics(c.g, o.Args()[0])
	case model.IsCall(o, "addSource") && len(o.Args()) > 0:
		if r := c.g.LegacyRoot(o); stampsRecords(r.Source) && r.Watermarks == jobgraph.None {
			if v := c.legacyConsumer(o.Args()[0]); v != nil {
				return o, consumerTopics(c.g, v)
			}
			return o, topicSet{}
		}
	}
	return nil, topicSet{}
}
