package review

import (
	"fmt"
	"html"
	"strings"
	"testing"

	"github.com/flinklint/flinklint/cmd/flinklint/internal/graphout"
	"github.com/flinklint/flinklint/cmd/flinklint/internal/report"
	"github.com/flinklint/flinklint/rules"
)

// newFinding is a warning on line of path.
func newFinding(path string, line int, rule string) Finding {
	return Finding{Path: path, Line: line, Column: 1, EndLine: line, EndColumn: 2, Rule: rule, Severity: rules.Warning, Message: rule + " here"}
}

// asReported is fs as package report has them, which is what the graph's
// nodes hold.
func asReported(fs []Finding) []report.Finding {
	out := make([]report.Finding, len(fs))
	for i, f := range fs {
		out[i] = report.Finding{Rule: f.Rule, Severity: f.Severity, Message: f.Message, Path: f.Path,
			Start: report.Position{Line: f.Line, Column: f.Column, Char: f.Column}}
	}
	return out
}

// jobWith is a job of a source and a window, the window holding fs, as
// graphout.Place leaves it.
func jobWith(name, path string, line int, fs ...Finding) graphout.Job {
	return graphout.Job{
		Name: name, Path: path, Line: line,
		Nodes: []graphout.Node{
			{Kind: "source", Label: "fromSource(kafka)", Path: path, Line: line + 1},
			{Kind: "window", Label: "window(TumblingEventTimeWindows.of(1m))", Path: path, Line: line + 2, Findings: asReported(fs)},
		},
		Edges: []graphout.Edge{{From: 0, To: 1}},
	}
}

