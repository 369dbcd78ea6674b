// Package sql is flinklint's front end for Flink SQL.
//
// The tree-sitter SQL grammar cannot read Flink DDL (WATERMARK, WITH
// options, SET and hints all come out as errors), and no Go parser for
// Flink's Calcite dialect exists, so this is a statement-level reader
// written for the dialect: it splits a script into statements at
// semicolons around strings, backquoted identifiers, comments, hints and
// BEGIN ... END blocks (and, after the last semicolon, at a blank line
// before a statement keyword, for scripts that have none), and reads what
// the rules need (SET and RESET, CREATE TABLE with its columns, watermark,
// WITH options and LIKE, views, inserts, queries with their function calls
// and hints), each with its exact position. Keywords are case-insensitive.
// Strings follow the default dialect (a doubled quote stands for one), or
// the Hive dialect's backslash escapes after SET 'table.sql-dialect' =
// 'hive' and in a text that only they make whole. A statement it cannot
// read is skipped with a note, and the statements after it are still read.
//
// Reading is linear in the text, however deep it nests: each statement's
// parentheses are matched once, readers step over a parenthesized group
// without scanning it, and the expressions of a statement share one slice
// of tokens. Two documented limits, maxDepth and maxSetDepth, skip a
// statement that nests absurdly deep with a "skipped: too complex" note.
package sql

import (
	"cmp"
	"fmt"
	"go/token"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/flinklint/flinklint/parsers/model"
)

// Note says why a statement was skipped.
type Note struct {
	Pos     token.Pos
	Message string
}

// Parse reads the Flink SQL text. pos maps a byte offset of text to its
// position: in a .sql file the file's own positions, in code the position
// in the string literal the character came from.
func Parse(text string, pos func(offset int) token.Pos) ([]*model.Statement, []Note) {
	p := &parser{text: text, pos: pos}
	l := lex(text, 0)
	p.comments = l.comments
	stmts := p.statements(l.toks)
	if l.unterminated >= 0 {
		p.note(l.unterminated, "unterminated %s; the rest of the text is not analyzed", l.unterminatedWhat)
	}
	return stmts, p.notes
}

// maxDepth bounds how deep parentheses nest in one statement. SQL written
// by hand or by generators stays far below it; a statement nested deeper is
// skipped with a note, since the rules read the arguments of every call and
// would spend time quadratic in the depth on it.
const maxDepth = 1000

// maxSetDepth bounds statement sets nested in statement sets (Flink accepts
// none), which are read recursively.
const maxSetDepth = 8

type parser struct {
	text     string
	pos      func(int) token.Pos
	comments []comment // in line order
	notes    []Note
	sets     int // statement sets being read, one in the other
}

func (p *parser) note(off int, format string, args ...any) {
	p.notes = append(p.notes, Note{Pos: p.pos(off), Message: fmt.Sprintf(format, args...)})
}

// statements splits tokens at semicolons outside EXECUTE STATEMENT SET
// BEGIN ... END blocks, and reads each statement. Flink SQL has no semicolon
// inside parentheses, so one unbalanced parenthesis spoils one statement,
// not the rest of the script.
func (p *parser) statements(toks []tok) []*model.Statement {
	var out []*model.Statement
	start, depth, block := 0, 0, false
	flush := func(end int) {
		if end > start {
			if s := p.statement(toks[start:end]); s != nil {
				out = append(out, s)
			}
		}
		start = end + 1
	}
	for i, t := range toks {
		switch {
		case t.isPunct("("):
			depth++
		case t.isPunct(")"):
			depth--
		case t.is("BEGIN") && !block && startsWith(toks[start:i], "EXECUTE", "STATEMENT", "SET"):
			block = true
		case t.is("END") && block && depth <= 0 && i > 0 && toks[i-1].isPunct(";"):
			block = false // every statement of the set ends with ;, unlike a CASE ... END
		case t.isPunct(";") && !block:
			flush(i)
			depth = 0
		}
	}
	for _, piece := range p.runOn(toks[start:]) {
		if s := p.statement(piece); s != nil {
			out = append(out, s)
		}
	}
	return out
}

