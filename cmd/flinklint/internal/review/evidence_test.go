package review

import (
	"fmt"
	"net/http"
	"strings"
	"testing"

	"github.com/flinklint/flinklint/rules"
)

// The pull request of the evidence tests:
//   - src/Job.java: line 24 (the fromSource call) added, lines 21-23 and
//     25-27 its context;
//   - src/Pipeline.java: only deletes the line
//     .withIdleness(Duration.ofMinutes(1)) after line 12, with lines 10-15
//     as context;
//   - src/StreamDefaults.java is not changed.
const (
	jobSourcePatch = "@@ -21,6 +21,7 @@\n c21\n c22\n c23\n+fromSource24\n c25\n c26\n c27"
	deletionPatch  = "@@ -10,7 +10,6 @@\n c10\n c11\n c12\n-        .withIdleness(Duration.ofMinutes(1))\n c13\n c14\n c15"
)

func evidenceFake(t *testing.T) (*fakeGitHub, func(string) string) {
	g, srv := newFake(t)
	g.files = []any{
		map[string]any{"filename": "src/Job.java", "patch": jobSourcePatch},
		map[string]any{"filename": "src/Pipeline.java", "patch": deletionPatch},
	}
	return g, environment(t, srv)
}

// crossFile is in a file the pull request does not change; the change
// that causes it, the source switched to Kafka, is its evidence in Job.java.
func crossFile() Finding {
	return Finding{Path: "src/StreamDefaults.java", Line: 12, Column: 9, EndLine: 12, EndColumn: 33,
		Rule: "missing-idleness", Severity: rules.Warning, Message: "`withIdleness` missing on a Kafka source",
		Help: "add `.withIdleness(Duration.ofMinutes(1))` to the strategy", Note: "an idle partition holds back the watermark",
		Related: []Related{
			{Path: "src/StreamDefaults.java", Line: 12, EndLine: 14, Label: "strategy defined here"},
			{Path: "src/Job.java", Line: 22, EndLine: 24, Label: "feeds `fromSource` here"},
		},
		Fix: &Fix{StartLine: 12, EndLine: 12, Text: "fixed\n"}}
}

// deletionCaused sits just above the hunk of the deletion that caused it,
// at the start of the strategy whose range holds the deleted line.
func deletionCaused() Finding {
	return Finding{Path: "src/Pipeline.java", Line: 9, Column: 9, EndLine: 9, EndColumn: 30,
		Rule: "missing-idleness", Severity: rules.Warning, Message: "`withIdleness` missing on a Kafka source",
		Related: []Related{{Path: "src/Pipeline.java", Line: 9, EndLine: 12, Label: "strategy defined here"}}}
}

// onContext is on a context line of Job.java's hunk.
func onContext() Finding {
	return Finding{Path: "src/Job.java", Line: 26, Column: 1, EndLine: 26, EndColumn: 5,
		Rule: "global-window-no-trigger", Severity: rules.Error, Message: "never fires"}
}

// unseen is outside every hunk, and so is its evidence.
func unseen() Finding {
	return Finding{Path: "src/Job.java", Line: 50, Column: 1, EndLine: 50, EndColumn: 5,
		Rule: "late-data-dropped", Severity: rules.Warning, Message: "late data dropped",
		Related: []Related{
			{Path: "src/Job.java", Line: 40, EndLine: 45, Label: "window here"},
			{Path: "src/StreamDefaults.java", Line: 12, EndLine: 14, Label: "strategy defined here"},
		}}
}

// commentsByPlace returns the comments of the only review posted, by
// "path:line".
func commentsByPlace(t *testing.T, g *fakeGitHub) map[string]string {
	t.Helper()
	reviews := posted(t, g)
	if len(reviews) != 1 {
		t.Fatalf("%d reviews posted, want 1", len(reviews))
	}
	out := map[string]string{}
	for _, c := range reviews[0]["comments"].([]any) {
		c := c.(map[string]any)
		out[fmt.Sprintf("%s:%v", c["path"], c["line"])] = c["body"].(string)
	}
	return out
}

