package rest

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"os"
	"sync"
)

// Exchange is one request and its response, as a recording keeps it.
type Exchange struct {
	Path        string          `json:"path"` // below the endpoint, with the query
	Status      int             `json:"status"`
	ContentType string          `json:"contentType,omitempty"`
	Body        json.RawMessage `json:"body,omitempty"`
	Text        string          `json:"text,omitempty"` // a body that is not JSON
}

// Recorder keeps every exchange of a client, in order: -record writes
// them as JSON lines, to attach to a bug report or to replay in a test.
type Recorder struct {
	mu        sync.Mutex
	exchanges []Exchange
}

func (r *Recorder) add(path string, resp *http.Response, body []byte) {
	e := Exchange{Path: path, Status: resp.StatusCode, ContentType: resp.Header.Get("Content-Type")}
	if json.Valid(body) {
		e.Body = append(json.RawMessage(nil), body...)
	} else {
		e.Text = string(body)
	}
	r.mu.Lock()
	r.exchanges = append(r.exchanges, e)
	r.mu.Unlock()
}

// Write writes the exchanges as JSON lines.
func (r *Recorder) Write(w io.Writer) error {
	r.mu.Lock()
	defer r.mu.Unlock()
	bw := bufio.NewWriter(w)
	enc := json.NewEncoder(bw)
	for _, e := range r.exchanges {
		if err := enc.Encode(e); err != nil {
			return err
		}
	}
	return bw.Flush()
}

// Replay serves a recording: the n-th request for a path gets the n-th
// response recorded for it, the last one again after that; a path never
// recorded gets 404. It stands in for a Flink cluster in tests.
type Replay struct {
	mu     sync.Mutex
	byPath map[string][]Exchange
	served map[string]int
	// Requests are the requests served, in order, for tests to inspect.
	Requests []*http.Request
}

// LoadReplay reads a recording written by Recorder.Write.
func LoadReplay(file string) (*Replay, error) {
	f, err := os.Open(file)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	r := &Replay{byPath: map[string][]Exchange{}, served: map[string]int{}}
	dec := json.NewDecoder(f)
	for dec.More() {
		var e Exchange
		if err := dec.Decode(&e); err != nil {
			return nil, fmt.Errorf("%s: %w", file, err)
		}
		r.byPath[e.Path] = append(r.byPath[e.Path], e)
	}
	return r, nil
}

func (r *Replay) ServeHTTP(w http.ResponseWriter, req *http.Request) {
	r.mu.Lock()
	r.Requests = append(r.Requests, req)
	path := req.URL.RequestURI()
	es := r.byPath[path]
	n := r.served[path]
	r.served[path]++
	r.mu.Unlock()
	if len(es) == 0 {
		http.NotFound(w, req)
		return
	}
	e := es[min(n, len(es)-1)]
	if e.ContentType != "" {
		w.Header().Set("Content-Type", e.ContentType)
	}
	w.WriteHeader(e.Status)
	if e.Body != nil {
		_, _ = w.Write(e.Body)
	} else {
		_, _ = io.WriteString(w, e.Text)
	}
}
