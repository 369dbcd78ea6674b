package graphout

import (
	"bytes"
	"encoding/json"
	"encoding/xml"
	"errors"
	"flag"
	"html"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/flinklint/flinklint/cmd/flinklint/internal/report"
	"github.com/flinklint/flinklint/rules"
)

// hostile is text that breaks a drawing whose escaping is wrong: each
// format's quotes and escapes, markup, Mermaid's entities, styles and
// keywords, line ends, a control character, invalid UTF-8, and
// characters outside ASCII and the Basic Multilingual Plane.
const hostile = `a "quoted" \back\slash\ {braces} [x] (y) |bar| #quot; #35; %% -->` +
	` end style:#f00; classDef <script>alert(1)</script> <br> &amp; ` + "line\nbreak\ttab \x1b[31m \xff é 日本 😀\\"

func finding(sev rules.Severity, rule string, line int) report.Finding {
	return report.Finding{
		Rule: rule, Severity: sev, Message: "message " + hostile, Path: "src/" + hostile + ".java",
		Start: report.Position{Line: line, Column: 3, Char: 2, UTF16: 2},
	}
}

// model is a job of every kind of node, with hostile text everywhere.
func model() *Graph {
	kinds := []string{"source", "assigner", "operator", "keyBy", "combine", "window", "process", "sink", "table", "query", "unknown"}
	j := Job{Name: "job " + hostile, Path: "src/" + hostile + ".java", Line: 7, SQL: true, Facts: []Fact{{"idleTimeout " + hostile, "value " + hostile}}}
	for i, k := range kinds {
		n := Node{
			Kind: k, Label: k + "(" + hostile + ")", Path: "src/Job.java", Line: 10 + i, Column: 5,
			Facts: []Fact{{"key " + hostile, "value " + hostile}, {"bound", "5s"}},
		}
		if k == "window" {
			n.Name, n.UID = "name "+hostile, "uid "+hostile
			n.Findings = []report.Finding{finding(rules.Warning, "late-data-dropped", 20), finding(rules.Error, "global-window-no-trigger", 21)}
		}
		if k == "source" {
			n.Findings = []report.Finding{finding(rules.Info, "missing-idleness", 10)}
		}
		j.Nodes = append(j.Nodes, n)
		if i > 0 {
			j.Edges = append(j.Edges, Edge{From: i - 1, To: i})
		}
	}
	j.Edges = append(j.Edges, Edge{From: 5, To: 3, Label: "late " + hostile}) // back: a cycle
	j.Findings = []report.Finding{finding(rules.Warning, "late-tag-unread", 30)}
	empty := Job{Name: "empty", Path: "Empty.java"}
	return &Graph{Jobs: []Job{j, empty}, Unplaced: []report.Finding{finding(rules.Error, "invalid-duration", 1)}}
}

