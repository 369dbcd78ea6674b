package graphout

import (
	"fmt"
	"io"
	"strings"

	"github.com/flinklint/flinklint/cmd/flinklint/internal/report"
)

// dotShapes are Graphviz's shape and style for the kinds of node; other
// kinds are the default rounded box.
var dotShapes = map[string][2]string{
	"source":   {"cds", "filled"},
	"assigner": {"box", "filled,diagonals"},
	"keyBy":    {"trapezium", "filled"},
	"combine":  {"hexagon", "filled"},
	"window":   {"box3d", "filled"},
	"process":  {"component", "filled"},
	"sink":     {"cylinder", "filled"},
	"table":    {"cylinder", "filled"},
	"query":    {"tab", "filled"},
	"unknown":  {"box", "rounded,filled,dashed"},
}

// writeDOT writes one digraph with a cluster per job. Identifiers are
// made here (j1_n2), never taken from the code; every string is quoted.
func writeDOT(w io.Writer, g *Graph) error {
	var b strings.Builder
	b.WriteString("// flinklint graph: findings are coloured by severity (error red, warning orange, info blue).\n")
	b.WriteString("digraph flinklint {\n")
	b.WriteString("  graph [rankdir=LR, fontname=\"Helvetica\", fontsize=12, labeljust=l, nodesep=0.3, ranksep=0.45];\n")
	b.WriteString("  node [fontname=\"Helvetica\", fontsize=10, shape=box, style=\"rounded,filled\", fillcolor=\"#ffffff\", color=\"#546e7a\"];\n")
	b.WriteString("  edge [fontname=\"Helvetica\", fontsize=9, color=\"#546e7a\"];\n")
	for i := range g.Jobs {
		dotJob(&b, &g.Jobs[i], i+1)
	}
	b.WriteString("}\n")
	_, err := io.WriteString(w, b.String())
	return err
}

func dotJob(b *strings.Builder, j *Job, ji int) {
	name, at := jobTitle(j)
	fmt.Fprintf(b, "  subgraph cluster_%d {\n", ji)
	fmt.Fprintf(b, "    label=\"%s\\l%s\\l\";\n    style=rounded;\n    color=\"#90a4ae\";\n", dotEscape(name), dotEscape(at))
	for ni := range j.Nodes {
		dotNode(b, &j.Nodes[ni], fmt.Sprintf("j%d_n%d", ji, ni+1))
	}
	for _, e := range j.Edges {
		fmt.Fprintf(b, "    j%d_n%d -> j%d_n%d", ji, e.From+1, ji, e.To+1)
		if e.Label != "" {
			fmt.Fprintf(b, " [label=\"%s\"]", dotEscape(clean(e.Label)))
		}
		b.WriteString(";\n")
	}
	if len(j.Findings) > 0 {
		dotNote(b, fmt.Sprintf("j%d_findings", ji), j.Findings)
	}
	b.WriteString("  }\n")
}

func dotNode(b *strings.Builder, n *Node, id string) {
	lines := n.lines()
	label := dotEscape(lines[0]) + `\n`
	for _, l := range lines[1:] {
		label += dotEscape(l) + `\l`
	}
	attrs := []string{fmt.Sprintf("label=\"%s\"", label)}
	if shape, ok := dotShapes[n.Kind]; ok {
		attrs = append(attrs, "shape="+shape[0], fmt.Sprintf("style=\"%s\"", shape[1]))
	}
	fill := kindFills[n.Kind]
	tooltip := dotEscape(fmt.Sprintf("%s %s (%s:%d)", n.Kind, lines[0], clean(n.Path), n.Line))
	if s := worst(n.Findings); s != 0 {
		fill = colours[s].fill
		attrs = append(attrs, fmt.Sprintf("color=\"%s\"", colours[s].stroke), "penwidth=2")
		for _, f := range n.Findings {
			tooltip += `\n` + dotEscape(title(f))
		}
	}
	if fill != "" {
		attrs = append(attrs, fmt.Sprintf("fillcolor=\"%s\"", fill))
	}
	attrs = append(attrs, fmt.Sprintf("tooltip=\"%s\"", tooltip))
	fmt.Fprintf(b, "    %s [%s];\n", id, strings.Join(attrs, ", "))
	if len(n.Findings) > 0 {
		dotNote(b, id+"_findings", n.Findings)
		fmt.Fprintf(b, "    %s -> %s_findings [style=dashed, arrowhead=none, color=\"%s\"];\n", id, id, colours[worst(n.Findings)].stroke)
		fmt.Fprintf(b, "    { rank=same; %s; %s_findings; }\n", id, id) // the note beside its node, not a column further
	}
}

// dotNote writes a note node listing the findings fs: for each its
// severity and rule, its message, and where it is.
func dotNote(b *strings.Builder, id string, fs []report.Finding) {
	var label strings.Builder
	for i, f := range fs {
		if i > 0 {
			label.WriteString(`\l`)
		}
		fmt.Fprintf(&label, `%s [%s]\l`, f.Severity, dotEscape(f.Rule))
		for _, l := range wrap(f.Message, noteWidth) {
			label.WriteString(dotEscape(l) + `\l`)
		}
		label.WriteString(dotEscape(where(f)) + `\l`)
	}
	c := colours[worst(fs)]
	fmt.Fprintf(b, "    %s [shape=note, style=filled, fillcolor=\"%s\", color=\"%s\", fontsize=9, label=\"%s\"];\n", id, c.fill, c.stroke, label.String())
}

// dotEscape escapes cleaned text for a quoted DOT string: the quote, and
// the backslash, which would otherwise start an escape (\n, \N, \G).
func dotEscape(s string) string {
	return strings.NewReplacer(`\`, `\\`, `"`, `\"`).Replace(s)
}
