package report

import (
	"encoding/json"
	"os"
	"regexp"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/flinklint/flinklint/cmd/flinklint/internal/sariftest"
	"github.com/flinklint/flinklint/rules"
)

// detailed is a report of one finding with evidence in its own file and in
// another, a help and a note.
func detailed() *Report {
	at := func(line, col int) Position { return Position{Line: line, Column: col, Char: col, UTF16: col} }
	return &Report{Root: "/p", Findings: []Finding{{
		Rule: "missing-idleness", Severity: rules.Warning,
		Message: "withIdleness missing on a KafkaSource that feeds event-time windows",
		Help:    "add .withIdleness(Duration.ofMinutes(1)) to the strategy",
		Note:    "an idle partition holds the watermark back: windows stop firing at 10:00",
		Path:    "src/StreamDefaults.java", Start: at(12, 9), End: at(12, 33),
		Related: []Related{
			{Message: "watermark strategy defined here", Path: "src/StreamDefaults.java", Start: at(12, 5), End: at(14, 40)},
			{Message: "feeds fromSource here", Path: "src/Job.java", Start: at(24, 13), End: at(24, 60)},
		},
	}}}
}

func TestTextDetails(t *testing.T) {
	r := detailed()
	if got := write(t, r, "text"); strings.Count(got, "\n") != 1 {
		t.Errorf("without Details, want the headline line alone:\n%s", got)
	}
	r.Details = true
	got := write(t, r, "text")
	want := `src/StreamDefaults.java:12:9: warning: withIdleness missing on a KafkaSource that feeds event-time windows [missing-idleness]
    watermark strategy defined here: line 12
    feeds fromSource here: src/Job.java, line 24
    help: add .withIdleness(Duration.ofMinutes(1)) to the strategy
    note: an idle partition holds the watermark back: windows stop firing at 10 : 00
`
	if got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
}

// The detail lines must not read as findings to the readers of the text
// format: the problem matcher, reviewdog's -efm="%f:%l:%c: %m" and vim's
// default errorformat, whose loosest patterns are %f:%l:%m and %f(%l):%m.
func TestDetailsAreNotFindings(t *testing.T) {
	data, err := os.ReadFile("../../../../.github/flinklint-matcher.json")
	if err != nil {
		t.Fatal(err)
	}
	var matcher struct {
		ProblemMatcher []struct {
			Pattern []struct{ Regexp string }
		}
	}
	if err := json.Unmarshal(data, &matcher); err != nil {
		t.Fatal(err)
	}
	readers := []*regexp.Regexp{
		regexp.MustCompile(`^(.+):(\d+):(\d+): (.*)$`), // reviewdog's -efm
		regexp.MustCompile(`^([^:]+):(\d+):`),          // vim's %f:%l:%m
		regexp.MustCompile(`\((\d+)\):`),               // vim's %f(%l):%m
	}
	for _, m := range matcher.ProblemMatcher {
		for _, p := range m.Pattern {
			readers = append(readers, regexp.MustCompile(p.Regexp))
		}
	}
	r := detailed()
	r.Findings[0].Note = `"x.java" 3: (4): a:1|2| all the forms`
	r.Details = true
	lines := strings.Split(strings.TrimSuffix(write(t, r, "text"), "\n"), "\n")
	for _, l := range lines[1:] {
		for _, re := range readers {
			if re.MatchString(l) {
				t.Errorf("%q reads as a position to %s", l, re)
			}
		}
	}
	if !readers[len(readers)-2].MatchString(lines[0]) {
		t.Errorf("the problem matcher does not read the headline %q", lines[0])
	}
}

func TestJSONDetails(t *testing.T) {
	var out struct {
		Findings []struct {
			Message, Help, Note string
			Related             []struct {
				Path              string
				Line, EndLine     int
				Message           string
				Column, EndColumn int
			}
		}
	}
	if err := json.Unmarshal([]byte(write(t, detailed(), "json")), &out); err != nil {
		t.Fatal(err)
	}
	f := out.Findings[0]
	if f.Help == "" || f.Note == "" || len(f.Related) != 2 {
		t.Fatalf("help, note or related missing: %+v", f)
	}
	if r := f.Related[1]; r.Path != "src/Job.java" || r.Line != 24 || r.Column != 13 || r.Message != "feeds fromSource here" {
		t.Errorf("related %+v", r)
	}
}

func TestSARIFRelatedLocations(t *testing.T) {
	out := write(t, detailed(), "sarif")
	inst, err := jsonschema.UnmarshalJSON(strings.NewReader(out))
	if err != nil {
		t.Fatal(err)
	}
	if err := sariftest.Schema(t).Validate(inst); err != nil {
		t.Fatalf("the SARIF does not validate: %v\n%s", err, out)
	}
	var log struct {
		Runs []struct {
			Results []struct {
				Message          struct{ Text, Markdown string }
				RelatedLocations []struct {
					ID               int
					Message          struct{ Text string }
					PhysicalLocation struct {
						ArtifactLocation struct{ URI string }
						Region           struct{ StartLine int }
					}
				}
			}
		}
	}
	if err := json.Unmarshal([]byte(out), &log); err != nil {
		t.Fatal(err)
	}
	res := log.Runs[0].Results[0]
	if res.Message.Text != detailed().Findings[0].Message {
		t.Errorf("text %q, want the headline", res.Message.Text)
	}
	for _, want := range []string{"**help:** add .withIdleness(Duration.ofMinutes(1))", "**note:**", "- [feeds fromSource here](2)"} {
		if !strings.Contains(res.Message.Markdown, want) {
			t.Errorf("markdown lacks %q:\n%s", want, res.Message.Markdown)
		}
	}
	rel := res.RelatedLocations
	if len(rel) != 2 || rel[1].ID != 2 || rel[1].Message.Text != "feeds fromSource here" ||
		rel[1].PhysicalLocation.ArtifactLocation.URI != "src/Job.java" || rel[1].PhysicalLocation.Region.StartLine != 24 {
		t.Errorf("relatedLocations %+v", rel)
	}
}

func TestGitHubDetails(t *testing.T) {
	got := write(t, detailed(), "github")
	first, _, _ := strings.Cut(got, "\n")
	if !strings.Contains(first, "[missing-idleness]%0Awatermark strategy defined here: line 12%0A") ||
		!strings.Contains(first, "%0Ahelp: add .withIdleness") {
		t.Errorf("annotation without its details on lines of their own: %s", first)
	}
}
