package rest

import (
	"bytes"
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"
)

const job = "0123456789abcdef0123456789abcdef"

func client(t *testing.T, h http.Handler, opts Options) (*Client, *atomic.Int32) {
	t.Helper()
	var n atomic.Int32
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		n.Add(1)
		h.ServeHTTP(w, r)
	}))
	t.Cleanup(srv.Close)
	opts.URL = srv.URL
	c, err := New(opts)
	if err != nil {
		t.Fatal(err)
	}
	c.backoff = time.Millisecond
	return c, &n
}

func answer(status int, contentType, body string) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if contentType != "" {
			w.Header().Set("Content-Type", contentType)
		}
		w.WriteHeader(status)
		fmt.Fprint(w, body)
	})
}

// TestOnlyReads: a path off the allow-list (Flink's mutating endpoints
// among them) is refused before any request.
func TestOnlyReads(t *testing.T) {
	c, n := client(t, answer(200, "", "{}"), Options{})
	for _, path := range []string{"/jobs/" + job + "/stop", "/jobs/" + job + "/savepoints", "/jars/upload", "/jobs/" + job + "/rescaling", "/cluster"} {
		var v any
		if err := c.get(context.Background(), path, nil, &v); err == nil || !strings.Contains(err.Error(), "not an endpoint") {
			t.Errorf("%s: %v", path, err)
		}
	}
	if n.Load() != 0 {
		t.Errorf("%d requests sent", n.Load())
	}
}

func TestNewRefuses(t *testing.T) {
	for url, want := range map[string]string{
		"http://admin:secret@flink:8081": "FLINKLINT_REST_AUTH",
		"ftp://flink":                    "http:// or https://",
		"flink:8081":                     "http:// or https://",
		"http://flink:8081/?x=1":         "without a query",
	} {
		if _, err := New(Options{URL: url}); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: %v, want %q", url, err, want)
		}
	}
	if _, err := New(Options{URL: "https://flink", CAFile: filepath.Join(t.TempDir(), "none.pem")}); err == nil || !strings.Contains(err.Error(), "-cacert") {
		t.Errorf("a missing CA file: %v", err)
	}
}

func TestErrors(t *testing.T) {
	redirected := false
	elsewhere := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { redirected = true }))
	defer elsewhere.Close()
	for name, c := range map[string]struct {
		h    http.Handler
		want string
	}{
		"401":       {answer(401, "", ""), "authentication refused; set FLINKLINT_REST_AUTH"},
		"403":       {answer(403, "", ""), "authentication refused"},
		"404":       {answer(404, "application/json", `{"errors":["org.apache.flink.runtime.rest.NotFoundException: Job x not found\n\tat ..."]}`), "404: Job x not found"},
		"500":       {answer(500, "application/json", `{"errors":["Internal server error."]}`), "500 Internal Server Error: Internal server error."},
		"html":      {answer(200, "text/html", "<html>login</html>"), "an HTML page"},
		"html body": {answer(200, "application/json", "  <!DOCTYPE html><html>"), "an HTML page"},
		"malformed": {answer(200, "application/json", `{"jobs": [`), "not Flink's JSON"},
		"redirect":  {http.RedirectHandler(elsewhere.URL+"/jobs/overview", http.StatusFound), "redirects are not followed"},
		"slow": {http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			time.Sleep(300 * time.Millisecond)
		}), "no answer within 50ms (-timeout)"},
	} {
		t.Run(name, func(t *testing.T) {
			cl, _ := client(t, c.h, Options{Timeout: 50 * time.Millisecond})
			_, err := cl.Jobs(context.Background())
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Errorf("%v, want %q", err, c.want)
			}
		})
	}
	if redirected {
		t.Error("a redirect was followed")
	}
}

func TestUnreachable(t *testing.T) {
	srv := httptest.NewServer(http.NotFoundHandler())
	srv.Close()
	for url, want := range map[string]string{
		srv.URL:                     "connection refused",
		"http://flink.invalid:8081": "cannot resolve the host",
	} {
		c, err := New(Options{URL: url, Retries: 1})
		if err != nil {
			t.Fatal(err)
		}
		c.backoff = time.Millisecond
		if _, err := c.Jobs(context.Background()); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: %v, want %q", url, err, want)
		}
	}
}

// TestRetries: a 503 from a proxy in front of a JobManager that is
// electing its leader is tried again, within the budget.
func TestRetries(t *testing.T) {
	var calls atomic.Int32
	h := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if calls.Add(1) < 3 {
			w.WriteHeader(http.StatusServiceUnavailable)
			return
		}
		fmt.Fprint(w, `{"jobs":[]}`)
	})
	c, _ := client(t, h, Options{Retries: 2})
	if _, err := c.Jobs(context.Background()); err != nil {
		t.Fatalf("after two retries: %v", err)
	}
	calls.Store(0)
	c, _ = client(t, h, Options{Retries: 1})
	if _, err := c.Jobs(context.Background()); err == nil {
		t.Fatal("a budget of one retry succeeded on the third try")
	}
}

func TestAuthHeader(t *testing.T) {
	var got string
	c, _ := client(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		got = r.Header.Get("Authorization")
		fmt.Fprint(w, `{"jobs":[]}`)
	}), Options{Auth: "Bearer t0ken"})
	if _, err := c.Jobs(context.Background()); err != nil || got != "Bearer t0ken" {
		t.Errorf("%v, Authorization %q", err, got)
	}
}

// TestMetricsChunked: a vertex of many subtasks is read in requests of
// bounded length.
func TestMetricsChunked(t *testing.T) {
	var longest int
	c, n := client(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		longest = max(longest, len(r.URL.RequestURI()))
		var ms []string
		for _, id := range strings.Split(r.URL.Query().Get("get"), ",") {
			ms = append(ms, fmt.Sprintf(`{"id":%q,"value":"1"}`, id))
		}
		fmt.Fprintf(w, "[%s]", strings.Join(ms, ","))
	}), Options{})
	var ids []string
	for i := range 1000 {
		ids = append(ids, fmt.Sprintf("%d.idleTimeMsPerSecond", i))
	}
	ms, err := c.Metrics(context.Background(), job, job, ids)
	if err != nil || len(ms) != 1000 {
		t.Fatalf("%d metrics, %v", len(ms), err)
	}
	if n.Load() < 2 || longest > 4096 {
		t.Errorf("%d requests, the longest %d bytes", n.Load(), longest)
	}
}

func TestRecordReplay(t *testing.T) {
	rec := &Recorder{}
	c, _ := client(t, answer(200, "application/json", `{"jobs":[{"jid":"`+job+`","name":"a","state":"RUNNING"}]}`), Options{Recorder: rec})
	if _, err := c.Jobs(context.Background()); err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if err := rec.Write(&buf); err != nil {
		t.Fatal(err)
	}
	file := filepath.Join(t.TempDir(), "r.jsonl")
	if err := os.WriteFile(file, buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	replay, err := LoadReplay(file)
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(replay)
	defer srv.Close()
	c2, _ := New(Options{URL: srv.URL})
	jobs, err := c2.Jobs(context.Background())
	if err != nil || len(jobs) != 1 || jobs[0].ID != job {
		t.Errorf("%v %v", jobs, err)
	}
	if _, err := c2.Job(context.Background(), job); !NotFound(err) {
		t.Errorf("a path never recorded: %v", err)
	}
}
