package rules_test

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"

	"github.com/flinklint/flinklint/analyzer"
	"github.com/flinklint/flinklint/rules"
)

// Every rule has its page, package and testdata named after its id, and its
// page states the severity the registry gives it.
func TestEveryRuleIsFoundByItsID(t *testing.T) {
	readme, err := os.ReadFile("../README.md")
	if err != nil {
		t.Fatal(err)
	}
	ids := make([]string, 0, len(rules.All))
	for _, r := range rules.All {
		ids = append(ids, r.Name)
		if !regexp.MustCompile(`^[a-z][a-z0-9]*(-[a-z0-9]+)*$`).MatchString(r.Name) {
			t.Errorf("rule id %q is not kebab-case", r.Name)
		}
		page, err := os.ReadFile(filepath.Join("../docs/rules", r.Name+".md"))
		if err != nil {
			t.Errorf("%s: %v", r.Name, err)
			continue
		}
		if !strings.Contains(string(page), "**Severity:** "+r.Severity.String()+" ") {
			t.Errorf("%s: the page does not say **Severity:** %s", r.Name, r.Severity)
		}
		if r.URL != "https://github.com/flinklint/flinklint/blob/main/docs/rules/"+r.Name+".md" {
			t.Errorf("%s: URL %s", r.Name, r.URL)
		}
		for _, dir := range []string{r.Name, filepath.Join(r.Name, "testdata")} {
			if _, err := os.Stat(dir); err != nil {
				t.Errorf("%s: %v", r.Name, err)
			}
		}
		if !strings.Contains(string(readme), "[`"+r.Name+"`](docs/rules/"+r.Name+".md) | "+r.Severity.String()+" |") {
			t.Errorf("%s: not in the README's table of rules with severity %s", r.Name, r.Severity)
		}
	}
	if !slices.IsSorted(ids) {
		t.Errorf("rules.All is not sorted by id: %v", ids)
	}
	pages, _ := filepath.Glob("../docs/rules/*.md")
	for _, p := range pages {
		if id := strings.TrimSuffix(filepath.Base(p), ".md"); !slices.Contains(ids, id) {
			t.Errorf("%s documents no registered rule", p)
		}
	}
}

// A rule's keywords lose none of its findings on its testdata: the files
// they let the prefilter skip hold nothing the rule reports, or are parsed
// when it resolves a name they declare.
func TestKeywordsKeepFindings(t *testing.T) {
	for _, r := range rules.All {
		t.Run(r.Name, func(t *testing.T) {
			dir := filepath.Join(r.Name, "testdata")
			var got [2][]string
			for i, opts := range []analyzer.Options{{}, {Keywords: r.Keywords}} {
				res, err := opts.Run([]string{dir}, []*analysis.Analyzer{r.Analyzer})
				if err != nil {
					t.Fatal(err)
				}
				for _, d := range res.Diagnostics {
					got[i] = append(got[i], fmt.Sprintf("%s: %s", d.Position, d.Message))
				}
			}
			if !slices.Equal(got[0], got[1]) {
				t.Errorf("findings without the prefilter:\n%s\nwith it:\n%s", strings.Join(got[0], "\n"), strings.Join(got[1], "\n"))
			}
		})
	}
}
