package graphout

import (
	"encoding/json"
	"io"
	"strconv"

	"github.com/flinklint/flinklint/cmd/flinklint/internal/report"
)

// JSONVersion is the version of the graph's JSON (docs/graph.md). It
// changes only when a field changes meaning or goes away; new fields keep
// it.
const JSONVersion = 1

type jsonGraph struct {
	Version  int           `json:"version"`
	Jobs     []jsonJob     `json:"jobs"`
	Unplaced []jsonFinding `json:"unplaced"`
}

type jsonJob struct {
	Name     string        `json:"name"`
	File     string        `json:"file"`
	Line     int           `json:"line"`
	SQL      bool          `json:"sql"`
	Facts    []jsonFact    `json:"facts"`
	Nodes    []jsonNode    `json:"nodes"`
	Edges    []jsonEdge    `json:"edges"`
	Findings []jsonFinding `json:"findings"`
}

type jsonNode struct {
	ID       string        `json:"id"`
	Kind     string        `json:"kind"`
	Label    string        `json:"label"`
	File     string        `json:"file"`
	Line     int           `json:"line"`
	Column   int           `json:"column"`
	Name     string        `json:"name"`
	UID      string        `json:"uid"`
	Facts    []jsonFact    `json:"facts"`
	Findings []jsonFinding `json:"findings"`
}

type jsonFact struct {
	Key   string `json:"key"`
	Value string `json:"value"`
}

type jsonEdge struct {
	From  string `json:"from"`
	To    string `json:"to"`
	Label string `json:"label"`
}

type jsonFinding struct {
	Rule     string `json:"rule"`
	Severity string `json:"severity"`
	Message  string `json:"message"`
	File     string `json:"file"`
	Line     int    `json:"line"`
	Column   int    `json:"column"` // in Unicode code points, as flinklint's -format json counts
}

// writeJSON writes the graph for tools. Strings are as the code and the
// rules have them (JSON escapes what it must); every list is present,
// empty rather than null.
func writeJSON(w io.Writer, g *Graph) error {
	out := jsonGraph{Version: JSONVersion, Jobs: []jsonJob{}, Unplaced: jsonFindings(g.Unplaced)}
	for _, j := range g.Jobs {
		jj := jsonJob{Name: j.Name, File: j.Path, Line: j.Line, SQL: j.SQL, Facts: []jsonFact{}, Nodes: []jsonNode{}, Edges: []jsonEdge{}, Findings: jsonFindings(j.Findings)}
		for _, f := range j.Facts {
			jj.Facts = append(jj.Facts, jsonFact(f))
		}
		for i, n := range j.Nodes {
			jn := jsonNode{
				ID: nodeID(i), Kind: n.Kind, Label: n.Label, File: n.Path, Line: n.Line, Column: n.Column,
				Name: n.Name, UID: n.UID, Facts: []jsonFact{}, Findings: jsonFindings(n.Findings),
			}
			for _, f := range n.Facts {
				jn.Facts = append(jn.Facts, jsonFact(f))
			}
			jj.Nodes = append(jj.Nodes, jn)
		}
		for _, e := range j.Edges {
			jj.Edges = append(jj.Edges, jsonEdge{From: nodeID(e.From), To: nodeID(e.To), Label: e.Label})
		}
		out.Jobs = append(out.Jobs, jj)
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	return enc.Encode(out)
}

// nodeID is the id of the node at index i of its job.
func nodeID(i int) string { return "n" + strconv.Itoa(i+1) }

func jsonFindings(fs []report.Finding) []jsonFinding {
	out := []jsonFinding{}
	for _, f := range fs {
		out = append(out, jsonFinding{
			Rule: f.Rule, Severity: f.Severity.String(), Message: f.Message,
			File: f.Path, Line: f.Start.Line, Column: f.Start.Char,
		})
	}
	return out
}
