package kafkarecordtimestamp

import (
	"fmt"
	"go/token"
	"slices"
	"strings"
	"unicode"

	"github.com/flinklint/flinklint/jobgraph/flinksql"
	"github.com/flinklint/flinklint/parsers/model"
	"github.com/flinklint/flinklint/rules/internal/report"
)

// kafkaConnectors are the SQL connectors whose 'timestamp' metadata is the
// Kafka record's timestamp.
var kafkaConnectors = map[string]bool{"kafka": true, "upsert-kafka": true}

// checkSQL reports a CREATE TABLE of a Kafka connector whose WATERMARK is
// on the record's timestamp metadata (ts TIMESTAMP_LTZ(3) METADATA FROM
// 'timestamp'), directly or through a computed column of it alone.
func (c *checker) checkSQL() {
	stmts := flinksql.Statements(c.p)
	tables := flinksql.NewTables(stmts)
	for _, s := range stmts {
		t := s.Table
		if t == nil || t.Watermark == nil {
			continue
		}
		if conn, legacy := tables.Connector(s); legacy || !kafkaConnectors[conn] {
			continue
		}
		col := recordTimestamp(t, t.Watermark.Column, 0)
		if col == nil || c.stamping.cover(tableTopics(tables, s)) {
			continue
		}
		payload := eventTimeColumn(t)
		if payload == nil {
			// The rows show no time of their own: the record timestamp is
			// the only one there is, and the table says so.
			continue
		}
		report.Span(c.pass, t.Watermark.Pos, t.Watermark.Pos+token.Pos(len("WATERMARK")), "", fmt.Sprintf("the "+
			"WATERMARK of %s is on %s, the timestamp stored in each Kafka record: the time the producer sent it "+
			"(or the broker appended it), not necessarily when the event happened, and event-time windows, joins "+
			"and OVER aggregations group rows by that time; declare the watermark on a column computed from the "+
			"event's own time in the payload (such as %s), or, when the producer sets the record timestamp to the "+
			"event time, say so in a flinklint:ignore kafka-record-timestamp comment here", flinksql.Describe(t),
			col.Name, payload.Name))
	}
}

// recordTimestamp returns the metadata column of t reading the record
// timestamp that the column name is, or is computed from alone; nil when
// it is not.
func recordTimestamp(t *model.Table, name string, depth int) *model.Column {
	for _, col := range t.Columns {
		if !strings.EqualFold(col.Name, name) {
			continue
		}
		switch {
		case col.Metadata && strings.EqualFold(col.MetadataKey, "timestamp"):
			return col
		case col.Computed != nil && depth == 0:
			var from *model.Column
			for _, tk := range col.Computed.Tokens {
				if tk.Kind != model.SQLIdent || !isColumn(t, tk.Text) {
					continue
				}
				if from = recordTimestamp(t, tk.Text, depth+1); from == nil {
					return nil // computed from another column too
				}
			}
			return from
		}
		return nil
	}
	return nil
}

func isColumn(t *model.Table, name string) bool {
	for _, col := range t.Columns {
		if strings.EqualFold(col.Name, name) {
			return true
		}
	}
	return false
}

// tableTopics returns the topics of a Kafka table: its 'topic' option, a
// semicolon-separated list; unknown with 'topic-pattern'.
func tableTopics(tables flinksql.Tables, s flinksql.Stmt) topicSet {
	o, ok := tables.Option(s, "topic")
	if !ok || strings.Contains(o.Value, model.Computed) || strings.Contains(o.Value, "$") {
		return topicSet{}
	}
	out := topicSet{known: true}
	for _, n := range strings.Split(o.Value, ";") {
		out.names = append(out.names, strings.TrimSpace(n))
	}
	return out
}

// timeTypes are the SQL types that hold a point in time.
var timeTypes = []string{"TIMESTAMP", "DATE", "TIME"}

// timeWords are the words of a column name that say it holds a time (as
// epoch numbers or text): event_time, createdAt, order_ts, ts.
var timeWords = []string{"time", "timestamp", "date", "ts", "at", "dt", "epoch", "millis"}

// eventTimeColumn returns a physical column of t that may carry the
// event's own time: one of a time type, or one named for a time; nil when
// there is none.
func eventTimeColumn(t *model.Table) *model.Column {
	for _, col := range t.Columns {
		if col.Metadata || col.Computed != nil {
			continue
		}
		for _, ty := range timeTypes {
			if strings.HasPrefix(col.Type, ty) {
				return col
			}
		}
		for _, w := range words(col.Name) {
			if slices.Contains(timeWords, w) || strings.HasSuffix(w, "time") {
				return col
			}
		}
	}
	return nil
}

// words splits a name at underscores, dashes and camelCase humps, in
// lower case: eventTime_ms is event, time, ms.
func words(name string) []string {
	var out []string
	start := 0
	for i, r := range name {
		switch {
		case r == '_' || r == '-':
			out = append(out, name[start:i])
			start = i + 1
		case unicode.IsUpper(r) && i > start && !unicode.IsUpper(rune(name[i-1])):
			out = append(out, name[start:i])
			start = i
		}
	}
	out = append(out, name[start:])
	for i := range out {
		out[i] = strings.ToLower(out[i])
	}
	return out
}