// runOn splits what follows the last semicolon of a script (the whole
// script when it has none) at each blank line followed by a line that
// starts with a statement keyword: scripts for runners that split on blank
// lines (Flink 1.10-era examples) separate statements that way only, and
// read as one statement they would hide every table after the first. Text
// ended by a semicolon is never split, nor a block holding one (a statement
// set), and a statement is split only where it could end: outside
// parentheses, not after a comma, an operator or a keyword that asks for
// more (AS, UNION ALL, ...), and not before the query that a WITH, INSERT
// or EXPLAIN waits for, nor before the SET of an ALTER or UPDATE.
func (p *parser) runOn(toks []tok) [][]tok {
	if slices.ContainsFunc(toks, func(t tok) bool { return t.isPunct(";") }) {
		return [][]tok{toks}
	}
	var out [][]tok
	start, depth, query := 0, 0, false
	for i, t := range toks {
		if depth == 0 && i > start && p.startsRunOn(toks[start:i], toks[i:], query) {
			out = append(out, toks[start:i])
			start, query = i, false
		}
		switch {
		case t.isPunct("("):
			depth++
		case t.isPunct(")"):
			depth--
		case depth == 0 && (t.is("SELECT") || t.is("VALUES")):
			query = true
		}
	}
	if start < len(toks) {
		out = append(out, toks[start:])
	}
	return out
}

// runOnStarts are the keywords that start a statement of a script without
// semicolons.
var runOnStarts = map[string]bool{
	"CREATE": true, "INSERT": true, "SET": true, "RESET": true, "SELECT": true, "WITH": true,
	"EXECUTE": true, "BEGIN": true, "USE": true, "DROP": true, "ALTER": true, "SHOW": true,
	"DESCRIBE": true, "DESC": true, "EXPLAIN": true, "LOAD": true, "UNLOAD": true, "ADD": true,
	"REMOVE": true, "DELETE": true, "UPDATE": true, "TRUNCATE": true, "ANALYZE": true,
}

// runOnContinues are the keywords after which a statement cannot end.
var runOnContinues = map[string]bool{
	"AS": true, "UNION": true, "ALL": true, "DISTINCT": true, "INTERSECT": true, "EXCEPT": true,
	"MINUS": true, "FOR": true, "PLAN": true, "EXPLAIN": true, "EXECUTE": true, "SHOW": true,
	"SELECT": true, "FROM": true, "JOIN": true, "WHERE": true, "BY": true, "HAVING": true, "ON": true,
	"AND": true, "OR": true, "NOT": true, "IN": true, "EXISTS": true, "IF": true, "THEN": true,
	"ELSE": true, "WHEN": true, "CASE": true, "INTO": true, "OVERWRITE": true, "WITH": true,
	"TABLE": true, "VIEW": true, "BEGIN": true, "STATEMENT": true, "SET": true,
}

// startsRunOn reports whether next starts a new statement after prev, the
// statement so far, in text after the last semicolon; query says whether
// prev already holds its query (a SELECT or VALUES outside parentheses).
func (p *parser) startsRunOn(prev, next []tok, query bool) bool {
	t := next[0]
	if t.kind != ident || t.quoted || !runOnStarts[strings.ToUpper(t.text)] ||
		t.is("WITH") && len(next) > 1 && next[1].isPunct("(") { // the options of a CREATE TABLE
		return false
	}
	last := prev[len(prev)-1]
	switch {
	case last.kind == hint, last.kind == punct && !last.isPunct(")"),
		last.kind == ident && !last.quoted && runOnContinues[strings.ToUpper(last.text)]:
		return false
	case (t.is("SELECT") || t.is("WITH")) && !query &&
		(prev[0].is("WITH") || prev[0].is("INSERT") || prev[0].is("EXPLAIN") || prev[0].is("EXECUTE")):
		return false
	case (t.is("SET") || t.is("RESET") || t.is("ADD") || t.is("DROP")) && (prev[0].is("ALTER") || prev[0].is("UPDATE")):
		return false
	}
	return blankLineBefore(p.text[last.end():t.off()])
}

// blankLineBefore reports whether gap, the text between two tokens, holds
// an empty line and ends at the start of a line.
func blankLineBefore(gap string) bool {
	ls := strings.Split(strings.NewReplacer("\r\n", "\n", "\r", "\n").Replace(gap), "\n")
	if len(ls) < 3 || strings.TrimSpace(ls[len(ls)-1]) != "" {
		return false
	}
	return slices.ContainsFunc(ls[1:len(ls)-1], func(l string) bool { return strings.TrimSpace(l) == "" })
}

