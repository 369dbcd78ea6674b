// Package review posts flinklint's findings on a GitHub pull request as
// one review, from a GitHub Actions job: a comment on each finding the
// diff shows, added or as context (with the rule's fix as a suggestion),
// or whose evidence it shows (on that line, saying where the finding is:
// the change that caused a finding may be in another file, or a deleted
// line); the others summarized in the review's body; and below them,
// collapsed, the Mermaid picture of each job (at most three) that holds a
// finding the review posts.
//
// A re-run does not post a finding again: each comment carries a hidden
// fingerprint of its finding, and comments already there are skipped, or
// updated when their text changed. When the review cannot be posted (a
// pull request from a fork gets a read-only token, the rate limit is
// exhausted, the API fails or its deadline passes), the findings are
// printed as workflow-command annotations instead and stderr says why: the
// job's outcome is the findings', never the API's. The token never appears
// in any output, and goes to GITHUB_API_URL's origin only; what the API
// says reaches stderr with its control characters escaped.
package review

import (
	"cmp"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/google/go-github/v84/github"

	"github.com/flinklint/flinklint/cmd/flinklint/internal/report"
	"github.com/flinklint/flinklint/rules"
)

// Finding is one finding to report.
type Finding struct {
	Path      string // relative to the repository's top directory, slash-separated
	Line      int    // 1-based
	Column    int    // 1-based, in characters
	EndLine   int
	EndColumn int // in characters, exclusive
	Rule      string
	Severity  rules.Severity
	Message   string    // the headline
	Help      string    // the fix, or ""
	Note      string    // the Flink fact behind the finding, or ""
	Related   []Related // the evidence
	DocsURL   string
	Fix       *Fix  // nil when the rule offers none
	Jobs      []int // the pictures of the jobs that hold it, by index in Run's pictures (see Pictures)
}

// Related is a location of a finding's evidence: the source a strategy
// feeds, the window, the setting. A pull request that changes it can
// cause or fix the finding.
type Related struct {
	Path          string // relative to the repository's top directory, slash-separated
	Line, EndLine int    // 1-based, inclusive
	Label         string // "feeds fromSource here"
}

// Fix replaces whole lines of a finding's file, which is what a review
// suggestion can do.
type Fix struct {
	StartLine, EndLine int    // the lines replaced, 1-based, inclusive
	Text               string // the new lines, each ending in "\n"; empty deletes them
}

const (
	// DefaultTimeout bounds a run's exchange with the API, rate-limit
	// waits included, when its context has no deadline: a job would
	// rather print annotations after a few minutes than idle until its
	// own timeout (6 hours by default).
	DefaultTimeout = 3 * time.Minute
	// maxRateLimitWait is the longest wait for a rate limit to reset that
	// is worth a retry; a job would rather print annotations than idle.
	maxRateLimitWait = time.Minute
	// requestTimeout bounds each API request, so a stalled API cannot hang
	// the job.
	requestTimeout = time.Minute
	// maxPages bounds pagination (GitHub lists at most 3000 files of a
	// pull request: 30 pages), so a looping Link header cannot hang the job.
	maxPages = 300
	// maxBody keeps the review's body under GitHub's 65536 characters.
	maxBody = 60000
)

// Run posts findings as a review of the pull request of the GitHub Actions
// event in env (GITHUB_TOKEN, GITHUB_REPOSITORY, GITHUB_EVENT_PATH,
// GITHUB_API_URL), or prints them as annotations on stdout when it cannot,
// saying why on stderr. It gives up after timeout (-review-timeout). Its
// error is only a failure to write stdout or stderr: the API's errors end
// in annotations. pictures are the jobs the findings' Jobs name; the
// review's body shows those of the findings it posts.
func Run(ctx context.Context, timeout time.Duration, env func(string) string, findings []Finding, pictures []Picture, stdout, stderr io.Writer) error {
	return runWithin(ctx, limits{answer: maxAnswer, total: maxAnswers, time: timeout}, env, findings, pictures, stdout, stderr)
}

