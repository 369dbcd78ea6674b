package review

import (
	"fmt"
	"html"
	"regexp"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/flinklint/flinklint/cmd/flinklint/internal/graphout"
	"github.com/flinklint/flinklint/cmd/flinklint/internal/report"
)

// Picture is the drawing of one job, for the review's body.
type Picture struct {
	Name    string // the job's name, as flinklint graph -job takes it
	Where   string // path:line where the job starts (its execute), as shown
	Mermaid string // the job alone, the run's findings on its nodes, as flinklint graph -format mermaid draws it
}

const (
	// maxPictures is how many jobs' pictures a review's body holds at most.
	maxPictures = 3
	// GitHub draws a Mermaid block within Mermaid's default limits: at
	// most 50,000 characters of text and 500 edges. A larger one would
	// be an error box.
	maxMermaid      = 50000
	maxMermaidEdges = 500
)

// Pictures draws in Mermaid each job of g that holds a finding, and sets
// the Jobs of each of findings to the pictures of the jobs that hold it.
// g's findings are reported, put on its nodes by graphout.Place;
// reported[i] is findings[i] as package report has it (both are made from
// a result's diagnostics, in their order).
func Pictures(g *graphout.Graph, reported []report.Finding, findings []Finding) []Picture {
	type key struct {
		path          string
		line, column  int
		rule, message string
	}
	keyOf := func(f report.Finding) key { return key{f.Path, f.Start.Line, f.Start.Column, f.Rule, f.Message} }
	held := map[key][]int{} // the pictures that hold a finding
	var pictures []Picture
	for _, j := range g.Jobs {
		keys := map[key]bool{}
		for _, n := range j.Nodes {
			for _, f := range n.Findings {
				keys[keyOf(f)] = true
			}
		}
		for _, f := range j.Findings {
			keys[keyOf(f)] = true
		}
		if len(keys) == 0 {
			continue
		}
		var b strings.Builder
		if err := graphout.Write(&b, &graphout.Graph{Jobs: []graphout.Job{j}}, "mermaid"); err != nil {
			continue // a strings.Builder takes every write
		}
		where := j.Path
		if j.Line > 0 {
			where = fmt.Sprintf("%s:%d", j.Path, j.Line)
		}
		for k := range keys {
			held[k] = append(held[k], len(pictures))
		}
		pictures = append(pictures, Picture{Name: j.Name, Where: where, Mermaid: b.String()})
	}
	for i := range min(len(findings), len(reported)) {
		findings[i].Jobs = held[keyOf(reported[i])]
	}
	return pictures
}

// drawJobs appends to b, a review's body, the pictures of the jobs that
// hold the findings it posts, each collapsed in a <details> block: at
// most maxPictures, in the order of the first finding each holds. A
// picture GitHub would not draw, or that would take the body past
// maxBody, is one line saying so instead.
func drawJobs(b *strings.Builder, posted []Finding, pictures []Picture) {
	var order []int
	seen := map[int]bool{}
	for _, f := range posted {
		for _, j := range f.Jobs {
			if j >= 0 && j < len(pictures) && !seen[j] {
				seen[j] = true
				order = append(order, j)
			}
		}
	}
	more := len(order) - maxPictures
	order = order[:min(len(order), maxPictures)]
	for _, j := range order {
		p := pictures[j]
		name, where := oneLine(p.Name), oneLine(p.Where)
		redraw := code("flinklint graph -job " + shellQuote(p.Name))
		var block string
		if edges := len(mermaidEdge.FindAllStringIndex(p.Mermaid, -1)); len(p.Mermaid) > maxMermaid || edges > maxMermaidEdges {
			block = fmt.Sprintf("\nThe graph of job %s (%s) is too large for GitHub to draw (%d characters and %d edges of Mermaid; it draws %d and %d): %s draws it.\n",
				code(name), code(where), len(p.Mermaid), edges, maxMermaid, maxMermaidEdges, redraw)
		} else {
			text := strings.TrimSuffix(p.Mermaid, "\n") + "\n"
			fence := fenceFor(text)
			block = fmt.Sprintf("\n<details><summary>Job graph: %s (%s)</summary>\n\n%smermaid\n%s%s\n\n</details>\n",
				html.EscapeString(name), html.EscapeString(where), fence, text, fence)
		}
		if b.Len()+len(block) > maxBody {
			block = fmt.Sprintf("\nThe graph of job %s (%s) is left out: the review's body has no room for it; %s draws it.\n", code(name), code(where), redraw)
		}
		if b.Len()+len(block) <= maxBody {
			b.WriteString(block)
		}
	}
	if more > 0 {
		if line := fmt.Sprintf("\nThese findings are in %s: %s draws them.\n", report.Count(more, "more job"), code("flinklint graph")); b.Len()+len(line) <= maxBody {
			b.WriteString(line)
		}
	}
}

// mermaidEdge matches an edge of graphout's Mermaid: an identifier, a
// space and an arrow, at the start of a line (a node's line has its shape
// right after its identifier, and a label cannot hold a line end).
var mermaidEdge = regexp.MustCompile(`(?m)^ *\w+ (-->|-\.-)`)

// fenceFor returns a code fence longer than any run of backticks in text,
// so that text cannot close it.
func fenceFor(text string) string {
	fence := "```"
	for strings.Contains(text, fence) {
		fence += "`"
	}
	return fence
}

// code writes s as a Markdown code span, whose delimiters no backtick in
// it can close.
func code(s string) string {
	ticks := "`"
	for strings.Contains(s, ticks) {
		ticks += "`"
	}
	if strings.HasPrefix(s, "`") || strings.HasSuffix(s, "`") {
		s = " " + s + " "
	}
	return ticks + s + ticks
}

// maxShown bounds the characters of a job's name or place in the body.
const maxShown = 200

// oneLine makes text from the code fit one line of the body: invalid UTF-8
// replaced, runs of white space made one space, control characters
// written as escapes, and at most maxShown characters.
func oneLine(s string) string {
	s = strings.Join(strings.FieldsFunc(strings.ToValidUTF8(s, "\uFFFD"), unicode.IsSpace), " ")
	s = report.Escape(s)
	if utf8.RuneCountInString(s) > maxShown {
		s = string([]rune(s)[:maxShown-1]) + "…"
	}
	return s
}

// shellQuote quotes s for a POSIX shell, unless it needs no quotes.
func shellQuote(s string) string {
	s = oneLine(s)
	if s != "" && strings.Trim(s, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._/-") == "" {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}