// TestCommentsOnEvidence: a finding reaches the review inline when the
// diff shows its range or its evidence, on the line the diff shows:
// across files, next to a deletion, on a context line; the body lists the
// others and says why.
func TestCommentsOnEvidence(t *testing.T) {
	g, env := evidenceFake(t)
	_, stderr := run(t, g, env, []Finding{crossFile(), deletionCaused(), onContext(), unseen()})
	if !strings.Contains(stderr, "posted a review on acme/jobs#7: 3 new comments, 0 updated, 0 already there, 1 finding not in the diff") {
		t.Errorf("stderr: %s", stderr)
	}
	comments := commentsByPlace(t, g)
	if len(comments) != 3 {
		t.Fatalf("comments: %v", comments)
	}
	// (a) the added line of the evidence wins over its context lines
	if b := comments["src/Job.java:24"]; !strings.Contains(b, "**warning** `missing-idleness`: `withIdleness` missing on a Kafka source\n\n"+
		"Found at `src/StreamDefaults.java:12`; this line: feeds `fromSource` here\n\n"+
		"**help:** add `.withIdleness(Duration.ofMinutes(1))` to the strategy\n\n"+
		"**note:** an idle partition holds back the watermark\n\n"+
		"Evidence:\n- `src/StreamDefaults.java:12` — strategy defined here\n- `src/Job.java:22` — feeds `fromSource` here\n\n"+
		"The rule's fix (`flinklint -fix`) changes `src/StreamDefaults.java:12`, not lines of this hunk, so it cannot be suggested here.\n") ||
		strings.Contains(b, "suggestion") {
		t.Errorf("cross-file comment:\n%s", b)
	}
	// (b) the line next to the deletion nearest to the finding, above it
	if b := comments["src/Pipeline.java:12"]; !strings.Contains(b, "Found at `src/Pipeline.java:9`; this line: strategy defined here\n") {
		t.Errorf("deletion comment:\n%s\nall: %v", b, comments)
	}
	// (c) a context line is commented as it is
	if b := comments["src/Job.java:26"]; !strings.Contains(b, "**error** `global-window-no-trigger`: never fires\n") || strings.Contains(b, "Found at") {
		t.Errorf("context comment:\n%s", b)
	}
	// (d) the body says plainly why a finding is there
	body := posted(t, g)[0]["body"].(string)
	if !strings.Contains(body, "Commented inline, on lines this pull request's diff shows: 3.\n\n"+
		"Not in this pull request's diff (neither the finding nor its evidence is on a line the diff shows): 1.\n\n"+
		"- `src/Job.java:50:1` **warning** `late-data-dropped`: late data dropped\n") {
		t.Errorf("body:\n%s", body)
	}

	// the help changes: the comment is edited, not posted again
	fs := []Finding{crossFile(), deletionCaused(), onContext(), unseen()}
	fs[0].Help = "add `.withIdleness(Duration.ofSeconds(30))` to the strategy"
	_, stderr = run(t, g, env, fs)
	if !strings.Contains(stderr, "0 new comments, 1 updated, 2 already there") {
		t.Errorf("re-run: %s", stderr)
	}
}

// TestSuggestionOnContextLines: a fix whose lines the hunk shows, as
// context, is suggested on a comment on the finding's own line.
func TestSuggestionOnContextLines(t *testing.T) {
	g, env := evidenceFake(t)
	f := onContext()
	f.Fix = &Fix{StartLine: 25, EndLine: 26, Text: "a\nb\n"}
	run(t, g, env, []Finding{f})
	c := posted(t, g)[0]["comments"].([]any)[0].(map[string]any)
	if c["start_line"] != 25.0 || c["line"] != 26.0 || !strings.Contains(c["body"].(string), "```suggestion\na\nb\n```") {
		t.Errorf("comment: %v", c)
	}
}

// TestAnnotationsOnEvidence: when the review cannot be posted, the
// annotations carry the help and note, and a finding the diff shows only
// through its evidence is annotated where the review would have
// commented; without the diff, where it is.
func TestAnnotationsOnEvidence(t *testing.T) {
	g, env := evidenceFake(t)
	g.fail["POST "+prAPI+"/reviews"] = []failure{{status: http.StatusForbidden, body: map[string]any{"message": "Resource not accessible by integration"}}}
	stdout, _ := run(t, g, env, []Finding{crossFile(), deletionCaused(), onContext(), unseen()})
	for _, want := range []string{
		"::warning file=src/Job.java,line=24,col=1,endLine=24,endColumn=1,title=flinklint missing-idleness::`withIdleness` missing on a Kafka source%0A" +
			"Found at `src/StreamDefaults.java:12`; this line: feeds `fromSource` here%0A" +
			"help: add `.withIdleness(Duration.ofMinutes(1))` to the strategy%0Anote: an idle partition holds back the watermark [missing-idleness]\n",
		"::warning file=src/Pipeline.java,line=12,col=1,endLine=12,endColumn=1,title=flinklint missing-idleness::`withIdleness` missing on a Kafka source%0A" +
			"Found at `src/Pipeline.java:9`; this line: strategy defined here [missing-idleness]\n",
		"::error file=src/Job.java,line=26,col=1,endLine=26,endColumn=5,title=flinklint global-window-no-trigger::never fires [global-window-no-trigger]\n",
		"::warning file=src/Job.java,line=50,col=1,endLine=50,endColumn=5,title=flinklint late-data-dropped::late data dropped [late-data-dropped]\n",
	} {
		if !strings.Contains(stdout, want) {
			t.Errorf("annotations lack %q:\n%s", want, stdout)
		}
	}

	g, env = evidenceFake(t)
	g.fail["GET "+prAPI+"/files"] = []failure{{status: http.StatusInternalServerError, body: map[string]any{"message": "down"}}}
	stdout, _ = run(t, g, env, []Finding{crossFile()})
	if !strings.HasPrefix(stdout, "::warning file=src/StreamDefaults.java,line=12,col=9,endLine=12,endColumn=33,title=flinklint missing-idleness::`withIdleness` missing on a Kafka source%0Ahelp: ") {
		t.Errorf("without the diff:\n%s", stdout)
	}
}
