package review

import (
	"io"
	"strings"

	"github.com/flinklint/flinklint/cmd/flinklint/internal/report"
	"github.com/flinklint/flinklint/internal/message"
)

// annotate prints findings as -format github does: workflow-command
// annotations and a summary line. A message holds the headline, then the
// help and note lines. A finding whose line the diff does not show, but
// another of its range or its evidence (shown, nil when the diff is
// unknown), is annotated where the review would have commented, since
// GitHub shows a pull request's annotations on the lines of its diff, and
// says where it is. It writes
// once, so that w sees whole lines (a redactor must).
func annotate(w io.Writer, findings []Finding, shown diff) error {
	r := &report.Report{}
	for _, f := range findings {
		headline := f.Message
		a := report.Finding{
			Rule:     f.Rule,
			Severity: f.Severity,
			Path:     f.Path,
			Start:    report.Position{Line: f.Line, Char: f.Column},
			End:      report.Position{Line: max(f.EndLine, f.Line), Char: f.EndColumn},
		}
		if s, ok := shown.place(f); ok && (s.path != f.Path || s.line != f.Line) {
			headline += "\n" + foundAt(f, s)
			a.Path, a.Start, a.End = s.path, report.Position{Line: s.line, Char: 1}, report.Position{Line: s.line, Char: 1}
		}
		// In the message, not in Help and Note: the annotation shows them
		// whatever -format github does with them.
		a.Message = message.Parts{Headline: headline, Help: f.Help, Note: f.Note}.String()
		r.Findings = append(r.Findings, a)
	}
	var b strings.Builder
	if err := r.Write(&b, "github"); err != nil {
		return err
	}
	_, err := io.WriteString(w, b.String())
	return err
}
