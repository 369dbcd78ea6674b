package review

import (
	"bytes"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"
	"unicode"
)

// The tests of what a hostile or broken API or event file can do to a
// run: each must end soon, in annotations, saying why.

// interceptFiles serves the listing of the pull request's files with h,
// and everything else as g does.
func interceptFiles(g *fakeGitHub, h http.HandlerFunc) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == prAPI+"/files" {
			h(w, r)
			return
		}
		g.ServeHTTP(w, r)
	})
}

// fellBack checks that a run printed the findings as annotations and said
// why on stderr.
func fellBack(t *testing.T, stdout, stderr, why string) {
	t.Helper()
	if !strings.Contains(stderr, "flinklint: no review posted: "+why) || !strings.Contains(stdout, "flinklint: 5 findings (2 errors") {
		t.Errorf("want annotations because %q\nstdout:\n%s\nstderr:\n%s", why, stdout, stderr)
	}
}

// TestRedirectToAnotherOrigin: GITHUB_API_URL redirects to another host;
// the run follows it neither with the token nor without it (the review
// carries the findings).
func TestRedirectToAnotherOrigin(t *testing.T) {
	for _, key := range []string{"GET " + prAPI + "/files", "POST " + prAPI + "/reviews"} {
		t.Run(key, func(t *testing.T) {
			var mu sync.Mutex
			var seen []request
			other := serve(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				mu.Lock()
				seen = append(seen, request{Method: r.Method, Path: r.URL.Path, Auth: r.Header.Get("Authorization")})
				mu.Unlock()
				w.Header().Set("Content-Type", "application/json")
				if r.Method == http.MethodPost {
					io.WriteString(w, `{"id":1}`)
				} else {
					io.WriteString(w, `[]`)
				}
			}))
			g, srv := newFake(t)
			status := http.StatusFound
			if strings.HasPrefix(key, "POST") {
				status = http.StatusTemporaryRedirect // re-sends the body
			}
			_, path, _ := strings.Cut(key, " ")
			g.fail[key] = []failure{{status: status, header: map[string]string{"Location": other.URL + path}}}
			stdout, stderr := run(t, g, environment(t, srv), findings())
			fellBack(t, stdout, stderr, "")
			if !strings.Contains(stderr, "the API redirected to "+other.URL+", another origin") {
				t.Errorf("stderr does not name the redirect: %s", stderr)
			}
			mu.Lock()
			defer mu.Unlock()
			for _, r := range seen {
				if r.Auth != "" {
					t.Errorf("the other host got the token: %s %s", r.Method, r.Path)
				}
			}
			if len(seen) > 0 {
				t.Errorf("the redirect to the other host was followed: %s %s", seen[0].Method, seen[0].Path)
			}
		})
	}
}

// TestRedirectToSameOrigin: GitHub redirects the requests for a renamed
// repository within the API, with the token.
func TestRedirectToSameOrigin(t *testing.T) {
	g, srv := newFake(t)
	for _, r := range []struct {
		status int
		key    string
	}{{http.StatusMovedPermanently, "GET " + prAPI + "/files"}, {http.StatusTemporaryRedirect, "POST " + prAPI + "/reviews"}} {
		_, path, _ := strings.Cut(r.key, " ")
		g.fail[r.key] = []failure{{status: r.status, header: map[string]string{"Location": srv.URL + path + "?moved=1"}}}
	}
	_, stderr := run(t, g, environment(t, srv), findings())
	if !strings.Contains(stderr, "posted a review") || len(posted(t, g)) != 2 {
		t.Errorf("%d review requests; stderr %q", len(posted(t, g)), stderr)
	}
}

func TestOrigin(t *testing.T) {
	for _, c := range []struct {
		a, b string
		same bool
	}{
		{"https://api.github.com/", "https://API.github.com:443/repos/a/b", true},
		{"http://ghe.example.com/api/v3/", "http://ghe.example.com:80/x", true},
		{"https://api.github.com/", "http://api.github.com/", false},
		{"https://api.github.com/", "https://api.github.com:8443/", false},
		{"https://api.github.com/", "https://api.github.com.evil.example/", false},
	} {
		a, _ := url.Parse(c.a)
		b, _ := url.Parse(c.b)
		if same := origin(a) == origin(b); same != c.same {
			t.Errorf("origin(%s) == origin(%s): %v", c.a, c.b, same)
		}
	}
}

// TestHugeAnswer: an answer far larger than a page of GitHub's is read no
// further than the limit of an answer.
func TestHugeAnswer(t *testing.T) {
	lim := limits{answer: 1 << 20, total: maxAnswers, time: DefaultTimeout}
	size := 64 * lim.answer // far past what socket buffers hold, so that a read cut short shows
	var sent atomic.Int64
	g := newFakeGitHub()
	srv := serve(t, interceptFiles(g, func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		io.WriteString(w, `[{"filename":"a","patch":"`)
		chunk := bytes.Repeat([]byte("x"), 64<<10)
		for sent.Load() < size {
			n, err := w.Write(chunk)
			sent.Add(int64(n))
			if err != nil {
				return
			}
		}
		io.WriteString(w, `"}]`)
	}))
	stdout, stderr := runLimited(t, lim, g, environment(t, srv), findings())
	fellBack(t, stdout, stderr, "an answer of the API is larger than 1 MiB, flinklint's limit")
	srv.Close() // waits for the handler
	if sent.Load() >= size {
		t.Errorf("all %d MiB of the answer were read", size>>20)
	}
}

