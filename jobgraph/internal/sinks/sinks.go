// Package sinks tells what a stream's sink does with a record that
// repeats an earlier one: whether it appends it beside the first (a Kafka
// topic, files, stdout, a plain SQL INSERT) or overwrites the first by its
// key (an upsert, a document id). Rules about results that Flink emits more
// than once ask it.
package sinks

import (
	"regexp"
	"strings"

	"github.com/flinklint/flinklint/parsers/model"
)

// Kind says how a sink stores a repeated result.
type Kind uint8

// The kinds of sink.
const (
	// Unknown: a sink of the project, or one flinklint does not know.
	Unknown Kind = iota
	// Appends: every record is stored beside the earlier ones.
	Appends
	// Upserts: a record replaces the earlier one with the same key.
	Upserts
)

// Info describes a sink.
type Info struct {
	Kind Kind
	// Name says which sink it is, for a message: "KafkaSink", "print()",
	// "JdbcSink with a plain INSERT".
	Name string
	// Console: it prints, as jobs do while they are written and tested.
	Console bool
}

// Calls are the methods of a DataStream that write it out; Describe
// takes one of their calls.
func Calls() []string {
	return []string{"sinkTo", "addSink", "print", "printToErr", "writeAsText", "writeAsCsv"}
}

// appending are the sink classes (Sink V2, SinkFunction and their
// factories) that store each record as a new one.
var appending = map[string]bool{
	"KafkaSink": true, "FlinkKafkaProducer": true, "FlinkKafkaProducer011": true, "FlinkKafkaProducer010": true,
	"FlinkKafkaProducer09": true, "FlinkKafkaProducer08": true, "FileSink": true, "StreamingFileSink": true,
	"BucketingSink": true, "KinesisStreamsSink": true, "FlinkKinesisProducer": true, "FirehoseSink": true,
	"KinesisFirehoseSink": true, "PulsarSink": true, "RMQSink": true, "PubSubSink": true,
}

// console are the sinks that print each record.
var console = map[string]bool{"PrintSink": true, "PrintSinkFunction": true}

// upserting are the sinks that write by a document or row key: a repeated
// result replaces the one before.
var upserting = map[string]bool{
	"ElasticsearchSink": true, "Elasticsearch6SinkBuilder": true, "Elasticsearch7SinkBuilder": true,
	"ElasticsearchSinkBuilder": true, "OpensearchSink": true, "OpensearchSinkBuilder": true,
	"Opensearch2SinkBuilder": true, "CassandraSink": true, "HBaseSinkFunction": true, "HBaseSink": true,
	"DynamoDbSink": true,
}

// jdbc are the JdbcSink factories whose first argument is the statement,
// and the builder method that takes it.
var jdbc = map[string]bool{"sink": true, "exactlyOnceSink": true, "withQueryStatement": true}

// upsertSQL matches the statements that overwrite a row with the same key.
var upsertSQL = regexp.MustCompile(`(?is)\bON\s+CONFLICT\b|\bON\s+DUPLICATE\s+KEY\s+UPDATE\b|^\s*(MERGE|UPSERT|REPLACE)\b|\bUPSERT\s+INTO\b`)

// insertSQL matches a statement that inserts rows.
var insertSQL = regexp.MustCompile(`(?is)^\s*INSERT\s`)

// Describe says what the sink call c applied to a stream (one of Calls)
// does with a repeated record.
func Describe(p *model.Project, c *model.Node) Info {
	switch c.Name {
	case "print", "printToErr":
		return Info{Appends, c.Name + "()", true}
	case "writeAsText", "writeAsCsv":
		return Info{Appends, c.Name + "(...)", false}
	case "sinkTo", "addSink":
		if len(c.Args()) > 0 {
			return sink(p, c.Args()[0])
		}
	}
	return Info{}
}

