package parsers_test

import (
	"cmp"
	"encoding/json"
	"fmt"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/flinklint/flinklint/parsers"
	"github.com/flinklint/flinklint/parsers/model"
	"github.com/flinklint/flinklint/rules"
)

// TestKeywordAudit counts, for each rule keyword, the Java, Scala and
// Python files of a repository that hold it (and so pass the prefilter),
// and how many of those a finding points into (its place or a related
// one): a keyword that lets many files through and none that is reported
// on costs parse time for nothing. "alone" counts the files that no other
// keyword lets through: those that cutting the keyword would leave
// unparsed (unless a rule resolves a name they declare). Gated keywords
// (rules.Rule.Applies) are counted as if they applied everywhere.
//
//	(cd REPO && flinklint -no-cache -format json . > /tmp/findings.json)
//	FLINKLINT_AUDIT=REPO FLINKLINT_AUDIT_FINDINGS=/tmp/findings.json \
//	    go test -run KeywordAudit -v ./parsers
//
// It walks every file under REPO, build output included, so its counts
// can be a little above the run's. Both variables may list several
// repositories and their findings, in the same order, separated as in
// $PATH: the counts are then summed.
func TestKeywordAudit(t *testing.T) {
	roots := filepath.SplitList(os.Getenv("FLINKLINT_AUDIT"))
	found := filepath.SplitList(os.Getenv("FLINKLINT_AUDIT_FINDINGS"))
	if len(roots) == 0 || len(roots) != len(found) {
		t.Skip("set FLINKLINT_AUDIT to repositories and FLINKLINT_AUDIT_FINDINGS to their findings (-format json)")
	}
	reported := map[string]bool{}
	for i, root := range roots {
		maps.Copy(reported, reportedFiles(t, root, found[i]))
	}
	words := map[string]bool{} // keyword -> gated
	for _, r := range rules.All {
		for _, k := range r.Keywords {
			words[k] = words[k] || r.Applies != nil
		}
	}
	counts, holds := map[string]*auditCount{}, map[string]func(string, []byte) bool{}
	for k := range words {
		counts[k], holds[k] = &auditCount{}, parsers.Holder(k)
	}
	each := func(path string, src []byte) {
		var held []string
		for k := range words {
			if holds[k](path, src) {
				held = append(held, k)
			}
		}
		for _, k := range held {
			counts[k].add(reported[path], len(held) == 1)
		}
	}
	for _, root := range roots {
		walkSources(t, root, each)
	}
	keys := slices.SortedFunc(func(yield func(string) bool) {
		for k := range counts {
			if !yield(k) {
				return
			}
		}
	}, func(a, b string) int {
		return cmp.Or(cmp.Compare(counts[b].files, counts[a].files), strings.Compare(a, b))
	})
	t.Logf("%-32s %6s %8s %6s %8s", "keyword", "files", "reported", "alone", "reported")
	for _, k := range keys {
		c, gated := counts[k], ""
		if words[k] {
			gated = " (gated)"
		}
		t.Logf("%-32s %6d %8d %6d %8d%s", k, c.files, c.reported, c.alone, c.aloneReported, gated)
	}
}

type auditCount struct{ files, reported, alone, aloneReported int }

func (c *auditCount) add(reported, alone bool) {
	c.files++
	if reported {
		c.reported++
	}
	if alone {
		c.alone++
		if reported {
			c.aloneReported++
		}
	}
}

// reportedFiles returns the files under root that the findings in the
// JSON report at path point into.
func reportedFiles(t *testing.T, root, path string) map[string]bool {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	type place struct{ Path string }
	var report struct {
		Findings []struct {
			place
			Related []place
		}
	}
	if err := json.Unmarshal(data, &report); err != nil {
		t.Fatal(err)
	}
	out := map[string]bool{}
	for _, f := range report.Findings {
		for _, p := range append(f.Related, f.place) {
			out[filepath.Join(root, p.Path)] = true
		}
	}
	return out
}

// walkSources calls f with each Java, Scala and Python file under root.
func walkSources(t *testing.T, root string, f func(path string, src []byte)) {
	t.Helper()
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil || !d.Type().IsRegular() {
			return err
		}
		switch parsers.Lang(path) {
		case model.Java, model.Scala, model.Python:
			src, err := os.ReadFile(path)
			if err != nil {
				return err
			}
			f(path, src)
		}
		return nil
	})
	if err != nil {
		t.Fatal(fmt.Errorf("walking %s: %w", root, err))
	}
}
