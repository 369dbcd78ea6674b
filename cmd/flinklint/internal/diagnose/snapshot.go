// Package diagnose reads a running job's metrics through Flink's REST
// API, twice, and names what holds its event time back: an idle split,
// source subtasks with no split, timestamps in the wrong unit, a bound far
// above the window, late records dropped, backpressure. Where the job's
// code is given, each finding names the operator's source line, matched
// by name, uid and shape, and the static rule that would have caught it.
package diagnose

import (
	"slices"
	"time"
)

// Stale says whether second was read from the same state of Flink's metric
// store as first: its values are those of first, whatever the job did.
// Without the stamp (a Flink before 1.17), samples whose every value is
// the same are taken to be stale: then nothing that needs motion is
// diagnosed, rather than a stopped watermark read into a stopped store.
func Stale(first, second Snapshot) bool {
	if first.HasStamp && second.HasStamp {
		return first.Stamp == second.Stamp
	}
	if len(first.Vertices) != len(second.Vertices) {
		return false
	}
	for i, v := range first.Vertices {
		if !slices.Equal(v.Subtasks, second.Vertices[i].Subtasks) {
			return false
		}
	}
	return len(first.Vertices) > 0
}

// NoWatermark is the watermark Flink reports before any has been emitted:
// Long.MIN_VALUE.
const NoWatermark = -9223372036854775808

// Snapshot is one sample of a running job: every vertex and subtask, with
// the metrics the diagnosis reads, as Flink's metric store held them.
type Snapshot struct {
	// Taken is when the sample was read, by the JobManager's clock.
	Taken time.Time
	// Job is the job sampled.
	Job JobInfo
	// Vertices are the job's vertices in the order of its plan: sources
	// first.
	Vertices []Vertex
	// Stamp tells one state of Flink's metric store from another: the
	// accumulated idle, busy and backpressured time of the first vertex's
	// first subtask, which grows with the clock while the task runs. Two
	// samples with the same Stamp were read from the same store.
	Stamp    float64
	HasStamp bool
	// Missing lists the metrics the cluster did not report (an older
	// Flink, a vertex whose tasks are not running), by name, each once.
	Missing []string
}

// JobInfo names a job as the REST API does.
type JobInfo struct {
	ID, Name string
	State    string // RUNNING, FINISHED, CANCELED...
}

// Vertex is one vertex of the job graph as it runs: a chain of operators.
type Vertex struct {
	// ID is the vertex id, hex; Name the chain's name as Flink shows it
	// ("Source: events -> Timestamps/Watermarks").
	ID, Name string
	// Operators are the names of the chained operators, in order, as the
	// plan gives them; Flink joins them with " -> " in Name.
	Operators   []string
	Parallelism int
	// Inputs are the ids of the vertices that feed this one.
	Inputs   []string
	Subtasks []Subtask
}

// Subtask is one parallel instance of a vertex. A metric the cluster did
// not report is left at its zero value with its Has flag false.
type Subtask struct {
	Index int
	// InputWatermark is the subtask's currentInputWatermark: the minimum
	// over its inputs; NoWatermark before any. Sources have none.
	InputWatermark    int64
	HasInputWatermark bool
	// OutputWatermark is the currentOutputWatermark of the chain's last
	// operator: what the subtask sends downstream.
	OutputWatermark    int64
	HasOutputWatermark bool
	// IdleMs, BusyMs and BackPressuredMs are the task's
	// idleTimeMsPerSecond, busyTimeMsPerSecond and
	// backPressuredTimeMsPerSecond.
	IdleMs, BusyMs, BackPressuredMs float64
	HasTime                         bool
	// LateDropped is numLateRecordsDropped summed over the chain's window
	// operators; HasLateDropped is false when the chain has none.
	LateDropped    int64
	HasLateDropped bool
	// EmitLag is a source's currentEmitEventTimeLag: how far the event
	// time of the last record it emitted was behind the clock, in ms.
	EmitLag    int64
	HasEmitLag bool
	// RecordsOut is numRecordsOut of the task, to tell a source that reads
	// from one that does not.
	RecordsOut    int64
	HasRecordsOut bool
}
