package review

import (
	"io"
	"strings"

	"github.com/flinklint/flinklint/cmd/flinklint/internal/report"
)

// annotate prints findings as -format github does: workflow-command
// annotations and a summary line. It writes once, so that w sees whole
// lines (a redactor must).
func annotate(w io.Writer, findings []Finding) error {
	r := &report.Report{}
	for _, f := range findings {
		r.Findings = append(r.Findings, report.Finding{
			Rule:     f.Rule,
			Severity: f.Severity,
			Message:  f.Message,
			Path:     f.Path,
			Start:    report.Position{Line: f.Line, Char: f.Column},
			End:      report.Position{Line: max(f.EndLine, f.Line), Char: f.EndColumn},
		})
	}
	var b strings.Builder
	if err := r.Write(&b, "github"); err != nil {
		return err
	}
	_, err := io.WriteString(w, b.String())
	return err
}
