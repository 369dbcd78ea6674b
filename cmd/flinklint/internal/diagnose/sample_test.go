package diagnose

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/flinklint/flinklint/cmd/flinklint/internal/diagnose/rest"
)

const testJob = "0123456789abcdef0123456789abcdef"

// fakeFlink is a job of vertices × subtasks behind a REST API that serves
// metrics from a store refreshed as Flink's MetricFetcherImpl does: a
// request finding the store older than refresh starts an update in the
// background, and is answered from the store as it was.
type fakeFlink struct {
	vertices, subtasks int
	refresh            time.Duration
	frozen             bool // the store never refreshes

	mu       sync.Mutex
	updated  time.Time
	version  int64 // the store's state: what every value is made of
	requests atomic.Int32
}

func (f *fakeFlink) vid(i int) string { return fmt.Sprintf("%032x", i+1) }

func (f *fakeFlink) store() int64 {
	f.mu.Lock()
	defer f.mu.Unlock()
	if !f.frozen && time.Since(f.updated) >= f.refresh {
		f.updated = time.Now()
		go func() {
			time.Sleep(5 * time.Millisecond)
			f.mu.Lock()
			f.version++
			f.mu.Unlock()
		}()
	}
	return f.version
}

func (f *fakeFlink) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	f.requests.Add(1)
	if r.Method != http.MethodGet {
		http.Error(w, "read only", http.StatusMethodNotAllowed)
		return
	}
	path := r.URL.Path
	switch {
	case path == "/jobmanager/config":
		fmt.Fprintf(w, `[{"key":"metrics.fetcher.update-interval","value":"%d ms"}]`, f.refresh.Milliseconds())
	case path == "/jobs/"+testJob:
		var vs []string
		for i := range f.vertices {
			vs = append(vs, fmt.Sprintf(`{"id":%q,"name":"Op %d","parallelism":%d,"status":"RUNNING"}`, f.vid(i), i, f.subtasks))
		}
		fmt.Fprintf(w, `{"jid":%q,"name":"big","state":"RUNNING","now":%d,"vertices":[%s]}`, testJob, time.Now().UnixMilli(), strings.Join(vs, ","))
	case path == "/jobs/"+testJob+"/plan":
		var ns []string
		for i := range f.vertices {
			in := ""
			if i > 0 {
				in = fmt.Sprintf(`,"inputs":[{"id":%q}]`, f.vid(i-1))
			}
			ns = append(ns, fmt.Sprintf(`{"id":%q%s}`, f.vid(i), in))
		}
		fmt.Fprintf(w, `{"plan":{"nodes":[%s]}}`, strings.Join(ns, ","))
	case strings.HasSuffix(path, "/watermarks"):
		v := f.store()
		var ms []string
		for i := range f.subtasks {
			ms = append(ms, fmt.Sprintf(`{"id":"%d.currentInputWatermark","value":"%d"}`, i, 1_700_000_000_000+v*1000))
		}
		fmt.Fprintf(w, "[%s]", strings.Join(ms, ","))
	case strings.HasSuffix(path, "/metrics"):
		get := r.URL.Query().Get("get")
		var ms []string
		if get == "" {
			for i := range f.subtasks {
				for _, name := range []string{"idleTimeMsPerSecond", "busyTimeMsPerSecond", "backPressuredTimeMsPerSecond", "numRecordsOut", "accumulateIdleTimeMs", "Op.currentOutputWatermark", "Op.numRecordsOut", "buffers.inPoolUsage"} {
					ms = append(ms, fmt.Sprintf(`{"id":"%d.%s"}`, i, name))
				}
			}
		} else {
			v := f.store()
			for _, id := range strings.Split(get, ",") {
				ms = append(ms, fmt.Sprintf(`{"id":%q,"value":"%d"}`, id, 1_700_000_000_000+v*1000))
			}
		}
		fmt.Fprintf(w, "[%s]", strings.Join(ms, ","))
	default:
		http.NotFound(w, r)
	}
}

func sampler(t *testing.T, f *fakeFlink) *Sampler {
	t.Helper()
	srv := httptest.NewServer(f)
	t.Cleanup(srv.Close)
	c, err := rest.New(rest.Options{URL: srv.URL})
	if err != nil {
		t.Fatal(err)
	}
	s, err := NewSampler(context.Background(), c, testJob)
	if err != nil {
		t.Fatal(err)
	}
	s.settle, s.poll = 50*time.Millisecond, 2*time.Millisecond
	return s
}