func startsWith(toks []tok, kws ...string) bool {
	if len(toks) < len(kws) {
		return false
	}
	for i, kw := range kws {
		if !toks[i].is(kw) {
			return false
		}
	}
	return true
}

// statement reads one statement; it returns nil and notes why when it
// cannot.
func (p *parser) statement(toks []tok) *model.Statement {
	if startsWith(toks, "EXECUTE", "STATEMENT", "SET", "BEGIN") {
		return p.statementSet(toks)
	}
	q, depth, balanced := p.newSeq(toks)
	if !balanced {
		p.note(toks[0].off(), "cannot read %q (unbalanced parentheses); statement skipped", p.snippet(toks))
		return nil
	}
	if depth > maxDepth {
		p.note(toks[0].off(), "statement %q skipped: too complex (parentheses nested %d deep, more than %d)", p.snippet(toks), depth, maxDepth)
		return nil
	}
	s := &model.Statement{Pos: p.pos(toks[0].off()), End: p.pos(toks[len(toks)-1].end())}
	p.callsAndHints(s, q)
	switch first := toks[0]; {
	case first.is("SET"):
		s.Kind = model.SetStatement
		return p.setting(s, toks, true)
	case first.is("RESET"):
		s.Kind = model.ResetStatement
		return p.setting(s, toks, false)
	case first.is("CREATE"):
		return p.create(s, q)
	case first.is("INSERT"):
		s.Kind = model.Insert
		i := 1
		for i < len(toks) && (toks[i].is("INTO") || toks[i].is("OVERWRITE")) {
			i++
		}
		s.Name, _ = p.name(toks, i)
	case first.is("SELECT"), first.is("WITH"), first.is("VALUES"), first.isPunct("("):
		s.Kind = model.Query
	}
	return s
}

// statementSet reads EXECUTE STATEMENT SET BEGIN ... END. Its calls and
// hints belong to the inner statements, which are read on their own.
func (p *parser) statementSet(toks []tok) *model.Statement {
	if p.sets >= maxSetDepth {
		p.note(toks[0].off(), "statement %q skipped: too complex (statement sets nested more than %d deep)", p.snippet(toks), maxSetDepth)
		return nil
	}
	s := &model.Statement{Kind: model.StatementSet, Pos: p.pos(toks[0].off()), End: p.pos(toks[len(toks)-1].end())}
	end := len(toks)
	if toks[end-1].is("END") {
		end--
	}
	p.sets++
	s.Body = p.statements(toks[4:end])
	p.sets--
	return s
}

// snippet returns the start of a statement on one line, for notes.
// Only its first bytes are looked at, so a note costs little however long
// the statement.
func (p *parser) snippet(toks []tok) string {
	const size = 40
	text := p.text[toks[0].off():toks[len(toks)-1].end()]
	s := strings.Join(strings.Fields(text[:min(len(text), 8*size)]), " ")
	if len(s) > size || len(text) > 8*size {
		cut := min(len(s), size)
		for cut < len(s) && cut > 0 && !utf8.RuneStart(s[cut]) {
			cut--
		}
		s = s[:cut] + "..."
	}
	return s
}

// setting reads SET 'key' = 'value', SET key = value and RESET 'key'.
func (p *parser) setting(s *model.Statement, toks []tok, set bool) *model.Statement {
	rest := toks[1:]
	if len(rest) == 0 {
		return s // SET; lists the settings, RESET; resets them all
	}
	eq := -1
	for i, t := range rest {
		if t.isPunct("=") {
			eq = i
			break
		}
	}
	keyToks := rest
	if set {
		if eq <= 0 || eq == len(rest)-1 {
			if rest[0].kind != str {
				s.Kind = model.OtherStatement // another dialect's SET (MySQL's SET NAMES utf8mb4): not Flink's
				return s
			}
			p.note(toks[0].off(), "cannot read %q (want SET 'key' = 'value'); statement skipped", p.snippet(toks))
			return nil
		}
		keyToks = rest[:eq]
	}
	st := &model.Setting{KeyPos: p.pos(keyToks[0].off()), KeyEnd: p.pos(keyToks[len(keyToks)-1].end())}
	st.Key = p.raw(keyToks)
	if set {
		valToks := rest[eq+1:]
		st.ValuePos = p.pos(valToks[0].off())
		st.Value = p.raw(valToks)
	}
	s.Setting = st
	return s
}