// runWithin is Run reading no more of the API's answers than lim allows.
func runWithin(ctx context.Context, lim limits, env func(string) string, findings []Finding, pictures []Picture, stdout, stderr io.Writer) error {
	ctx, cancel := context.WithTimeout(ctx, lim.time)
	defer cancel()
	token := strings.TrimSpace(env("GITHUB_TOKEN"))
	stdout, stderr = redactor{stdout, token}, redactor{stderr, token}
	// The API's error messages, which errors quote, are the server's to
	// choose: escaped, they can forge no workflow command or ANSI code.
	note := func(msg string) error {
		_, err := fmt.Fprintln(stderr, "flinklint:", report.Escape(msg))
		return err
	}
	findings = slices.Clone(findings)
	slices.SortStableFunc(findings, func(a, b Finding) int {
		return cmp.Or(cmp.Compare(a.Path, b.Path), cmp.Compare(a.Line, b.Line), cmp.Compare(a.Column, b.Column),
			cmp.Compare(a.Rule, b.Rule), cmp.Compare(a.Message, b.Message))
	})
	pr, err := target(env, token)
	var shown diff // what the pull request's diff shows, once listed
	if err == nil {
		var done string
		if done, shown, err = post(ctx, lim, pr, token, findings, pictures); err == nil {
			return note(done)
		}
		if errors.Is(ctx.Err(), context.DeadlineExceeded) {
			err = fmt.Errorf("the deadline passed (-review-timeout %s)", lim.time)
		}
	}
	if werr := note("no review posted: " + explain(err) + "; the findings are printed as annotations instead"); werr != nil {
		return werr
	}
	return annotate(stdout, findings, shown)
}

// pullRequest is the pull request a run reviews.
type pullRequest struct {
	api         *url.URL
	owner, repo string
	number      int
	head        string // the commit reviewed
}

func (pr pullRequest) String() string { return fmt.Sprintf("%s/%s#%d", pr.owner, pr.repo, pr.number) }

// target reads the pull request from the Actions environment.
func target(env func(string) string, token string) (pullRequest, error) {
	var pr pullRequest
	if token == "" {
		return pr, errors.New("GITHUB_TOKEN is not set")
	}
	var ok bool
	if pr.owner, pr.repo, ok = strings.Cut(env("GITHUB_REPOSITORY"), "/"); !ok || pr.owner == "" || pr.repo == "" || strings.Contains(pr.repo, "/") {
		return pr, fmt.Errorf("GITHUB_REPOSITORY %q is not owner/name", env("GITHUB_REPOSITORY"))
	}
	api := cmp.Or(env("GITHUB_API_URL"), "https://api.github.com")
	u, err := url.Parse(strings.TrimSuffix(api, "/") + "/")
	if err != nil || (u.Scheme != "https" && u.Scheme != "http") || u.Host == "" {
		return pr, fmt.Errorf("GITHUB_API_URL %q is not an http(s) URL", api)
	}
	pr.api = u
	path := env("GITHUB_EVENT_PATH")
	if path == "" {
		return pr, errors.New("GITHUB_EVENT_PATH is not set")
	}
	data, err := readEvent(path)
	if err != nil {
		return pr, fmt.Errorf("reading the event: %w", err)
	}
	var event struct {
		Number      int `json:"number"`
		PullRequest struct {
			Number int `json:"number"`
			Head   struct {
				SHA string `json:"sha"`
			} `json:"head"`
		} `json:"pull_request"`
	}
	if err := json.Unmarshal(data, &event); err != nil {
		return pr, fmt.Errorf("reading the event %s: %w", path, err)
	}
	pr.number, pr.head = cmp.Or(event.PullRequest.Number, event.Number), event.PullRequest.Head.SHA
	if pr.number <= 0 || pr.head == "" {
		return pr, errors.New("the event is not a pull request's (it names no pull request and head commit)")
	}
	return pr, nil
}

// explain says why the review was not posted.
func explain(err error) string {
	var rl *github.RateLimitError
	var ab *github.AbuseRateLimitError
	var er *github.ErrorResponse
	switch {
	case errors.As(err, &rl):
		return fmt.Sprintf("GitHub's API rate limit is exhausted until %s", rl.Rate.Reset.Format(time.RFC3339))
	case errors.As(err, &ab):
		return "GitHub's secondary rate limit stopped the requests"
	case errors.As(err, &er) && er.Response != nil && er.Response.StatusCode == http.StatusForbidden:
		return fmt.Sprintf("the token cannot write to the pull request (GitHub answered 403 %q; pull requests from forks get a read-only token)", er.Message)
	}
	return err.Error()
}

// redactor writes to w with every occurrence of secret masked.
type redactor struct {
	w      io.Writer
	secret string
}

func (r redactor) Write(p []byte) (int, error) {
	if r.secret == "" {
		return r.w.Write(p)
	}
	if _, err := io.WriteString(r.w, strings.ReplaceAll(string(p), r.secret, "***")); err != nil {
		return 0, err
	}
	return len(p), nil
}

// caller makes a run's requests.
type caller struct {
	waited bool // a run waits for a rate limit once
}

