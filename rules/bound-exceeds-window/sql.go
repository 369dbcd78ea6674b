package boundexceedswindow

import (
	"fmt"
	"go/token"
	"slices"
	"strings"
	"time"

	"golang.org/x/tools/go/analysis"

	"github.com/flinklint/flinklint/jobgraph/flinksql"
	"github.com/flinklint/flinklint/parsers/model"
	"github.com/flinklint/flinklint/rules/internal/report"
)

// sqlWindow is a window over a table in SQL: a window table-valued
// function (TUMBLE(TABLE t, DESCRIPTOR(ts), size)) or a group-window
// function (GROUP BY TUMBLE(ts, size)).
type sqlWindow struct {
	call   *model.SQLCall
	stmt   flinksql.Stmt
	tables []string // the table (TVF) or the tables the query reads (group window)
	column string   // the time column
	span   time.Duration
	what   string // size, gap or step
}

// tvfParams are the window functions' parameters by position, as named
// arguments spell them (DATA => TABLE t, TIMECOL => DESCRIPTOR(ts)).
var tvfParams = map[string][]string{
	"TUMBLE":   {"DATA", "TIMECOL", "SIZE", "OFFSET"},
	"HOP":      {"DATA", "TIMECOL", "SLIDE", "SIZE", "OFFSET"},
	"CUMULATE": {"DATA", "TIMECOL", "STEP", "SIZE", "OFFSET"},
	"SESSION":  {"DATA", "TIMECOL", "GAP"},
}

// groupParams are the group-window functions' parameters by position.
var groupParams = map[string][]string{
	"TUMBLE":  {"TIMECOL", "SIZE"},
	"HOP":     {"TIMECOL", "SLIDE", "SIZE"},
	"SESSION": {"TIMECOL", "GAP"},
}

// spanParam is the parameter that says how long a window waits before it
// first fires: a cumulating window emits at the end of every step.
var spanParam = map[string]string{"TUMBLE": "SIZE", "HOP": "SIZE", "CUMULATE": "STEP", "SESSION": "GAP"}

func checkSQL(pass *analysis.Pass, p *model.Project) {
	stmts := flinksql.Statements(p)
	tables := flinksql.NewTables(stmts)
	views := map[string][]flinksql.Stmt{}
	for _, s := range stmts {
		if s.Kind == model.CreateView && s.Name != "" {
			views[s.Name] = append(views[s.Name], s)
		}
	}
	type finding struct {
		bound time.Duration
		w     *sqlWindow
	}
	worst := map[*model.Watermark]*finding{}
	var order []*model.Watermark
	for _, s := range stmts {
		for _, c := range s.Calls {
			w := readWindow(s, c)
			if w == nil {
				continue
			}
			for _, t := range watermarked(tables, views, s, w.tables, 0) {
				wm := t.Table.Watermark
				if !strings.EqualFold(wm.Column, w.column) {
					continue // another time attribute: a processing-time column, or one a view renames
				}
				bound, ok := sqlBound(wm)
				if !ok || bound <= w.span {
					continue
				}
				if f := worst[wm]; f == nil {
					worst[wm] = &finding{bound, w}
					order = append(order, wm)
				} else if w.span < f.w.span {
					f.w = w
				}
			}
		}
	}
	for _, wm := range order {
		f := worst[wm]
		note := fmt.Sprintf("each window fires only once a row at least %s past its end arrives", format(f.bound))
		if f.w.what != "gap" {
			note += fmt.Sprintf(", and about %d windows per key stay open at once", int64(f.bound/f.w.span)+1)
		}
		sev := report.Default
		if f.bound >= day {
			sev = report.Info // a bound of a day or more looks deliberate
		}
		report.Finding{
			Headline: fmt.Sprintf("watermark delay of %s exceeds the %s %s of the %s window",
				format(f.bound), format(f.w.span), f.w.what, f.w.call.Name),
			Help: "if most rows arrive within a smaller delay, use that interval in the WATERMARK and let late rows " +
				"update the result (table.exec.emit.allow-lateness) or accept that they are dropped",
			Note: note,
			Evidence: slices.Concat(report.EvidenceSpan(wm.Pos, end(wm.Expr), "watermark declared here"),
				report.EvidenceSpan(f.w.call.Pos, end(f.w.call.Args[len(f.w.call.Args)-1]), f.w.call.Name+" window here")),
			Severity: sev,
		}.Span(pass, wm.Pos, wm.Pos+token.Pos(len("WATERMARK")))
	}
}

