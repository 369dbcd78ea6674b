package review

import (
	"bytes"
	"cmp"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/flinklint/flinklint/rules"
)

const (
	secret = "ghs_S3cretT0kenThatMustNeverBePrinted"
	prAPI  = "/repos/acme/jobs/pulls/7"
)

// request is one request the fake API received.
type request struct {
	Method, Path, Query, Auth string
	Body                      []byte
}

// failure is an error answer the fake API gives instead of the real one.
type failure struct {
	status int
	header map[string]string
	body   map[string]any
}

// fakeGitHub plays the parts of GitHub's REST API a review uses, pages
// its listings pageSize items at a time, and records every request.
type fakeGitHub struct {
	mu       sync.Mutex
	pageSize int
	files    []any
	comments []map[string]any
	reviews  []map[string]any
	nextID   int64
	requests []request
	fail     map[string][]failure // by "METHOD path": the next answers
}

func (g *fakeGitHub) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	body, _ := io.ReadAll(r.Body)
	g.mu.Lock()
	defer g.mu.Unlock()
	g.requests = append(g.requests, request{r.Method, r.URL.Path, r.URL.RawQuery, r.Header.Get("Authorization"), body})
	w.Header().Set("Content-Type", "application/json")
	answer := func(status int, v any) {
		w.WriteHeader(status)
		json.NewEncoder(w).Encode(v)
	}
	if r.Header.Get("Authorization") != "Bearer "+secret {
		answer(http.StatusUnauthorized, map[string]any{"message": "Bad credentials"})
		return
	}
	key := r.Method + " " + r.URL.Path
	if fs := g.fail[key]; len(fs) > 0 {
		g.fail[key] = fs[1:]
		for k, v := range fs[0].header {
			w.Header().Set(k, v)
		}
		answer(fs[0].status, fs[0].body)
		return
	}
	switch {
	case key == "GET "+prAPI+"/files":
		g.page(w, r, g.files)
	case key == "GET "+prAPI+"/comments":
		g.page(w, r, anys(g.comments))
	case key == "GET "+prAPI+"/reviews":
		g.page(w, r, anys(g.reviews))
	case key == "POST "+prAPI+"/reviews":
		var req struct {
			CommitID string           `json:"commit_id"`
			Event    string           `json:"event"`
			Body     string           `json:"body"`
			Comments []map[string]any `json:"comments"`
		}
		if err := json.Unmarshal(body, &req); err != nil || req.CommitID != "headsha" || req.Event != "COMMENT" {
			answer(http.StatusUnprocessableEntity, map[string]any{"message": "Validation Failed"})
			return
		}
		g.nextID++
		review := map[string]any{"id": g.nextID, "body": req.Body, "commit_id": req.CommitID}
		g.reviews = append(g.reviews, review)
		for _, c := range req.Comments {
			g.nextID++
			c["id"], c["pull_request_review_id"] = g.nextID, review["id"]
			g.comments = append(g.comments, c)
		}
		answer(http.StatusOK, review)
	case r.Method == http.MethodPatch && strings.HasPrefix(r.URL.Path, "/repos/acme/jobs/pulls/comments/"):
		id, _ := strconv.ParseInt(strings.TrimPrefix(r.URL.Path, "/repos/acme/jobs/pulls/comments/"), 10, 64)
		var req map[string]any
		json.Unmarshal(body, &req)
		for _, c := range g.comments {
			if c["id"] == id {
				c["body"] = req["body"]
				answer(http.StatusOK, c)
				return
			}
		}
		answer(http.StatusNotFound, map[string]any{"message": "Not Found"})
	default:
		answer(http.StatusNotFound, map[string]any{"message": "Not Found"})
	}
}

func anys[T any](s []T) []any {
	out := make([]any, len(s))
	for i, v := range s {
		out[i] = v
	}
	return out
}

// page answers one page of items, with a Link header to the next.
func (g *fakeGitHub) page(w http.ResponseWriter, r *http.Request, items []any) {
	p, _ := strconv.Atoi(r.URL.Query().Get("page"))
	p = max(p, 1)
	from, to := min((p-1)*g.pageSize, len(items)), min(p*g.pageSize, len(items))
	if to < len(items) {
		w.Header().Set("Link", fmt.Sprintf(`<http://%s%s?page=%d&per_page=%d>; rel="next"`, r.Host, r.URL.Path, p+1, g.pageSize))
	}
	json.NewEncoder(w).Encode(items[from:to])
}

