package diagnose

import (
	"strconv"
	"strings"

	"github.com/flinklint/flinklint/cmd/flinklint/internal/graphout"
)

// Code is the code of the jobs, as flinklint graph finds them in the
// paths given: each job's operators with their lines, names, uids and
// event-time facts, and the static findings on them.
type Code struct {
	Jobs []graphout.Job
}

// Match is what a running vertex is in the code.
type Match struct {
	// Node is the operator of the code at the head of the vertex's chain;
	// nil when unmatched.
	Node *graphout.Node
	// By says how: "uid", "name", "shape"; or why not: "unmatched",
	// "ambiguous".
	By string
}

// matching holds the code job of a running job and each vertex's match.
type matching struct {
	job      *graphout.Job // nil when the code has no job of that name
	vertices map[string]Match
	// reason says why job is nil: no code given, or no job of that name.
	reason string
}

// match finds the running job's code and matches each vertex to an
// operator: by the uid's hash (the vertex id), by name, or by shape
// (the one operator of the kind its Flink name says). A vertex that fits
// no operator, or several, is left unmatched: never guessed.
func match(code *Code, s Snapshot) matching {
	m := matching{vertices: map[string]Match{}}
	if code == nil {
		m.reason = "no code given"
	} else {
		var named []*graphout.Job
		for i := range code.Jobs {
			if code.Jobs[i].Name == s.Job.Name {
				named = append(named, &code.Jobs[i])
			}
		}
		switch len(named) {
		case 1:
			m.job = named[0]
		case 0:
			m.reason = "no job named " + strconv.Quote(s.Job.Name) + " in the code"
		default:
			m.reason = "several jobs named " + strconv.Quote(s.Job.Name) + " in the code"
		}
	}
	if m.job == nil {
		return m
	}
	taken := map[*graphout.Node]bool{}
	byUID := map[string]*graphout.Node{}
	for i := range m.job.Nodes {
		if n := &m.job.Nodes[i]; n.UID != "" {
			byUID[vertexID(n.UID)] = n
		}
	}
	// uid and name first, so that shape matches only among what is left.
	var rest []Vertex
	for _, v := range s.Vertices {
		if n := byUID[v.ID]; n != nil {
			m.vertices[v.ID] = Match{n, "uid"}
			taken[n] = true
			continue
		}
		if n, ok := m.byName(v.Operators[0]); ok {
			if n == nil {
				m.vertices[v.ID] = Match{nil, "ambiguous"}
				continue
			}
			m.vertices[v.ID] = Match{n, "name"}
			taken[n] = true
			continue
		}
		rest = append(rest, v)
	}
	for _, v := range rest {
		var fits []*graphout.Node
		for i := range m.job.Nodes {
			n := &m.job.Nodes[i]
			if !taken[n] && fitsShape(v.Operators[0], n) {
				fits = append(fits, n)
			}
		}
		switch len(fits) {
		case 1:
			m.vertices[v.ID] = Match{fits[0], "shape"}
			taken[fits[0]] = true
		case 0:
			m.vertices[v.ID] = Match{nil, "unmatched"}
		default:
			m.vertices[v.ID] = Match{nil, "ambiguous"}
		}
	}
	return m
}

// byName finds the operator named op (as name(...) or fromSource's name
// set it). It returns ok when the name decides: one operator, or
// several (ambiguous, nil).
func (m matching) byName(op string) (*graphout.Node, bool) {
	var found []*graphout.Node
	for i := range m.job.Nodes {
		n := &m.job.Nodes[i]
		if n.Name == "" {
			continue
		}
		if op == n.Name || op == "Source: "+n.Name || op == "Sink: "+n.Name {
			found = append(found, n)
		}
	}
	switch len(found) {
	case 0:
		return nil, false
	case 1:
		return found[0], true
	}
	return nil, true
}

// fitsShape says whether the operator Flink named op could be node n by
// its kind: the names Flink gives operators the code did not name.
func fitsShape(op string, n *graphout.Node) bool {
	switch {
	case strings.HasPrefix(op, "Source: "):
		return n.Kind == "source"
	case strings.HasPrefix(op, "Sink: "):
		return n.Kind == "sink"
	case op == "Timestamps/Watermarks":
		return n.Kind == "assigner"
	case strings.Contains(op, "Window"):
		return n.Kind == "window"
	}
	label := strings.ToLower(strings.ReplaceAll(op, " ", ""))
	return (n.Kind == "operator" || n.Kind == "process") && strings.HasPrefix(strings.ToLower(n.Label), label)
}
