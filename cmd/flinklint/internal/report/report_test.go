package report

import (
	"bytes"
	"crypto/sha256"
	"encoding/json"
	"encoding/xml"
	"fmt"
	"go/token"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode"

	"github.com/santhosh-tekuri/jsonschema/v6"
	"golang.org/x/tools/go/analysis"

	"github.com/flinklint/flinklint/analyzer"
	"github.com/flinklint/flinklint/analyzer/analyzertest"
	"github.com/flinklint/flinklint/cmd/flinklint/internal/sariftest"
	"github.com/flinklint/flinklint/parsers"
	"github.com/flinklint/flinklint/rules"
)

// job has non-ASCII text before each finding on its line: é is 2 bytes
// and 1 UTF-16 unit, 𐐀 is 4 bytes and 2 UTF-16 units. window( is at
// character 25 of line 3 (byte 29, UTF-16 unit 26); the fix of line 4
// replaces "e.getMillis() / 1000" at character 52 (byte 56, unit 53).
const job = `class Job {
  void f() {
    String s = "é𐐀"; ks.window(GlobalWindows.create()).sum(1);
    /* ä𐐀 */ base.withTimestampAssigner((e, ts) -> e.getMillis() / 1000);
  }
}
`

// build analyzes files in a fresh directory, made the working directory.
func build(t *testing.T, files map[string]string) *Report {
	t.Helper()
	dir := analyzertest.WriteFiles(t, files)
	t.Chdir(dir)
	return analyze(t)
}

func analyze(t *testing.T) *Report {
	t.Helper()
	analyzers := make([]*analysis.Analyzer, 0, len(rules.All))
	for _, r := range rules.All {
		analyzers = append(analyzers, r.Analyzer)
	}
	res, err := analyzer.Run([]string{"."}, analyzers)
	if err != nil {
		t.Fatal(err)
	}
	return New(res, res.Problems, rules.All, "v0.0.0-test")
}

func write(t *testing.T, r *Report, format string) string {
	t.Helper()
	var b bytes.Buffer
	if err := r.Write(&b, format); err != nil {
		t.Fatalf("%s: %v", format, err)
	}
	return b.String()
}

func TestColumnsPerConsumer(t *testing.T) {
	r := build(t, map[string]string{"Job.java": job})
	if len(r.Findings) != 2 {
		t.Fatalf("want 2 findings, got %+v", r.Findings)
	}
	if got := write(t, r, "text"); !strings.HasPrefix(got, "Job.java:3:29: error: ") {
		t.Errorf("text counts bytes: %s", got)
	}
	for _, tc := range []struct{ format, want string }{
		{"json", `"line": 3,
      "column": 25,`},
		{"json", `"line": 4,
              "column": 52,`},
		{"sarif", `"startLine": 3,
                "startColumn": 26,`},
		{"sarif", `"startLine": 4,
                      "startColumn": 53,`},
		{"sarif", `"columnKind": "utf16CodeUnits"`},
		{"github", "::error file=Job.java,line=3,col=25,"},
		{"checkstyle", `<error line="3" column="25" severity="error"`},
		{"rdjson", `"start": {
            "line": 3,
            "column": 29`},
		{"rdjsonl", `"suggestions":[{"range":{"start":{"line":4,"column":56},"end":{"line":4,"column":76}},"text":"e.getMillis()"}]`},
	} {
		if got := write(t, r, tc.format); !strings.Contains(squeeze(got), squeeze(tc.want)) {
			t.Errorf("%s lacks %s:\n%s", tc.format, tc.want, got)
		}
	}
}

// squeeze drops the white space of indented JSON.
func squeeze(s string) string {
	return strings.Join(strings.Fields(s), "")
}

