package review

import (
	"fmt"
	"io"
	"strings"

	"github.com/flinklint/flinklint/rules"
)

// annotate prints findings as GitHub workflow-command annotations, and a
// summary line, because GitHub shows only 10 annotations of a kind per
// step. It writes once, so that w sees whole lines (a redactor must).
func annotate(w io.Writer, findings []Finding) error {
	var b strings.Builder
	count := map[string]int{}
	for _, f := range findings {
		kind := "notice"
		switch f.Severity {
		case rules.Error:
			kind = "error"
		case rules.Warning:
			kind = "warning"
		}
		count[kind]++
		msg := f.Message
		if f.DocsURL != "" {
			msg += "\n" + f.DocsURL
		}
		fmt.Fprintf(&b, "::%s file=%s,line=%d,col=%d,endLine=%d,title=%s::%s\n", kind,
			property(f.Path), f.Line, f.Column, max(f.EndLine, f.Line), property("flinklint "+f.Rule), data(msg))
	}
	fmt.Fprintf(&b, "flinklint: %s as annotations (%s, %s, %s); GitHub shows at most 10 of each kind per step\n",
		plural(len(findings), "finding"), plural(count["error"], "error"), plural(count["warning"], "warning"), plural(count["notice"], "notice"))
	_, err := io.WriteString(w, b.String())
	return err
}

// data escapes an annotation's message as the Actions toolkit does.
func data(s string) string {
	return strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A").Replace(s)
}

// property escapes an annotation's property as the Actions toolkit does.
func property(s string) string {
	return strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A", ":", "%3A", ",", "%2C").Replace(s)
}

// plural counts n things named noun ("1 finding", "2 findings").
func plural(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return fmt.Sprintf("%d %ss", n, noun)
}