// post posts the review and says what it did. Once it has listed the
// pull request's files, it returns what their diff shows, even when it
// fails later, so that the annotations go where the review would have.
func post(ctx context.Context, lim limits, pr pullRequest, token string, findings []Finding, pictures []Picture) (string, diff, error) {
	c := github.NewClient(newHTTPClient(pr.api, token, lim))
	c.BaseURL = pr.api
	p := &caller{}

	files, err := list(ctx, p, func(o github.ListOptions) ([]*github.CommitFile, *github.Response, error) {
		return c.PullRequests.ListFiles(ctx, pr.owner, pr.repo, pr.number, &o)
	})
	if err != nil {
		return "", nil, err
	}
	shown := diff{}
	for _, f := range files {
		shown[f.GetFilename()] = parsePatch(f.GetPatch())
	}
	comments, err := list(ctx, p, func(o github.ListOptions) ([]*github.PullRequestComment, *github.Response, error) {
		return c.PullRequests.ListComments(ctx, pr.owner, pr.repo, pr.number, &github.PullRequestListCommentsOptions{ListOptions: o})
	})
	if err != nil {
		return "", shown, err
	}
	earlier := map[string]*github.PullRequestComment{} // by fingerprint; one still on a line wins over an outdated one
	for _, c := range comments {
		fp := marker(findingMarker, c.GetBody())
		if fp != "" && c.InReplyTo == nil && (earlier[fp] == nil || earlier[fp].Line == nil) {
			earlier[fp] = c
		}
	}
	reviews, err := list(ctx, p, func(o github.ListOptions) ([]*github.PullRequestReview, *github.Response, error) {
		return c.PullRequests.ListReviews(ctx, pr.owner, pr.repo, pr.number, &o)
	})
	if err != nil {
		return "", shown, err
	}
	lastReview := ""
	for _, r := range reviews {
		if fp := marker(reviewMarker, r.GetBody()); fp != "" {
			lastReview = fp
		}
	}

	pl := makePlan(findings, shown, earlier)
	for _, e := range pl.edits {
		if _, err := p.call(ctx, func() (*github.Response, error) {
			_, r, err := c.PullRequests.EditComment(ctx, pr.owner, pr.repo, e.GetID(), &github.PullRequestComment{Body: e.Body})
			return r, err
		}); err != nil {
			return "", shown, err
		}
	}
	did := fmt.Sprintf("%s, %d updated, %d already there, %s not in the diff",
		report.Count(len(pl.drafts), "new comment"), len(pl.edits), pl.kept, report.Count(len(pl.outside), "finding"))
	if len(pl.drafts) == 0 && (pl.fp == lastReview || len(findings) == 0 && lastReview == "") {
		return fmt.Sprintf("no review posted on %s: nothing new since the last one (%s)", pr, did), shown, nil
	}
	body := reviewBody(pl, findings, pictures)
	if _, err := p.call(ctx, func() (*github.Response, error) {
		_, r, err := c.PullRequests.CreateReview(ctx, pr.owner, pr.repo, pr.number, &github.PullRequestReviewRequest{
			CommitID: github.Ptr(pr.head),
			Event:    github.Ptr("COMMENT"),
			Body:     github.Ptr(body),
			Comments: pl.drafts,
		})
		return r, err
	}); err != nil {
		return "", shown, err
	}
	return fmt.Sprintf("posted a review on %s: %s", pr, did), shown, nil
}

// plan is what a run does to the pull request.
type plan struct {
	drafts  []*github.DraftReviewComment // new comments
	fresh   []Finding                    // the findings of drafts
	edits   []*github.PullRequestComment // earlier comments with a new body
	kept    int                          // earlier comments left as they are
	outside []Finding                    // findings the diff does not show, nor their evidence
	fp      string                       // identifies the review: which findings, in the diff or not
}

// makePlan places each finding (sorted): on a line the diff shows (see
// diff.place), as a new comment unless an earlier one on a line (earlier,
// by fingerprint) says the same; elsewhere, in the review's body.
func makePlan(findings []Finding, shown diff, earlier map[string]*github.PullRequestComment) plan {
	var pl plan
	var prints strings.Builder
	for i, fp := range fingerprints(findings) {
		f := findings[i]
		s, ok := shown.place(f)
		if !ok {
			pl.outside = append(pl.outside, f)
			fmt.Fprintf(&prints, "%s-\n", fp)
			continue
		}
		fmt.Fprintf(&prints, "%s+\n", fp)
		d := draft(f, fp, s, shown[s.path])
		switch e := earlier[fp]; {
		case e == nil || e.Line == nil:
			pl.drafts = append(pl.drafts, d)
			pl.fresh = append(pl.fresh, f)
		case e.GetBody() == d.GetBody():
			pl.kept++
		default:
			pl.edits = append(pl.edits, &github.PullRequestComment{ID: e.ID, Body: d.Body})
		}
	}
	sum := sha256.Sum256([]byte(prints.String()))
	pl.fp = hex.EncodeToString(sum[:8])
	return pl
}

