package main

import (
	"encoding/json"
	"os"
	"regexp"
	"strings"
	"testing"
)

// matcherPattern is one pattern of the shipped problem matcher, with the
// severity it gives when the line names none.
type matcherPattern struct {
	re       *regexp.Regexp
	severity string
	hasSev   bool
}

// loadMatcher reads .github/flinklint-matcher.json, the file action.yml
// registers; its regexps are in the subset Go and JavaScript read alike.
func loadMatcher(t *testing.T) []matcherPattern {
	t.Helper()
	data, err := os.ReadFile("../../.github/flinklint-matcher.json")
	if err != nil {
		t.Fatal(err)
	}
	var m struct {
		ProblemMatcher []struct {
			Severity string
			Pattern  []struct {
				Regexp   string
				Severity int
			}
		}
	}
	if err := json.Unmarshal(data, &m); err != nil {
		t.Fatal(err)
	}
	var out []matcherPattern
	for _, pm := range m.ProblemMatcher {
		p := pm.Pattern[0]
		out = append(out, matcherPattern{regexp.MustCompile(p.Regexp), pm.Severity, p.Severity > 0})
	}
	return out
}

// matches says whether a pattern of the matcher takes line.
func matches(patterns []matcherPattern, line string) bool {
	for _, p := range patterns {
		if p.re.MatchString(line) {
			return true
		}
	}
	return false
}

// The docs say which lines the problem matcher reads: the finding lines of
// the format the README shows, for each severity it lists, and not the
// problem lines, which the README and docs/output.md say it skips.
func TestDocsOnTheProblemMatcher(t *testing.T) {
	patterns := loadMatcher(t)
	readme, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	output, err := os.ReadFile("../../docs/output.md")
	if err != nil {
		t.Fatal(err)
	}
	finding := "path:line:col: severity: message [rule-id]"
	if !strings.Contains(string(readme), "```\n"+finding+"\n```") {
		t.Fatalf("the README no longer shows the line format %q", finding)
	}
	concrete := strings.NewReplacer("path", "src/Job.java", "line:col", "3:5", "message", "a message", "rule-id", "missing-idleness")
	for _, sev := range []string{"error", "warning", "info"} {
		if !strings.Contains(string(readme), "`"+sev+"`") {
			t.Errorf("the README lists no severity %s", sev)
		}
		if line := concrete.Replace(strings.Replace(finding, "severity", sev, 1)); !matches(patterns, line) {
			t.Errorf("the matcher does not take the finding %q", line)
		}
	}
	problem := "path:line:col: problem: message"
	for name, doc := range map[string]string{"README.md": string(readme), "docs/output.md": string(output)} {
		paragraph := paragraphWith(doc, "`"+problem+"`")
		if paragraph == "" {
			t.Errorf("%s does not show the problem format %q", name, problem)
			continue
		}
		if !strings.Contains(strings.Join(strings.Fields(paragraph), " "), "the problem matcher skips") {
			t.Errorf("%s does not say the problem matcher skips problems:\n%s", name, paragraph)
		}
	}
	for _, kind := range []string{"problem", "internal error"} {
		if line := "src/Job.java:1:1: " + kind + ": cannot read [missing-idleness]"; matches(patterns, line) {
			t.Errorf("the matcher takes the %s line %q", kind, line)
		}
	}
	// docs/output.md: info findings become warnings.
	for _, p := range patterns {
		if p.re.MatchString(concrete.Replace(strings.Replace(finding, "severity", "info", 1))) && (p.hasSev || p.severity != "warning") {
			t.Errorf("the matcher's info pattern %s does not make info a warning", p.re)
		}
	}
}

// paragraphWith returns the paragraph of doc holding s, "" when none does.
func paragraphWith(doc, s string) string {
	for _, p := range strings.Split(doc, "\n\n") {
		if strings.Contains(p, s) {
			return p
		}
	}
	return ""
}