func TestSARIF(t *testing.T) {
	schema := sariftest.Schema(t)
	r := build(t, map[string]string{
		"src/a dir/Job.java":   job,
		"Bin.java":             "\x00window",
		"conf/flink-conf.yaml": "execution.checkpointing.interval: 1 mi\n",
	})
	out := write(t, r, "sarif")
	inst, err := jsonschema.UnmarshalJSON(strings.NewReader(out))
	if err != nil {
		t.Fatal(err)
	}
	if err := schema.Validate(inst); err != nil {
		t.Fatalf("the SARIF does not validate: %v\n%s", err, out)
	}
	bad, _ := jsonschema.UnmarshalJSON(strings.NewReader(strings.Replace(out, `"columnKind": "utf16CodeUnits"`, `"columnKind": "bytes"`, 1)))
	if schema.Validate(bad) == nil {
		t.Fatal("the schema accepts an invalid columnKind: it checks nothing")
	}

	// What GitHub code scanning needs beyond the schema.
	var log struct {
		Runs []struct {
			Tool struct {
				Driver struct{ Rules []map[string]any }
			}
			Invocations []struct {
				ExecutionSuccessful        bool
				ToolExecutionNotifications []map[string]any
			}
			OriginalURIBaseIDs map[string]struct{ URI string } `json:"originalUriBaseIds"`
			Results            []struct {
				RuleID    string
				Locations []struct {
					PhysicalLocation struct {
						ArtifactLocation struct{ URI, URIBaseID string } `json:"artifactLocation"`
					}
				}
				PartialFingerprints map[string]string
			}
		}
	}
	if err := json.Unmarshal([]byte(out), &log); err != nil {
		t.Fatal(err)
	}
	run := log.Runs[0]
	defined := map[string]bool{}
	for _, rl := range run.Tool.Driver.Rules {
		for _, k := range []string{"shortDescription", "fullDescription", "help"} {
			if m, _ := rl[k].(map[string]any); m == nil || m["text"] == "" {
				t.Errorf("rule %v has no %s", rl["id"], k)
			}
		}
		if h, _ := rl["help"].(map[string]any); h == nil || !strings.Contains(h["markdown"].(string), "##") {
			t.Errorf("rule %v has no help.markdown from its page", rl["id"])
		}
		if u, _ := rl["helpUri"].(string); !strings.HasPrefix(u, "https://") {
			t.Errorf("rule %v has no helpUri", rl["id"])
		}
		defined[rl["id"].(string)] = true
	}
	if len(run.Results) != 3 {
		t.Errorf("want 3 results, got %d", len(run.Results))
	}
	uris := map[string]bool{}
	for _, res := range run.Results {
		if !defined[res.RuleID] {
			t.Errorf("result of undefined rule %s", res.RuleID)
		}
		loc := res.Locations[0].PhysicalLocation.ArtifactLocation
		if loc.URIBaseID != "%SRCROOT%" {
			t.Errorf("uri %s has base %q", loc.URI, loc.URIBaseID)
		}
		uris[loc.URI] = true
		if res.PartialFingerprints["primaryLocationLineHash"] == "" {
			t.Errorf("result %s has no primaryLocationLineHash", res.RuleID)
		}
	}
	if !uris["src/a%20dir/Job.java"] || !uris["conf/flink-conf.yaml"] {
		t.Errorf("URIs: %v", uris)
	}
	if base := run.OriginalURIBaseIDs["%SRCROOT%"].URI; !strings.HasPrefix(base, "file:///") || !strings.HasSuffix(base, "/") {
		t.Errorf("%%SRCROOT%% is %q", base)
	}
	notes := run.Invocations[0].ToolExecutionNotifications
	if len(notes) != 1 || !strings.Contains(notes[0]["message"].(map[string]any)["text"].(string), "binary") {
		t.Errorf("the binary file's problem is not a notification: %v", notes)
	}
}

// Fingerprints survive edits elsewhere in the file and re-indentation, and
// keep equal lines apart.
func TestFingerprintsSurviveUnrelatedEdits(t *testing.T) {
	twice := strings.Replace(job, "  }\n}", "    ks.window(GlobalWindows.create()).sum(1);\n    ks.window(GlobalWindows.create()).sum(1);\n  }\n}", 1)
	before := fingerprints(build(t, map[string]string{"Job.java": twice}))
	edited := "// a new header\nimport x.Y;\n\n" + strings.ReplaceAll(twice, "    ks", "\t\tks")
	after := fingerprints(build(t, map[string]string{"Job.java": edited}))
	if len(before) != 4 || strings.Join(before, " ") != strings.Join(after, " ") {
		t.Errorf("fingerprints changed:\n%v\n%v", before, after)
	}
	if before[2] == before[3] {
		t.Errorf("equal lines share a fingerprint: %v", before)
	}
}

func fingerprints(r *Report) []string {
	seen := map[string]int{}
	var out []string
	for _, f := range r.Findings {
		out = append(out, lineHash(f, seen))
	}
	return out
}

func TestGitHubEscaping(t *testing.T) {
	r := &Report{Findings: []Finding{{
		Rule: "invalid-duration", Severity: rules.Info, Message: "100% wrong\r\nnext: a,b",
		Path: "dir, with: colon%/A.java", Start: Position{Line: 2, Char: 3}, End: Position{Line: 2, Char: 5},
	}}}
	want := "::notice file=dir%2C with%3A colon%25/A.java,line=2,col=3,endLine=2,endColumn=5," +
		"title=flinklint invalid-duration::100%25 wrong%0D%0Anext: a,b [invalid-duration]\n" +
		"flinklint: 1 finding (0 errors, 0 warnings, 1 info), 0 problems\n"
	if got := write(t, r, "github"); got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
}

