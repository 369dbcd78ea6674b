package diagnose

import (
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/flinklint/flinklint/cmd/flinklint/internal/graphout"
	"github.com/flinklint/flinklint/cmd/flinklint/internal/report"
)

// Finding is one diagnosis: what the metrics show, on which vertex, why,
// and where in the code.
type Finding struct {
	Kind     string // idle-split, no-split, event-time-behind, event-time-lag, late-dropped, late-tag-unread, backpressure
	VertexID string
	Vertex   string // its name, as Flink shows it
	Subtasks []int  // the subtasks it is about; nil for the whole vertex
	Message  string
	// Evidence are the values of both samples, one per line.
	Evidence []string
	Cause    string
	Fix      string
	// Rule is the static rule that catches the cause before deploy.
	Rule string
	// RuleNote says why Rule is silent on this code, when it is.
	RuleNote string
	// Path, Line and Column are where in the code; Line 0 when unknown.
	Path         string
	Line, Column int
	// Match says how the vertex was matched to the code (uid, name,
	// shape), or why not.
	Match string
}

// Diagnosis is what two samples of a job show.
type Diagnosis struct {
	Job           JobInfo
	First, Second time.Time
	Findings      []Finding
	// Stale says the second sample held the first's values: the metric
	// store did not refresh, and nothing that needs motion was diagnosed.
	Stale bool
	// Checked and NotChecked say which rows of the table were applied,
	// and which not and why; Unmatched names the vertices not found in
	// the code, with why.
	Checked, NotChecked, Unmatched []string
}

// Thresholds of the table. A time gauge is "high" above half of each
// second; a watermark "decades behind" trails the clock by 20 years (a
// timestamp in seconds reads as January 1970).
const (
	highMs     = 500
	decades    = 20 * 365 * 24 * time.Hour
	defaultLag = 10 * time.Minute // a lag worth a finding when the window is unknown
	lagWindows = 10               // a lag worth a finding: this many windows
)

// Diagnose applies the table of docs/diagnose.md to two samples of a job,
// first before second, with the job's code when given.
func Diagnose(first, second Snapshot, code *Code) Diagnosis {
	d := Diagnosis{Job: second.Job, First: first.Taken, Second: second.Taken, Stale: Stale(first, second)}
	m := match(code, second)
	g := newGraph(first, second)
	a := &applier{d: &d, g: g, m: m}
	a.backpressure()
	if d.Stale {
		d.NotChecked = append(d.NotChecked, "idle-split, no-split, event-time-lag, late-dropped: the metric store did not refresh between the samples (metrics.fetcher.update-interval), so nothing that needs motion could be seen")
	} else {
		a.idleSplit()
		a.noSplit()
		a.lag()
		a.lateDropped()
	}
	a.behind()
	a.lateTagUnread()
	for _, miss := range second.Missing {
		d.NotChecked = append(d.NotChecked, "metric "+miss+": not reported by this cluster; the rows that read it were applied where it was")
	}
	for _, v := range second.Vertices {
		if mv, ok := m.vertices[v.ID]; ok && mv.Node == nil {
			d.Unmatched = append(d.Unmatched, fmt.Sprintf("%q (%s)", v.Name, mv.By))
		}
	}
	if m.job == nil {
		d.Unmatched = append(d.Unmatched, "every vertex: "+m.reason)
	}
	slices.SortStableFunc(d.Findings, func(a, b Finding) int { return strings.Compare(a.Kind, b.Kind) })
	return d
}

// applier applies the rows to one diagnosis.
type applier struct {
	d         *Diagnosis
	g         graph
	m         matching
	explained map[int]bool // vertices whose stall backpressure explains
}

// pair is one vertex in both samples.
type pair struct{ a, b *Vertex }

// graph is the running job's vertices in both samples, with their edges.
type graph struct {
	vs    []pair
	at    time.Time
	first time.Time
	down  map[int][]int
}