// call makes a request; when a rate limit stops it and resets soon, and
// before ctx's deadline, it waits for the reset and makes it again, once
// a run.
func (p *caller) call(ctx context.Context, do func() (*github.Response, error)) (*github.Response, error) {
	r, err := do()
	wait, limited := rateLimitWait(err)
	longest := maxRateLimitWait
	if d, ok := ctx.Deadline(); ok {
		longest = min(longest, time.Until(d))
	}
	if !limited || p.waited || wait > longest {
		return r, err
	}
	p.waited = true
	t := time.NewTimer(max(wait, 0))
	defer t.Stop()
	select {
	case <-ctx.Done():
		return r, errors.Join(err, ctx.Err())
	case <-t.C:
	}
	return do()
}

// rateLimitWait returns how long err, a rate limit's, asks to wait.
func rateLimitWait(err error) (time.Duration, bool) {
	var rl *github.RateLimitError
	if errors.As(err, &rl) {
		// the reset is in whole seconds: wait one more, as go-github does
		return time.Until(rl.Rate.Reset.Time) + time.Second, true
	}
	var ab *github.AbuseRateLimitError
	if errors.As(err, &ab) && ab.RetryAfter != nil {
		return *ab.RetryAfter, true
	}
	// a limit go-github does not recognize (no documentation URL) but
	// whose answer says when to come back
	var er *github.ErrorResponse
	if errors.As(err, &er) && er.Response != nil &&
		(er.Response.StatusCode == http.StatusTooManyRequests || er.Response.StatusCode == http.StatusForbidden) {
		if s, err := strconv.Atoi(er.Response.Header.Get("Retry-After")); err == nil && s >= 0 {
			return time.Duration(s) * time.Second, true
		}
	}
	return 0, false
}

// list gets every page of a listing.
func list[T any](ctx context.Context, p *caller, page func(github.ListOptions) ([]T, *github.Response, error)) ([]T, error) {
	var all []T
	opts := github.ListOptions{PerPage: 100}
	for range maxPages {
		var items []T
		r, err := p.call(ctx, func() (r *github.Response, err error) {
			items, r, err = page(opts)
			return r, err
		})
		if err != nil {
			return nil, err
		}
		all = append(all, items...)
		if r.NextPage == 0 {
			return all, nil
		}
		if r.NextPage <= opts.Page {
			return nil, fmt.Errorf("the API's pagination goes back from page %d to page %d", opts.Page, r.NextPage)
		}
		opts.Page = r.NextPage
	}
	return nil, fmt.Errorf("the API's listing has more than %d pages", maxPages)
}

// The hidden markers that let a re-run recognize its comments and reviews.
const (
	findingMarker = "<!-- flinklint:finding "
	reviewMarker  = "<!-- flinklint:review "
)

var markerFP = regexp.MustCompile(`^([0-9a-f]{16}) -->`)

// marker returns the fingerprint of a body that starts with the given
// marker (one quoted later in a body does not count).
func marker(prefix, body string) string {
	rest, ok := strings.CutPrefix(body, prefix)
	if !ok {
		return ""
	}
	if m := markerFP.FindStringSubmatch(rest); m != nil {
		return m[1]
	}
	return ""
}

// fingerprints identifies each finding (sorted) across runs: by its file,
// rule and headline, and its rank among equal ones, not by its line (so
// that it survives edits above it) nor its help, note or evidence (so
// that a re-run edits its comment rather than adding one).
func fingerprints(findings []Finding) []string {
	seen := map[string]int{}
	fps := make([]string, len(findings))
	for i, f := range findings {
		key := f.Path + "\x00" + f.Rule + "\x00" + f.Message
		sum := sha256.Sum256(fmt.Appendf(nil, "%s\x00%d", key, seen[key]))
		seen[key]++
		fps[i] = hex.EncodeToString(sum[:8])
	}
	return fps
}

