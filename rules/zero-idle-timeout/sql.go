package zeroidletimeout

import (
	"fmt"

	"golang.org/x/tools/go/analysis"

	"github.com/flinklint/flinklint/jobgraph/flinksql"
	"github.com/flinklint/flinklint/parsers/model"
	"github.com/flinklint/flinklint/rules/internal/report"
)

// checkSettings reports idle timeouts set to zero in SQL, hints, code and
// configuration files. There zero does not fail: it silently means "no
// idleness", so these are warnings.
func checkSettings(pass *analysis.Pass, p *model.Project) {
	stmts := flinksql.Statements(p)
	for _, key := range []string{"table.exec.source.idle-timeout", "scan.watermark.idle-timeout"} {
		for _, s := range flinksql.Settings(p, stmts, key) {
			d, ok := s.Duration(p)
			if !ok || d != 0 {
				continue
			}
			what, note := "turns source idleness off for the whole job", "0 is the default and means \"not enabled\": "+
				"a partition without new records still holds the watermark back"
			if key == "scan.watermark.idle-timeout" {
				what, note = "turns idleness off for this table", "it overrides a non-zero table.exec.source.idle-timeout, "+
					"and a partition without new records still holds the table's watermark back"
			}
			var defined []analysis.RelatedInformation
			if s.ValueNode != nil {
				defined = definition(p, s.ValueNode)
			}
			report.Finding{
				Headline: fmt.Sprintf("%s = '%s' %s", key, s.Value, what),
				Help:     "use a positive timeout such as '1 min', or remove the setting if idleness is not wanted",
				Note:     note,
				Evidence: defined,
				Severity: report.Warning,
				Fixes:    settingFix(pass, p, s),
			}.Span(pass, s.KeyPos, s.KeyEnd)
		}
	}
}
