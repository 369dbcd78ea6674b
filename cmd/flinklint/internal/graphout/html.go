package graphout

import (
	"fmt"
	"html"
	"io"
	"strings"

	"github.com/flinklint/flinklint/rules"
)

// The text of the HTML drawing: a monospace font, so that a line's width
// is its length times charWidth; lines longer than maxChars are cut (the
// tooltip has them whole).
const (
	fontSize   = 12.0
	charWidth  = 7.3
	lineHeight = 16.0
	padding    = 8.0
	maxChars   = 44
)

const htmlHead = `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>flinklint graph</title>
<style>
body { font-family: system-ui, sans-serif; margin: 24px; color: #212121; background: #ffffff; }
h2 { margin: 28px 0 2px; font-size: 18px; }
.at { margin: 0 0 8px; color: #616161; font-family: monospace; }
.legend span, .findings .sev { display: inline-block; padding: 0 6px; border-width: 2px; border-style: solid; border-radius: 4px; margin-right: 4px; }
.findings { list-style: none; padding: 0; }
.findings li { margin: 4px 0; }
.drawing { overflow-x: auto; }
svg { display: block; }
svg text { font-family: "DejaVu Sans Mono", Menlo, Consolas, monospace; font-size: 12px; fill: #212121; }
.node rect { fill: #ffffff; stroke: #546e7a; stroke-width: 1.5; }
.node:hover rect { stroke-width: 3; }
.node .label { font-weight: bold; }
.kind-source rect, .kind-table rect { fill: #e8f5e9; }
.kind-window rect { fill: #ede7f6; }
.kind-sink rect { fill: #eceff1; }
.kind-unknown rect { stroke-dasharray: 4 3; }
.edge path { fill: none; stroke: #546e7a; stroke-width: 1.5; }
.edge text { font-size: 11px; fill: #37474f; paint-order: stroke; stroke: #ffffff; stroke-width: 4px; }
`

// writeHTML writes one page that needs nothing else: its style inline,
// each job drawn as inline SVG laid out here, no script. A node with
// findings is coloured by the worst, lists their rule ids, and has them
// in full (message and file:line) in its tooltip, the SVG title.
func writeHTML(w io.Writer, g *Graph) error {
	var b strings.Builder
	b.WriteString(htmlHead)
	for _, s := range []rules.Severity{rules.Error, rules.Warning, rules.Info} {
		c := colours[s]
		fmt.Fprintf(&b, ".sev-%s rect { fill: %s; stroke: %s; stroke-width: 2.5; }\n", s, c.fill, c.stroke)
		fmt.Fprintf(&b, "text.sev-%s { fill: %s; font-weight: bold; }\n", s, c.stroke)
		fmt.Fprintf(&b, "span.sev-%s { background: %s; border-color: %s; }\n", s, c.fill, c.stroke)
	}
	b.WriteString("</style>\n</head>\n<body>\n<h1>flinklint graph</h1>\n")
	b.WriteString(`<p class="legend">Findings: <span class="sev-error">error</span><span class="sev-warning">warning</span><span class="sev-info">info</span> Hover a node for its findings' messages.</p>` + "\n")
	if len(g.Jobs) == 0 {
		b.WriteString("<p>No job found.</p>\n")
	}
	for i := range g.Jobs {
		htmlJob(&b, &g.Jobs[i], i+1)
	}
	b.WriteString("</body>\n</html>\n")
	_, err := io.WriteString(w, b.String())
	return err
}