// A file name or message with ESC or another control character reaches
// no annotation raw: the runner decodes only %25, %0D, %0A, %3A and %2C,
// and the Actions log viewer acts on ANSI sequences.
func TestGitHubEscapesControls(t *testing.T) {
	r := &Report{
		Findings: []Finding{{
			Rule: "invalid-duration", Severity: rules.Warning, Message: "bad \x1b[31mred\x1b[0m\ttab",
			Path: "dir/\x1b[2JJob\x01.java", Start: Position{Line: 1, Char: 1}, End: Position{Line: 1, Char: 2},
		}},
		Problems: []Problem{{Path: "odd\x07.java", Line: 1, Message: "cannot read \x1b]8;;x\x07"}},
	}
	got := write(t, r, "github")
	if i := strings.IndexFunc(got, func(r rune) bool { return r != '\n' && unicode.IsControl(r) }); i >= 0 {
		t.Fatalf("raw control character %q in\n%q", got[i], got)
	}
	for _, want := range []string{"file=dir/\\x1b[2JJob\\x01.java,", "::bad \\x1b[31mred\\x1b[0m\\ttab [invalid-duration]", "file=odd\\a.java,", "::cannot read \\x1b]8;;x\\a\n"} {
		if !strings.Contains(got, want) {
			t.Errorf("want %q in\n%s", want, got)
		}
	}
}

func TestCheckstyleIsXML(t *testing.T) {
	r := build(t, map[string]string{"A<&>.java": job})
	var doc struct {
		Files []struct {
			Name   string `xml:"name,attr"`
			Errors []struct {
				Source string `xml:"source,attr"`
			} `xml:"error"`
		} `xml:"file"`
	}
	if err := xml.Unmarshal([]byte(write(t, r, "checkstyle")), &doc); err != nil {
		t.Fatal(err)
	}
	if len(doc.Files) != 1 || doc.Files[0].Name != "A<&>.java" || doc.Files[0].Errors[0].Source != "flinklint.global-window-no-trigger" {
		t.Errorf("%+v", doc)
	}
}

func TestWriteFileIsAtomic(t *testing.T) {
	r := build(t, map[string]string{"Job.java": job})
	path := filepath.Join(t.TempDir(), "out.sarif")
	os.WriteFile(path, []byte("old"), 0o644)
	if err := r.WriteFile(path, "json"); err != nil {
		t.Fatal(err)
	}
	data, _ := os.ReadFile(path)
	var v struct{ Version int }
	if err := json.Unmarshal(data, &v); err != nil || v.Version != JSONVersion {
		t.Errorf("%v %s", err, data)
	}
	if err := r.WriteFile(filepath.Join(path, "x"), "json"); err == nil {
		t.Error("writing below a file succeeded")
	}
	entries, _ := os.ReadDir(filepath.Dir(path))
	if len(entries) != 1 {
		t.Errorf("temporary files left: %v", entries)
	}
}

// The sources of a report keep at most textBudget bytes of the files they
// read, and read a file they forgot again: a line counted after others
// pushed its file out is counted as before.
func TestSourcesBudget(t *testing.T) {
	dir := t.TempDir()
	fset := token.NewFileSet()
	digests := map[string]parsers.Digest{}
	line := "\tint é = 1; // " + strings.Repeat("x", 1000) + "\n"
	var names []string
	for i := range 40 {
		name := filepath.Join(dir, fmt.Sprintf("F%d.java", i))
		src := []byte(strings.Repeat(line, (1<<20)/len(line)))
		if err := os.WriteFile(name, src, 0o644); err != nil {
			t.Fatal(err)
		}
		fset.AddFile(name, -1, len(src)).SetLinesForContent(src)
		digests[name] = sha256.Sum256(src)
		names = append(names, name)
	}
	s := newSources(fset, digests)
	for range 2 {
		for _, name := range names {
			p := s.position(token.Position{Filename: name, Line: 3, Column: 8})
			if p.Char != 7 || p.UTF16 != 7 {
				t.Fatalf("%s:3:8 counted as char %d, UTF-16 %d; want 7, 7", name, p.Char, p.UTF16)
			}
			if s.held > textBudget {
				t.Fatalf("sources hold %d bytes of text, want at most %d", s.held, textBudget)
			}
		}
	}
}
