package report

import (
	"fmt"
	"io"
	"strings"
	"unicode"

	"github.com/flinklint/flinklint/rules"
)

// escapeData escapes a workflow command's message as the Actions
// toolkit's escapeData does: '%' first, then CR and LF. The runner
// decodes no other escape, and its log viewer acts on ANSI sequences, so
// the other control characters are written as Go escapes, as the text
// format writes them.
func escapeData(s string) string {
	return dataEscaper.Replace(escapeControls(s, otherControl))
}

// escapeProperty escapes a property value as the toolkit's escapeProperty
// does: as data, and ':' and ',' which end a property.
func escapeProperty(s string) string {
	return propertyEscaper.Replace(escapeControls(s, otherControl))
}

var (
	dataEscaper     = strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A")
	propertyEscaper = strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A", ":", "%3A", ",", "%2C")
)

// otherControl reports the control characters a workflow command cannot
// carry as they are: all but CR and LF, which it escapes.
func otherControl(r rune) bool { return r != '\r' && r != '\n' && unicode.IsControl(r) }

func githubLevel(s rules.Severity) string {
	switch s {
	case rules.Error:
		return "error"
	case rules.Warning:
		return "warning"
	}
	return "notice"
}

// annotation is the message of a finding's annotation: the headline and
// rule, then the help, the note and the evidence on lines of their own,
// which GitHub shows under the headline.
func annotation(f Finding) string {
	lines := []string{fmt.Sprintf("%s [%s]", f.Message, f.Rule)}
	return strings.Join(append(lines, details(f)...), "\n")
}

// writeGitHub writes one annotation per finding and problem, columns in
// characters, and a summary line, since GitHub shows only 10 annotations
// of each level per step.
func writeGitHub(w io.Writer, r *Report) error {
	count := map[rules.Severity]int{}
	for _, f := range r.Findings {
		count[f.Severity]++
		if _, err := fmt.Fprintf(w, "::%s file=%s,line=%d,col=%d,endLine=%d,endColumn=%d,title=%s::%s\n",
			githubLevel(f.Severity), escapeProperty(f.Path), f.Start.Line, f.Start.Char, f.End.Line, f.End.Char,
			escapeProperty("flinklint "+f.Rule), escapeData(annotation(f))); err != nil {
			return err
		}
	}
	for _, p := range r.Problems {
		level := "warning"
		if p.Internal {
			level = "error"
		}
		props := "title=" + escapeProperty("flinklint could not analyze")
		if p.Path != "" {
			props = fmt.Sprintf("file=%s,line=%d,%s", escapeProperty(p.Path), max(p.Line, 1), props)
		}
		if _, err := fmt.Fprintf(w, "::%s %s::%s\n", level, props, escapeData(p.Message)); err != nil {
			return err
		}
	}
	_, err := fmt.Fprintf(w, "flinklint: %s (%s, %s, %s), %s\n", Count(len(r.Findings), "finding"),
		Count(count[rules.Error], "error"), Count(count[rules.Warning], "warning"), Count(count[rules.Info], "info"),
		Count(len(r.Problems), "problem"))
	return err
}
