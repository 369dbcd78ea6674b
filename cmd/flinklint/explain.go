package main

import (
	"fmt"
	"io"
	"strings"

	"github.com/flinklint/flinklint/cmd/flinklint/internal/report"
	ruledocs "github.com/flinklint/flinklint/docs/rules"
	"github.com/flinklint/flinklint/rules"
)

// explain prints the page of rule id, the Markdown as written (it reads
// well in a terminal and pipes into a Markdown viewer). An unknown id is
// exit status 2 with the closest id, or all of them.
func explain(id string, stdout, stderr io.Writer) int {
	if _, ok := rules.ByID(id); ok {
		if page, ok := ruledocs.Page(id); ok {
			fmt.Fprint(stdout, page)
			return 0
		}
	}
	ids := make([]string, len(rules.All))
	for i, r := range rules.All {
		ids[i] = r.Name
	}
	if near := closest(id, ids); near != "" {
		report.Note(stderr, fmt.Sprintf("-explain: unknown rule %q; did you mean %s?", id, near))
	} else {
		report.Note(stderr, fmt.Sprintf("-explain: unknown rule %q; the rules are %s", id, strings.Join(ids, ", ")))
	}
	return 2
}

// closest returns the id nearest to s by edit distance, when it is near
// enough to be a typo of it (at most a third of its letters differ); "".
func closest(s string, ids []string) string {
	best, dist := "", 0
	for _, id := range ids {
		if d := editDistance(s, id); best == "" || d < dist {
			best, dist = id, d
		}
	}
	if best == "" || dist*3 > len(best) {
		return ""
	}
	return best
}

// editDistance is the Levenshtein distance between a and b, in bytes.
func editDistance(a, b string) int {
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(b)]
}
