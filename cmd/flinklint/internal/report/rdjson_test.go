package report

import (
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/flinklint/flinklint/rules"
)

// diffedRepo is a git repository whose src/Job.java has uncommitted
// changes: line 3 is added, lines 1-2 and 4-6 are the hunk's context
// (git diff shows three lines around a change), and line 9 is outside
// the hunk.
func diffedRepo(t *testing.T) string {
	t.Helper()
	git, err := exec.LookPath("git")
	if err != nil {
		t.Skip("git is not on PATH")
	}
	dir := t.TempDir()
	run := func(args ...string) {
		t.Helper()
		cmd := exec.Command(git, args...)
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), "GIT_CONFIG_GLOBAL=/dev/null", "GIT_CONFIG_NOSYSTEM=1")
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("git %v: %v\n%s", args, err, out)
		}
	}
	file := filepath.Join(dir, "src", "Job.java")
	os.MkdirAll(filepath.Dir(file), 0o755)
	os.WriteFile(file, []byte("l1\nl2\nl4\nl5\nl6\nl7\nl8\nl9\n"), 0o644)
	run("init", "-q")
	run("add", ".")
	run("-c", "user.name=t", "-c", "user.email=t@example.com", "commit", "-qm", "base")
	os.WriteFile(file, []byte("l1\nl2\nl3\nl4\nl5\nl6\nl7\nl8\nl9\n"), 0o644)
	return dir
}

// diffedFindings are a finding on the added line, with help, note and
// evidence; one on a context line; one outside the diff.
func diffedFindings() *Report {
	at := func(line, col int) Position { return Position{Line: line, Column: col, Char: col, UTF16: col} }
	return &Report{Findings: []Finding{
		{Rule: "missing-idleness", Severity: rules.Warning, Message: "`withIdleness` missing on a Kafka source",
			Help: "add .withIdleness(Duration.ofMinutes(1))", Note: "an idle partition holds back the watermark",
			Path: "src/Job.java", Start: at(3, 1), End: at(3, 3),
			Related: []Related{{Message: "feeds fromSource here", Path: "src/Job.java", Start: at(1, 1), End: at(2, 3)}}},
		{Rule: "global-window-no-trigger", Severity: rules.Error, Message: "never fires", Path: "src/Job.java", Start: at(5, 2), End: at(5, 3)},
		{Rule: "invalid-duration", Severity: rules.Info, Message: "bad duration", Path: "src/Job.java", Start: at(9, 1), End: at(9, 2)},
	}}
}

// reviewdog, the real client, reads rdjson and rdjsonl: its local reporter
// prints the text format's line of each finding its diff filter keeps,
// and its rdjsonl reporter keeps the help, note and evidence. CI installs
// it: go install github.com/reviewdog/reviewdog/cmd/reviewdog@v0.21.0.
func TestReviewdogReadsRDJSON(t *testing.T) {
	rd, err := exec.LookPath("reviewdog")
	if err != nil {
		t.Skip("reviewdog is not on PATH")
	}
	dir := diffedRepo(t)
	r := diffedFindings()
	lines := strings.Split(strings.TrimSpace(write(t, r, "text")), "\n")
	reviewdog := func(format, reporter, mode string) string {
		t.Helper()
		cmd := exec.Command(rd, "-f="+format, "-reporter="+reporter, "-filter-mode="+mode, "-diff=git diff", "-fail-level=none")
		cmd.Dir, cmd.Stdin = dir, strings.NewReader(write(t, r, format))
		out, err := cmd.Output()
		if err != nil {
			t.Fatalf("reviewdog -f=%s -filter-mode=%s: %v", format, mode, err)
		}
		return string(out)
	}
	for _, format := range []string{"rdjson", "rdjsonl"} {
		for mode, want := range map[string][]string{"added": lines[:1], "diff_context": lines[:2]} {
			got := strings.Split(strings.TrimSpace(reviewdog(format, "local", mode)), "\n")
			slices.Sort(got)
			if !slices.Equal(got, want) {
				t.Errorf("reviewdog -f=%s -reporter=local -filter-mode=%s printed\n%s\nwant\n%s",
					format, mode, strings.Join(got, "\n"), strings.Join(want, "\n"))
			}
		}
		var d struct {
			Message          string
			RelatedLocations []struct {
				Message  string
				Location struct {
					Path  string
					Range struct{ Start, End struct{ Line int } }
				}
			} `json:"related_locations"`
		}
		out := reviewdog(format, "rdjsonl", "added")
		if err := json.Unmarshal([]byte(out), &d); err != nil {
			t.Fatalf("%v: %s", err, out)
		}
		rel := d.RelatedLocations
		if d.Message != "`withIdleness` missing on a Kafka source\nhelp: add .withIdleness(Duration.ofMinutes(1))\nnote: an idle partition holds back the watermark" ||
			len(rel) != 1 || rel[0].Message != "feeds fromSource here" || rel[0].Location.Path != "src/Job.java" ||
			rel[0].Location.Range.Start.Line != 1 || rel[0].Location.Range.End.Line != 2 {
			t.Errorf("reviewdog -f=%s read %s", format, out)
		}
	}
}

