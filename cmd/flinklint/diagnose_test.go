package main

import (
	"bufio"
	"bytes"
	"encoding/pem"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/flinklint/flinklint/cmd/flinklint/internal/diagnose/rest"
)

// harness is the code of the jobs testdata/flink/diagnose runs on a real
// Flink, and recorded the REST exchanges of flinklint diagnose with.
const harness = "../../testdata/flink/diagnose"

// marks returns, by kind, the file and line each harness job marks with
// "// diagnose: KIND": where its diagnosis must point.
func marks(t *testing.T) map[string]string {
	t.Helper()
	out := map[string]string{}
	err := filepath.WalkDir(filepath.Join(harness, "src"), func(path string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		f, err := os.Open(path)
		if err != nil {
			return err
		}
		defer f.Close()
		sc := bufio.NewScanner(f)
		for n := 1; sc.Scan(); n++ {
			if _, kind, ok := strings.Cut(sc.Text(), "// diagnose: "); ok {
				out[kind] = fmt.Sprintf("%s:%d:", filepath.Base(path), n)
			}
		}
		return sc.Err()
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// replaying serves a recording of testdata/flink/diagnose/recorded, and
// returns the job id it is of.
func replaying(t *testing.T, mode string) (*httptest.Server, *rest.Replay, string) {
	t.Helper()
	file := filepath.Join(harness, "recorded", mode+".jsonl")
	r, err := rest.LoadReplay(file)
	if err != nil {
		t.Fatal(err)
	}
	data, _ := os.ReadFile(file)
	id := regexp.MustCompile(`/jobs/([0-9a-f]{32})`).FindSubmatch(data)
	if id == nil {
		t.Fatalf("%s: no job in the recording", file)
	}
	srv := httptest.NewServer(r)
	t.Cleanup(srv.Close)
	return srv, r, string(id[1])
}

// noWait makes flinklint diagnose take its second sample at once: a
// recording holds the second sample as the cluster gave it.
func noWait(t *testing.T) {
	was := sampleWait
	sampleWait = func(time.Duration) <-chan time.Time {
		c := make(chan time.Time, 1)
		c <- time.Now()
		return c
	}
	t.Cleanup(func() { sampleWait = was })
}

// TestDiagnoseRecorded replays what a Flink 1.20.3 cluster answered for
// each seeded job of testdata/flink/diagnose, and checks that flinklint
// diagnose names the failure on the job's marked line, and that it only
// ever sent GET requests.
func TestDiagnoseRecorded(t *testing.T) {
	noWait(t)
	want := marks(t)
	for mode, kind := range map[string]string{
		"idle-split": "idle-split", "no-split": "no-split", "seconds": "event-time-behind", "lag": "event-time-lag",
		"late-dropped": "late-dropped", "late-tag-unread": "late-tag-unread", "backpressure": "backpressure",
	} {
		t.Run(mode, func(t *testing.T) {
			t.Parallel() // a sample waits up to 3 s for a store that does not refresh
			srv, replay, id := replaying(t, mode)
			var stdout, stderr bytes.Buffer
			code := run([]string{"diagnose", "-rest", srv.URL, "-job", id, "-interval", "15s", harness}, &stdout, &stderr)
			if code != 1 {
				t.Fatalf("exit %d, want 1\n%s%s", code, stdout.String(), stderr.String())
			}
			lines := strings.Split(strings.TrimSpace(stdout.String()), "\n")
			var found []string
			for _, l := range lines {
				if !strings.HasPrefix(l, " ") {
					found = append(found, l)
				}
			}
			if len(found) != 1 || !strings.Contains(found[0], want[kind]) || !strings.Contains(found[0], ": "+kind+": ") {
				t.Errorf("findings:\n%s\nwant one %s at %s", strings.Join(found, "\n"), kind, want[kind])
			}
			for _, req := range replay.Requests {
				if req.Method != http.MethodGet {
					t.Errorf("%s %s: flinklint diagnose must only read", req.Method, req.URL)
				}
			}
		})
	}
}

// TestDiagnoseWithoutCode: without the code, each finding names the
// vertex, and the summary says what could not be checked.
func TestDiagnoseWithoutCode(t *testing.T) {
	noWait(t)
	srv, _, id := replaying(t, "idle-split")
	var stdout, stderr bytes.Buffer
	code := run([]string{"diagnose", "-rest", srv.URL, "-job", id, "-format", "json"}, &stdout, &stderr)
	if code != 1 || !strings.Contains(stdout.String(), `"kind": "idle-split"`) || !strings.Contains(stdout.String(), `"match": "no code given"`) {
		t.Errorf("exit %d\n%s%s", code, stdout.String(), stderr.String())
	}
	if !strings.Contains(stderr.String(), "late-tag-unread: needs the code") {
		t.Errorf("the summary does not say what was not checked:\n%s", stderr.String())
	}
}

// TestDiagnoseBadInput: what flinklint diagnose says, and its exit 2,
// when it cannot diagnose.
func TestDiagnoseBadInput(t *testing.T) {
	noWait(t)
	refused := httptest.NewServer(http.NotFoundHandler())
	refused.Close()
	jobs := func(body string) string {
		srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			fmt.Fprint(w, body)
		}))
		t.Cleanup(srv.Close)
		return srv.URL
	}
	gone := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/jobmanager/config" {
			fmt.Fprint(w, `[]`)
			return
		}
		w.WriteHeader(http.StatusNotFound)
		fmt.Fprint(w, `{"errors":["org.apache.flink.runtime.rest.NotFoundException: Job 0123456789abcdef0123456789abcdef not found\n\tat org.apache.flink..."]}`)
	}))
	t.Cleanup(gone.Close)
	finished := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/jobmanager/config" {
			fmt.Fprint(w, `[]`)
			return
		}
		fmt.Fprint(w, `{"jid":"0123456789abcdef0123456789abcdef","name":"a","state":"FINISHED","vertices":[]}`)
	}))
	t.Cleanup(finished.Close)
	two := jobs(`{"jobs":[{"jid":"0123456789abcdef0123456789abcdef","name":"a","state":"RUNNING"},{"jid":"1123456789abcdef0123456789abcdef","name":"b","state":"RUNNING"}]}`)
	for _, c := range []struct {
		name string
		args []string
		want string
	}{
		{"no -rest", nil, "-rest is required"},
		{"bad format", []string{"-rest", "http://x", "-format", "xml"}, "unknown format"},
		{"userinfo", []string{"-rest", "http://u:p@localhost:1"}, "FLINKLINT_REST_AUTH"},
		{"refused", []string{"-rest", refused.URL, "-retries", "0"}, "connection refused"},
		{"several jobs", []string{"-rest", two}, "several jobs are running"},
		{"unknown name", []string{"-rest", two, "-job", "c"}, `no running job named "c"`},
		{"none running", []string{"-rest", jobs(`{"jobs":[]}`)}, "no job is running"},
		{"html", []string{"-rest", jobs(`<html><body>Sign in</body></html>`)}, "an HTML page"},
		{"unknown job", []string{"-rest", gone.URL, "-job", "0123456789abcdef0123456789abcdef"}, "no job 0123456789abcdef0123456789abcdef on"},
		{"not running", []string{"-rest", finished.URL, "-job", "0123456789abcdef0123456789abcdef"}, "is FINISHED, not RUNNING"},
	} {
		t.Run(c.name, func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			code := run(append([]string{"diagnose"}, c.args...), &stdout, &stderr)
			if code != 2 || !strings.Contains(stderr.String(), c.want) {
				t.Errorf("exit %d, stderr:\n%s\nwant exit 2 and %q", code, stderr.String(), c.want)
			}
		})
	}
}

