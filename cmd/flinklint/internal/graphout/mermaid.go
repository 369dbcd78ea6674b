package graphout

import (
	"fmt"
	"io"
	"maps"
	"slices"
	"strings"

	"github.com/flinklint/flinklint/cmd/flinklint/internal/report"
	"github.com/flinklint/flinklint/rules"
)

// mermaidShapes open and close a node of each kind; the label goes
// between them, quoted.
var mermaidShapes = map[string][2]string{
	"source":   {"([", "])"},
	"assigner": {"[/", "/]"},
	"keyBy":    {"[/", `\]`},
	"combine":  {"{{", "}}"},
	"window":   {"[[", "]]"},
	"process":  {"(", ")"},
	"sink":     {"[(", ")]"},
	"table":    {"[(", ")]"},
	"query":    {`[\`, `\]`},
}

// writeMermaid writes a flowchart with a subgraph per job, for GitHub
// Markdown (a mermaid code block) and the Mermaid tools. Identifiers are
// made here (j1n2); labels are quoted, with every character outside
// letters, digits and a little punctuation written as Mermaid's entity
// code (#35; for #), so that no label can close its quotes, start
// Markdown or be read as a style.
func writeMermaid(w io.Writer, g *Graph) error {
	var b strings.Builder
	b.WriteString("%% flinklint graph: findings are coloured by severity (error red, warning orange, info blue).\n")
	b.WriteString("flowchart LR\n")
	for _, s := range []rules.Severity{rules.Error, rules.Warning, rules.Info} {
		c := colours[s]
		fmt.Fprintf(&b, "  classDef %s fill:%s,stroke:%s,stroke-width:2px,color:#000000\n", s, c.fill, c.stroke)
	}
	for _, kind := range slices.Sorted(maps.Keys(kindFills)) {
		fmt.Fprintf(&b, "  classDef kind%s fill:%s,color:#000000\n", kind, kindFills[kind])
	}
	if len(g.Jobs) == 0 {
		b.WriteString("  none[\"no job found\"]\n")
	}
	for i := range g.Jobs {
		mermaidJob(&b, &g.Jobs[i], i+1)
	}
	_, err := io.WriteString(w, b.String())
	return err
}

func mermaidJob(b *strings.Builder, j *Job, ji int) {
	name, at := jobTitle(j)
	fmt.Fprintf(b, "  subgraph j%d[\"%s<br>%s\"]\n", ji, mermaidText(name), mermaidText(at))
	b.WriteString("    direction LR\n")
	var classes []string
	for ni := range j.Nodes {
		n := &j.Nodes[ni]
		id := fmt.Sprintf("j%dn%d", ji, ni+1)
		shape, ok := mermaidShapes[n.Kind]
		if !ok {
			shape = [2]string{"[", "]"}
		}
		var label []string
		for _, l := range n.lines() {
			label = append(label, mermaidText(l))
		}
		fmt.Fprintf(b, "    %s%s\"%s\"%s\n", id, shape[0], strings.Join(label, "<br>"), shape[1])
		if s := worst(n.Findings); s != 0 {
			mermaidNote(b, id+"f", n.Findings)
			fmt.Fprintf(b, "    %s -.- %sf\n", id, id)
			classes = append(classes, fmt.Sprintf("  class %s,%sf %s\n", id, id, s))
		} else if _, tinted := kindFills[n.Kind]; tinted {
			classes = append(classes, fmt.Sprintf("  class %s kind%s\n", id, n.Kind))
		}
	}
	for _, e := range j.Edges {
		arrow := "-->"
		if e.Label != "" {
			arrow = fmt.Sprintf("-->|\"%s\"|", mermaidText(clean(e.Label)))
		}
		fmt.Fprintf(b, "    j%dn%d %s j%dn%d\n", ji, e.From+1, arrow, ji, e.To+1)
	}
	if len(j.Findings) > 0 {
		id := fmt.Sprintf("j%df", ji)
		mermaidNote(b, id, j.Findings)
		classes = append(classes, fmt.Sprintf("  class %s %s\n", id, worst(j.Findings)))
	}
	b.WriteString("  end\n")
	for _, c := range classes {
		b.WriteString(c)
	}
}

// mermaidNote writes a flag-shaped node listing the findings fs.
func mermaidNote(b *strings.Builder, id string, fs []report.Finding) {
	var lines []string
	for _, f := range fs {
		lines = append(lines, mermaidText(fmt.Sprintf("%s [%s]", f.Severity, f.Rule)))
		for _, l := range wrap(f.Message, noteWidth) {
			lines = append(lines, mermaidText(l))
		}
		lines = append(lines, mermaidText(where(f)))
	}
	fmt.Fprintf(b, "    %s>\"%s\"]\n", id, strings.Join(lines, "<br>"))
}

// mermaidText writes cleaned text for a quoted Mermaid label: letters and
// digits of ASCII, the space and . , _ - ( ) / = + stay, and a colon
// before a space (Mermaid takes "style...:#...;" on a line for a style
// even inside quotes, and a colon before a space cannot start one); every
// other character becomes #code; (decimal), which Mermaid turns into the
// HTML entity &#code; and renders as the character.
func mermaidText(s string) string {
	var b strings.Builder
	for i, r := range s {
		switch {
		case 'a' <= r && r <= 'z', 'A' <= r && r <= 'Z', '0' <= r && r <= '9', strings.ContainsRune(" ._-()/=+,", r),
			r == ':' && strings.HasPrefix(s[i+1:], " "):
			b.WriteRune(r)
		default:
			fmt.Fprintf(&b, "#%d;", r)
		}
	}
	return b.String()
}
