package main

import (
	"errors"
	"flag"
	"time"

	"github.com/flinklint/flinklint/cmd/flinklint/internal/review"
)

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
