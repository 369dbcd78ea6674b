package review

import (
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"strings"
	"sync/atomic"
	"time"
)

const (
	// maxAnswer bounds each answer of the API that a run reads, so that a
	// hostile or broken API cannot exhaust memory. GitHub's largest real
	// pages are far below it: 100 files with patches within GitHub's 500
	// KB limit of a file's diff make about 50 MB, 100 comments of at most
	// 65536 characters a few MB.
	maxAnswer = 64 << 20
	// maxAnswers bounds all the answers of a run together, which maxPages
	// pages of maxAnswer would not. Real pull requests stay far below it:
	// GitHub documents a limit of 1 MB on a pull request's whole diff (most
	// of its diff limits apply to the API too), and comments and reviews
	// adding up to it would be some hundred thousand pages of text.
	maxAnswers = 256 << 20
)

// limits bound what a run reads of the API's answers, in bytes.
type limits struct {
	answer int64         // of each answer
	total  int64         // of all the run's answers together
	time   time.Duration // of the whole exchange, rate-limit waits included
}

// newHTTPClient returns the client of the API at api: it sends token to
// api's origin (scheme, host and port) only, follows no redirect to
// another origin, and reads no more of the answers than lim allows.
func newHTTPClient(api *url.URL, token string, lim limits) *http.Client {
	home := origin(api)
	t := authTransport{home: home, token: token, next: http.DefaultTransport, lim: lim, runLeft: new(atomic.Int64)}
	t.runLeft.Store(lim.total)
	return &http.Client{
		Timeout:   requestTimeout,
		Transport: t,
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
	lim         limits
	runLeft     *atomic.Int64 // bytes the run's answers may still have
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
	resp.Body = &cappedBody{ReadCloser: resp.Body, lim: t.lim, left: t.lim.answer, runLeft: t.runLeft}
	return resp, nil
}

// cappedBody fails a read past its answer's limit or the run's rather
// than truncate the body.
type cappedBody struct {
	io.ReadCloser
	lim     limits
	left    int64 // bytes this answer may still have
	runLeft *atomic.Int64
}

func (b *cappedBody) Read(p []byte) (int, error) {
	if err := b.tooLarge(); err != nil {
		return 0, err
	}
	// one byte past a limit tells a body ending there from a longer one
	p = p[:min(int64(len(p)), b.left+1, b.runLeft.Load()+1)]
	n, err := b.ReadCloser.Read(p)
	b.left -= int64(n)
	b.runLeft.Add(-int64(n))
	if tooLarge := b.tooLarge(); tooLarge != nil {
		return max(n-1, 0), tooLarge // 0 when another answer took the run's last bytes meanwhile
	}
	return n, err
}

// tooLarge is the error of a body read past a limit, or nil.
func (b *cappedBody) tooLarge() error {
	switch {
	case b.left < 0:
		return fmt.Errorf("an answer of the API is larger than %d MiB, flinklint's limit", b.lim.answer>>20)
	case b.runLeft.Load() < 0:
		return fmt.Errorf("the API's answers add up to more than %d MiB, flinklint's limit for a run", b.lim.total>>20)
	}
	return nil
}