// count returns how many requests match method and path, and the pages
// asked for.
func (g *fakeGitHub) count(method, path string) (n int, pages []string) {
	g.mu.Lock()
	defer g.mu.Unlock()
	for _, r := range g.requests {
		if r.Method == method && r.Path == path {
			n++
			q, _ := url.ParseQuery(r.Query)
			pages = append(pages, cmp.Or(q.Get("page"), "1"))
		}
	}
	return n, pages
}

// patch of src/Job.java: lines 3-6 added, in the hunk of lines 1-8.
const jobPatch = "@@ -1,4 +1,8 @@\n line1\n line2\n+line3\n+line4\n+line5\n+line6\n line7\n line8"

func newFake(t *testing.T) (*fakeGitHub, *httptest.Server) {
	g := newFakeGitHub()
	return g, serve(t, g)
}

// serve serves h for the test.
func serve(t *testing.T, h http.Handler) *httptest.Server {
	srv := httptest.NewServer(h)
	t.Cleanup(srv.Close)
	return srv
}

func newFakeGitHub() *fakeGitHub {
	g := &fakeGitHub{pageSize: 2, fail: map[string][]failure{}}
	g.files = []any{
		map[string]any{"filename": "README.md", "patch": "@@ -1 +1 @@\n-a\n+b"},
		map[string]any{"filename": "docs/a.md", "patch": "@@ -1 +1 @@\n-a\n+b"},
		map[string]any{"filename": "docs/b.md", "patch": "@@ -1 +1 @@\n-a\n+b"},
		map[string]any{"filename": "src/Job.java", "patch": jobPatch},
		map[string]any{"filename": "big.sql"}, // no patch: too large to show
	}
	return g
}

// findings: two on added lines (one with a fix inside the hunk, one whose
// fix reaches outside it), one on a context line of the hunk, one in a
// file the pull request does not touch, one in a file without patch.
func findings() []Finding {
	return []Finding{
		{Path: "src/Job.java", Line: 4, Column: 9, EndLine: 4, EndColumn: 20, Rule: "seconds-timestamp", Severity: rules.Warning,
			Message: "returns seconds", DocsURL: "https://example.com/seconds-timestamp.md",
			Fix: &Fix{StartLine: 4, EndLine: 5, Text: "fixed4\n```java\nfixed5\n"}},
		{Path: "src/Job.java", Line: 6, Column: 1, EndLine: 7, EndColumn: 3, Rule: "missing-idleness", Severity: rules.Warning,
			Message: "no withIdleness", Fix: &Fix{StartLine: 6, EndLine: 9, Text: ""}},
		{Path: "src/Job.java", Line: 8, Column: 1, EndLine: 8, EndColumn: 5, Rule: "global-window-no-trigger", Severity: rules.Error, Message: "never fires"},
		{Path: "src/Other.java", Line: 1, Column: 1, EndLine: 1, EndColumn: 5, Rule: "global-window-no-trigger", Severity: rules.Error, Message: "never fires"},
		{Path: "big.sql", Line: 3, Column: 2, EndLine: 3, EndColumn: 4, Rule: "invalid-duration", Severity: rules.Info, Message: "100%,\nbad: duration"},
	}
}

func environment(t *testing.T, srv *httptest.Server) func(string) string {
	event := filepath.Join(t.TempDir(), "event.json")
	os.WriteFile(event, []byte(`{"action":"synchronize","number":7,"pull_request":{"number":7,"head":{"sha":"headsha"}}}`), 0o644)
	vars := map[string]string{
		"GITHUB_TOKEN":      secret,
		"GITHUB_REPOSITORY": "acme/jobs",
		"GITHUB_EVENT_PATH": event,
		"GITHUB_API_URL":    srv.URL,
	}
	return func(k string) string { return vars[k] }
}

