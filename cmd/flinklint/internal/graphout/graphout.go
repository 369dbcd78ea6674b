// Package graphout draws the jobs that flinklint graph finds: each job's
// sources, operators, windows and sinks, with the event-time facts of
// each node and the findings of the run on the nodes they are about, as
// Graphviz DOT, Mermaid, versioned JSON or one self-contained HTML page.
//
// It draws a render model of plain values (Graph), which the command
// builds from the job graph while the analysis still holds its positions,
// so that the drawing needs no analysis and its tests need none either.
package graphout

import (
	"fmt"
	"io"
	"slices"
	"strings"
	"unicode"

	"github.com/flinklint/flinklint/cmd/flinklint/internal/report"
	"github.com/flinklint/flinklint/rules"
)

// Graph is what one run draws: its jobs, and the findings that lie in no
// job's file.
type Graph struct {
	Jobs     []Job
	Unplaced []report.Finding
}

// Job is one job: what one execute runs, or one SQL script or INSERT.
type Job struct {
	Name string
	Path string // as shown: relative to the working directory when below it
	Line int    // where the job starts (its execute call); 0 when unknown
	SQL  bool
	// Facts are the settings that apply to the job: "idleTimeout" 1 min.
	Facts []Fact
	// Span is where the job starts (Start and End the same), for Place.
	Span  Span
	Nodes []Node
	Edges []Edge
	// Findings are those in the job's file that no node contains.
	Findings []report.Finding
}

// Node is one operator of a job. Its id in JSON is n1, n2... by its place
// in the job's Nodes: the same whatever else the project holds, and
// however the analysis cut it into units.
type Node struct {
	Kind  string // source, assigner, operator, keyBy, combine, window, process, sink, table, query, unknown
	Label string
	Path  string // as shown
	Line  int
	// Column counts Unicode code points, as findings' columns in JSON do.
	Column    int
	Name, UID string // what name(...) and uid(...) give it; "" when not set
	Facts     []Fact
	Span      Span // where its code lies, for Place
	Findings  []report.Finding
}

// Fact is one event-time fact of a node: "bound" 5s.
type Fact struct{ Key, Value string }

// Edge is a stream between two nodes of a job, by their index in Nodes.
type Edge struct {
	From, To int
	Label    string // the side output's tag, "late"; "" for the main output
}

// Span is where code lies: the file as the analysis names it and byte
// offsets, End included (a finding may start at a node's last byte).
type Span struct {
	File       string
	Start, End int
}

// Located is a finding with the place it starts, as a Span names places.
type Located struct {
	File   string
	Offset int
	report.Finding
}

// Formats lists the formats Write takes; the first is the default.
func Formats() []string { return []string{"dot", "mermaid", "json", "html"} }

// CheckFormat returns an error unless name is a format.
func CheckFormat(name string) error {
	if !slices.Contains(Formats(), name) {
		return fmt.Errorf("unknown format %q (want %s)", name, strings.Join(Formats(), ", "))
	}
	return nil
}

// Write draws g on w in format.
func Write(w io.Writer, g *Graph, format string) error {
	switch format {
	case "dot":
		return writeDOT(w, g)
	case "mermaid":
		return writeMermaid(w, g)
	case "json":
		return writeJSON(w, g)
	case "html":
		return writeHTML(w, g)
	}
	return CheckFormat(format)
}

// worst returns the most serious severity of fs, 0 when fs is empty.
func worst(fs []report.Finding) rules.Severity {
	var s rules.Severity
	for _, f := range fs {
		s = max(s, f.Severity)
	}
	return s
}

// clean makes text drawable on one line: invalid UTF-8 replaced, runs of
// white space (line ends too: a SQL label may span lines) made one space,
// other control characters written as Go escapes. Every format escapes
// what its syntax needs on top of this.
func clean(s string) string {
	s = strings.ToValidUTF8(s, "\uFFFD")
	s = strings.Join(strings.FieldsFunc(s, unicode.IsSpace), " ")
	return report.Escape(s)
}

// wrap breaks the cleaned s into lines of at most width characters, at
// spaces where it can, so that a long message makes a tall note, not a
// wide one.
func wrap(s string, width int) []string {
	var lines []string
	var line []rune
	for _, word := range strings.Fields(clean(s)) {
		w := []rune(word)
		if len(line) > 0 && len(line)+1+len(w) > width {
			lines = append(lines, string(line))
			line = nil
		}
		if len(line) > 0 {
			line = append(line, ' ')
		}
		line = append(line, w...)
		for len(line) > width {
			lines = append(lines, string(line[:width]))
			line = line[width:]
		}
	}
	if len(line) > 0 || len(lines) == 0 {
		lines = append(lines, string(line))
	}
	return lines
}

// lines returns what a node shows: its label, then its facts, one per
// line, and its name and uid when set.
func (n *Node) lines() []string {
	out := []string{clean(n.Label)}
	for _, f := range n.Facts {
		out = append(out, clean(f.Key)+": "+clean(f.Value))
	}
	if n.Name != "" {
		out = append(out, "name: "+clean(n.Name))
	}
	if n.UID != "" {
		out = append(out, "uid: "+clean(n.UID))
	}
	return out
}

// where is a finding's place as a reader looks it up: path:line.
func where(f report.Finding) string {
	return fmt.Sprintf("%s:%d", clean(f.Path), f.Start.Line)
}

// title is one finding in a sentence: severity, rule, message, place.
func title(f report.Finding) string {
	return fmt.Sprintf("%s %s: %s (%s)", f.Severity, f.Rule, clean(f.Message), where(f))
}

// jobTitle is what heads a job: its name, and where it starts with the
// settings that apply to it.
func jobTitle(j *Job) (name, at string) {
	name = clean(j.Name)
	if j.SQL {
		name += " (SQL)"
	}
	at = clean(j.Path)
	if j.Line > 0 {
		at = fmt.Sprintf("%s:%d", at, j.Line)
	}
	for _, f := range j.Facts {
		at += fmt.Sprintf(", %s: %s", clean(f.Key), clean(f.Value))
	}
	return name, at
}
