package kafkarecordtimestamp

import (
	"regexp"
	"strings"

	"github.com/flinklint/flinklint/jobgraph"
	"github.com/flinklint/flinklint/parsers/model"
	"github.com/flinklint/flinklint/rules/internal/report"
)

// topicSet is the topics an input reads or a producer writes; known is
// false when the code does not show them all.
type topicSet struct {
	names []string
	known bool
}

// stamps describes the project's producers that set the timestamp of the
// records they write.
type stamps struct {
	any     bool            // some producer does
	unknown bool            // one writes topics the code does not show
	topics  map[string]bool // the topics the others write
}

// cover reports whether a producer of the project may set the timestamps
// of the records of topics: one writes one of them, or one of the two
// sides does not show its topics (precision first: the record timestamp
// may be the event time then).
func (s stamps) cover(t topicSet) bool {
	if !s.any {
		return false
	}
	if s.unknown || !t.known {
		return true
	}
	for _, n := range t.names {
		if s.topics[n] {
			return true
		}
	}
	return false
}

func (s *stamps) add(t topicSet) {
	s.any = true
	if !t.known {
		s.unknown = true
		return
	}
	for _, n := range t.names {
		s.topics[n] = true
	}
}

// stampingProducers finds the producers of the project that set the record
// timestamp: a ProducerRecord built with a timestamp (sent by a
// KafkaProducer, or returned by a Flink serialization schema's serialize),
// a Python client's send or produce given a timestamp (read from the call's
// text, src: the model keeps no keyword names),
// a KafkaSink whose serializer comes from KafkaRecordSerializationSchema's
// builder (its ProducerRecord carries the Flink record's timestamp) when
// the stream it writes may carry event times, and a FlinkKafkaProducer
// told to setWriteTimestampToKafka.
func stampingProducers(g *jobgraph.Graph, src *report.Source) stamps {
	p := g.Project()
	s := stamps{topics: map[string]bool{}}
	for _, c := range p.Calls("send", "produce") {
		if c.File.Lang == model.Python && givesTimestamp(src.Text(c)) {
			s.add(topicSet{}) // the topic may be a keyword argument: unknown
		}
	}
	records := func(n *model.Node) {
		model.Inspect(n, func(m *model.Node) bool {
			if t, ok := stampedRecord(g, m); ok {
				s.add(t)
			}
			return true
		})
	}
	for _, send := range p.Calls("send") {
		for _, a := range send.Args() {
			records(a)
			if v := p.Value(a); v != a {
				records(v)
			}
		}
	}
	// A serializer stamps records it builds; the files that hold none of
	// the calls this function reads are not parsed for their serialize
	// methods (they may be Flink's own hundreds).
	for _, m := range p.MethodsHolding("serialize", "ProducerRecord", "KafkaRecordSerializationSchema", "setWriteTimestampToKafka") {
		records(m)
	}
	for _, b := range p.Calls("builder") {
		if model.SimpleName(b.Recv) == "KafkaRecordSerializationSchema" && writesEventTime(g, sunk(g, b), 0) {
			s.add(sinkTopic(g, b))
		}
	}
	for _, w := range p.Calls("setWriteTimestampToKafka") {
		if len(w.Args()) == 1 && model.SimpleName(p.Value(w.Args()[0])) != "false" {
			s.add(topicSet{})
		}
	}
	return s
}

// timestampKeyword is the timestamp keyword argument of kafka-python's
// KafkaProducer.send (timestamp_ms) and confluent-kafka's Producer.produce
// (timestamp), with the start of its value.
var timestampKeyword = regexp.MustCompile(`\btimestamp(?:_ms)?\s*=\s*([\w.(]+)`)

// givesTimestamp reports whether the Python call text passes a timestamp
// other than None.
func givesTimestamp(call string) bool {
	for _, m := range timestampKeyword.FindAllStringSubmatch(call, -1) {
		if m[1] != "None" {
			return true
		}
	}
	return false
}

// stampedRecord reports whether n builds a ProducerRecord with a
// timestamp, new ProducerRecord<>(topic, partition, timestamp, key, value
// [, headers]), and the topic it writes. Its five-argument form may also
// be (topic, partition, key, value, headers): taken as stamped, which at
// worst keeps the rule silent.
func stampedRecord(g *jobgraph.Graph, n *model.Node) (topicSet, bool) {
	if (n.Kind != model.New && (n.Kind != model.Call || n.Recv != nil)) || n.Name != "ProducerRecord" || len(n.Args()) < 5 {
		return topicSet{}, false
	}
	if ts := g.Project().Value(n.Args()[2]); ts.Kind == model.Ident && (ts.Name == "null" || ts.Name == "None") {
		return topicSet{}, false
	}
	return topics(g, n.Args()[:1]), true
}

// sinkTopic returns the topic set on the KafkaRecordSerializationSchema
// builder b, in its chain.
func sinkTopic(g *jobgraph.Graph, b *model.Node) topicSet {
	for o := model.Outer(b); o != nil; o = model.Outer(o) {
		if o.Name == "setTopic" {
			return topics(g, o.Args())
		}
	}
	return topicSet{}
}

