package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// flinklint review without a token (a fork's pull request, or a local run)
// prints the findings as annotations and says why; the exit code follows
// the findings, never the API.
func TestReviewFallsBackToAnnotations(t *testing.T) {
	for _, v := range []string{"GITHUB_TOKEN", "GITHUB_REPOSITORY", "GITHUB_EVENT_PATH", "GITHUB_API_URL"} {
		t.Setenv(v, "")
	}
	dir := project(t, map[string]string{"src/Job.java": buggy})
	code, out, errOut := flinklint(t, dir, "review", "-fail-on", "error")
	if code != 1 {
		t.Errorf("exit code %d, want 1 (an error finding)", code)
	}
	if !strings.Contains(out, "::error file=src/Job.java,line=4,") {
		t.Errorf("no annotation for the finding:\n%s", out)
	}
	if !strings.Contains(errOut, "no review posted") {
		t.Errorf("stderr does not say why no review was posted:\n%s", errOut)
	}
	if code, _, _ := flinklint(t, dir, "review", "-fix"); code != 2 {
		t.Errorf("review -fix: exit code %d, want 2", code)
	}
}

// A project with nothing to analyze still gets its (empty) report, so a
// workflow that uploads the SARIF file or reads the JSON finds them.
func TestEmptyProjectWritesReports(t *testing.T) {
	dir := project(t, map[string]string{"README.md": "no sources"})
	code, out, _ := flinklint(t, dir, "-format", "json", "-output", "sarif=out.sarif")
	if code != 0 || !strings.Contains(out, `"findings": []`) {
		t.Errorf("exit code %d, stdout:\n%s", code, out)
	}
	if _, err := os.Stat(filepath.Join(dir, "out.sarif")); err != nil {
		t.Error(err)
	}
}