// sink resolves a sink expression (a variable, a helper, a builder chain
// split over statements) to what it builds.
func sink(p *model.Project, s *model.Node) Info {
	var w model.Walk // a chain: each link is entered and none left
	for n := s; n != nil && w.Enter(n); {
		v := p.Value(n)
		if r := parameterless(p, v); r != nil {
			n = r
			continue
		}
		if info, ok := jdbcStatement(p, v); ok {
			return info
		}
		var class string
		switch {
		case v.Kind == model.New && v.Class() != nil:
			return Info{} // an anonymous sink of the project
		case v.Kind == model.New, v.Kind == model.Call && v.Recv == nil:
			class = v.Name // new FlinkKafkaProducer<>(...), Python's FlinkKafkaProducer(...)
		case (v.Kind == model.Call || v.Kind == model.Select) && v.Recv != nil && isClassName(p, v.Recv):
			class = model.SimpleName(v.Recv) // a static factory: KafkaSink.builder(), FileSink.forRowFormat(...)
		}
		if class != "" {
			// A qualified name (org.apache...KafkaSink, ElasticsearchSink.Builder)
			// is known by any of its parts.
			for _, part := range strings.Split(class, ".") {
				if info := classify(part); info.Kind != Unknown {
					return info
				}
			}
			return Info{}
		}
		if (v.Kind != model.Call && v.Kind != model.Select) || v.Recv == nil {
			break
		}
		n = v.Recv
	}
	return Info{}
}

// parameterless returns the result of the Scala method without
// parameters that the name n calls (def kafka: KafkaSink[String] = ...,
// used as kafka), which a Value does not follow; nil otherwise.
func parameterless(p *model.Project, n *model.Node) *model.Node {
	if n.Kind != model.Ident || n.File == nil || n.File.Lang != model.Scala {
		return nil
	}
	if d := p.ValueDecl(n); d != nil && d.Kind == model.Method && len(d.Params()) == 0 {
		if rs := model.Results(d); len(rs) == 1 {
			return rs[0]
		}
	}
	return nil
}

// isClassName reports whether n names a class rather than a value: a name
// or qualified name that declares no variable, field or method.
func isClassName(p *model.Project, n *model.Node) bool {
	return (n.Kind == model.Ident || n.Kind == model.Select) && p.ValueDecl(n) == nil
}

// classify says what the sink class (or the class whose factory builds
// it) named class does.
func classify(class string) Info {
	switch {
	case appending[class]:
		return Info{Appends, class, false}
	case console[class]:
		return Info{Appends, class, true}
	case upserting[class], strings.HasPrefix(class, "Elasticsearch"), strings.HasPrefix(class, "Opensearch"):
		return Info{Upserts, class, false}
	}
	return Info{}
}

// jdbcStatement reads the statement of a JdbcSink factory or builder
// call v: a plain INSERT appends, an INSERT ... ON CONFLICT, ON DUPLICATE
// KEY UPDATE, MERGE, UPSERT or REPLACE upserts; a statement that cannot
// be read is unknown.
func jdbcStatement(p *model.Project, v *model.Node) (Info, bool) {
	if v.Kind != model.Call || !jdbc[v.Name] || len(v.Args()) == 0 {
		return Info{}, false
	}
	if v.Name != "withQueryStatement" && model.SimpleName(v.Recv) != "JdbcSink" {
		return Info{}, false
	}
	sql, ok := Text(p, v.Args()[0])
	switch {
	case !ok:
		return Info{}, true
	case upsertSQL.MatchString(sql):
		return Info{Upserts, "JdbcSink with an upserting statement", false}, true
	case insertSQL.MatchString(sql):
		return Info{Appends, "JdbcSink with a plain INSERT", false}, true
	}
	return Info{}, true
}

// Text returns the text of a string expression: a literal, a constant,
// or a + concatenation of them. Text that code computes is model.Computed;
// ok is false when no part is a string.
func Text(p *model.Project, n *model.Node) (string, bool) {
	var w model.Walk
	var text func(n *model.Node) (string, bool)
	text = func(n *model.Node) (string, bool) {
		if !w.Enter(n) {
			return model.Computed, false
		}
		defer w.Leave(n)
		v := p.Value(n)
		switch {
		case v.Kind == model.String:
			return v.Value(), true
		case v.Kind == model.Binary && v.Name == "+" && len(v.Args()) == 2:
			a, okA := text(v.Args()[0])
			b, okB := text(v.Args()[1])
			return a + b, okA || okB
		}
		return model.Computed, false
	}
	return text(n)
}