// end returns where the expression x ends: after its last token, whose
// text lost its quotes if it is a string.
func end(x *model.SQLExpr) token.Pos {
	if len(x.Tokens) == 0 {
		return x.Pos
	}
	t := x.Tokens[len(x.Tokens)-1]
	n := len(t.Text)
	if t.Kind == model.SQLString {
		n += len("''")
	}
	return t.Pos + token.Pos(n)
}

// readWindow reads the window function call c of statement s, or returns
// nil when c is not one or its size or columns are not literal.
func readWindow(s flinksql.Stmt, c *model.SQLCall) *sqlWindow {
	params := tvfParams[c.Name]
	tvf := len(c.Args) > 0 && (isTableArg(c.Args[0].Tokens) || named(c.Args[0].Tokens) == "DATA")
	if !tvf {
		params = groupParams[c.Name]
	}
	if params == nil || len(c.Args) < len(params)-1 {
		return nil
	}
	args := map[string][]model.SQLToken{}
	for i, a := range c.Args {
		toks := a.Tokens
		if name := named(toks); name != "" {
			args[name] = toks[3:]
		} else if i < len(params) {
			args[params[i]] = toks
		}
	}
	w := &sqlWindow{call: c, stmt: s, what: strings.ToLower(spanParam[c.Name])}
	span, ok := flinksql.Interval(args[spanParam[c.Name]])
	if !ok || span <= 0 {
		return nil
	}
	w.span = span
	col := args["TIMECOL"]
	if tvf {
		data := args["DATA"]
		if len(data) < 2 || !isTableArg(data) {
			return nil
		}
		w.tables = []string{tableName(data[1:])}
		// DESCRIPTOR(ts)
		if len(col) != 4 || !strings.EqualFold(col[0].Text, "DESCRIPTOR") || col[1].Text != "(" || col[3].Text != ")" {
			return nil
		}
		w.column = col[2].Text
	} else {
		if len(col) != 1 || col[0].Kind != model.SQLIdent {
			return nil
		}
		w.tables = s.Reads
		w.column = col[0].Text
	}
	return w
}

// named returns the name of a named argument (SIZE => INTERVAL ...), in
// upper case, or "".
func named(toks []model.SQLToken) string {
	if len(toks) > 3 && toks[0].Kind == model.SQLIdent && toks[1].Text == "=" && toks[2].Text == ">" {
		return strings.ToUpper(toks[0].Text)
	}
	return ""
}

// isTableArg reports whether tokens start with TABLE (DATA => TABLE t
// after its name is removed).
func isTableArg(tokens []model.SQLToken) bool {
	return len(tokens) > 1 && tokens[0].Kind == model.SQLIdent && strings.EqualFold(tokens[0].Text, "TABLE")
}

// tableName joins a possibly qualified name (cat.db.t) up to what follows
// it (PARTITION BY ...).
func tableName(tokens []model.SQLToken) string {
	var b strings.Builder
	for i, t := range tokens {
		if i%2 == 0 && t.Kind != model.SQLIdent || i%2 == 1 && t.Text != "." {
			break
		}
		b.WriteString(t.Text)
	}
	return b.String()
}

// maxViews bounds how deep views over views are followed.
const maxViews = 8

// watermarked returns the CREATE TABLE statements with a WATERMARK that
// the tables names, read by the statement from, stand for: tables of the
// same job, and the tables that views of that name read.
func watermarked(tables flinksql.Tables, views map[string][]flinksql.Stmt, from flinksql.Stmt, names []string, depth int) []flinksql.Stmt {
	if depth > maxViews {
		return nil
	}
	var out []flinksql.Stmt
	for _, name := range names {
		for _, t := range tables[name] {
			if t.Table.Watermark != nil && flinksql.SameJob(from.Job, t.Job) {
				out = append(out, t)
			}
		}
		for _, v := range views[name] {
			if flinksql.SameJob(from.Job, v.Job) {
				out = append(out, watermarked(tables, views, v, v.Reads, depth+1)...)
			}
		}
	}
	return out
}

// sqlBound reads how far the watermark wm trails its column: 0 for
// WATERMARK FOR ts AS ts, n for ts - INTERVAL 'n' unit.
func sqlBound(wm *model.Watermark) (time.Duration, bool) {
	if wm.Expr == nil {
		return 0, false
	}
	toks := wm.Expr.Tokens
	if len(toks) == 0 || toks[0].Kind != model.SQLIdent || !strings.EqualFold(toks[0].Text, wm.Column) {
		return 0, false
	}
	if len(toks) == 1 {
		return 0, true
	}
	if toks[1].Kind != model.SQLPunct || toks[1].Text != "-" {
		return 0, false
	}
	return flinksql.Interval(toks[2:])
}
