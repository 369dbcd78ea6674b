package review

import (
	"bufio"
	"fmt"
	"io"
	"strings"

	"github.com/flinklint/flinklint/rules"
)

// annotate prints findings as GitHub workflow-command annotations, and a
// summary line, because GitHub shows only 10 annotations of a kind per
// step.
func annotate(w io.Writer, findings []Finding) error {
	bw := bufio.NewWriter(w)
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
		fmt.Fprintf(bw, "::%s file=%s,line=%d,col=%d,endLine=%d,title=%s::%s\n", kind,
			property(f.Path), f.Line, f.Column, max(f.EndLine, f.Line), property("flinklint "+f.Rule), data(msg))
	}
	fmt.Fprintf(bw, "flinklint: %d findings as annotations (%d errors, %d warnings, %d notices); GitHub shows at most 10 of each kind per step\n",
		len(findings), count["error"], count["warning"], count["notice"])
	return bw.Flush()
}

// data escapes an annotation's message as the Actions toolkit does.
func data(s string) string {
	return strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A").Replace(s)
}

// property escapes an annotation's property as the Actions toolkit does.
func property(s string) string {
	return strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A", ":", "%3A", ",", "%2C").Replace(s)
}
