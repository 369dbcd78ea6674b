package jobgraph

import (
	"go/token"

	"github.com/flinklint/flinklint/parsers/model"
)

// Job is one job of the project: what one execute (executeAsync, PyFlink's
// execute) runs, the statements of one SQL script, or one INSERT or
// statement set given to a TableEnvironment in code. Streams built where no
// execute of the project is found (a helper of a library, a test) make a
// job of their own scope, with no Execute.
type Job struct {
	// Name is what the job calls itself (env.execute("Fraud detection")),
	// else the method or file it is built in.
	Name string
	// Execute is the execute call, the executeSql or addInsertSql of the
	// INSERT; nil for a script file and for streams with no execute found.
	Execute *model.Node
	// File is the file the job is built in: Execute's, or its first node's.
	File *model.File
	// Pos is where the job starts: Execute, or its first node.
	Pos   token.Pos
	SQL   bool // built from Flink SQL
	Nodes []*Node
	Edges []Edge
	// Facts are the settings that apply to the job: its auto-watermark
	// interval, source idle timeout, runtime mode and parallelism, each as
	// set (several values joined by " | ") wherever it applies.
	Facts []Fact

	envs []model.Env // the environments it runs on; nil when unknown
}

func (j *Job) add(key, value string) {
	if value != "" {
		j.Facts = append(j.Facts, Fact{key, value})
	}
}

// Kind says what a node of a job is.
type Kind uint8

// The kinds of node.
const (
	UnknownNode Kind = iota // an input the graph cannot see: a parameter, a library's stream
	Source                  // fromSource, addSource, fromElements, readTextFile...
	Assigner                // assignTimestampsAndWatermarks, assignAscendingTimestamps
	Operator                // map, filter, flatMap, process on a plain stream, a side output
	KeyBy                   // keyBy: a repartition by key
	Combine                 // union, connect, join, coGroup, intervalJoin, broadcast
	WindowNode              // a window with its trigger, lateness, late tag and function
	Process                 // a process function on a keyed or connected stream, with its timers
	Sink                    // sinkTo, addSink, print, a table conversion
	Table                   // a SQL table: CREATE TABLE, with its WATERMARK
	Query                   // a SQL query: INSERT, or a view
)

var kindNames = [...]string{"unknown", "source", "assigner", "operator", "keyBy", "combine", "window", "process", "sink", "table", "query"}

func (k Kind) String() string {
	if int(k) < len(kindNames) {
		return kindNames[k]
	}
	return "unknown"
}

// Node is one operator of a job, at the place in the code that builds it.
type Node struct {
	// ID is the node's name within its graph: n1, n2... in the order the
	// nodes were found, stable for the same code.
	ID   string
	Kind Kind
	// Label is the call as a reader knows it: "fromSource(KafkaSource)",
	// "window(TumblingEventTimeWindows)", "INSERT INTO totals".
	Label string
	// Call is the call that builds the operator; nil for SQL nodes.
	Call *model.Node
	// File and Pos are where the node is built; End the end of its code,
	// for matching findings to it.
	File     *model.File
	Pos, End token.Pos
	// Name and UID are what name(...) and uid(...) give the operator, the
	// keys by which a running job's vertices are matched back to the code;
	// "" when not set or not constant.
	Name, UID string
	// Facts are the event-time facts of the node, in the order a reader
	// wants them: "strategy" forBoundedOutOfOrderness, "bound" 5s,
	// "idleness" no...
	Facts []Fact

	seq int // the order the node was found in
}

// Fact is one fact of a node, as key and value.
type Fact struct {
	Key, Value string
}

// Fact returns the value of the fact key of n, and whether n has it.
func (n *Node) Fact(key string) (string, bool) {
	for _, f := range n.Facts {
		if f.Key == key {
			return f.Value, true
		}
	}
	return "", false
}

func (n *Node) add(key, value string) {
	if value != "" {
		n.Facts = append(n.Facts, Fact{key, value})
	}
}

// Edge is a stream from one node to another.
type Edge struct {
	From, To *Node
	// Label names the stream when it is not the main output: the side
	// output's tag, "late" for a window's late records.
	Label string
}