// sunk returns the stream written by the KafkaSink that the serializer
// builder b is given to (KafkaSink.builder().setRecordSerializer(b...)
// ...build(), then sinkTo); nil when the code does not show it.
func sunk(g *jobgraph.Graph, b *model.Node) *model.Node {
	serializer := chainEnd(b)
	for _, u := range g.Downstream(serializer, nil) {
		if u.Kind != jobgraph.Argument || !model.IsCall(u.At, "setRecordSerializer") {
			continue
		}
		for _, v := range g.Downstream(chainEnd(u.At), nil) {
			if v.Kind == jobgraph.Argument && model.IsCall(v.At, "sinkTo") && v.At.Recv != nil {
				return v.At.Recv
			}
		}
	}
	return nil
}

// chainEnd returns the last call of the chain of calls on n.
func chainEnd(n *model.Node) *model.Node {
	for o := model.Outer(n); o != nil; o = model.Outer(n) {
		n = o
	}
	return n
}

// writesEventTime reports whether the records of stream s may carry
// timestamps that a timestamp assigner set (event times), which a KafkaSink
// writes into the Kafka records: some input of s has one, or cannot be
// seen. Inputs read from Kafka without an assigner carry record timestamps
// (forwarded as they are), and collections, files and generators without
// one carry none (the producer's clock then stamps the record).
func writesEventTime(g *jobgraph.Graph, s *model.Node, depth int) bool {
	if s == nil || depth > maxDepth {
		return true
	}
	for _, r := range g.Roots(s) {
		n := r.Node
		switch {
		case n == nil || n.Kind != model.Call:
			return true
		case n.Name == "fromSource" && len(n.Args()) >= 2:
			if g.StrategyAssigner(n.Args()[1]) != nil || !kafkaSources[r.Source] && r.Timestamps != jobgraph.No {
				return true
			}
		case n.Name == "assignTimestampsAndWatermarks" && len(n.Args()) == 1:
			st := g.StrategyOf(n.Args()[0])
			if g.StrategyAssigner(n.Args()[0]) != nil || st.Factory == nil || st.Factory.Kind != model.Call ||
				writesEventTime(g, n.Recv, depth+1) {
				return true // an assigner, a legacy one, or the input's own timestamps
			}
		case n.Name == "addSource":
			if !stampsRecords(r.Source) && r.Timestamps != jobgraph.No {
				return true
			}
		case r.Timestamps != jobgraph.No:
			return true
		}
	}
	return false
}

// maxDepth bounds how many strategies assigned after one another
// writesEventTime follows back.
const maxDepth = 8

// topicSetters are the KafkaSource builder methods that choose the topics.
var topicSetters = map[string]bool{"setTopics": true, "setTopicPattern": true, "setPartitions": true, "setKafkaSubscriber": true}

// sourceTopics returns the topics of the KafkaSource that src builds: the
// arguments of setTopics in its builder chain, or in calls on a builder
// variable.
func sourceTopics(g *jobgraph.Graph, src *model.Node) topicSet {
	p := g.Project()
	var set []*model.Node
	var w model.Walk
	for n := src; n != nil && w.Enter(n); {
		if d := p.ValueDecl(n); d != nil && d.Kind == model.Local {
			for _, r := range p.Refs(d) {
				if o := model.Outer(r); o != nil && topicSetters[o.Name] {
					set = append(set, o)
				}
			}
		}
		v := p.Value(n)
		if v.Kind != model.Call && v.Kind != model.Select {
			break
		}
		if topicSetters[v.Name] {
			set = append(set, v)
		}
		n = v.Recv
	}
	if len(set) == 0 {
		return topicSet{}
	}
	out := topicSet{known: true}
	for _, s := range set {
		if s.Name != "setTopics" {
			return topicSet{}
		}
		t := topics(g, s.Args())
		if !t.known {
			return t
		}
		out.names = append(out.names, t.names...)
	}
	return out
}

// consumerTopics returns the topics a legacy consumer is constructed with.
func consumerTopics(g *jobgraph.Graph, consumer *model.Node) topicSet {
	return topics(g, consumer.Args()[:min(1, len(consumer.Args()))])
}

// listFactories build a list of topics in Java, Scala and Python.
var listFactories = map[string]bool{
	"of": true, "asList": true, "singletonList": true, "newArrayList": true, "List": true, "Seq": true, "Array": true,
}

// noCalls walks through no call: a topic is a value, not a stream.
func noCalls(*model.Node) bool { return false }

// topics reads topic names from the expressions args: strings, constants,
// lists of them, followed through variables, fields and the parameters of
// the project's methods to every value they may hold.
func topics(g *jobgraph.Graph, args []*model.Node) topicSet {
	out := topicSet{known: len(args) > 0}
	for _, a := range args {
		for _, v := range g.Origins(a, noCalls) {
			switch {
			case v.Kind == model.String && !strings.Contains(v.Value(), model.Computed):
				out.names = append(out.names, v.Value())
			case v.Kind == model.Tuple || v.Kind == model.Call && listFactories[v.Name]:
				t := topics(g, v.Args())
				if !t.known {
					return t
				}
				out.names = append(out.names, t.names...)
			default:
				return topicSet{}
			}
		}
	}
	return out
}
