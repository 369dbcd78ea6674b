package windowing

import (
	"strings"

	"github.com/flinklint/flinklint/jobgraph/internal/flow"
	"github.com/flinklint/flinklint/parsers/model"
)

// use is what an operation applied to a stream does with its event time.
type use uint8

const (
	carries  use = iota + 1 // passes the stream's watermarks on to its result
	consumes                // needs event time, or may: the rule cannot tell
	ends                    // writes the stream out or drops it; nothing downstream waits for its watermark
)

// carrying operations pass records and watermarks through and consume no
// event time themselves.
var carrying = map[string]bool{
	"map": true, "filter": true, "flatMap": true, "keyBy": true, "name": true, "uid": true, "setUidHash": true,
	"setParallelism": true, "setMaxParallelism": true, "returns": true, "rebalance": true, "shuffle": true,
	"rescale": true, "forward": true, "global": true, "broadcast": true, "startNewChain": true,
	"disableChaining": true, "slotSharingGroup": true, "setDescription": true, "getSideOutput": true,
	"union": true, "connect": true, "join": true, "coGroup": true, "where": true, "equalTo": true,
	"trigger": true, "evictor": true, "allowedLateness": true, "sideOutputLateData": true,
	"reduce": true, "aggregate": true, "apply": true, "fold": true, "sum": true, "min": true, "max": true,
	"minBy": true, "maxBy": true,
}

// ending operations write a stream out or only describe it, or replace its
// watermarks: assignTimestampsAndWatermarks ignores the watermarks of its
// input and forwards only the final one.
var ending = map[string]bool{
	"assignTimestampsAndWatermarks": true, "print": true, "printToErr": true, "addSink": true, "sinkTo": true, "writeAsText": true, "writeAsCsv": true,
	"writeUsingOutputFormat": true, "writeToSocket": true, "executeAndCollect": true, "collectAsync": true,
	"getTransformation": true, "getType": true, "getExecutionEnvironment": true, "getId": true, "getParallelism": true,
}

// tableConversions turn a stream into a table; the table has event time
// only when the conversion declares a rowtime attribute or a watermark.
var tableConversions = map[string]bool{
	"fromDataStream": true, "createTemporaryView": true, "fromChangelogStream": true, "toTable": true,
	"registerDataStream": true, "fromAppendStream": true,
}

// ConvertsToTable reports whether the method name turns a stream into a
// table (fromDataStream, createTemporaryView...).
func ConvertsToTable(name string) bool { return tableConversions[name] }

// eventTimeCalls declare a time attribute in a conversion's fields or
// schema: $("ts").rowtime(), Schema.newBuilder().watermark(...).
var eventTimeCalls = map[string]bool{"rowtime": true, "watermark": true}

// eventTimeTexts declare one in the strings of the older API
// ("user, ts.rowtime") and in a schema's watermark expression.
var eventTimeTexts = []string{"rowtime", "SOURCE_WATERMARK"}

// Usage says what a stream's consumers do with its event time.
type Usage uint8

// The usages.
const (
	// UsesEventTime: something downstream uses event time, or may: an
	// event-time window or one with an assigner that cannot be
	// classified, an interval join, a CEP pattern, a process function that
	// registers event-time timers or reads the watermark, a table that
	// keeps a rowtime attribute, or an operation or method the walk
	// cannot see into.
	UsesEventTime Usage = iota + 1
	// OtherTimeOnly: nothing does, and the stream feeds count, global or
	// processing-time windows: its job visibly uses another notion of
	// time.
	OtherTimeOnly
	// Unused: nothing does, and every path ends in sinks or nowhere.
	Unused
)

// EventTimeUsage follows the stream s downstream and says whether anything
// there waits for its watermark. When nothing does, neither a quiet input
// nor idleness changes what the job emits.
func EventTimeUsage(p *model.Project, s *model.Node) Usage {
	e := &eventTime{p: p, seen: map[*model.Node]bool{}}
	switch {
	case e.from(s, 0):
		return UsesEventTime
	case e.otherTime:
		return OtherTimeOnly
	}
	return Unused
}

type eventTime struct {
	p         *model.Project
	seen      map[*model.Node]bool
	otherTime bool        // a count, global or processing-time window was met
	at        *model.Node // what uses event time, where from found it
}

// EventTimeUser follows the stream s downstream like EventTimeUsage and
// returns what uses its event time: an event-time window, a process
// function with timers, an interval join, a table with a rowtime, or the
// call or return where the stream leaves the code the walk follows; nil
// when nothing does or the walk went too far to tell.
func EventTimeUser(p *model.Project, s *model.Node) *model.Node {
	e := &eventTime{p: p, seen: map[*model.Node]bool{}}
	e.from(s, 0)
	return e.at
}

