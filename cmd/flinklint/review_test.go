package main

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
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

var reviewMermaid = flag.String("review-mermaid", "", "write the Mermaid of each job graph a review of testdata/example posts into this `directory`, for the real clients (.ci/graph-clients)")

// jobGraph matches a collapsed job graph of a review's body.
var jobGraph = regexp.MustCompile("(?s)\n<details><summary>Job graph: ([^\n]*?)</summary>\n\n```mermaid\n(.*?)```\n\n</details>\n")

// mermaidNode and mermaidFinding match a node and a finding of a job's
// Mermaid picture.
var (
	mermaidNode    = regexp.MustCompile(`(?m)^    j1n\d+[\[({]`)
	mermaidFinding = regexp.MustCompile(`(error|warning|info) #91;[a-z0-9-]+#93;`)
)

// TestReviewJobGraphs reviews the bundled example against a stand-in for
// GitHub's API: the body draws the first three jobs holding the findings
// it lists, each with its nodes and findings as flinklint graph draws
// the project, and no job without findings. A
// result from the cache has no jobs: the body then draws none and stderr
// says why.
func TestReviewJobGraphs(t *testing.T) {
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	posted := reviewStandIn(t, nil)
	cacheDir := t.TempDir()
	code, _, errOut := flinklint(t, root, "review", "-cache-dir", cacheDir, "testdata/example")
	if code != 1 || len(*posted) != 1 || !strings.Contains(errOut, "posted a review on acme/jobs#7") {
		t.Fatalf("exit code %d, %d reviews, stderr:\n%s", code, len(*posted), errOut)
	}
	body := postedBody(t, (*posted)[0])
	_, out, _ := flinklint(t, root, "graph", "-format", "json", "testdata/example")
	drawn := map[string][2]int{} // nodes and findings of each job, as flinklint graph draws the project
	for _, j := range readGraph(t, out).Jobs {
		n := len(j.Findings)
		for _, node := range j.Nodes {
			n += len(node.Findings)
		}
		drawn[fmt.Sprintf("%s (%s:%d)", j.Name, j.File, j.Line)] = [2]int{len(j.Nodes), n}
	}
	blocks := jobGraph.FindAllStringSubmatch(body, -1)
	var names []string
	for i, b := range blocks {
		names = append(names, b[1])
		got := [2]int{len(mermaidNode.FindAllString(b[2], -1)), len(mermaidFinding.FindAllString(b[2], -1))}
		if got != drawn[b[1]] {
			t.Errorf("%s: %v nodes and findings drawn, flinklint graph draws %v:\n%s", b[1], got, drawn[b[1]], b[2])
		}
		if *reviewMermaid != "" {
			if err := os.WriteFile(filepath.Join(*reviewMermaid, fmt.Sprintf("review-example-%d.github.mmd", i+1)), []byte(b[2]), 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
	want := []string{
		"checkout-monitor (testdata/example/src/main/java/com/example/jobs/CheckoutMonitorJob.java:78)",
		"click_alerts_job.pipeline_hot_pages (testdata/example/src/main/python/click_alerts_job.py:51)",
		"click_alerts_job.pipeline_page_bursts (testdata/example/src/main/python/click_alerts_job.py:51)",
	}
	if strings.Join(names, "\n") != strings.Join(want, "\n") {
		t.Errorf("job graphs of %q, want %q:\n%s", names, want, body)
	}
	if !strings.HasSuffix(body, "\nThese findings are in 3 more jobs: `flinklint graph` draws them.\n") {
		t.Errorf("the body does not name the jobs left out:\n%s", body)
	}
	if i := strings.Index(body, "\n<details>"); i < 0 || strings.Contains(body[i:], "\n- `") {
		t.Errorf("the job graphs do not follow the list of findings:\n%s", body)
	}

	code, _, errOut = flinklint(t, root, "review", "-cache-dir", cacheDir, "testdata/example")
	if code != 1 || len(*posted) != 2 || strings.Contains(postedBody(t, (*posted)[1]), "<details>") ||
		!strings.Contains(errOut, "the findings come from the cache, which keeps no jobs: the review shows no job graph (-no-cache draws them)") {
		t.Errorf("from the cache: exit code %d, %d reviews, stderr:\n%s", code, len(*posted), errOut)
	}
}
