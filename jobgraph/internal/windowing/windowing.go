// Package windowing finds the windowed streams of a job and what is applied
// to them, for the rules about windows.
package windowing

import (
	"github.com/flinklint/flinklint/jobgraph/internal/flow"
	"github.com/flinklint/flinklint/parsers/model"
)

// AssignerKind classifies a window assigner by the notion of time it uses.
type AssignerKind uint8

// The assigner kinds.
const (
	Unknown        AssignerKind = iota
	Global                      // GlobalWindows, countWindow
	ProcessingTime              // *ProcessingTime* assigners
	EventTime                   // *EventTime* assigners
)

// OtherTime reports whether the assigner is known to window by something
// other than event time (Unknown is not): Flink's WindowOperator calls no
// element late there, as isElementLate asks windowAssigner.isEventTime().
func (k AssignerKind) OtherTime() bool { return k == Global || k == ProcessingTime }

var assignerClasses = map[string]AssignerKind{
	"GlobalWindows":                       Global,
	"TumblingProcessingTimeWindows":       ProcessingTime,
	"SlidingProcessingTimeWindows":        ProcessingTime,
	"ProcessingTimeSessionWindows":        ProcessingTime,
	"DynamicProcessingTimeSessionWindows": ProcessingTime,
	"TumblingEventTimeWindows":            EventTime,
	"SlidingEventTimeWindows":             EventTime,
	"EventTimeSessionWindows":             EventTime,
	"DynamicEventTimeSessionWindows":      EventTime,
	// PyFlink's count assigners, which its count_window uses and which a
	// job may also pass to window(...) itself; each has its own trigger.
	"CountTumblingWindowAssigner": Global,
	"CountSlidingWindowAssigner":  Global,
}

// Window is one windowed stream: a .window(...)/.windowAll(...) call, a
// countWindow or a timeWindow, with what the job applies to the stream it returns.
type Window struct {
	Call *model.Node // the window, windowAll, countWindow(All) or timeWindow(All) call
	// Assigner is the assigner expression after following variables and
	// helpers; for countWindow and timeWindow it is the call itself.
	Assigner *model.Node
	Kind     AssignerKind
	// Config lists the trigger, evictor, allowedLateness and
	// sideOutputLateData calls applied to the windowed stream, in source
	// order; Terminals the calls that turn it into an operator (reduce,
	// aggregate, process, apply, sum...).
	Config    []*model.Node
	Terminals []*model.Node
}

var configMethods = map[string]bool{"trigger": true, "evictor": true, "allowedLateness": true, "sideOutputLateData": true}

var terminalMethods = map[string]bool{
	"reduce": true, "aggregate": true, "process": true, "apply": true, "fold": true,
	"sum": true, "min": true, "max": true, "minBy": true, "maxBy": true,
}

// Find returns the windowed streams of the project's files.
func Find(p *model.Project) []*Window {
	var out []*Window
	timeKinds := map[*model.File]AssignerKind{} // of timeWindow in a file, read the first time one is met
	for _, n := range p.Calls("window", "windowAll", "countWindow", "countWindowAll", "timeWindow", "timeWindowAll") {
		if n.Kind != model.Call || n.Recv == nil {
			continue
		}
		var w *Window
		switch n.Name {
		case "window", "windowAll":
			if len(n.Args()) != 1 {
				continue
			}
			a := p.Value(n.Args()[0])
			w = &Window{Call: n, Assigner: a, Kind: Classify(a)}
		case "countWindow", "countWindowAll":
			w = &Window{Call: n, Assigner: n, Kind: Global}
		case "timeWindow", "timeWindowAll": // removed in 2.0; follows the time characteristic
			kind, read := timeKinds[n.File]
			if !read {
				kind = characteristic(n.File)
				timeKinds[n.File] = kind
			}
			w = &Window{Call: n, Assigner: n, Kind: kind}
		}
		w.follow(p, n)
		out = append(out, w)
	}
	return out
}

// characteristic returns the kind of window that timeWindow creates in f:
// before Flink 1.12 it followed setStreamTimeCharacteristic, whose default
// changed from processing time to event time in 1.12, so without an
// explicit call the kind is unknown.
func characteristic(f *model.File) AssignerKind {
	kind := Unknown
	f.Inspect(func(n *model.Node) bool {
		if model.IsCall(n, "setStreamTimeCharacteristic") && len(n.Args()) == 1 {
			switch model.SimpleName(n.Args()[0]) {
			case "ProcessingTime":
				kind = ProcessingTime
			case "EventTime", "IngestionTime":
				kind = EventTime
			}
		}
		return true
	})
	return kind
}

// Classify says which notion of time a window assigner expression uses:
// GlobalWindows.create(), TumblingEventTimeWindows.of(...) and the like,
// also built with the class's constructor (Python's GlobalWindows(),
// an unqualified call).
func Classify(a *model.Node) AssignerKind {
	if a == nil {
		return Unknown
	}
	switch a.Kind {
	case model.Call, model.Select:
		if a.Recv != nil {
			return assignerClasses[model.SimpleName(a.Recv)]
		}
		if a.Kind == model.Call {
			return assignerClasses[a.Name]
		}
	case model.New:
		return assignerClasses[a.Name]
	}
	return Unknown
}

// follow collects what is applied to the windowed stream that n evaluates
// to: further links of the same call chain, and uses of a variable the
// stream is stored in, also after the stream is stored back into it
// (w = w.allowedLateness(...)). A stream passed to or returned from a method
// outside the project is not followed: what happens to it there is unknown.
func (w *Window) follow(p *model.Project, n *model.Node) {
	for _, u := range flow.Downstream(p, n, func(c *model.Node) bool { return configMethods[c.Name] }) {
		if u.Kind != flow.Receiver {
			continue
		}
		switch {
		case configMethods[u.At.Name]:
			w.Config = append(w.Config, u.At)
		case terminalMethods[u.At.Name]:
			w.Terminals = append(w.Terminals, u.At)
		}
	}
}

// Has reports whether a config call named name is applied before the first
// terminal call, that is, before Flink builds the window operator: a
// trigger set on a variable after reduce(...) has no effect. Calls in
// different methods are ordered by the flow that led to them, not by
// position, so they count.
func (w *Window) Has(name string) bool {
	for _, c := range w.Config {
		if c.Name != name {
			continue
		}
		if len(w.Terminals) == 0 {
			return true
		}
		t := w.Terminals[0]
		if model.Enclosing(c, model.Method) != model.Enclosing(t, model.Method) || c.NamePos() < t.NamePos() {
			return true
		}
	}
	return false
}

// TerminalsAfter returns the terminal calls that the config call c of w
// leads to in its chain, through further config calls: a window built by
// a helper may be configured and applied differently by each caller. A
// config call on a variable that holds the windowed stream, a statement of
// its own, leads to the window's first terminal.
func (w *Window) TerminalsAfter(p *model.Project, c *model.Node) []*model.Node {
	var out []*model.Node
	for _, u := range flow.Downstream(p, c, func(c *model.Node) bool { return configMethods[c.Name] }) {
		if u.Kind == flow.Receiver && terminalMethods[u.At.Name] {
			out = append(out, u.At)
		}
	}
	if len(out) == 0 && len(w.Terminals) > 0 {
		out = w.Terminals[:1]
	}
	return out
}