// uses notes that n uses event time, and says so.
func (e *eventTime) uses(n *model.Node) bool {
	e.at = n
	return true
}

// maxInputs bounds how many combining operators are followed as another
// stream's argument.
const maxInputs = 32

func (e *eventTime) from(s *model.Node, depth int) bool {
	if e.seen[s] {
		return false
	}
	if depth > maxInputs {
		return true // too far to tell
	}
	e.seen[s] = true
	for _, u := range flow.Downstream(e.p, s, func(c *model.Node) bool { return e.classify(c) == carries }) {
		switch u.Kind {
		case flow.Receiver:
			if e.classify(u.At) == consumes {
				return e.uses(u.At)
			}
		case flow.Argument:
			switch {
			case model.IsCall(u.At, "union", "connect", "join", "coGroup") || model.IsStaticCall(u.At, "AsyncDataStream", "orderedWait") || model.IsStaticCall(u.At, "AsyncDataStream", "unorderedWait"):
				if e.from(u.At, depth+1) {
					return true
				}
			case model.IsCall(u.At, "intervalJoin") || model.IsStaticCall(u.At, "CEP", "pattern"):
				return e.uses(u.At)
			case u.At.Kind == model.Call && ConvertsToTable(u.At.Name):
				if keepsEventTime(e.p, u.At, u.Value) {
					return e.uses(u.At)
				}
			default:
				return e.uses(u.At) // a method the walk cannot see into
			}
		case flow.Returned, flow.Other:
			return e.uses(u.At) // leaves the code the walk follows
		}
	}
	return false
}

// classify says what the operation c applied to a stream does with its
// event time.
func (e *eventTime) classify(c *model.Node) use {
	switch {
	case c.Kind != model.Call && c.Kind != model.Select:
		return consumes
	case ending[c.Name]:
		return ends
	case c.Name == "window" || c.Name == "windowAll":
		if len(c.Args()) == 1 {
			if Classify(e.p.Value(c.Args()[0])).OtherTime() {
				e.otherTime = true
				return carries
			}
		}
		return consumes
	case c.Name == "timeWindow" || c.Name == "timeWindowAll":
		if characteristic(c.File) == ProcessingTime {
			e.otherTime = true
			return carries
		}
		return consumes
	case c.Name == "process":
		if len(c.Args()) > 0 && e.timeFree(c.Args()[0]) {
			return carries
		}
		return consumes
	case c.Name == "countWindow" || c.Name == "countWindowAll":
		e.otherTime = true
		return carries
	case carrying[c.Name]:
		return carries
	}
	return consumes
}

// timeFree reports whether the function fn is code of the project (a
// lambda, an anonymous class or a class of the project) that neither
// registers event-time timers nor reads the watermark.
func (e *eventTime) timeFree(fn *model.Node) bool {
	v := e.p.Value(fn)
	body := v
	if v.Kind == model.New {
		if v.Class() != nil {
			body = v.Class()
		} else if body = e.p.ClassNamed(v, v.Name); body == nil {
			return false
		}
	} else if v.Kind != model.Lambda {
		return false
	}
	free := true
	model.Inspect(body, func(n *model.Node) bool {
		if n.Kind == model.Call && (n.Name == "registerEventTimeTimer" || n.Name == "currentWatermark" || n.Name == "deleteEventTimeTimer") {
			free = false
		}
		return free
	})
	return free
}

// keepsEventTime reports whether the conversion c of the stream s declares
// a rowtime attribute or a watermark for the table it creates, in its other
// arguments or in the schema a variable or a method of the project builds
// for it.
func keepsEventTime(p *model.Project, c, s *model.Node) bool {
	keeps := false
	mark := func(n *model.Node) bool {
		switch v := p.Value(n); {
		case (n.Kind == model.Call || n.Kind == model.Select) && eventTimeCalls[n.Name]:
			keeps = true
		case v != nil && v.Kind == model.String:
			for _, m := range eventTimeTexts {
				keeps = keeps || strings.Contains(v.Value(), m)
			}
		}
		return !keeps
	}
	for _, a := range c.Args() {
		if a == s {
			continue // the stream's own code says nothing about the table
		}
		model.Inspect(a, mark)
		if v := p.Value(a); v != a && !keeps {
			model.Inspect(v, mark)
		}
	}
	return keeps
}