// reviewdog's github-pr-review reporter, pointed at a stand-in for
// GitHub's API, comments the finding on the added line with its help and
// note on lines of their own and links its evidence.
func TestReviewdogPullRequestComment(t *testing.T) {
	rd, err := exec.LookPath("reviewdog")
	if err != nil {
		t.Skip("reviewdog is not on PATH")
	}
	dir := diffedRepo(t)
	gitDiff := exec.Command("git", "diff")
	gitDiff.Dir = dir
	patch, err := gitDiff.Output()
	if err != nil {
		t.Fatal(err)
	}
	var mu sync.Mutex
	var posted []byte
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch {
		case r.Method == http.MethodPost:
			mu.Lock()
			posted, _ = io.ReadAll(r.Body)
			mu.Unlock()
			io.WriteString(w, `{"id":1}`)
		case r.URL.Path == "/repos/acme/jobs/pulls/7" && strings.Contains(r.Header.Get("Accept"), "diff"):
			w.Write(patch)
		case r.URL.Path == "/repos/acme/jobs":
			io.WriteString(w, `{"html_url":"https://github.com/acme/jobs"}`)
		default: // the pull request's review comments
			io.WriteString(w, "[]")
		}
	}))
	defer srv.Close()
	cmd := exec.Command(rd, "-f=rdjson", "-reporter=github-pr-review", "-filter-mode=added", "-fail-level=none")
	cmd.Dir, cmd.Stdin = dir, strings.NewReader(write(t, diffedFindings(), "rdjson"))
	cmd.Env = append(os.Environ(), "REVIEWDOG_GITHUB_API_TOKEN=dummy", "GITHUB_API="+srv.URL+"/",
		"CI_PULL_REQUEST=7", "CI_REPO_OWNER=acme", "CI_REPO_NAME=jobs", "CI_COMMIT=headsha")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("reviewdog: %v\n%s", err, out)
	}
	mu.Lock()
	defer mu.Unlock()
	var review struct {
		Comments []struct {
			Path string
			Line int
			Body string
		}
	}
	if err := json.Unmarshal(posted, &review); err != nil || len(review.Comments) != 1 {
		t.Fatalf("review posted: %v %s", err, posted)
	}
	c := review.Comments[0]
	if c.Path != "src/Job.java" || c.Line != 3 ||
		!strings.Contains(c.Body, "`withIdleness` missing on a Kafka source\nhelp: add .withIdleness(Duration.ofMinutes(1))\nnote: an idle partition holds back the watermark\n") ||
		!strings.Contains(c.Body, "feeds fromSource here\nhttps://github.com/acme/jobs/blob/headsha/src/Job.java#L1-L2") {
		t.Errorf("comment on %s:%d:\n%s", c.Path, c.Line, c.Body)
	}
}