// draft is the review comment on f at s, a line the diff shows of the
// file l: on the lines of its fix, as a suggestion, when s is in f's own
// range and the fix's lines lie in one hunk of the diff; on s otherwise.
// It shows the headline, where f is when the comment is elsewhere, the
// help and note, the evidence, then the suggestion.
func draft(f Finding, fp string, s spot, l lines) *github.DraftReviewComment {
	d := &github.DraftReviewComment{Path: github.Ptr(s.path), Line: github.Ptr(s.line), Side: github.Ptr("RIGHT")}
	var fix string
	switch {
	case f.Fix == nil:
	case s.evidence != nil || l.hunk(f.Fix.StartLine, f.Fix.EndLine) < 0:
		fix = fmt.Sprintf("\nThe rule's fix (`flinklint -fix`) changes `%s`, not lines of this hunk, so it cannot be suggested here.\n",
			where(f.Path, f.Fix.StartLine, f.Fix.EndLine))
	default:
		d.Line = github.Ptr(f.Fix.EndLine)
		if f.Fix.StartLine < f.Fix.EndLine {
			d.StartLine, d.StartSide = github.Ptr(f.Fix.StartLine), github.Ptr("RIGHT")
		}
		fence := fenceFor(f.Fix.Text)
		fix = fmt.Sprintf("\n%ssuggestion\n%s%s\n", fence, f.Fix.Text, fence)
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%s%s -->\n%s\n", findingMarker, fp, headline(f))
	if s.path != f.Path || f.Line < cmp.Or(d.GetStartLine(), d.GetLine()) || f.Line > d.GetLine() {
		fmt.Fprintf(&b, "\n%s\n", foundAt(f, s))
	}
	for _, part := range []struct{ name, text string }{{"help", f.Help}, {"note", f.Note}} {
		if part.text != "" {
			fmt.Fprintf(&b, "\n**%s:** %s\n", part.name, part.text)
		}
	}
	if len(f.Related) > 0 {
		b.WriteString("\nEvidence:\n")
		for _, r := range f.Related {
			fmt.Fprintf(&b, "- `%s` — %s\n", where(r.Path, r.Line, r.Line), r.Label)
		}
	}
	b.WriteString(fix)
	d.Body = github.Ptr(b.String())
	return d
}

// foundAt says where f is, for a comment or annotation at s, elsewhere,
// and which evidence s is.
func foundAt(f Finding, s spot) string {
	text := fmt.Sprintf("Found at `%s`", where(f.Path, f.Line, f.Line))
	if s.evidence != nil {
		text += "; this line: " + s.evidence.Label
	}
	return text
}

// where names lines first..last of path: path:first, or path:first-last.
func where(path string, first, last int) string {
	if last <= first {
		return fmt.Sprintf("%s:%d", path, first)
	}
	return fmt.Sprintf("%s:%d-%d", path, first, last)
}

// headline is a finding's severity, rule (linked to its page) and message.
func headline(f Finding) string {
	rule := "`" + f.Rule + "`"
	if f.DocsURL != "" {
		rule = "[" + rule + "](" + f.DocsURL + ")"
	}
	return fmt.Sprintf("**%s** %s: %s", f.Severity, rule, f.Message)
}

// reviewBody summarizes the findings of pl, all of them, listing those
// outside the diff, then draws the jobs that hold the findings it posts
// (its new comments and the findings it lists): a picture never takes
// the place of a finding in the list.
func reviewBody(pl plan, all []Finding, pictures []Picture) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s%s -->\n", reviewMarker, pl.fp)
	if len(all) == 0 {
		b.WriteString("**flinklint** found nothing to report.\n")
		return b.String()
	}
	count := map[rules.Severity]int{}
	for _, f := range all {
		count[f.Severity]++
	}
	fmt.Fprintf(&b, "**flinklint** found %s (%s, %s, %s).", report.Count(len(all), "finding"),
		report.Count(count[rules.Error], "error"), report.Count(count[rules.Warning], "warning"), report.Count(count[rules.Info], "info"))
	if inDiff := len(all) - len(pl.outside); inDiff > 0 {
		fmt.Fprintf(&b, " Commented inline, on lines this pull request's diff shows: %d.", inDiff)
	}
	listed := pl.outside
	if len(pl.outside) == 0 {
		b.WriteString("\n")
	} else {
		fmt.Fprintf(&b, "\n\nNot in this pull request's diff (neither the finding nor its evidence is on a line the diff shows): %d.\n\n", len(pl.outside))
		for i, f := range pl.outside {
			item := fmt.Sprintf("- `%s:%d:%d` %s\n", f.Path, f.Line, f.Column, headline(f))
			if b.Len()+len(item) > maxBody {
				fmt.Fprintf(&b, "- and %d more: see the job's log.\n", len(pl.outside)-i)
				listed = pl.outside[:i]
				break
			}
			b.WriteString(item)
		}
	}
	drawJobs(&b, append(slices.Clip(pl.fresh), listed...), pictures)
	return b.String()
}
