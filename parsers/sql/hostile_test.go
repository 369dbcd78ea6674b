package sql_test

import (
	"go/token"
	"strings"
	"testing"
	"time"

	"github.com/flinklint/flinklint/parsers/model"
	"github.com/flinklint/flinklint/parsers/sql"
)

// parseBounded parses text as a .sql file, failing the test if the parse
// has not returned after a generous time: a bound on hangs, not a speed
// target (BenchmarkNesting measures speed).
func parseBounded(t *testing.T, text string) ([]*model.Statement, []sql.Note) {
	t.Helper()
	var stmts []*model.Statement
	var notes []sql.Note
	done := make(chan struct{})
	go func() {
		defer close(done)
		stmts, notes = sql.Parse(text, func(off int) token.Pos { return token.Pos(off + 1) })
	}()
	select {
	case <-done:
	case <-time.After(2 * time.Minute):
		t.Fatalf("no result after 2 minutes for %d bytes of SQL", len(text))
	}
	return stmts, notes
}

const after = "\nSET 'pipeline.auto-watermark-interval' = '0';"

// lastIsSet reports whether the text after a hostile statement was read.
func lastIsSet(stmts []*model.Statement) bool {
	return len(stmts) > 0 && stmts[len(stmts)-1].Kind == model.SetStatement
}

// Every hostile shape at 16k is read or skipped with a note, and the
// statement after it is still read.
func TestHostileShapes(t *testing.T) {
	for _, h := range hostile {
		t.Run(h.name, func(t *testing.T) {
			stmts, notes := parseBounded(t, h.gen(16_000)+after)
			if !lastIsSet(stmts) {
				t.Errorf("the statement after it was not read; notes: %v", notes)
			}
		})
	}
}

// Calls nested up to the depth limit are all read, outermost first, each
// with its argument; one level more skips the statement with a note that
// says so, and the next statement is read.
func TestNestingLimit(t *testing.T) {
	stmts, notes := parseBounded(t, nested(1000)+after)
	if len(notes) != 0 || len(stmts) != 2 {
		t.Fatalf("%d statements, notes %v", len(stmts), notes)
	}
	calls := stmts[0].Calls
	if len(calls) != 1000 {
		t.Fatalf("%d calls, want 1000", len(calls))
	}
	for i, c := range calls {
		if want := 1 + 3*(999-i); len(c.Args) != 1 || len(c.Args[0].Tokens) != want {
			t.Fatalf("call %d: %d args, want one of %d tokens", i, len(c.Args), want)
		}
	}

	stmts, notes = parseBounded(t, nested(1001)+after)
	if len(notes) != 1 || !strings.Contains(notes[0].Message, "skipped: too complex (parentheses nested 1001 deep") || notes[0].Pos != 1 {
		t.Errorf("notes: %v", notes)
	}
	if len(stmts) != 1 || !lastIsSet(stmts) {
		t.Errorf("%d statements after the skipped one", len(stmts))
	}
}

// Statement sets nested in each other past the limit are skipped with a
// note.
func TestStatementSetLimit(t *testing.T) {
	_, notes := parseBounded(t, shape("statement-sets")(9)+after)
	if len(notes) != 1 || !strings.Contains(notes[0].Message, "skipped: too complex (statement sets nested more than 8 deep)") {
		t.Errorf("notes: %v", notes)
	}
}

// The arguments of a call share one slice of tokens; appending to one
// must not overwrite the next.
func TestSharedTokens(t *testing.T) {
	stmts, _ := parseBounded(t, "SELECT f(a, b) FROM t")
	args := stmts[0].Calls[0].Args
	_ = append(args[0].Tokens, model.SQLToken{Text: "clobbered"})
	if args[1].Tokens[0].Text != "b" {
		t.Errorf("second argument became %q", args[1].Tokens[0].Text)
	}
}

// Text that ends inside a comment, string, identifier or hint gets a note;
// the statements before it are read.
func TestUnterminatedAtEOF(t *testing.T) {
	for _, tail := range []string{"/* comment", "'string", "`ident", "\"ident", "/*+ OPTIONS('k'='v')", "SELECT 'it''s"} {
		stmts, notes := parseBounded(t, "SET 'a' = 'b';\n"+strings.Repeat("x", 100_000)+tail)
		if len(stmts) == 0 || stmts[0].Kind != model.SetStatement || len(notes) != 1 || !strings.Contains(notes[0].Message, "unterminated") {
			t.Errorf("%q: %d statements, notes %v", tail, len(stmts), notes)
		}
	}
}

// A megabyte string literal is read whole.
func TestHugeString(t *testing.T) {
	value := strings.Repeat("it''s ", 200_000)
	stmts, notes := parseBounded(t, "SET 'k' = '"+value+"';"+after)
	if len(notes) != 0 || len(stmts) != 2 || stmts[0].Setting.Value != strings.ReplaceAll(value, "''", "'") {
		t.Errorf("%d statements, notes %v", len(stmts), notes)
	}
}

// Thousands of statements are all read.
func TestManyStatements(t *testing.T) {
	stmts, notes := parseBounded(t, shape("statements")(20_000))
	if len(stmts) != 20_000 || len(notes) != 0 || len(stmts[19_999].Calls) != 1 {
		t.Errorf("%d statements, %d notes", len(stmts), len(notes))
	}
}

// A lone CR ends a line, and the -- comment on it: the statement after the
// comment is read, and a column's trailing comment documents it.
func TestLoneCR(t *testing.T) {
	stmts, notes := parseBounded(t, "-- job\rCREATE TABLE t (\r  ts BIGINT, -- epoch seconds\r  x INT\r) WITH ('connector' = 'kafka');\r")
	if len(notes) != 0 || len(stmts) != 1 || stmts[0].Table == nil {
		t.Fatalf("%d statements, notes %v", len(stmts), notes)
	}
	if cols := stmts[0].Table.Columns; len(cols) != 2 || cols[0].Comment != "epoch seconds" || cols[1].Comment != "" {
		t.Errorf("columns: %+v", cols)
	}
}