// TestAnswersAddUp: pages each within the limit of an answer, but
// together far past the run's, are read no further than the run's.
func TestAnswersAddUp(t *testing.T) {
	lim := limits{answer: 1 << 20, total: 1 << 20, time: DefaultTimeout}
	patch := strings.Repeat("x", 256<<10)
	var pages atomic.Int64
	g := newFakeGitHub()
	srv := serve(t, interceptFiles(g, func(w http.ResponseWriter, r *http.Request) {
		p := pages.Add(1)
		w.Header().Set("Link", fmt.Sprintf(`<http://%s%s?page=%d>; rel="next"`, r.Host, r.URL.Path, p+1))
		fmt.Fprintf(w, `[{"filename":"f%d","patch":"%s"}]`, p, patch)
	}))
	stdout, stderr := runLimited(t, lim, g, environment(t, srv), findings())
	fellBack(t, stdout, stderr, "the API's answers add up to more than 1 MiB, flinklint's limit for a run")
	if n := pages.Load(); n > 4 {
		t.Errorf("%d pages of 256 KiB were read", n)
	}
}

// TestInjectedText: what the API says, quoted in stderr's explanation,
// can neither forge a workflow command nor send a terminal escape.
func TestInjectedText(t *testing.T) {
	g, srv := newFake(t)
	g.fail["POST "+prAPI+"/reviews"] = []failure{{status: http.StatusUnprocessableEntity, body: map[string]any{
		"message": "x\n::error file=evil.java,line=1::injected \x1b[31m",
		"errors":  []map[string]any{{"resource": "\u009b2J", "code": "\r::warning::injected"}},
	}}}
	stdout, stderr := run(t, g, environment(t, srv), findings())
	fellBack(t, stdout, stderr, "")
	for _, want := range []string{`422 x\n::error file=evil.java,line=1::injected \x1b[31m`, `\u009b2J`, `\r::warning::injected`} {
		if !strings.Contains(stderr, want) {
			t.Errorf("stderr lacks %s:\n%s", want, stderr)
		}
	}
	unforged(t, stdout, stderr)

	// a redirect's Location, which the error names
	g, srv = newFake(t)
	g.fail["GET "+prAPI+"/files"] = []failure{{status: http.StatusFound, header: map[string]string{"Location": "http://%C2%9B2J.example/"}}}
	stdout, stderr = run(t, g, environment(t, srv), findings())
	fellBack(t, stdout, stderr, "")
	if !strings.Contains(stderr, `the API redirected to http://\u009b2j.example:80`) {
		t.Errorf("stderr does not name the redirect:\n%s", stderr)
	}
	unforged(t, stdout, stderr)
}

// unforged checks that stdout and stderr hold no control character but the
// newlines ending their lines, and no workflow command but the findings'.
func unforged(t *testing.T, stdout, stderr string) {
	t.Helper()
	for _, out := range []string{stdout, stderr} {
		for line := range strings.Lines(out) {
			line = strings.TrimSuffix(line, "\n")
			if strings.ContainsFunc(line, unicode.IsControl) ||
				strings.HasPrefix(strings.TrimSpace(line), "::") && !strings.Contains(line, "title=flinklint ") {
				t.Errorf("a forged line: %q", line)
			}
		}
	}
}

func TestDeadline(t *testing.T) {
	t.Run("endless pages", func(t *testing.T) {
		g := newFakeGitHub()
		srv := serve(t, interceptFiles(g, func(w http.ResponseWriter, r *http.Request) {
			time.Sleep(20 * time.Millisecond)
			p, _ := strconv.Atoi(r.URL.Query().Get("page"))
			w.Header().Set("Link", fmt.Sprintf(`<http://%s%s?page=%d>; rel="next"`, r.Host, r.URL.Path, max(p, 1)+1))
			io.WriteString(w, "[]")
		}))
		env := environment(t, srv)
		stdout, stderr := runTimed(t, 300*time.Millisecond, g, env, findings())
		fellBack(t, stdout, stderr, "the deadline passed (-review-timeout 300ms)")
	})
	// a rate limit that resets after the deadline is not waited for
	t.Run("rate limit", func(t *testing.T) {
		g, srv := newFake(t)
		g.fail["GET "+prAPI+"/files"] = []failure{rateLimited(http.StatusForbidden, time.Now().Add(30*time.Second))}
		start := time.Now()
		stdout, stderr := runTimed(t, 4*time.Second, g, environment(t, srv), findings())
		if d := time.Since(start); d > 2*time.Second {
			t.Errorf("waited %s for a rate limit that resets after the deadline", d)
		}
		fellBack(t, stdout, stderr, "GitHub's API rate limit is exhausted until")
	})
}

func TestEventFile(t *testing.T) {
	t.Run("directory", func(t *testing.T) {
		eventRefused(t, t.TempDir(), "is not a regular file")
	})
	t.Run("too large", func(t *testing.T) {
		path := filepath.Join(t.TempDir(), "event.json")
		f, err := os.Create(path)
		if err != nil {
			t.Fatal(err)
		}
		f.Truncate(maxEvent + 1) // sparse: no disk space
		f.Close()
		eventRefused(t, path, "is larger than 32 MiB")
	})
}

// eventRefused checks that a run refuses the event file at path at once,
// naming it.
func eventRefused(t *testing.T, path, why string) {
	t.Helper()
	g, srv := newFake(t)
	full := environment(t, srv)
	env := func(k string) string {
		if k == "GITHUB_EVENT_PATH" {
			return path
		}
		return full(k)
	}
	stdout, stderr := runTimed(t, time.Second, g, env, findings())
	fellBack(t, stdout, stderr, "reading the event: "+path+" "+why)
}
