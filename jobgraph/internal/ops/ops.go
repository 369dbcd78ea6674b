// Package ops is the job graph's one vocabulary of what a call on a
// stream does to it, so that every walk that follows a stream through some
// operations and not others names them the same way.
package ops

import "github.com/flinklint/flinklint/parsers/model"

// Class says what a call on a stream does to it. Walks combine classes
// into masks.
type Class uint16

// The classes.
const (
	// SameOperator calls describe the operator before them and return it:
	// name, uid, parallelism, chaining. Records, partitioning and
	// watermarks stay as they were.
	SameOperator Class = 1 << iota
	// Repartition calls send each record to another subtask (keyBy,
	// rebalance...), unchanged.
	Repartition
	// Filter drops records and changes none.
	Filter
	// Convert calls (map, flatMap) turn each record into others, with no
	// state and no time.
	Convert
	// ProcessFn is a process function: it may keep state, register timers
	// or read the watermark.
	ProcessFn
	// Union merges streams of one type.
	Union

	// RecordWise calls handle each record on its own.
	RecordWise = Filter | Convert
)

var classes = map[string]Class{
	"name": SameOperator, "uid": SameOperator, "setUidHash": SameOperator, "setParallelism": SameOperator,
	"setMaxParallelism": SameOperator, "setDescription": SameOperator, "slotSharingGroup": SameOperator,
	"disableChaining": SameOperator, "startNewChain": SameOperator, "returns": SameOperator,
	"forceNonParallel": SameOperator, "setBufferTimeout": SameOperator, "enableAsyncState": SameOperator,
	"keyBy": Repartition, "rebalance": Repartition, "shuffle": Repartition, "rescale": Repartition,
	"forward": Repartition, "global": Repartition,
	"filter": Filter, "map": Convert, "flatMap": Convert, "process": ProcessFn, "union": Union,
}

// Of returns the class of the method name; 0 for other calls.
func Of(name string) Class { return classes[name] }

// Through returns the walk step that accepts the calls of the classes in
// mask.
func Through(mask Class) func(c *model.Node) bool {
	return func(c *model.Node) bool { return classes[c.Name]&mask != 0 }
}
