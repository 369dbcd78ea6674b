package main

import (
	"flag"
	"io"
	"strings"
	"testing"
	"time"

	"github.com/flinklint/flinklint/cmd/flinklint/internal/review"
)

func TestReviewTimeoutFlag(t *testing.T) {
	parse := func(args ...string) (time.Duration, error) {
		fs := flag.NewFlagSet("flinklint", flag.ContinueOnError)
		fs.SetOutput(io.Discard)
		d := addReviewTimeout(fs)
		err := fs.Parse(args)
		return time.Duration(*d), err
	}
	if d, err := parse(); d != review.DefaultTimeout || err != nil {
		t.Errorf("default: %s, %v", d, err)
	}
	if d, err := parse("-review-timeout", "90s"); d != 90*time.Second || err != nil {
		t.Errorf("-review-timeout 90s: %s, %v", d, err)
	}
	for _, bad := range []string{"0", "-1m", "soon"} {
		if _, err := parse("-review-timeout", bad); err == nil {
			t.Errorf("-review-timeout %s is accepted", bad)
		}
	}
	var usage strings.Builder
	fs := flag.NewFlagSet("flinklint", flag.ContinueOnError)
	fs.SetOutput(&usage)
	addReviewTimeout(fs)
	fs.PrintDefaults()
	if !strings.Contains(usage.String(), "-review-timeout duration") || !strings.Contains(usage.String(), "(default 3m0s)") {
		t.Errorf("usage:\n%s", &usage)
	}
}

func TestReviewTimeoutOnlyWithReview(t *testing.T) {
	if got := conflicts(map[string]bool{"review-timeout": true}, false); got != "-review-timeout: give it to review only" {
		t.Errorf("without review: %q", got)
	}
	if got := conflicts(map[string]bool{"review-timeout": true, "review": true}, false); got != "" {
		t.Errorf("with review: %q", got)
	}
}