func draw(t *testing.T, g *Graph, format string) string {
	t.Helper()
	var b bytes.Buffer
	if err := Write(&b, g, format); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

// What each format shows of hostile text, once cleaned: on one line, the
// control character escaped, the invalid byte replaced.
var shown = clean(hostile)

func TestCleanText(t *testing.T) {
	for _, want := range []string{`line break tab \x1b[31m`, "\uFFFD é 日本 😀\\"} {
		if !strings.Contains(shown, want) {
			t.Errorf("clean(hostile) = %q, want it to hold %q", shown, want)
		}
	}
}

// dotStrings returns the quoted strings of a DOT text, unescaped as
// Graphviz reads them (\\ a backslash, \" a quote; \n and \l, line ends,
// kept as written), and fails on anything outside them that is not a
// plain DOT token.
func dotStrings(t *testing.T, dot string) []string {
	t.Helper()
	var out []string
	outside := regexp.MustCompile(`^[A-Za-z0-9_ \t\n\[\]{}=;,:>\-.]$`)
	for i := 0; i < len(dot); i++ {
		c := dot[i]
		if c == '/' && strings.HasPrefix(dot[i:], "//") { // a comment to the end of the line
			i += strings.IndexByte(dot[i:], '\n')
			continue
		}
		if c != '"' {
			if !outside.MatchString(string(c)) {
				t.Fatalf("DOT: %q outside a string at %d: %s", c, i, dot[max(0, i-40):i+1])
			}
			continue
		}
		var s strings.Builder
		for i++; dot[i] != '"'; i++ {
			switch {
			case dot[i] == '\n':
				t.Fatalf("DOT: a line end in a string at %d", i)
			case dot[i] == '\\' && (dot[i+1] == '\\' || dot[i+1] == '"'):
				i++
				s.WriteByte(dot[i])
			case dot[i] == '\\':
				i++
				s.WriteString(`\` + string(dot[i]))
			default:
				s.WriteByte(dot[i])
			}
		}
		out = append(out, s.String())
	}
	return out
}

func TestDOTEscapes(t *testing.T) {
	dot := draw(t, model(), "dot")
	strs := dotStrings(t, dot)
	all := strings.Join(strs, "\x00")
	// Line breaks are \n and \l; the hostile text's own backslashes are
	// doubled, so none of them starts an escape Graphviz would read.
	for _, want := range []string{
		`job ` + shown + ` (SQL)\l`, // the cluster's label
		`late ` + shown,             // an edge's label
		`key ` + shown + `: value ` + shown + `\l`,
		`name: name ` + shown + `\l`,
		`uid: uid ` + shown + `\l`,
		`error [global-window-no-trigger]\l`,
		`info missing-idleness: message ` + shown + ` (src/` + shown + `.java:10)`, // the tooltip
	} {
		if !strings.Contains(all, want) {
			t.Errorf("DOT: no string holds %q", want)
		}
	}
	if !strings.Contains(dot, "subgraph cluster_2 {") {
		t.Error("DOT: the empty job has no cluster")
	}
}

// mermaidLabel matches the quoted labels of Mermaid output.
var mermaidLabel = regexp.MustCompile(`"([^"\n]*)"`)

func TestMermaidEscapes(t *testing.T) {
	out := draw(t, model(), "mermaid")
	style := regexp.MustCompile(`style.*:\S*#.*;`) // Mermaid's own test for a style, inside quotes too
	var decoded []string
	for _, line := range strings.Split(out, "\n") {
		if strings.HasPrefix(strings.TrimSpace(line), "classDef ") {
			continue
		}
		if style.MatchString(line) {
			t.Errorf("Mermaid reads a style in %q", line)
		}
		if strings.Count(line, `"`)%2 != 0 {
			t.Errorf("odd quotes in %q", line)
		}
		for _, m := range mermaidLabel.FindAllStringSubmatch(line, -1) {
			label := strings.ReplaceAll(m[1], "<br>", "\n")
			if bad := regexp.MustCompile(`[^A-Za-z0-9 ._\-()/=+,:#;\n]`).FindString(label); bad != "" {
				t.Errorf("label %q holds %q", m[1], bad)
			}
			if bad := regexp.MustCompile(`#(\D|\d+[^\d;])`).FindString(label); bad != "" {
				t.Errorf("label %q holds a # that starts no entity code: %q", m[1], bad)
			}
			decoded = append(decoded, regexp.MustCompile(`#(\d+);`).ReplaceAllStringFunc(label, func(e string) string {
				n, _ := strconv.Atoi(e[1 : len(e)-1])
				return string(rune(n))
			}))
		}
	}
	all := strings.Join(decoded, "\x00")
	for _, want := range []string{
		"job " + shown + " (SQL)\nsrc/" + shown + ".java:7",
		"window(" + shown + ")\nkey " + shown + ": value " + shown,
		"late " + shown,
		"error [global-window-no-trigger]",
	} {
		if !strings.Contains(all, want) {
			t.Errorf("Mermaid: no label reads %q", want)
		}
	}
	for _, want := range []string{"  class j1n6,j1n6f error\n", "  class j1n1,j1n1f info\n", "  class j1f warning\n", "  class j1n8 kindsink\n", "j1n6 -->|\"late"} {
		if !strings.Contains(out, want) {
			t.Errorf("Mermaid: no %q", want)
		}
	}
}

func TestJSON(t *testing.T) {
	out := draw(t, model(), "json")
	var got struct {
		Version int `json:"version"`
		Jobs    []struct {
			Name  string `json:"name"`
			File  string `json:"file"`
			Line  int    `json:"line"`
			SQL   bool   `json:"sql"`
			Nodes []struct {
				ID, Kind, Label, File, Name, UID string
				Line, Column                     int
				Facts                            []struct{ Key, Value string }
				Findings                         []struct {
					Rule, Severity, Message, File string
					Line, Column                  int
				}
			} `json:"nodes"`
			Edges    []struct{ From, To, Label string } `json:"edges"`
			Findings []struct{ Rule string }            `json:"findings"`
		} `json:"jobs"`
		Unplaced []struct{ Rule string } `json:"unplaced"`
	}
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatal(err)
	}
	valid := strings.ToValidUTF8(hostile, "\uFFFD") // JSON holds the text as it is, only made valid
	j := got.Jobs[0]
	w := j.Nodes[5]
	if got.Version != 1 || j.Name != "job "+valid || j.Line != 7 || !j.SQL || len(j.Nodes) != 11 ||
		w.ID != "n6" || w.Kind != "window" || w.Label != "window("+valid+")" || w.Name != "name "+valid || w.UID != "uid "+valid ||
		w.Line != 15 || w.Column != 5 || w.Facts[0].Key != "key "+valid || w.Facts[1].Value != "5s" ||
		len(w.Findings) != 2 || w.Findings[1].Rule != "global-window-no-trigger" || w.Findings[1].Severity != "error" ||
		w.Findings[1].Message != "message "+valid || w.Findings[1].File != "src/"+valid+".java" || w.Findings[1].Line != 21 || w.Findings[1].Column != 2 ||
		j.Edges[10].From != "n6" || j.Edges[10].To != "n4" || j.Edges[10].Label != "late "+valid ||
		j.Findings[0].Rule != "late-tag-unread" || got.Unplaced[0].Rule != "invalid-duration" {
		t.Errorf("JSON:\n%s", out)
	}
	// Every list is there, empty rather than null, for tools that iterate.
	for _, want := range []string{`"nodes": []`, `"edges": []`, `"findings": []`} {
		if !strings.Contains(out, want) {
			t.Errorf("JSON has no %s", want)
		}
	}
}

func TestHTMLEscapes(t *testing.T) {
	out := draw(t, model(), "html")
	// No script, and nothing loaded from elsewhere.
	for _, bad := range []string{"<script", "src=", "href=", "@import", "url(http", "url(//"} {
		if strings.Contains(strings.ToLower(out), bad) {
			t.Errorf("HTML holds %q", bad)
		}
	}
	// Each drawing is well-formed XML (inline SVG), whose titles and texts
	// read back as the cleaned text.
	svgs := regexp.MustCompile(`(?s)<svg .*?</svg>`).FindAllString(out, -1)
	if len(svgs) != 2 {
		t.Fatalf("HTML: %d drawings, want 2", len(svgs))
	}
	var texts []string
	d := xml.NewDecoder(strings.NewReader(svgs[0]))
	for {
		tok, err := d.Token()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			t.Fatalf("HTML: the drawing is not well-formed: %v", err)
		}
		if c, ok := tok.(xml.CharData); ok {
			texts = append(texts, string(c))
		}
	}
	all := strings.Join(texts, "\x00")
	for _, want := range []string{
		"window window(" + shown + ") (src/Job.java:15)\nkey " + shown + ": value " + shown + "\nbound: 5s\nname: name " + shown,
		"error global-window-no-trigger: message " + shown + " (src/" + shown + ".java:21)",
		"● error global-window-no-trigger",
		"late " + shown,
	} {
		if !strings.Contains(all, want) {
			t.Errorf("HTML: no text reads %q", want)
		}
	}
	if !strings.Contains(out, "<h2>"+html.EscapeString("job "+shown+" (SQL)")+"</h2>") {
		t.Error("HTML: the job's heading is not its escaped name")
	}
	if !strings.Contains(out, `<li><span class="sev sev-warning">warning</span> late-tag-unread: message `+html.EscapeString(shown)) {
		t.Error("HTML: the job-level finding is not listed")
	}
}

var hostileOut = flag.String("hostile", "", "write the drawings of the hostile model into this `directory`, for the real clients (.ci/graph-clients)")

// TestHostileFiles writes the hostile model in each format for
// .ci/graph-clients, which has Graphviz, Mermaid and Chromium draw them.
func TestHostileFiles(t *testing.T) {
	if *hostileOut == "" {
		t.Skip("no -hostile directory")
	}
	for format, name := range map[string]string{"dot": "hostile.dot", "mermaid": "hostile.github.mmd", "html": "hostile.shot.html"} {
		if err := os.WriteFile(filepath.Join(*hostileOut, name), []byte(draw(t, model(), format)), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

func TestDeterministic(t *testing.T) {
	for _, format := range Formats() {
		if a, b := draw(t, model(), format), draw(t, model(), format); a != b {
			t.Errorf("%s: two drawings of the same graph differ", format)
		}
	}
}

func TestNoJobs(t *testing.T) {
	for format, want := range map[string]string{
		"dot":     "digraph flinklint {\n",
		"mermaid": `none["no job found"]`,
		"json":    `"jobs": []`,
		"html":    "<p>No job found.</p>",
	} {
		if out := draw(t, &Graph{}, format); !strings.Contains(out, want) {
			t.Errorf("%s of no job: no %q in\n%s", format, want, out)
		}
	}
	if err := Write(&bytes.Buffer{}, &Graph{}, "svg"); err == nil || !strings.Contains(err.Error(), "dot, mermaid, json, html") {
		t.Errorf("Write(svg) = %v", err)
	}
}

func TestWrap(t *testing.T) {
	for _, c := range []struct {
		in   string
		want []string
	}{
		{"", []string{""}},
		{"one two three", []string{"one two", "three"}},
		{"abcdefghijklmn x", []string{"abcdefgh", "ijklmn x"}},
		{"a\nb", []string{"a b"}},
	} {
		if got := wrap(c.in, 8); strings.Join(got, "|") != strings.Join(c.want, "|") {
			t.Errorf("wrap(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

func TestRanks(t *testing.T) {
	// 0 -> 1 -> 2 -> 3, 0 -> 3, 4 -> 2, and 3 -> 1 closing a cycle.
	edges := []Edge{{From: 0, To: 1}, {From: 1, To: 2}, {From: 2, To: 3}, {From: 0, To: 3}, {From: 4, To: 2}, {From: 3, To: 1}}
	if got, want := ranks(5, edges), []int{0, 1, 2, 3, 0}; !slices.Equal(got, want) {
		t.Errorf("ranks = %v, want %v", got, want)
	}
	boxes, w, h := layout(&Job{Nodes: make([]Node, 5), Edges: edges}, func(int) (float64, float64) { return 100, 40 })
	if boxes[0].x != margin || boxes[1].x != margin+100+columnGap || boxes[4].y != margin+40+rowGap || w != 4*100+3*columnGap+2*margin || h != 2*40+rowGap+2*margin {
		t.Errorf("layout = %v, %v x %v", boxes, w, h)
	}
}

func TestPlace(t *testing.T) {
	node := func(file string, start, end int) Node { return Node{Span: Span{File: file, Start: start, End: end}} }
	// Each job starts at its execute call, after the code that builds it.
	g := &Graph{Jobs: []Job{
		{Name: "first", Span: Span{File: "A.java", Start: 100, End: 100}, Nodes: []Node{
			node("A.java", 10, 80),  // a chain
			node("A.java", 30, 40),  // a call inside it
			node("Lib.java", 5, 50), // a helper's operator
		}},
		{Name: "second", Span: Span{File: "A.java", Start: 300, End: 300}, Nodes: []Node{
			node("A.java", 200, 250),
			node("Lib.java", 5, 50), // the same helper, drawn in this job too
		}},
		{Name: "third", Span: Span{File: "C.java", Start: -1, End: -1}},
	}}
	at := func(file string, offset int, rule string) Located {
		return Located{File: file, Offset: offset, Finding: report.Finding{Rule: rule}}
	}
	Place(g, []Located{
		at("A.java", 35, "inner"),     // in both spans of first: the innermost
		at("A.java", 80, "end"),       // a span's end is in it
		at("A.java", 90, "lateness"),  // in no node, within first's code
		at("A.java", 260, "tag"),      // in no node, within second's code
		at("A.java", 5, "before-all"), // before every job of the file: the nearest
		at("A.java", 400, "after"),    // after both: the nearest
		at("Lib.java", 5, "shared"),   // in the helper: in both jobs
		at("Lib.java", 60, "lib"),     // in no job's file: no job starts in Lib.java
		at("C.java", 1, "somewhere"),  // a job with no place in its file still takes it
		at("B.java", 1, "elsewhere"),
	})
	rules := func(fs []report.Finding) string {
		var out []string
		for _, f := range fs {
			out = append(out, f.Rule)
		}
		return strings.Join(out, ",")
	}
	first, second := g.Jobs[0], g.Jobs[1]
	for _, c := range []struct{ what, got, want string }{
		{"first's chain", rules(first.Nodes[0].Findings), "end"},
		{"first's inner call", rules(first.Nodes[1].Findings), "inner"},
		{"first's helper", rules(first.Nodes[2].Findings), "shared"},
		{"second's helper", rules(second.Nodes[1].Findings), "shared"},
		{"first's own", rules(first.Findings), "lateness,before-all"},
		{"second's own", rules(second.Findings), "tag,after"},
		{"third's own", rules(g.Jobs[2].Findings), "somewhere"},
		{"unplaced", rules(g.Unplaced), "lib,elsewhere"},
	} {
		if c.got != c.want {
			t.Errorf("%s: %q, want %q", c.what, c.got, c.want)
		}
	}
}
