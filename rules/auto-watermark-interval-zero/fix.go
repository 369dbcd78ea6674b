package autowatermarkintervalzero

import (
	"golang.org/x/tools/go/analysis"

	"github.com/flinklint/flinklint/jobgraph/flinksql"
	"github.com/flinklint/flinklint/rules/internal/report"
	"github.com/flinklint/flinklint/rules/internal/settings"
)

// fix deletes the setting, which gives back Flink's default interval of
// 200 ms (or the one a configuration under it sets), with the imports only
// it used. A positive interval only starts periodic emission, which a job
// without periodic generators does not notice and one with them needs. It
// is safe where the setting applies to a job seen with a periodic
// generator; unsafe where no job of the project is seen to use it: the
// jobs built on it elsewhere may be processing-time jobs whose author
// turned watermarks off with it, as Flink 1.12's notes advise, and would
// get watermarks back. Where the deletion cannot be made cleanly
// (settings.Delete) there is no fix.
func fix(pass *analysis.Pass, s flinksql.Site, seen bool) []analysis.SuggestedFix {
	edits, ok := settings.Delete(pass, s)
	switch {
	case !ok:
		return nil
	case seen:
		return []analysis.SuggestedFix{report.Safe("Remove the setting: the default interval is 200 ms", edits...)}
	}
	return []analysis.SuggestedFix{report.Unsafe("Remove the setting: the default interval is 200 ms; "+
		"processing-time jobs built on it elsewhere get periodic watermarks back", edits...)}
}
