package review

import (
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"strings"
)

// maxResponse bounds each answer of the API that a run reads, so that a
// hostile or broken API cannot exhaust memory. GitHub's largest real pages
// are far below it: 100 files with patches within GitHub's 500 KB limit
// of a file's diff make about 50 MB, 100 comments of at most 65536
// characters a few MB.
const maxResponse = 64 << 20

// errTooLarge is what reading an answer past maxResponse returns.
var errTooLarge = fmt.Errorf("an answer of the API is larger than %d MiB, flinklint's limit", maxResponse>>20)

// newHTTPClient returns the client of the API at api: it sends token to
// api's origin (scheme, host and port) only, follows no redirect to
// another origin, and reads at most maxResponse bytes of each answer.
func newHTTPClient(api *url.URL, token string) *http.Client {
	home := origin(api)
	return &http.Client{
		Timeout:   requestTimeout,
		Transport: authTransport{home: home, token: token, next: http.DefaultTransport},
		// Refused rather than followed without the token: a review's
		// request carries the findings, which may quote a private
		// repository's code, and no endpoint a run uses moves to another
		// origin on GitHub. (The token is set in RoundTrip, so the
		// stripping of Authorization that http.Client does on such a
		// redirect would not apply.)
		CheckRedirect: func(req *http.Request, via []*http.Request) error {
			if o := origin(req.URL); o != home {
				return fmt.Errorf("the API redirected to %s, another origin than GITHUB_API_URL's (%s): not followed, so that neither the token nor the findings leave it", o, home)
			}
			if len(via) >= 10 {
				return errors.New("stopped after 10 redirects")
			}
			return nil
		},
	}
}

// origin is u's scheme, host and port, the default port spelled out.
func origin(u *url.URL) string {
	port := u.Port()
	if port == "" {
		port = map[string]string{"http": "80", "https": "443"}[u.Scheme]
	}
	return u.Scheme + "://" + net.JoinHostPort(strings.ToLower(u.Hostname()), port)
}

// authTransport authorizes the requests to one origin, and caps the
// answers' bodies.
type authTransport struct {
	home, token string
	next        http.RoundTripper
}

func (t authTransport) RoundTrip(req *http.Request) (*http.Response, error) {
	if origin(req.URL) == t.home {
		req = req.Clone(req.Context())
		req.Header.Set("Authorization", "Bearer "+t.token)
	}
	resp, err := t.next.RoundTrip(req)
	if err != nil {
		return nil, err
	}
	resp.Body = &cappedBody{ReadCloser: resp.Body, left: maxResponse}
	return resp, nil
}

// cappedBody fails a read past its limit rather than truncate the body.
type cappedBody struct {
	io.ReadCloser
	left int64 // bytes still allowed
}

func (b *cappedBody) Read(p []byte) (int, error) {
	if b.left < 0 {
		return 0, errTooLarge
	}
	// one byte past the limit tells a body ending there from a longer one
	p = p[:min(int64(len(p)), b.left+1)]
	n, err := b.ReadCloser.Read(p)
	if b.left -= int64(n); b.left < 0 {
		return n - 1, errTooLarge
	}
	return n, err
}