// run runs a review with a bound on its time, and checks that the token
// appears in no output and in no request but its header.
func run(t *testing.T, g *fakeGitHub, env func(string) string, fs []Finding, pictures ...Picture) (stdout, stderr string) {
	t.Helper()
	return runLimited(t, limits{answer: maxAnswer, total: maxAnswers, time: DefaultTimeout}, g, env, fs, pictures...)
}

// runTimed is run with timeout, which the run must not overstay by more
// than a few seconds.
func runTimed(t *testing.T, timeout time.Duration, g *fakeGitHub, env func(string) string, fs []Finding) (stdout, stderr string) {
	t.Helper()
	return runLimited(t, limits{answer: maxAnswer, total: maxAnswers, time: timeout}, g, env, fs)
}

// runLimited is runTimed reading no more of the API's answers, and taking
// no more time, than lim allows.
func runLimited(t *testing.T, lim limits, g *fakeGitHub, env func(string) string, fs []Finding, pictures ...Picture) (stdout, stderr string) {
	t.Helper()
	bound := min(lim.time+5*time.Second, 2*time.Minute)
	ctx := context.Background()
	var out, errOut bytes.Buffer
	done := make(chan error, 1)
	go func() { done <- runWithin(ctx, lim, env, fs, pictures, &out, &errOut) }()
	select {
	case err := <-done:
		if err != nil {
			t.Fatalf("run: %v", err)
		}
	case <-time.After(bound):
		t.Fatal("run hangs")
	}
	if strings.Contains(out.String()+errOut.String(), secret) {
		t.Errorf("the token is printed:\nstdout:\n%s\nstderr:\n%s", &out, &errOut)
	}
	g.mu.Lock()
	defer g.mu.Unlock()
	for _, r := range g.requests {
		if strings.Contains(r.Path+r.Query+string(r.Body), secret) {
			t.Errorf("the token is sent outside the Authorization header: %s %s", r.Method, r.Path)
		}
	}
	return out.String(), errOut.String()
}

// posted returns the bodies of the review requests.
func posted(t *testing.T, g *fakeGitHub) []map[string]any {
	t.Helper()
	g.mu.Lock()
	defer g.mu.Unlock()
	var reviews []map[string]any
	for _, r := range g.requests {
		if r.Method == http.MethodPost && r.Path == prAPI+"/reviews" {
			var v map[string]any
			if err := json.Unmarshal(r.Body, &v); err != nil {
				t.Fatal(err)
			}
			reviews = append(reviews, v)
		}
	}
	return reviews
}

