package parsers

import (
	"bytes"
	"regexp"
	"strings"
)

// Ignore is a flinklint:ignore directive: a comment that silences the
// findings of some rules on its own line, or on the next line when the
// comment stands alone.
//
//	ks.window(GlobalWindows.create()); // flinklint:ignore global-window-no-trigger the trigger is set in Base
//	-- flinklint:ignore missing-idleness one partition, parallelism 1
type Ignore struct {
	Path   string
	Line   int // the line the directive silences
	At     int // the line the directive is written on
	Rules  []string
	Reason string
	Used   bool
}

var ignoreRE = regexp.MustCompile(`(//|--|#)\s*flinklint:ignore\b[ \t]*([a-z0-9,-]*)[ \t]*(.*)$`)

// ignores reads the directives of a file.
func ignores(path string, src []byte) []*Ignore {
	if !bytes.Contains(src, []byte("flinklint:ignore")) {
		return nil
	}
	var out []*Ignore
	for i, line := range strings.Split(string(src), "\n") {
		m := ignoreRE.FindStringSubmatchIndex(line)
		if m == nil {
			continue
		}
		ig := &Ignore{Path: path, At: i + 1, Line: i + 1, Reason: strings.TrimSpace(line[m[6]:m[7]])}
		if rules := line[m[4]:m[5]]; rules != "" {
			ig.Rules = strings.Split(rules, ",")
		}
		if strings.TrimSpace(line[:m[0]]) == "" { // alone on its line: it is about the next one
			ig.Line++
		}
		out = append(out, ig)
	}
	return out
}