func htmlJob(b *strings.Builder, j *Job, ji int) {
	name, at := jobTitle(j)
	fmt.Fprintf(b, "<section class=\"job\">\n<h2>%s</h2>\n<p class=\"at\">%s</p>\n", html.EscapeString(name), html.EscapeString(at))
	if len(j.Findings) > 0 {
		b.WriteString("<ul class=\"findings\">\n")
		for _, f := range j.Findings {
			fmt.Fprintf(b, "<li><span class=\"sev sev-%s\">%s</span> %s: %s (%s)</li>\n", f.Severity, f.Severity,
				html.EscapeString(f.Rule), html.EscapeString(clean(f.Message)), html.EscapeString(where(f)))
		}
		b.WriteString("</ul>\n")
	}
	shown := make([][]string, len(j.Nodes))
	for i := range j.Nodes {
		shown[i] = htmlLines(&j.Nodes[i])
	}
	boxes, width, height := layout(j, func(i int) (float64, float64) {
		longest := 0
		for _, l := range shown[i] {
			longest = max(longest, len([]rune(l)))
		}
		return float64(longest)*charWidth + 2*padding, float64(len(shown[i]))*lineHeight + 2*padding
	})
	fmt.Fprintf(b, "<div class=\"drawing\">\n<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%.0f\" height=\"%.0f\" viewBox=\"0 0 %.0f %.0f\" role=\"img\" aria-label=\"%s\">\n",
		width, height, width, height, html.EscapeString(name))
	fmt.Fprintf(b, "<defs><marker id=\"arrow-%d\" viewBox=\"0 0 10 10\" refX=\"10\" refY=\"5\" markerWidth=\"8\" markerHeight=\"8\" orient=\"auto\"><path d=\"M0,0 L10,5 L0,10 z\" fill=\"#546e7a\"/></marker></defs>\n", ji)
	for _, e := range j.Edges {
		htmlEdge(b, boxes[e.From], boxes[e.To], e.Label, ji)
	}
	for i := range j.Nodes {
		htmlNode(b, &j.Nodes[i], boxes[i], shown[i])
	}
	b.WriteString("</svg>\n</div>\n</section>\n")
}

// htmlLines returns the lines a node shows, cut to maxChars: its label
// and facts, then a line per finding with its severity and rule.
func htmlLines(n *Node) []string {
	lines := n.lines()
	for _, f := range n.Findings {
		lines = append(lines, fmt.Sprintf("● %s %s", f.Severity, f.Rule))
	}
	for i, l := range lines {
		if r := []rune(l); len(r) > maxChars {
			lines[i] = string(r[:maxChars-1]) + "…"
		}
	}
	return lines
}

func htmlNode(b *strings.Builder, n *Node, at box, lines []string) {
	class := "node kind-" + n.Kind
	if s := worst(n.Findings); s != 0 {
		class += " sev-" + s.String()
	}
	tip := []string{fmt.Sprintf("%s %s (%s:%d)", n.Kind, clean(n.Label), clean(n.Path), n.Line)}
	tip = append(tip, n.lines()[1:]...)
	for _, f := range n.Findings {
		tip = append(tip, title(f))
	}
	fmt.Fprintf(b, "<g class=\"%s\"><title>%s</title>", class, html.EscapeString(strings.Join(tip, "\n")))
	fmt.Fprintf(b, "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" rx=\"6\"/>", at.x, at.y, at.w, at.h)
	facts := len(n.lines())
	for k, l := range lines {
		attr := ""
		switch {
		case k == 0:
			attr = ` class="label"`
		case k >= facts:
			attr = fmt.Sprintf(` class="sev-%s"`, n.Findings[k-facts].Severity)
		}
		fmt.Fprintf(b, "<text x=\"%.1f\" y=\"%.1f\"%s>%s</text>", at.x+padding, at.y+padding+float64(k)*lineHeight+fontSize, attr, html.EscapeString(l))
	}
	b.WriteString("</g>\n")
}

// htmlEdge draws a stream as a curve from the right side of one box to
// the left side of the other; one that runs back (a feedback) loops
// below them.
func htmlEdge(b *strings.Builder, from, to box, label string, ji int) {
	x1, y1 := from.x+from.w, from.y+from.h/2
	x2, y2 := to.x, to.y+to.h/2
	dx := max(40, (x2-x1)/2)
	c1y, c2y := y1, y2
	if x2 <= x1 {
		dx, c1y, c2y = 80, max(y1, y2)+from.h, max(y1, y2)+to.h
	}
	fmt.Fprintf(b, "<g class=\"edge\"><path d=\"M%.1f,%.1f C%.1f,%.1f %.1f,%.1f %.1f,%.1f\" marker-end=\"url(#arrow-%d)\"/>", x1, y1, x1+dx, c1y, x2-dx, c2y, x2, y2, ji)
	if label != "" {
		fmt.Fprintf(b, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\">%s</text>", (x1+x2)/2, (y1+y2)/2-4, html.EscapeString(clean(label)))
	}
	b.WriteString("</g>\n")
}