// raw returns a key or value as written: the contents of a single quoted
// string, or the text the tokens span.
func (p *parser) raw(toks []tok) string {
	if len(toks) == 1 && (toks[0].kind == str || toks[0].quoted) {
		return toks[0].text
	}
	return strings.TrimSpace(p.text[toks[0].off():toks[len(toks)-1].end()])
}

// name reads a possibly qualified name (cat.db.`table`) at toks[i] and
// returns it with the index after it.
func (p *parser) name(toks []tok, i int) (string, int) {
	var parts []string
	for i < len(toks) && toks[i].kind == ident {
		parts = append(parts, toks[i].text)
		if i+1 < len(toks) && toks[i+1].isPunct(".") {
			i += 2
			continue
		}
		i++
		break
	}
	return strings.Join(parts, "."), i
}

func (p *parser) create(s *model.Statement, q seq) *model.Statement {
	toks := q.toks
	i := 1
	for i < len(toks) && (toks[i].is("TEMPORARY") || toks[i].is("OR") || toks[i].is("REPLACE") || toks[i].is("SYSTEM")) {
		i++
	}
	if i >= len(toks) {
		return s
	}
	switch {
	case toks[i].is("VIEW"):
		s.Kind = model.CreateView
		i++
		if startsWith(toks[i:], "IF", "NOT", "EXISTS") {
			i += 3
		}
		s.Name, _ = p.name(toks, i)
		return s
	case !toks[i].is("TABLE"):
		return s // CREATE FUNCTION, CATALOG, DATABASE...
	}
	s.Kind = model.CreateTable
	i++
	if startsWith(toks[i:], "IF", "NOT", "EXISTS") {
		i += 3
	}
	if i >= len(toks) || toks[i].kind != ident {
		p.note(toks[0].off(), "cannot read %q (no table name); statement skipped", p.snippet(toks))
		return nil
	}
	t := &model.Table{NamePos: p.pos(toks[i].off())}
	t.Name, i = p.name(toks, i)
	s.Table = t
	if i < len(toks) && toks[i].isPunct("(") {
		end := q.closing(i)
		for _, el := range q.slice(i+1, end).split() {
			p.element(t, el)
		}
		i = end + 1
	}
	for i < len(toks) {
		switch {
		case toks[i].is("WITH") && i+1 < len(toks) && toks[i+1].isPunct("("):
			end := q.closing(i + 1)
			t.Options = p.options(q.slice(i+2, end))
			i = end + 1
		case toks[i].is("LIKE"):
			like := &model.Like{Pos: p.pos(toks[i].off())}
			like.Table, i = p.name(toks, i+1)
			if i < len(toks) && toks[i].isPunct("(") {
				end := q.closing(i)
				for j := i + 1; j+1 < end; j++ {
					if toks[j].is("EXCLUDING") && (toks[j+1].is("OPTIONS") || toks[j+1].is("ALL")) {
						like.ExcludingOptions = true
					}
				}
				i = end + 1
			}
			t.Like = like
		case toks[i].is("AS"):
			return s // CREATE TABLE ... AS SELECT: the query follows
		case toks[i].isPunct("("):
			i = q.closing(i) + 1 // PARTITIONED BY (...), DISTRIBUTED BY (...)
		default:
			i++
		}
	}
	return s
}

// seq is a run of a statement's tokens, indexed once so that reading the
// statement stays linear however deep it nests. For each opening
// parenthesis, jump holds the distance to the one that closes it (to the
// end of the statement when none does), so readers step over a group
// without scanning it. Expressions are windows into one slice of model
// tokens shared by the whole statement, sql: kept[i] is the index there of
// toks[i] (hints have no model token).
type seq struct {
	toks []tok
	jump []int
	kept []int // len(toks)+1 entries
	sql  []model.SQLToken
}

// newSeq indexes the tokens of a statement, or of a hint, and returns how
// deep its parentheses nest and whether they balance.
func (p *parser) newSeq(toks []tok) (q seq, depth int, balanced bool) {
	q = seq{toks: toks, jump: make([]int, len(toks)), kept: make([]int, len(toks)+1)}
	balanced = true
	var open []int
	for i, t := range toks {
		q.kept[i] = len(q.sql)
		switch {
		case t.isPunct("("):
			open = append(open, i)
			depth = max(depth, len(open))
		case t.isPunct(")") && len(open) == 0:
			balanced = false
		case t.isPunct(")"):
			o := open[len(open)-1]
			open = open[:len(open)-1]
			q.jump[o] = i - o
		}
		if k := sqlKind(t.kind); k != 0 {
			q.sql = append(q.sql, model.SQLToken{Kind: k, Text: t.text, Pos: p.pos(t.off())})
		}
	}
	q.kept[len(toks)] = len(q.sql)
	for _, o := range open {
		q.jump[o] = len(toks) - o
		balanced = false
	}
	return q, depth, balanced
}

