package secondstimestamp

import (
	"fmt"
	"go/token"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/flinklint/flinklint/jobgraph/flinksql"
	"github.com/flinklint/flinklint/parsers/model"
	"github.com/flinklint/flinklint/rules/internal/report"
	"github.com/flinklint/flinklint/rules/internal/units"
)

// checkSQL reports TO_TIMESTAMP_LTZ(x, 3) on seconds and FROM_UNIXTIME(x) on
// milliseconds.
func checkSQL(pass *analysis.Pass, p *model.Project) {
	stmts := flinksql.Statements(p)
	// A column's type comes from the tables of the statement's own job: a
	// same-named table of another job says nothing about it.
	byScript := map[*model.Script]map[string][]*model.Column{} // a script's statements share its job
	columnsOf := func(s flinksql.Stmt) map[string][]*model.Column {
		if columns, ok := byScript[s.Script]; ok {
			return columns
		}
		columns := map[string][]*model.Column{}
		byScript[s.Script] = columns
		for _, t := range stmts {
			if t.Table != nil && flinksql.SameJob(t.Job, s.Job) {
				for _, c := range t.Table.Columns {
					columns[c.Name] = append(columns[c.Name], c)
				}
			}
		}
		return columns
	}
	envelopes := map[string]bool{}
	for _, s := range stmts {
		if s.Table != nil && maxwellEnvelope(s.Table) {
			envelopes[s.Table.Name] = true
		}
	}
	for _, s := range stmts {
		if len(s.Calls) == 0 {
			continue
		}
		columns := columnsOf(s)
		for _, call := range s.Calls {
			switch {
			case call.Name == "TO_TIMESTAMP_LTZ" && (len(call.Args) == 1 || len(call.Args) == 2 && precision(call.Args[1]) == "3"):
				why, col := secondsExpr(call.Args[0], columns)
				if why == "" && readsEnvelope(s.Statement, envelopes) {
					why = maxwellTS(call.Args[0])
				}
				if why != "" {
					arg := text(call.Args[0])
					report.Finding{
						Headline: fmt.Sprintf("TO_TIMESTAMP_LTZ(%s, 3) on seconds: %s", short(arg), why),
						Help:     fmt.Sprintf("use TO_TIMESTAMP_LTZ(%s, 0) for seconds", arg),
						Note:     "precision 3 reads epoch milliseconds: a number of seconds lands in January 1970",
						Evidence: columnEvidence(col),
					}.Span(pass, call.Pos, call.Pos+token.Pos(len(call.Name)))
				}
			case call.Name == "FROM_UNIXTIME" && len(call.Args) >= 1:
				f := report.Finding{Note: "FROM_UNIXTIME reads epoch seconds: milliseconds land some 50,000 years ahead"}
				if d := oddDivisor(call.Args[0]); d != "" {
					f.Headline = fmt.Sprintf("FROM_UNIXTIME(%s) divides by %s, which makes no epoch unit seconds", short(text(call.Args[0])), d)
					f.Help = "divide milliseconds by 1000 (microseconds by 1000000)"
				} else if why, col := millisExpr(call.Args[0], columns); why != "" {
					f.Headline = fmt.Sprintf("FROM_UNIXTIME(%s) on milliseconds: %s", short(text(call.Args[0])), why)
					f.Help, f.Evidence = "divide the argument by 1000 first", columnEvidence(col)
				}
				if f.Headline != "" {
					f.Span(pass, call.Pos, call.Pos+token.Pos(len(call.Name)))
				}
			}
		}
	}
}

func precision(e *model.SQLExpr) string {
	if len(e.Tokens) == 1 && e.Tokens[0].Kind == model.SQLNumber {
		return e.Tokens[0].Text
	}
	return ""
}

// short shortens the text of an argument for a headline.
func short(t string) string {
	if len(t) > 22 {
		return t[:22] + "..."
	}
	return t
}

// columnEvidence is the declaration of the column that shows the unit,
// when there is one.
func columnEvidence(c *model.Column) []analysis.RelatedInformation {
	if c == nil {
		return nil
	}
	return report.EvidenceSpan(c.NamePos, c.NamePos+token.Pos(len(c.Name)), "column declared here")
}

func text(e *model.SQLExpr) string {
	var parts []string
	for _, t := range e.Tokens {
		parts = append(parts, t.Text)
	}
	return strings.Join(parts, " ")
}

// scaled reports whether the expression multiplies or divides by 1000.
func scaled(e *model.SQLExpr, op string) bool {
	for i, t := range e.Tokens {
		if t.Kind == model.SQLPunct && t.Text == op && i+1 < len(e.Tokens) && strings.ReplaceAll(e.Tokens[i+1].Text, "_", "") == "1000" {
			return true
		}
	}
	return false
}

// column returns the column an expression is a plain reference to.
func column(e *model.SQLExpr, columns map[string][]*model.Column) (string, []*model.Column) {
	toks := e.Tokens
	if len(toks) == 3 && toks[1].Text == "." { // t.col
		toks = toks[2:]
	}
	if len(toks) != 1 || toks[0].Kind != model.SQLIdent {
		return "", nil
	}
	return toks[0].Text, columns[toks[0].Text]
}

