// Package rest is a read-only client of Flink's REST API: it sends GET
// requests to an allow-list of the endpoints flinklint diagnose reads,
// and nothing else, so that pointing it at a production JobManager cannot
// change a job.
package rest

import (
	"bytes"
	"context"
	"crypto/tls"
	"crypto/x509"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"os"
	"regexp"
	"strings"
	"syscall"
	"time"
)

// Options configure a Client.
type Options struct {
	// URL is the REST endpoint: the JobManager's web port, or a proxy's
	// URL with a path prefix.
	URL string
	// Auth, when set, is sent as the Authorization header (FLINKLINT_REST_AUTH).
	Auth string
	// CAFile, when set, is a PEM file of the CAs to trust for https.
	CAFile string
	// Timeout bounds each request; 0 means 10 s.
	Timeout time.Duration
	// Retries is how many times a request that failed for a transient
	// reason is tried again.
	Retries int
	// Recorder, when set, keeps every exchange.
	Recorder *Recorder
}

// maxBody caps a response: a job of hundreds of vertices answers in far
// less, and a proxy's endless page must not take the memory.
const maxBody = 32 << 20

// Client reads Flink's REST API.
type Client struct {
	base    *url.URL
	opts    Options
	http    *http.Client
	backoff time.Duration
}

// New returns a client of the endpoint opts.URL, or an error that says
// what is wrong with the options.
func New(opts Options) (*Client, error) {
	u, err := url.Parse(opts.URL)
	switch {
	case err != nil:
		return nil, fmt.Errorf("-rest %q: %w", opts.URL, err)
	case u.Scheme != "http" && u.Scheme != "https":
		return nil, fmt.Errorf("-rest %q: want an http:// or https:// URL", opts.URL)
	case u.Host == "":
		return nil, fmt.Errorf("-rest %q: no host", opts.URL)
	case u.User != nil:
		return nil, fmt.Errorf("-rest: a user or password in the URL is refused (it would end up in logs and shell history); set FLINKLINT_REST_AUTH to the Authorization header instead")
	case u.RawQuery != "" || u.Fragment != "":
		return nil, fmt.Errorf("-rest %q: want the endpoint's URL without a query", opts.URL)
	}
	u.Path = strings.TrimSuffix(u.Path, "/")
	if opts.Timeout <= 0 {
		opts.Timeout = 10 * time.Second
	}
	transport := http.DefaultTransport.(*http.Transport).Clone()
	transport.Proxy = http.ProxyFromEnvironment
	if opts.CAFile != "" {
		pem, err := os.ReadFile(opts.CAFile)
		if err != nil {
			return nil, fmt.Errorf("-cacert: %w", err)
		}
		pool := x509.NewCertPool()
		if !pool.AppendCertsFromPEM(pem) {
			return nil, fmt.Errorf("-cacert %s: no PEM certificate in it", opts.CAFile)
		}
		transport.TLSClientConfig = &tls.Config{RootCAs: pool, MinVersion: tls.VersionTLS12}
	}
	c := &Client{base: u, opts: opts, backoff: 500 * time.Millisecond}
	c.http = &http.Client{
		Transport: transport,
		// A redirect could send the Authorization header to another
		// host, or turn a read into something else: none is followed.
		CheckRedirect: func(req *http.Request, via []*http.Request) error {
			return http.ErrUseLastResponse
		},
	}
	return c, nil
}

// URL returns the endpoint, for messages.
func (c *Client) URL() string { return c.base.String() }

// allowed are the paths the client may read, below the endpoint: all of
// them GET handlers of Flink's REST API that change nothing.
var allowed = regexp.MustCompile(`^/(jobmanager/config|jobs/overview|jobs/[0-9a-f]{32}(/plan|/vertices/[0-9a-f]{32}/(watermarks|metrics))?)$`)

// Error is a failed request, with what the user can do about it.
type Error struct {
	URL    string
	Status int // the HTTP status; 0 when no response came
	Msg    string
	// Transient says whether trying again may help.
	Transient bool
}

func (e *Error) Error() string { return e.URL + ": " + e.Msg }

// NotFound says whether err is a 404 from Flink: an unknown job or vertex.
func NotFound(err error) bool {
	var e *Error
	return errors.As(err, &e) && e.Status == http.StatusNotFound
}

// get reads path (with query) into v, trying again on transient failures.
func (c *Client) get(ctx context.Context, path string, query url.Values, v any) error {
	if !allowed.MatchString(path) {
		return fmt.Errorf("rest: %s is not an endpoint flinklint reads (a bug)", path)
	}
	u := *c.base
	u.Path += path
	u.RawQuery = query.Encode()
	var err error
	for attempt := 0; ; attempt++ {
		err = c.once(ctx, u.String(), v)
		var e *Error
		if err == nil || !errors.As(err, &e) || !e.Transient || attempt >= c.opts.Retries || ctx.Err() != nil {
			return err
		}
		select {
		case <-ctx.Done():
			return err
		case <-time.After(c.backoff << attempt):
		}
	}
}