func sqlKind(k kind) model.SQLTokenKind {
	switch k {
	case ident:
		return model.SQLIdent
	case str:
		return model.SQLString
	case num:
		return model.SQLNumber
	case punct:
		return model.SQLPunct
	}
	return 0
}

// slice returns the tokens lo to hi (exclusive).
func (q seq) slice(lo, hi int) seq {
	return seq{toks: q.toks[lo:hi], jump: q.jump[lo:hi], kept: q.kept[lo : hi+1], sql: q.sql}
}

// closing returns the index of the parenthesis that closes toks[open], or
// len(toks) when none does (in a hint, which is not checked for balance).
func (q seq) closing(open int) int {
	return min(open+q.jump[open], len(q.toks))
}

// split splits the tokens at commas outside parentheses.
func (q seq) split() []seq {
	var out []seq
	start := 0
	for i := 0; i < len(q.toks); i++ {
		switch t := q.toks[i]; {
		case t.isPunct("("):
			i = q.closing(i)
		case t.isPunct(","):
			out = append(out, q.slice(start, i))
			start = i + 1
		}
	}
	if start < len(q.toks) {
		out = append(out, q.slice(start, len(q.toks)))
	}
	return out
}

// find returns the index of the first punctuation p outside parentheses,
// or -1.
func (q seq) find(p string) int {
	for i := 0; i < len(q.toks); i++ {
		switch t := q.toks[i]; {
		case t.isPunct(p):
			return i
		case t.isPunct("("):
			i = q.closing(i)
		}
	}
	return -1
}

// expr returns the tokens as an expression. Its tokens are shared with the
// statement's other expressions, capped so that appending to them copies.
func (q seq) expr(p *parser) *model.SQLExpr {
	e := &model.SQLExpr{}
	if len(q.toks) > 0 {
		e.Pos = p.pos(q.toks[0].off())
	}
	if lo, hi := q.kept[0], q.kept[len(q.toks)]; hi > lo {
		e.Tokens = q.sql[lo:hi:hi]
	}
	return e
}

// element reads one element of a CREATE TABLE body.
func (p *parser) element(t *model.Table, q seq) {
	el := q.toks
	if len(el) == 0 {
		return
	}
	switch {
	case el[0].is("WATERMARK") && len(el) > 2 && el[1].is("FOR"):
		w := &model.Watermark{Pos: p.pos(el[0].off())}
		col, i := p.name(el, 2)
		w.Column = col
		if i < len(el) && el[i].is("AS") {
			w.Expr = q.slice(i+1, len(el)).expr(p)
		}
		t.Watermark = w
		return
	case el[0].is("PRIMARY"), el[0].is("CONSTRAINT"), el[0].kind != ident:
		return
	}
	c := &model.Column{Name: el[0].text, NamePos: p.pos(el[0].off())}
	rest := el[1:]
	if len(rest) > 0 && rest[0].is("AS") {
		c.Computed = q.slice(2, 2+len(untilKeyword(rest[1:], "COMMENT"))).expr(p)
	} else {
		typ := untilKeyword(rest, "METADATA", "COMMENT", "PRIMARY", "NOT", "NULL", "VIRTUAL", "CONSTRAINT")
		if len(typ) > 0 {
			c.Type = strings.ToUpper(strings.Join(strings.Fields(p.text[typ[0].off():typ[len(typ)-1].end()]), " "))
		}
	}
	for i, tk := range rest {
		switch {
		case tk.is("METADATA"):
			c.Metadata = true
		case tk.is("COMMENT") && i+1 < len(rest) && rest[i+1].kind == str:
			c.Comment = rest[i+1].text
		}
	}
	if c.Comment == "" {
		c.Comment = p.lineComment(int(el[len(el)-1].line))
	}
	t.Columns = append(t.Columns, c)
}