func TestFirstRunAndReRun(t *testing.T) {
	g, srv := newFake(t)
	env := environment(t, srv)
	stdout, stderr := run(t, g, env, findings())
	if stdout != "" || !strings.Contains(stderr, "posted a review on acme/jobs#7: 3 new comments, 0 updated, 0 already there, 2 findings not in the diff") {
		t.Errorf("first run: stdout %q, stderr %q", stdout, stderr)
	}
	reviews := posted(t, g)
	if len(reviews) != 1 {
		t.Fatalf("%d reviews posted, want 1", len(reviews))
	}
	body := reviews[0]["body"].(string)
	for _, want := range []string{
		"found 5 findings (2 errors, 2 warnings, 1 info). Commented inline, on lines this pull request's diff shows: 3.\n\n" +
			"Not in this pull request's diff (neither the finding nor its evidence is on a line the diff shows): 2.\n\n",
		"- `big.sql:3:2` **info** `invalid-duration`: 100%,\nbad: duration",
		"- `src/Other.java:1:1` **error**",
	} {
		if !strings.Contains(body, want) {
			t.Errorf("review body lacks %q:\n%s", want, body)
		}
	}
	if !strings.HasPrefix(body, reviewMarker) {
		t.Errorf("review body has no marker:\n%s", body)
	}
	comments := reviews[0]["comments"].([]any)
	if len(comments) != 3 {
		t.Fatalf("%d comments, want 3: %v", len(comments), comments)
	}
	// the fix of lines 4-5 lies in the hunk: a suggestion on those lines,
	// fenced so that the backticks in it do not end it
	c := comments[0].(map[string]any)
	if c["path"] != "src/Job.java" || c["start_line"] != 4.0 || c["line"] != 5.0 || c["side"] != "RIGHT" || c["start_side"] != "RIGHT" {
		t.Errorf("first comment's place: %v", c)
	}
	if b := c["body"].(string); !strings.HasPrefix(b, findingMarker) ||
		!strings.Contains(b, "**warning** [`seconds-timestamp`](https://example.com/seconds-timestamp.md): returns seconds") ||
		!strings.Contains(b, "\n````suggestion\nfixed4\n```java\nfixed5\n````\n") {
		t.Errorf("first comment's body:\n%s", b)
	}
	// the fix of lines 6-9 reaches past the hunk: a comment on line 6, no suggestion
	c = comments[1].(map[string]any)
	if c["line"] != 6.0 || c["start_line"] != nil || strings.Contains(c["body"].(string), "suggestion") ||
		!strings.Contains(c["body"].(string), "cannot be suggested here") {
		t.Errorf("second comment: %v", c)
	}
	// line 8 is the hunk's context: GitHub takes a comment there
	if c = comments[2].(map[string]any); c["line"] != 8.0 || strings.Contains(c["body"].(string), "Found at") {
		t.Errorf("third comment: %v", c)
	}

	// the workflow re-runs: nothing is posted again
	stdout, stderr = run(t, g, env, findings())
	if stdout != "" || !strings.Contains(stderr, "no review posted on acme/jobs#7: nothing new since the last one (0 new comments, 0 updated, 3 already there") {
		t.Errorf("re-run: stdout %q, stderr %q", stdout, stderr)
	}
	if n := len(posted(t, g)); n != 1 {
		t.Errorf("re-run posted again: %d reviews", n)
	}

	// a push changes a fix and adds a finding: one new comment, one
	// comment updated in place
	fs := findings()
	fs[0].Fix.Text = "better4\n"
	fs = append(fs, Finding{Path: "src/Job.java", Line: 3, Column: 1, EndLine: 3, Rule: "zero-idle-timeout", Severity: rules.Error, Message: "zero"})
	_, stderr = run(t, g, env, fs)
	if !strings.Contains(stderr, "posted a review on acme/jobs#7: 1 new comment, 1 updated, 2 already there, 2 findings not in the diff") {
		t.Errorf("third run: %q", stderr)
	}
	reviews = posted(t, g)
	if len(reviews) != 2 || len(reviews[1]["comments"].([]any)) != 1 {
		t.Fatalf("third run posted %v", reviews[1:])
	}
	if n, _ := g.count(http.MethodPatch, "/repos/acme/jobs/pulls/comments/2"); n != 1 {
		t.Errorf("the changed suggestion's comment was edited %d times", n)
	}
	if b := g.comments[0]["body"].(string); !strings.Contains(b, "```suggestion\nbetter4\n```") {
		t.Errorf("edited comment:\n%s", b)
	}

	// a comment GitHub marks outdated (no line) is commented again
	g.comments[1]["line"] = nil
	_, stderr = run(t, g, env, fs)
	if !strings.Contains(stderr, "posted a review on acme/jobs#7: 1 new comment, 0 updated, 3 already there") {
		t.Errorf("after an outdated comment: %q", stderr)
	}
	_, stderr = run(t, g, env, fs)
	if !strings.Contains(stderr, "nothing new") {
		t.Errorf("the re-posted comment is not recognized: %q", stderr)
	}
}

// TestPagination lists files and earlier comments over several pages and
// recognizes comments found on the last page.
func TestPagination(t *testing.T) {
	g, srv := newFake(t)
	env := environment(t, srv)
	run(t, g, env, findings())
	for i := range 5 { // other people's comments push flinklint's to later pages
		g.comments = append([]map[string]any{{"id": 1000 + i, "body": "looks good", "line": 1, "path": "README.md"}}, g.comments...)
	}
	for range 3 {
		g.reviews = append([]map[string]any{{"id": 2000, "body": "LGTM"}}, g.reviews...)
	}
	g.requests = nil
	_, stderr := run(t, g, env, findings())
	if !strings.Contains(stderr, "nothing new") {
		t.Errorf("re-run over pages: %q", stderr)
	}
	for path, want := range map[string]string{
		prAPI + "/files":    "1 2 3",
		prAPI + "/comments": "1 2 3 4",
		prAPI + "/reviews":  "1 2",
	} {
		if _, pages := g.count(http.MethodGet, path); strings.Join(pages, " ") != want {
			t.Errorf("%s: pages %v, want %s", path, pages, want)
		}
	}
	if n := len(posted(t, g)); n != 0 {
		t.Errorf("posted %d reviews again", n)
	}
}

