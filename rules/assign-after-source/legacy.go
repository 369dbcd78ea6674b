package assignaftersource

import (
	"slices"

	"golang.org/x/tools/go/analysis"

	"github.com/flinklint/flinklint/jobgraph"
	"github.com/flinklint/flinklint/parsers/model"
	"github.com/flinklint/flinklint/rules/internal/report"
)

// legacyKafka reports the assignment n when its stream comes from origin,
// an addSource of a legacy Kafka consumer, and says whether origin is one.
// A legacy Kafka consumer's own assignTimestampsAndWatermarks, with a
// WatermarkStrategy or an AssignerWith...Watermarks, generates watermarks
// per partition inside the source; PyFlink's FlinkKafkaConsumer has no
// such method.
// In a build for Flink 2.x or the 4.x connector the consumer no longer
// exists: flink2-removed-api reports it there. In a job that may set the
// IngestionTime characteristic, the source context stamps the records and
// ignores the consumer's own watermarks, so only a later assignment gives
// event time.
func (c *checker) legacyKafka(n, origin *model.Node) bool {
	if !model.IsCall(origin, "addSource") || len(origin.Args()) == 0 || n.File.Lang == model.Python {
		return false
	}
	r := c.g.LegacyRoot(origin)
	if !jobgraph.LegacyKafkaConsumer(r.Source) {
		return false
	}
	if t := c.versions.For(n.File.Path); t.FlinkMajor() >= 2 || t.KafkaMajor() >= 4 || c.g.IngestionTime(origin) {
		return true
	}
	switch r.Watermarks {
	case jobgraph.None:
		c.consumerBare(n, origin, r.Source)
	case jobgraph.Generated:
		report.Finding{
			Headline: "watermark strategy assigned again after " + r.Source + ", replacing the consumer's",
			Help:     "keep a single strategy, the consumer's",
			Note:     consumerLost(r.Source),
			Evidence: slices.Concat(report.Evidence(origin, "source with a strategy here"),
				report.Evidence(c.consumerAssignment(origin), "consumer's strategy assigned here"), c.strategy(n)),
		}.At(c.pass, n)
	}
	return true
}

// consumerBare reports a strategy assigned after addSource of a consumer
// that has none.
func (c *checker) consumerBare(n, origin *model.Node, class string) {
	f := report.Finding{
		Headline: "watermark strategy assigned after addSource(" + class + ") instead of on the consumer",
		Help:     "call assignTimestampsAndWatermarks on the consumer instead, which generates watermarks per Kafka partition",
		Note:     consumerLost(class),
		Evidence: slices.Concat(report.Evidence(origin, "source without watermarks here"), c.strategy(n)),
	}
	if c.converted(n, origin) {
		f.Help = "move the map or flatMap before this call into the consumer's deserialization schema, then call " +
			"assignTimestampsAndWatermarks on the consumer: the strategy reads the records it converts"
	} else {
		f.Fixes = c.moveToConsumer(n, origin)
	}
	f.At(c.pass, n)
}

// consumerAssignment returns the assignTimestampsAndWatermarks call on the
// consumer variable given to origin, or nil (a call chained in the
// argument lies in origin itself).
func (c *checker) consumerAssignment(origin *model.Node) *model.Node {
	d := c.p.ValueDecl(origin.Args()[0])
	if d == nil || d.Kind != model.Local {
		return nil
	}
	for _, r := range c.p.Refs(d) {
		if o := model.Outer(r); model.IsCall(o, "assignTimestampsAndWatermarks") {
			return o
		}
	}
	return nil
}

// consumerLost says what an assignment after a legacy Kafka consumer
// loses.
func consumerLost(class string) string {
	return "records of a lagging partition fall behind the watermark and are dropped as late: one watermark " +
		"generator per subtask sees all its partitions interleaved, where " + class + " tracks each"
}

// moveToConsumer calls the strategy of n on the consumer given to origin
// and deletes n, when only operations of the source's operator (name,
// uid...) lie between them, so the element types agree, and the consumer
// is created there or held in a variable no other addSource reads.
func (c *checker) moveToConsumer(n, origin *model.Node) []analysis.SuggestedFix {
	same := jobgraph.Through(jobgraph.SameOperator)
	for r := n.Recv; r != origin; r = r.Recv {
		if r == nil || r.Kind != model.Call || !same(r) {
			return nil
		}
	}
	consumer := origin.Args()[0]
	switch consumer.Kind {
	case model.New:
	case model.Ident:
		d := c.p.ValueDecl(consumer)
		if d == nil || d.Kind != model.Local {
			return nil
		}
		for _, r := range c.p.Refs(d) {
			if r != consumer && model.IsCall(r.Parent, "addSource") {
				return nil // the strategy would reach that stream too
			}
		}
	default:
		return nil
	}
	// Unsafe, as for fromSource: per-partition watermarks follow the
	// slowest partition, so windows fire later, and an idle partition
	// stops event time unless the strategy has withIdleness.
	return []analysis.SuggestedFix{report.Unsafe("Call assignTimestampsAndWatermarks on the Kafka consumer",
		analysis.TextEdit{Pos: consumer.End(), End: consumer.End(), NewText: []byte(".assignTimestampsAndWatermarks(" + c.src.Text(n.Args()[0]) + ")")},
		analysis.TextEdit{Pos: n.Recv.End(), End: n.End()},
	)}
}
