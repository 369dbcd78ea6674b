package invalidduration

import (
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/flinklint/flinklint/jobgraph/flinksql"
	"github.com/flinklint/flinklint/parsers/flinkconf"
	"github.com/flinklint/flinklint/rules/internal/report"
	"github.com/flinklint/flinklint/rules/internal/settings"
)

// respellings are unit labels that Flink does not know but that mean one
// of its units and no other, with the label Flink reads for that unit.
// A label that could mean two units ("mi": minutes or milliseconds?) is
// not here, and neither are values that need arithmetic ("1.5 s",
// "1 h 30 min") or a choice of unit ("PT1M").
var respellings = map[string]string{
	"mins": "min", "hr": "h", "hrs": "h",
	"msec": "ms", "msecs": "ms", "millisec": "ms", "millisecs": "ms",
}

// fix writes the label Flink reads in place of a misspelt one, in the
// value as the file writes it: "5 mins" becomes "5 min". It is safe: the
// value keeps its number and its unit, and Flink now reads it.
func fix(pass *analysis.Pass, s flinksql.Site) []analysis.SuggestedFix {
	start, end, label, ok := respelt(s.Value)
	if !ok {
		return nil
	}
	e, ok := settings.Replace(pass, s.Setting, s.Value[:start]+label+s.Value[end:])
	if !ok {
		return nil
	}
	return []analysis.SuggestedFix{report.Safe("Write the unit as Flink spells it: '"+label+"'", e)}
}

// respelt returns where the unit label of value lies and the label Flink
// reads for it, when value is a whole number and a label of respellings,
// in upper case when the label is written in upper case.
func respelt(value string) (start, end int, label string, ok bool) {
	t := strings.TrimSpace(value)
	lead := strings.Index(value, t)
	i := strings.IndexFunc(t, func(r rune) bool { return r < '0' || r > '9' })
	if i <= 0 {
		return 0, 0, "", false
	}
	written := strings.TrimSpace(t[i:])
	label, ok = respellings[strings.ToLower(written)]
	if !ok {
		return 0, 0, "", false
	}
	if written == strings.ToUpper(written) {
		label = strings.ToUpper(label)
	}
	start = lead + strings.LastIndex(t, written)
	fixed := value[:start] + label + value[start+len(written):]
	if _, err := flinkconf.ParseDuration(fixed); err != nil {
		return 0, 0, "", false
	}
	return start, start + len(written), label, true
}