// secondsExpr says why e is a number of seconds, or "", and the column
// whose declaration says it, if any.
func secondsExpr(e *model.SQLExpr, columns map[string][]*model.Column) (string, *model.Column) {
	if scaled(e, "*") {
		return "", nil
	}
	if scaled(e, "/") {
		return "divided by 1000", nil
	}
	if len(e.Tokens) > 0 && strings.EqualFold(e.Tokens[0].Text, "UNIX_TIMESTAMP") {
		return "UNIX_TIMESTAMP returns seconds", nil
	}
	name, cols := column(e, columns)
	if name == "" {
		return "", nil
	}
	if units.NamesSeconds(name) {
		return "the name says seconds", nil
	}
	for _, c := range cols {
		switch {
		case strings.Contains(strings.ToLower(c.Comment), "second"):
			return "column documented in seconds", c
		case c.Type == "INT" || c.Type == "INTEGER":
			return "INT column, too small for milliseconds", c
		case c.Computed != nil && len(c.Computed.Tokens) > 0 && strings.EqualFold(c.Computed.Tokens[0].Text, "UNIX_TIMESTAMP"):
			return "column computed with UNIX_TIMESTAMP", c
		}
	}
	return "", nil
}

// millisExpr says why e is a number of milliseconds, or "", and the
// column whose declaration says it, if any.
func millisExpr(e *model.SQLExpr, columns map[string][]*model.Column) (string, *model.Column) {
	if scaled(e, "/") {
		return "", nil
	}
	name, cols := column(e, columns)
	if name == "" {
		return "", nil
	}
	if units.NamesMillis(name) {
		return "the name says milliseconds", nil
	}
	for _, c := range cols {
		if strings.Contains(strings.ToLower(c.Comment), "milli") {
			return "column documented in milliseconds", c
		}
	}
	return "", nil
}

// oddDivisor returns the power of ten that e is divided by when it is
// neither 1000, 10^6 nor 10^9, the divisors that turn milliseconds,
// microseconds and nanoseconds into seconds: ts / 10000 is a typo that
// moves every time towards 1970.
func oddDivisor(e *model.SQLExpr) string {
	for i, t := range e.Tokens {
		if t.Kind != model.SQLPunct || t.Text != "/" || i+1 >= len(e.Tokens) || e.Tokens[i+1].Kind != model.SQLNumber {
			continue
		}
		d := strings.ReplaceAll(e.Tokens[i+1].Text, "_", "")
		switch {
		case d == "1000" || d == "1000000" || d == "1000000000":
		case len(d) > 2 && d[0] == '1' && strings.Trim(d[1:], "0") == "":
			return d
		}
	}
	return ""
}

// maxwellOnly and canalOnly are fields of one change-record envelope and
// not of the other, in the JSON that Maxwell and Canal write.
var (
	maxwellOnly = []string{"xid", "xoffset", "commit", "position", "server_id", "thread_id", "primary_key", "primary_key_columns"}
	canalOnly   = []string{"es", "isddl", "pknames", "mysqltype", "sqltype"}
)

// maxwellEnvelope reports whether t reads Maxwell's change records as plain
// JSON: its columns are the envelope (type, ts, data as a row or map, or a
// field only Maxwell writes), not the captured row that the maxwell-json,
// canal-json and debezium-json formats give. Maxwell's ts is in seconds,
// while Canal's ts and Debezium's ts_ms are milliseconds.
func maxwellEnvelope(t *model.Table) bool {
	for _, key := range []string{"format", "value.format", "format.type"} {
		if f, ok := t.Option(key); ok && !strings.EqualFold(f.Value, "json") {
			return false
		}
	}
	cols := map[string]*model.Column{}
	for _, c := range t.Columns {
		cols[strings.ToLower(c.Name)] = c
	}
	ts, data := cols["ts"], cols["data"]
	if ts == nil || ts.Type == "" || data == nil {
		return false
	}
	for _, f := range canalOnly {
		if cols[f] != nil {
			return false
		}
	}
	for _, f := range maxwellOnly {
		if cols[f] != nil {
			return true
		}
	}
	return cols["type"] != nil && (strings.HasPrefix(data.Type, "MAP") || strings.HasPrefix(data.Type, "ROW"))
}

// readsEnvelope reports whether s defines or reads a Maxwell envelope table.
func readsEnvelope(s *model.Statement, envelopes map[string]bool) bool {
	if s.Table != nil {
		return envelopes[s.Table.Name]
	}
	for _, r := range s.Reads {
		if envelopes[r] {
			return true
		}
	}
	return false
}

// maxwellTS says why e, in a statement on a Maxwell envelope, is in
// seconds, or "".
func maxwellTS(e *model.SQLExpr) string {
	if name, _ := column(e, nil); strings.EqualFold(name, "ts") {
		return "Maxwell writes ts in seconds"
	}
	return ""
}
