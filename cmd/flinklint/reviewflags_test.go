package main

import (
	"flag"
	"io"
	"os"
	"path/filepath"
	"regexp"
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

// review -h names every environment variable review reads, found in the
// sources, so that a variable added there cannot be left out of the help.
func TestReviewHelpListsItsEnvironment(t *testing.T) {
	read := regexp.MustCompile(`(?:Getenv|env)\("([A-Z_]+)"\)`)
	var names []string
	for _, pattern := range []string{"*.go", "internal/review/*.go"} {
		files, err := filepath.Glob(pattern)
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range files {
			if f == "diagnose.go" { // flinklint diagnose's own environment, in its own help
				continue
			}
			src, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			for _, m := range read.FindAllStringSubmatch(string(src), -1) {
				names = append(names, m[1])
			}
		}
	}
	if len(names) < 4 {
		t.Fatalf("found only %v read in the sources", names)
	}
	code, _, help := flinklint(t, t.TempDir(), "review", "-h")
	if code != 0 {
		t.Errorf("review -h: exit %d", code)
	}
	for _, name := range names {
		if !strings.Contains(help, "\n  "+name+" ") {
			t.Errorf("review -h does not list %s:\n%s", name, help)
		}
	}
	if _, _, help := flinklint(t, t.TempDir(), "-h"); strings.Contains(help, "GITHUB_EVENT_PATH") {
		t.Errorf("-h lists review's environment")
	}
}

// -h names every language flinklint reads.
func TestHelpNamesEveryLanguage(t *testing.T) {
	_, _, help := flinklint(t, t.TempDir(), "-h")
	for _, lang := range []string{"Java", "Scala", "Python", "SQL", "configuration"} {
		if !strings.Contains(help, lang) {
			t.Errorf("-h does not name %s:\n%s", lang, help)
		}
	}
}