// TestDiagnoseFixedJob replays the idle-split job fixed as its diagnosis
// says (withIdleness), on the same cluster: nothing is found, and the job
// is found by its name.
func TestDiagnoseFixedJob(t *testing.T) {
	noWait(t)
	srv, _, _ := replaying(t, "idle-split-fixed")
	var stdout, stderr bytes.Buffer
	code := run([]string{"diagnose", "-rest", srv.URL, "-job", "diagnose-idle-split-fixed", harness}, &stdout, &stderr)
	if code != 0 || stdout.Len() != 0 || strings.Contains(stderr.String(), "not checked") {
		t.Errorf("exit %d\n%s%s", code, stdout.String(), stderr.String())
	}
}

// TestDiagnoseJobEndsBetweenSamples: the recording of a running job, with
// the job FINISHED by its second sample.
func TestDiagnoseJobEndsBetweenSamples(t *testing.T) {
	noWait(t)
	data, err := os.ReadFile(filepath.Join(harness, "recorded", "idle-split.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	id := string(regexp.MustCompile(`/jobs/([0-9a-f]{32})`).FindSubmatch(data)[1])
	var lines []string
	seen := 0
	for _, l := range strings.Split(strings.TrimSpace(string(data)), "\n") {
		if strings.Contains(l, `"path":"/jobs/`+id+`"`) {
			if seen++; seen == 2 {
				l = strings.Replace(l, `"state":"RUNNING"`, `"state":"FINISHED"`, 1)
			}
		}
		lines = append(lines, l)
	}
	file := filepath.Join(t.TempDir(), "ended.jsonl")
	if err := os.WriteFile(file, []byte(strings.Join(lines, "\n")+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	r, err := rest.LoadReplay(file)
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(r)
	defer srv.Close()
	var stdout, stderr bytes.Buffer
	code := run([]string{"diagnose", "-rest", srv.URL, "-job", id}, &stdout, &stderr)
	if code != 2 || !strings.Contains(stderr.String(), "the job ended between the samples") {
		t.Errorf("exit %d\n%s", code, stderr.String())
	}
}

// TestDiagnoseCACert: an https endpoint signed by a private CA is read
// with -cacert, and refused without it.
func TestDiagnoseCACert(t *testing.T) {
	srv := httptest.NewTLSServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		fmt.Fprint(w, `{"jobs":[]}`)
	}))
	defer srv.Close()
	ca := filepath.Join(t.TempDir(), "ca.pem")
	cert := srv.Certificate()
	if err := os.WriteFile(ca, pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: cert.Raw}), 0o644); err != nil {
		t.Fatal(err)
	}
	var stderr bytes.Buffer
	if code := run([]string{"diagnose", "-rest", srv.URL, "-cacert", ca}, io.Discard, &stderr); code != 2 || !strings.Contains(stderr.String(), "no job is running") {
		t.Errorf("with -cacert: exit %d, %s", code, stderr.String())
	}
	stderr.Reset()
	if code := run([]string{"diagnose", "-rest", srv.URL, "-retries", "0"}, io.Discard, &stderr); code != 2 || !strings.Contains(stderr.String(), "certificate") {
		t.Errorf("without -cacert: exit %d, %s", code, stderr.String())
	}
}