func newGraph(first, second Snapshot) graph {
	g := graph{at: second.Taken, first: first.Taken, down: map[int][]int{}}
	index := map[string]int{}
	for i := range second.Vertices {
		index[second.Vertices[i].ID] = i
	}
	for i := range second.Vertices {
		b := &second.Vertices[i]
		a := b
		for j := range first.Vertices {
			if first.Vertices[j].ID == b.ID && len(first.Vertices[j].Subtasks) == len(b.Subtasks) {
				a = &first.Vertices[j]
			}
		}
		g.vs = append(g.vs, pair{a, b})
		for _, in := range b.Inputs {
			if j, ok := index[in]; ok {
				g.down[j] = append(g.down[j], i)
			}
		}
	}
	return g
}

// reach returns the vertices downstream of i, i excluded.
func (g graph) reach(i int) []int {
	seen := map[int]bool{}
	var out []int
	var walk func(int)
	walk = func(i int) {
		for _, j := range g.down[i] {
			if !seen[j] {
				seen[j] = true
				out = append(out, j)
				walk(j)
			}
		}
	}
	walk(i)
	slices.Sort(out)
	return out
}

func (g graph) source(i int) bool { return len(g.vs[i].b.Inputs) == 0 }

// window says whether vertex i runs a window: only window operators
// report numLateRecordsDropped.
func (g graph) window(i int) bool {
	return slices.ContainsFunc(g.vs[i].b.Subtasks, func(s Subtask) bool { return s.HasLateDropped })
}

// inputWM returns the lowest input watermark of a vertex's subtasks.
func inputWM(v *Vertex) (int64, bool) {
	lo, ok := int64(0), false
	for _, s := range v.Subtasks {
		if s.HasInputWatermark && (!ok || s.InputWatermark < lo) {
			lo, ok = s.InputWatermark, true
		}
	}
	return lo, ok
}

func lateDropped(v *Vertex) int64 {
	var n int64
	for _, s := range v.Subtasks {
		n += s.LateDropped
	}
	return n
}

// add records a finding about vertex i, placed on the code by place.
func (a *applier) add(i int, f Finding, place func(*graphout.Node) (string, int, int)) {
	v := a.g.vs[i].b
	f.VertexID, f.Vertex = v.ID, v.Name
	mv, ok := a.m.vertices[v.ID]
	switch {
	case a.m.job == nil:
		f.Match = a.m.reason
	case !ok || mv.Node == nil:
		f.Match = "vertex not found in the code (" + mv.By + ")"
	default:
		f.Match = mv.By
		f.Path, f.Line, f.Column = place(mv.Node)
	}
	a.d.Findings = append(a.d.Findings, f)
}

// at places a finding on the node itself.
func at(n *graphout.Node) (string, int, int) { return n.Path, n.Line, n.Column }

// atRule places a finding on the static finding of one of rules in the
// node's job (a timestamp assigner or a bound lies apart from the source
// call, in a variable), else on the node.
func (a *applier) atRule(rules ...string) func(*graphout.Node) (string, int, int) {
	return func(n *graphout.Node) (string, int, int) {
		for _, r := range rules {
			if f, ok := a.static(r); ok {
				return f.Path, f.Start.Line, f.Start.Char
			}
		}
		return at(n)
	}
}

// ruleNote says, when the code is known and rule reported nothing in the
// job, why it stayed silent.
func (a *applier) ruleNote(rule, why string) string {
	if _, ok := a.static(rule); ok || a.m.job == nil {
		return ""
	}
	return rule + " is silent on this code: " + why
}

// static returns the first finding of rule in the matched job, on its
// nodes or beside them.
func (a *applier) static(rule string) (report.Finding, bool) {
	if a.m.job == nil {
		return report.Finding{}, false
	}
	for _, f := range a.m.job.Findings {
		if f.Rule == rule {
			return f, true
		}
	}
	for _, n := range a.m.job.Nodes {
		for _, f := range n.Findings {
			if f.Rule == rule {
				return f, true
			}
		}
	}
	return report.Finding{}, false
}