// once makes one GET of u and decodes its JSON into v.
func (c *Client) once(ctx context.Context, u string, v any) error {
	ctx, cancel := context.WithTimeout(ctx, c.opts.Timeout)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, u, nil)
	if err != nil {
		return &Error{URL: u, Msg: err.Error()}
	}
	req.Header.Set("Accept", "application/json")
	if c.opts.Auth != "" {
		req.Header.Set("Authorization", c.opts.Auth)
	}
	resp, err := c.http.Do(req)
	if err != nil {
		return c.transportError(u, err)
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(io.LimitReader(resp.Body, maxBody+1))
	if err != nil {
		return c.transportError(u, err)
	}
	if c.opts.Recorder != nil {
		c.opts.Recorder.add(strings.TrimPrefix(u, c.base.String()), resp, body)
	}
	if len(body) > maxBody {
		return &Error{URL: u, Status: resp.StatusCode, Msg: fmt.Sprintf("the response is larger than %d MiB", maxBody>>20)}
	}
	if err := statusError(u, resp, body); err != nil {
		return err
	}
	if looksHTML(resp, body) {
		return &Error{URL: u, Status: resp.StatusCode, Msg: "an HTML page instead of Flink's JSON: is -rest a proxy's or a login page rather than the JobManager's REST endpoint?"}
	}
	if err := json.Unmarshal(body, v); err != nil {
		return &Error{URL: u, Status: resp.StatusCode, Msg: "not Flink's JSON: " + err.Error()}
	}
	return nil
}

// transportError says why no response came.
func (c *Client) transportError(u string, err error) error {
	var dns *net.DNSError
	switch {
	case errors.Is(err, context.DeadlineExceeded) || os.IsTimeout(err):
		return &Error{URL: u, Msg: fmt.Sprintf("no answer within %v (-timeout)", c.opts.Timeout), Transient: true}
	case errors.As(err, &dns):
		return &Error{URL: u, Msg: "cannot resolve the host: " + dns.Err}
	case errors.Is(err, syscall.ECONNREFUSED):
		return &Error{URL: u, Msg: "connection refused: is the JobManager running, and is -rest its REST port (8081 by default)?", Transient: true}
	case errors.Is(err, syscall.ECONNRESET) || errors.Is(err, io.ErrUnexpectedEOF):
		return &Error{URL: u, Msg: "the connection was reset", Transient: true}
	case errors.Is(err, context.Canceled):
		return &Error{URL: u, Msg: "cancelled"}
	}
	return &Error{URL: u, Msg: err.Error()}
}

// statusError turns a status other than 200 into an Error.
func statusError(u string, resp *http.Response, body []byte) error {
	code := resp.StatusCode
	switch {
	case code == http.StatusOK:
		return nil
	case code == http.StatusUnauthorized || code == http.StatusForbidden:
		return &Error{URL: u, Status: code, Msg: fmt.Sprintf("%s: authentication refused; set FLINKLINT_REST_AUTH to the Authorization header the endpoint wants (Bearer ..., Basic ...)", resp.Status)}
	case code >= 300 && code < 400:
		return &Error{URL: u, Status: code, Msg: fmt.Sprintf("%s to %q: redirects are not followed (the Authorization header must not leave the endpoint); give that URL as -rest", resp.Status, resp.Header.Get("Location"))}
	case code == http.StatusNotFound:
		return &Error{URL: u, Status: code, Msg: "404: " + flinkError(body, "not found")}
	case code == http.StatusBadGateway || code == http.StatusServiceUnavailable || code == http.StatusGatewayTimeout:
		return &Error{URL: u, Status: code, Msg: resp.Status, Transient: true}
	}
	return &Error{URL: u, Status: code, Msg: resp.Status + ": " + flinkError(body, "")}
}

// flinkError returns the first line of Flink's {"errors": [...]} answer,
// without the Java stack trace, else def.
func flinkError(body []byte, def string) string {
	var e struct{ Errors []string }
	if json.Unmarshal(body, &e) != nil || len(e.Errors) == 0 {
		return def
	}
	first, _, _ := strings.Cut(e.Errors[0], "\n")
	if i := strings.LastIndex(first, "Exception: "); i >= 0 {
		first = first[i+len("Exception: "):]
	}
	return first
}

// looksHTML says whether a 200 answer is a web page rather than JSON.
func looksHTML(resp *http.Response, body []byte) bool {
	if strings.HasPrefix(resp.Header.Get("Content-Type"), "text/html") {
		return true
	}
	b := bytes.TrimSpace(body)
	return bytes.HasPrefix(b, []byte("<"))
}