// TestSampleWaitsForTheStore: two samples read the store's states after
// the first's, however soon after it each is asked for, so that motion
// between them shows (the bug a real cluster showed: samples 10 s apart
// answered from one state of the store, and no subtask seemed to move).
func TestSampleWaitsForTheStore(t *testing.T) {
	f := &fakeFlink{vertices: 2, subtasks: 2, refresh: 30 * time.Millisecond}
	s := sampler(t, f)
	if s.Refresh != 30*time.Millisecond {
		t.Fatalf("Refresh %v, want the cluster's 30ms", s.Refresh)
	}
	a, err := s.Sample(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	b, err := s.Sample(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if Stale(a, b) || b.Vertices[0].Subtasks[0].OutputWatermark <= a.Vertices[0].Subtasks[0].OutputWatermark {
		t.Errorf("the second sample did not move on: %+v then %+v", a.Vertices[0].Subtasks[0], b.Vertices[0].Subtasks[0])
	}
}

// TestSampleStale: a store that never refreshes gives a stale pair, and
// the diagnosis says so instead of reading stopped watermarks into it.
func TestSampleStale(t *testing.T) {
	f := &fakeFlink{vertices: 2, subtasks: 2, refresh: 30 * time.Millisecond, frozen: true}
	s := sampler(t, f)
	a, _ := s.Sample(context.Background())
	b, err := s.Sample(context.Background())
	if err != nil || !Stale(a, b) {
		t.Fatalf("stale %v, %v", Stale(a, b), err)
	}
	d := Diagnose(a, b, nil)
	if !d.Stale || len(d.Findings) != 0 || !strings.Contains(strings.Join(d.NotChecked, "\n"), "did not refresh") {
		t.Errorf("%+v", d)
	}
}

// TestSampleVolume: a job of 300 vertices of 200 subtasks is read with a
// bounded number of requests per vertex.
func TestSampleVolume(t *testing.T) {
	f := &fakeFlink{vertices: 300, subtasks: 200, refresh: time.Hour}
	s := sampler(t, f)
	snap, err := s.Sample(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if len(snap.Vertices) != 300 || len(snap.Vertices[299].Subtasks) != 200 || !snap.Vertices[299].Subtasks[199].HasOutputWatermark {
		t.Fatalf("%d vertices", len(snap.Vertices))
	}
	// Per vertex: the ids once, the watermarks, and the values in chunks
	// of about 3 KB (200 subtasks × 5 metrics of ~30 bytes: 11 chunks).
	if n := f.requests.Load(); n > 300*16 {
		t.Errorf("%d requests for 300 vertices", n)
	}
}

// TestSampleDeadline: a sample ends when its context does.
func TestSampleDeadline(t *testing.T) {
	f := &fakeFlink{vertices: 300, subtasks: 200, refresh: time.Hour}
	s := sampler(t, f)
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Millisecond)
	defer cancel()
	start := time.Now()
	if _, err := s.Sample(ctx); err == nil {
		t.Error("no error past the deadline")
	}
	if time.Since(start) > 5*time.Second {
		t.Errorf("took %v past a 20ms deadline", time.Since(start))
	}
}

func TestFlinkDuration(t *testing.T) {
	for in, want := range map[string]time.Duration{"10000": 10 * time.Second, "10 s": 10 * time.Second, "5s": 5 * time.Second, "1 min": time.Minute, "200 ms": 200 * time.Millisecond} {
		if got, err := flinkDuration(in); err != nil || got != want {
			t.Errorf("%q: %v %v", in, got, err)
		}
	}
	if _, err := flinkDuration("3 fortnights"); err == nil {
		t.Error("an unknown unit was taken")
	}
}

func TestLastOperator(t *testing.T) {
	ops := map[string]int64{"Map": 1, "Map2": 2, "Source__orders": 3}
	for chain, want := range map[string]int64{
		"Source: orders -> Map2": 2,
		"Source: orders -> Map":  1,
		"Source: orders":         3,
		"Sink: unknown":          3,
	} {
		if got := lastOperator(strings.Split(chain, " -> "), ops); got != want {
			t.Errorf("%s: %d, want %d", chain, got, want)
		}
	}
}

// TestStaleWithoutStamp: without the stamp's metrics, a pair whose every
// value is the same is stale; one value moved, and it is not.
func TestStaleWithoutStamp(t *testing.T) {
	a := Snapshot{Vertices: []Vertex{{ID: "v", Subtasks: []Subtask{{OutputWatermark: 5, HasOutputWatermark: true}}}}}
	b := Snapshot{Vertices: []Vertex{{ID: "v", Subtasks: []Subtask{{OutputWatermark: 5, HasOutputWatermark: true}}}}}
	if !Stale(a, b) {
		t.Error("the same values: not stale")
	}
	b.Vertices[0].Subtasks[0].OutputWatermark = 6
	if Stale(a, b) {
		t.Error("a moved watermark: stale")
	}
}