// mermaidOf is the job alone as graphout draws it.
func mermaidOf(t *testing.T, j graphout.Job) string {
	t.Helper()
	var b strings.Builder
	if err := graphout.Write(&b, &graphout.Graph{Jobs: []graphout.Job{j}}, "mermaid"); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

// block is one collapsed picture of a review's body.
type block struct{ summary, mermaid string }

// details reads the collapsed pictures of body as a Markdown reader
// does, and fails on any that a hostile text has broken: the summary is
// one line of HTML with no tag of its own, a blank line follows it, then
// a mermaid fence that no line of the diagram closes, a blank line and
// </details>. No other line of the body opens or closes a <details>.
func details(t *testing.T, body string) []block {
	t.Helper()
	var out []block
	lines := strings.Split(body, "\n")
	for i := 0; i < len(lines); i++ {
		line := lines[i]
		rest, ok := strings.CutPrefix(line, "<details><summary>")
		if !ok {
			if strings.Contains(line, "<details") || strings.Contains(line, "</details") || strings.Contains(line, "summary>") {
				t.Errorf("line %d opens or closes a <details> of its own: %q", i+1, line)
			}
			continue
		}
		summary, ok := strings.CutSuffix(rest, "</summary>")
		if !ok || strings.ContainsAny(summary, "<>") {
			t.Fatalf("line %d: a broken summary: %q", i+1, line)
		}
		if i+2 >= len(lines) || lines[i+1] != "" || !strings.HasPrefix(lines[i+2], "```") {
			t.Fatalf("line %d: no blank line and fence after the summary", i+1)
		}
		fence, _ := strings.CutSuffix(lines[i+2], "mermaid")
		if strings.Trim(fence, "`") != "" {
			t.Fatalf("line %d: not a mermaid fence: %q", i+3, lines[i+2])
		}
		var diagram strings.Builder
		j := i + 3
		for ; j < len(lines); j++ {
			// CommonMark closes a fence with a line of at least as many
			// backticks, indented by at most three spaces.
			trimmed := strings.TrimSpace(lines[j])
			if len(trimmed) >= len(fence) && strings.Trim(trimmed, "`") == "" && len(lines[j])-len(strings.TrimLeft(lines[j], " ")) <= 3 {
				break
			}
			diagram.WriteString(lines[j] + "\n")
		}
		if lines[j] != fence || j+2 >= len(lines) || lines[j+1] != "" || lines[j+2] != "</details>" {
			t.Fatalf("line %d: the fence closes at line %d, not before </details>: %q", i+3, j+1, lines[j])
		}
		out = append(out, block{html.UnescapeString(summary), diagram.String()})
		i = j + 2
	}
	return out
}

func reviewBodyOf(t *testing.T, g *fakeGitHub, n int) string {
	t.Helper()
	reviews := posted(t, g)
	if len(reviews) != n {
		t.Fatalf("%d reviews posted, want %d", len(reviews), n)
	}
	return reviews[n-1]["body"].(string)
}

// TestJobPictures: the review's body draws, collapsed, each job holding
// a finding it posts, and no other.
func TestJobPictures(t *testing.T) {
	g, srv := newFake(t)
	env := environment(t, srv)
	fs := []Finding{newFinding("src/Job.java", 4, "seconds-timestamp"), newFinding("src/Job.java", 6, "missing-idleness")}
	jobs := []graphout.Job{
		jobWith("views", "src/Job.java", 20, fs[1]),
		jobWith("clicks", "src/Job.java", 10, fs[0]),
		jobWith("idle", "src/Idle.java", 1), // holds no finding
	}
	pictures := Pictures(&graphout.Graph{Jobs: jobs}, asReported(fs), fs)
	if len(pictures) != 2 || pictures[0].Name != "views" || pictures[1].Where != "src/Job.java:10" {
		t.Fatalf("pictures %+v", pictures)
	}
	run(t, g, env, fs, pictures...)
	body := reviewBodyOf(t, g, 1)
	got := details(t, body)
	// in the order of the findings: clicks holds the first
	if len(got) != 2 || got[0].summary != "Job graph: clicks (src/Job.java:10)" || got[1].summary != "Job graph: views (src/Job.java:20)" {
		t.Fatalf("pictures drawn: %+v\n%s", got, body)
	}
	if got[0].mermaid != mermaidOf(t, jobs[1]) || !strings.Contains(got[0].mermaid, "seconds-timestamp") {
		t.Errorf("clicks's picture:\n%s", got[0].mermaid)
	}
	if !strings.Contains(body, "diff shows: 2.\n\n<details><summary>Job graph: clicks") {
		t.Errorf("the pictures do not follow the summary:\n%s", body)
	}

	// a push adds a finding to views: clicks, whose finding is commented
	// already, is not drawn again
	fs = append(fs, newFinding("src/Job.java", 5, "late-data-dropped"))
	jobs[0] = jobWith("views", "src/Job.java", 20, fs[1], fs[2])
	pictures = Pictures(&graphout.Graph{Jobs: jobs}, asReported(fs), fs)
	_, stderr := run(t, g, env, fs, pictures...)
	if !strings.Contains(stderr, "1 new comment, 0 updated, 2 already there") {
		t.Fatalf("second run: %s", stderr)
	}
	got = details(t, reviewBodyOf(t, g, 2))
	if len(got) != 1 || got[0].summary != "Job graph: views (src/Job.java:20)" || !strings.Contains(got[0].mermaid, "late-data-dropped") {
		t.Errorf("second review's pictures: %+v", got)
	}

	// nothing new: no review, whatever the pictures
	run(t, g, env, fs, pictures...)
	reviewBodyOf(t, g, 2)
}

// TestJobPicturesOutside: the findings listed in the body, outside the
// diff, get their jobs drawn too, after those of the new comments; at most
// maxPictures, and a line names the rest.
func TestJobPicturesOutside(t *testing.T) {
	g, srv := newFake(t)
	fs := []Finding{newFinding("src/Other.java", 1, "a"), newFinding("src/Job.java", 3, "b"), newFinding("src/Job.java", 4, "c"),
		newFinding("src/Job.java", 5, "d"), newFinding("src/Job.java", 6, "e")}
	var jobs []graphout.Job
	for i, f := range fs {
		jobs = append(jobs, jobWith(fmt.Sprintf("job%d", i), f.Path, 100+i, f))
	}
	jobs = append(jobs, jobWith("both", "src/Job.java", 200, fs[1], fs[0])) // held by two jobs
	run(t, g, environment(t, srv), fs, Pictures(&graphout.Graph{Jobs: jobs}, asReported(fs), fs)...)
	body := reviewBodyOf(t, g, 1)
	got := details(t, body)
	var names []string
	for _, b := range got {
		names = append(names, b.summary)
	}
	want := "Job graph: job1 (src/Job.java:101)|Job graph: both (src/Job.java:200)|Job graph: job2 (src/Job.java:102)"
	if strings.Join(names, "|") != want {
		t.Errorf("pictures %q, want %q", names, want)
	}
	if !strings.HasSuffix(body, "\n\n</details>\n\nThese findings are in 3 more jobs: `flinklint graph` draws them.\n") {
		t.Errorf("no line names the jobs left out:\n%s", body)
	}
}

// TestJobPictureTooLarge: a picture GitHub would not draw (past
// Mermaid's 50,000 characters or 500 edges), or that the body has no room
// for, is a line saying so; the findings' list is never cut for one.
func TestJobPictureTooLarge(t *testing.T) {
	f := newFinding("src/Job.java", 4, "seconds-timestamp")
	wide := jobWith("wide job", "src/Job.java", 10, f)
	wide.Nodes[0].Label = strings.Repeat("x", maxMermaid)
	long := jobWith("long", "src/Job.java", 30, f)
	for i := range maxMermaidEdges {
		long.Nodes = append(long.Nodes, graphout.Node{Kind: "operator", Label: "map"})
		long.Edges = append(long.Edges, graphout.Edge{From: i + 1, To: i + 2})
	}
	for _, j := range []graphout.Job{wide, long} {
		g, srv := newFake(t)
		fs := []Finding{f}
		pictures := Pictures(&graphout.Graph{Jobs: []graphout.Job{j}}, asReported(fs), fs)
		run(t, g, environment(t, srv), fs, pictures...)
		body := reviewBodyOf(t, g, 1)
		if len(details(t, body)) != 0 || !strings.Contains(body, "(`src/Job.java:") ||
			!strings.Contains(body, "is too large for GitHub to draw") || !strings.Contains(body, "it draws 50000 and 500): `flinklint graph -job ") {
			t.Errorf("%s: body:\n%s", j.Name, body)
		}
	}

	// outside findings fill the body: the list is whole, the picture left out
	g, srv := newFake(t)
	var fs []Finding
	for i := range 56 {
		fs = append(fs, Finding{Path: "src/Other.java", Line: i + 1, Column: 1, Rule: "r", Severity: rules.Info, Message: fmt.Sprint(i, strings.Repeat(" long", 200))})
	}
	pictures := Pictures(&graphout.Graph{Jobs: []graphout.Job{jobWith("full", "src/Other.java", 1, fs[0])}}, asReported(fs), fs)
	run(t, g, environment(t, srv), fs, pictures...)
	body := reviewBodyOf(t, g, 1)
	if len(body)+len(pictures[0].Mermaid) <= maxBody {
		t.Fatalf("the picture (%d characters) fits in the body (%d): the test tests nothing", len(pictures[0].Mermaid), len(body))
	}
	if len(body) > maxBody || strings.Contains(body, "more: see the job's log") || !strings.Contains(body, "`src/Other.java:56:1` **info** `r`: 55 long") {
		t.Errorf("the list is cut (%d characters):\n%s", len(body), body[len(body)-500:])
	}
	if len(details(t, body)) != 0 || !strings.HasSuffix(body, "\nThe graph of job `full` (`src/Other.java:1`) is left out: the review's body has no room for it; `flinklint graph -job full` draws it.\n") {
		t.Errorf("no line says the picture is left out:\n%s", body[len(body)-500:])
	}
}

// TestJobPictureHostile: a job's name, place and labels from the code
// can neither leave the <details> and <summary> nor close the fence.
func TestJobPictureHostile(t *testing.T) {
	const hostile = "x</summary></details>\n\n# evil ```\n```` <script>alert(1)</script> &amp; `tick` \x1b[31m \xff"
	f := newFinding("src/Job.java", 4, "seconds-timestamp")
	f.Message = "message " + hostile
	j := jobWith("job "+hostile, "src/"+hostile+".java", 10, f)
	j.Nodes[0].Label = "label " + hostile
	j.Edges[0].Label = "late " + hostile
	fs := []Finding{f}
	pictures := Pictures(&graphout.Graph{Jobs: []graphout.Job{j}}, asReported(fs), fs)
	// a diagram that holds fences itself (graphout writes none)
	raw := Picture{Name: hostile, Where: hostile, Mermaid: "flowchart LR\n```\n  a[\"````\"]\n   `````\n"}
	pictures = append(pictures, raw)
	fs[0].Jobs = append(fs[0].Jobs, 1)
	g, srv := newFake(t)
	run(t, g, environment(t, srv), fs, pictures...)
	body := reviewBodyOf(t, g, 1)
	got := details(t, body)
	if len(got) != 2 {
		t.Fatalf("%d pictures:\n%s", len(got), body)
	}
	shown := oneLine(hostile)
	if got[0].summary != "Job graph: job "+shown+" (src/"+shown+".java:10)" || got[0].mermaid != pictures[0].Mermaid {
		t.Errorf("hostile job's picture: %+v", got[0])
	}
	if got[1].mermaid != raw.Mermaid || !strings.Contains(body, "\n``````mermaid\n") {
		t.Errorf("the fence is not longer than the diagram's backticks:\n%s", body)
	}
	for line := range strings.Lines(body) {
		if strings.HasPrefix(line, "# evil") || strings.Contains(line, "<script>") {
			t.Errorf("hostile text escaped: %q", line)
		}
	}

	// the line of a picture too large: one line, the name in a code span
	// its backticks cannot close
	raw.Mermaid = strings.Repeat("x", maxMermaid+1)
	fs[0].Jobs = []int{0}
	g, srv = newFake(t)
	run(t, g, environment(t, srv), fs, raw)
	body = reviewBodyOf(t, g, 1)
	want := "\nThe graph of job `````" + shown + "````` (`````" + shown + "`````) is too large for GitHub to draw"
	if !strings.Contains(body, want) || !strings.Contains(body, "draws it.\n") || strings.Count(body, "\n") != 4 {
		t.Errorf("the line of a picture too large:\n%s", body)
	}
}