// rateLimited answers as GitHub does when the primary rate limit is spent.
func rateLimited(status int, reset time.Time) failure {
	return failure{status: status, header: map[string]string{
		"X-RateLimit-Limit": "5000", "X-RateLimit-Remaining": "0", "X-RateLimit-Reset": strconv.FormatInt(reset.Unix(), 10),
	}, body: map[string]any{"message": "API rate limit exceeded for installation " + secret}}
}

func TestRateLimit(t *testing.T) {
	t.Run("short", func(t *testing.T) {
		g, srv := newFake(t)
		g.fail["GET "+prAPI+"/files"] = []failure{rateLimited(http.StatusForbidden, time.Now())}
		_, stderr := run(t, g, environment(t, srv), findings())
		if n, _ := g.count(http.MethodGet, prAPI+"/files"); n != 4 || len(posted(t, g)) != 1 {
			t.Errorf("files asked %d times (want 1 limited + 3 pages), %d reviews; stderr %q", n, len(posted(t, g)), stderr)
		}
	})
	t.Run("secondary", func(t *testing.T) {
		g, srv := newFake(t)
		g.fail["POST "+prAPI+"/reviews"] = []failure{{status: http.StatusTooManyRequests, header: map[string]string{"Retry-After": "0"},
			body: map[string]any{"message": "You have exceeded a secondary rate limit", "documentation_url": "https://docs.github.com/rest/overview/rate-limits-for-the-rest-api#about-secondary-rate-limits"}}}
		_, stderr := run(t, g, environment(t, srv), findings())
		if !strings.Contains(stderr, "posted a review") || len(posted(t, g)) != 2 {
			t.Errorf("%d review requests; stderr %q", len(posted(t, g)), stderr)
		}
	})
	t.Run("long", func(t *testing.T) {
		g, srv := newFake(t)
		g.fail["GET "+prAPI+"/files"] = []failure{rateLimited(http.StatusTooManyRequests, time.Now().Add(time.Hour))}
		stdout, stderr := run(t, g, environment(t, srv), findings())
		if n, _ := g.count(http.MethodGet, prAPI+"/files"); n != 1 || len(posted(t, g)) != 0 {
			t.Errorf("files asked %d times, %d reviews", n, len(posted(t, g)))
		}
		if !strings.Contains(stderr, "no review posted: GitHub's API rate limit is exhausted until") || strings.Count(stdout, "::") != 10 {
			t.Errorf("stdout:\n%s\nstderr:\n%s", stdout, stderr)
		}
	})
}

// TestForbidden: a pull request from a fork has a read-only token; the
// findings come out as annotations and stderr says why.
func TestForbidden(t *testing.T) {
	g, srv := newFake(t)
	g.fail["POST "+prAPI+"/reviews"] = []failure{{status: http.StatusForbidden, body: map[string]any{"message": "Resource not accessible by integration (token " + secret + ")"}}}
	stdout, stderr := run(t, g, environment(t, srv), findings())
	if !strings.Contains(stderr, "no review posted: the token cannot write to the pull request (GitHub answered 403") ||
		!strings.Contains(stderr, "pull requests from forks get a read-only token") || !strings.Contains(stderr, "(token ***)") {
		t.Errorf("stderr: %q", stderr)
	}
	// as -format github prints them
	if !strings.Contains(stdout, "\n::warning file=src/Job.java,line=6,col=1,endLine=7,endColumn=3,title=flinklint missing-idleness::no withIdleness [missing-idleness]\n") ||
		!strings.HasPrefix(stdout, "::notice file=big.sql,line=3,col=2,endLine=3,endColumn=4,title=flinklint invalid-duration::100%25,%0Abad: duration [invalid-duration]\n") ||
		!strings.HasSuffix(stdout, "\nflinklint: 5 findings (2 errors, 2 warnings, 1 info), 0 problems\n") {
		t.Errorf("stdout:\n%s", stdout)
	}
}

