package main

import (
	"errors"
	"flag"
	"time"

	"github.com/flinklint/flinklint/cmd/flinklint/internal/review"
)

// reviewEnvironment ends review -h: review is configured by the variables
// GitHub Actions sets, which a user running it elsewhere must set by hand.
const reviewEnvironment = `
Environment (set by GitHub Actions in a pull_request job):
  GITHUB_TOKEN       token that posts the review (annotations when it cannot write)
  GITHUB_REPOSITORY  owner/name of the repository
  GITHUB_EVENT_PATH  file holding the pull_request event: its number and commits
  GITHUB_API_URL     GitHub's API (default https://api.github.com)
  GITHUB_WORKSPACE   the checkout, to which the findings' paths are made relative
                     (default: the working directory)
`

// reviewTimeout is the value of -review-timeout: a positive duration, as
// zero or less would give up before the first request.
type reviewTimeout time.Duration

// addReviewTimeout registers -review-timeout on fs: how long review may
// spend on GitHub's API before it prints the findings as annotations, so
// that a slow or looping API cannot hold the job.
func addReviewTimeout(fs *flag.FlagSet) *reviewTimeout {
	t := reviewTimeout(review.DefaultTimeout)
	fs.Var(&t, "review-timeout", "with review, print the findings as annotations instead when posting them takes longer than this `duration`, rate-limit waits included")
	return &t
}

func (t *reviewTimeout) String() string { return time.Duration(*t).String() }

func (t *reviewTimeout) Set(s string) error {
	d, err := time.ParseDuration(s)
	if err != nil {
		return err
	}
	if d <= 0 {
		return errors.New("not a positive duration")
	}
	*t = reviewTimeout(d)
	return nil
}