// lineComment returns the -- comment on a line, or "". A line has at most
// one: a comment runs to the end of its line.
func (p *parser) lineComment(line int) string {
	i, found := slices.BinarySearchFunc(p.comments, line, func(c comment, line int) int { return cmp.Compare(c.line, line) })
	if !found {
		return ""
	}
	return p.comments[i].text
}

func untilKeyword(toks []tok, kws ...string) []tok {
	for i, t := range toks {
		for _, kw := range kws {
			if t.is(kw) {
				return toks[:i]
			}
		}
	}
	return toks
}

// options reads 'key' = 'value' pairs separated by commas.
func (p *parser) options(q seq) []*model.Setting {
	var out []*model.Setting
	for _, el := range q.split() {
		eq := el.find("=")
		if eq <= 0 || eq == len(el.toks)-1 {
			continue
		}
		out = append(out, &model.Setting{
			Key: p.raw(el.toks[:eq]), KeyPos: p.pos(el.toks[0].off()), KeyEnd: p.pos(el.toks[eq-1].end()),
			Value: p.raw(el.toks[eq+1:]), ValuePos: p.pos(el.toks[eq+1].off()),
		})
	}
	return out
}

// callsAndHints collects the function calls, table hints and tables read
// of a statement.
func (p *parser) callsAndHints(s *model.Statement, q seq) {
	toks := q.toks
	for i, t := range toks {
		switch {
		case (t.is("FROM") || t.is("JOIN") || t.is("TABLE") && i > 0 && (toks[i-1].isPunct("(") || toks[i-1].isPunct(","))) &&
			i+1 < len(toks) && toks[i+1].kind == ident && !toks[i+1].is("TABLE"):
			name, _ := p.name(toks, i+1)
			s.Reads = append(s.Reads, name)
		case t.kind == ident && !t.quoted && i+1 < len(toks) && toks[i+1].isPunct("(") && !notCall(toks, i):
			call := &model.SQLCall{Name: strings.ToUpper(t.text), Pos: p.pos(t.off())}
			for _, arg := range q.slice(i+2, q.closing(i+1)).split() {
				call.Args = append(call.Args, arg.expr(p))
			}
			s.Calls = append(s.Calls, call)
		case t.kind == hint:
			h := &model.Hint{Pos: p.pos(t.off())}
			if i > 0 && toks[i-1].kind == ident {
				h.Table = toks[i-1].text
			}
			inner, _, _ := p.newSeq(lex(t.text, t.off()+3).toks)
			for j, it := range inner.toks {
				if it.is("OPTIONS") && j+1 < len(inner.toks) && inner.toks[j+1].isPunct("(") {
					h.Options = append(h.Options, p.options(inner.slice(j+2, inner.closing(j+1)))...)
				}
			}
			s.Hints = append(s.Hints, h)
		}
	}
}

// notCalls are keywords that a parenthesis can follow without making a
// function call.
var notCalls = map[string]bool{
	"WITH": true, "KEY": true, "VALUES": true, "IN": true, "AS": true, "BY": true, "OPTIONS": true,
	"OVER": true, "ON": true, "USING": true, "TABLE": true, "FROM": true, "JOIN": true, "AND": true, "OR": true, "NOT": true,
	"PARTITION": true, // INSERT INTO t PARTITION (p = 1)
	// types with a length or precision
	"TIMESTAMP": true, "TIMESTAMP_LTZ": true, "TIME": true, "DECIMAL": true, "DEC": true, "NUMERIC": true,
	"VARCHAR": true, "CHAR": true, "BINARY": true, "VARBINARY": true, "FLOAT": true, "DOUBLE": true,
}

// notCall reports whether the identifier toks[i], followed by a
// parenthesis, is a keyword or the name of a table rather than a function.
func notCall(toks []tok, i int) bool {
	if notCalls[strings.ToUpper(toks[i].text)] {
		return true
	}
	if i > 0 {
		for _, kw := range []string{"TABLE", "VIEW", "INTO", "LIKE", "EXISTS", "FUNCTION"} {
			if toks[i-1].is(kw) {
				return true
			}
		}
		if toks[i-1].isPunct(".") { // the last part of a qualified table name
			return true
		}
		if i > 1 && toks[i-1].is("BY") && toks[i-2].is("DISTRIBUTED") { // DISTRIBUTED BY HASH(id), Flink 2.0
			return true
		}
	}
	return false
}