// TestNotAPullRequest: without a token, a pull request event or an API
// that answers, the findings are annotations.
func TestNotAPullRequest(t *testing.T) {
	g, srv := newFake(t)
	full := environment(t, srv)
	push := filepath.Join(t.TempDir(), "push.json")
	os.WriteFile(push, []byte(`{"ref":"refs/heads/main"}`), 0o644)
	down := httptest.NewServer(http.NotFoundHandler())
	down.Close()
	for name, change := range map[string][2]string{
		"API down":       {"GITHUB_API_URL", down.URL},
		"no token":       {"GITHUB_TOKEN", ""},
		"bad repository": {"GITHUB_REPOSITORY", "acme"},
		"no event":       {"GITHUB_EVENT_PATH", ""},
		"missing event":  {"GITHUB_EVENT_PATH", filepath.Join(t.TempDir(), "none.json")},
		"push event":     {"GITHUB_EVENT_PATH", push},
		"bad API URL":    {"GITHUB_API_URL", "ftp://example.com"},
	} {
		env := func(k string) string {
			if k == change[0] {
				return change[1]
			}
			return full(k)
		}
		stdout, stderr := run(t, g, env, findings())
		if !strings.HasPrefix(stderr, "flinklint: no review posted: ") || !strings.Contains(stdout, "flinklint: 5 findings (2 errors") {
			t.Errorf("%s: stdout %q, stderr %q", name, stdout, stderr)
		}
	}
	if len(g.requests) != 0 {
		t.Errorf("%d requests made", len(g.requests))
	}
}

// TestNoFindings posts nothing on a pull request never reviewed, and says
// the findings are gone on one that was.
func TestNoFindings(t *testing.T) {
	g, srv := newFake(t)
	env := environment(t, srv)
	run(t, g, env, nil)
	if n := len(posted(t, g)); n != 0 {
		t.Fatalf("%d reviews for no findings", n)
	}
	run(t, g, env, findings())
	run(t, g, env, nil)
	reviews := posted(t, g)
	if len(reviews) != 2 || !strings.Contains(reviews[1]["body"].(string), "found nothing to report") {
		t.Errorf("reviews: %v", reviews)
	}
}

// TestReviewOfAnalysis reviews the findings of a real run: the rules'
// fixes on added lines arrive as suggestions of the fixed lines.
func TestReviewOfAnalysis(t *testing.T) {
	root := t.TempDir()
	os.MkdirAll(filepath.Join(root, "src"), 0o755)
	os.WriteFile(filepath.Join(root, "src", "Job.java"), []byte(job), 0o644)
	fs := FromResult(analyze(t, root), root)
	lines := strings.SplitAfter(job, "\n")
	patch := "@@ -9,0 +10,8 @@\n+" + strings.Join(lines[9:17], "+")
	g, srv := newFake(t)
	g.files = []any{map[string]any{"filename": "src/Job.java", "patch": patch}}
	run(t, g, environment(t, srv), fs)
	reviews := posted(t, g)
	if len(reviews) != 1 {
		t.Fatalf("%d reviews", len(reviews))
	}
	suggestions := 0
	for _, c := range reviews[0]["comments"].([]any) {
		body := c.(map[string]any)["body"].(string)
		if strings.Contains(body, "```suggestion\n") {
			suggestions++
		}
	}
	for _, want := range []string{
		"```suggestion\n                /* größe */ WatermarkStrategy.<Event>forBoundedOutOfOrderness(Duration.ofSeconds(5)).withIdleness(",
		"```suggestion\n                        .withTimestampAssigner((e, ts) -> e.getTimestamp().toEpochMilli()),\n```",
	} {
		if !strings.Contains(fmt.Sprint(reviews[0]["comments"]), want) {
			t.Errorf("no comment has %q: %v", want, reviews[0]["comments"])
		}
	}
	if suggestions < 2 {
		t.Errorf("%d suggestions", suggestions)
	}
}
