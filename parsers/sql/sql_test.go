package sql_test

import (
	"fmt"
	"go/token"
	"strings"
	"testing"

	"github.com/flinklint/flinklint/parsers/model"
	"github.com/flinklint/flinklint/parsers/sql"
)

// parse reads src as a .sql file and renders its statements one per line
// with the positions of their parts.
func parse(t *testing.T, src string) (string, []sql.Note, *token.FileSet) {
	t.Helper()
	fset := token.NewFileSet()
	tf := fset.AddFile("job.sql", -1, len(src))
	tf.SetLinesForContent([]byte(src))
	stmts, notes := sql.Parse(src, tf.Pos)
	var b strings.Builder
	at := func(p token.Pos) string {
		pos := fset.Position(p)
		return fmt.Sprintf("%d:%d", pos.Line, pos.Column)
	}
	var render func(s *model.Statement, indent string)
	render = func(s *model.Statement, indent string) {
		fmt.Fprintf(&b, "%s%s @%s", indent, kinds[s.Kind], at(s.Pos))
		if st := s.Setting; st != nil {
			fmt.Fprintf(&b, " %q@%s=%q", st.Key, at(st.KeyPos), st.Value)
		}
		if s.Name != "" {
			fmt.Fprintf(&b, " %s", s.Name)
		}
		if tb := s.Table; tb != nil {
			fmt.Fprintf(&b, " %s@%s", tb.Name, at(tb.NamePos))
			for _, c := range tb.Columns {
				fmt.Fprintf(&b, " [%s %s", c.Name, c.Type)
				if c.Computed != nil {
					fmt.Fprintf(&b, "AS %d tokens", len(c.Computed.Tokens))
				}
				if c.Metadata {
					b.WriteString(" METADATA")
				}
				if c.Comment != "" {
					fmt.Fprintf(&b, " %q", c.Comment)
				}
				b.WriteString("]")
			}
			if w := tb.Watermark; w != nil {
				fmt.Fprintf(&b, " WATERMARK(%s)@%s", w.Column, at(w.Pos))
			}
			for _, o := range tb.Options {
				fmt.Fprintf(&b, " %s@%s=%s@%s", o.Key, at(o.KeyPos), o.Value, at(o.ValuePos))
			}
			if l := tb.Like; l != nil {
				fmt.Fprintf(&b, " LIKE %s excluding=%v", l.Table, l.ExcludingOptions)
			}
		}
		for _, h := range s.Hints {
			fmt.Fprintf(&b, " HINT(%s)", h.Table)
			for _, o := range h.Options {
				fmt.Fprintf(&b, " %s@%s=%s", o.Key, at(o.KeyPos), o.Value)
			}
		}
		for _, c := range s.Calls {
			fmt.Fprintf(&b, " %s@%s/%d", c.Name, at(c.Pos), len(c.Args))
		}
		b.WriteString("\n")
		for _, inner := range s.Body {
			render(inner, indent+"  ")
		}
	}
	for _, s := range stmts {
		render(s, "")
	}
	return b.String(), notes, fset
}

var kinds = map[model.StatementKind]string{
	model.OtherStatement: "OTHER", model.SetStatement: "SET", model.ResetStatement: "RESET",
	model.CreateTable: "CREATE TABLE", model.CreateView: "CREATE VIEW", model.Insert: "INSERT",
	model.Query: "QUERY", model.StatementSet: "STATEMENT SET",
}

func TestScript(t *testing.T) {
	got, notes, _ := parse(t, `-- Flink SQL job; with comments
SET 'table.exec.source.idle-timeout' = '1 min';
set pipeline.auto-watermark-interval=200ms;
RESET 'table.exec.state.ttl';
CREATE TEMPORARY TABLE IF NOT EXISTS `+"`cat`.db.`clicks;v1`"+` (
  user_id STRING,
  ts_sec BIGINT, -- epoch seconds
  price DECIMAL(10, 2) COMMENT 'in cents; really',
  ts AS TO_TIMESTAMP_LTZ(ts_sec, 0),
  part INT METADATA FROM 'partition' VIRTUAL,
  WATERMARK FOR ts AS ts - INTERVAL '5' SECOND,
  PRIMARY KEY (user_id) NOT ENFORCED
) WITH (
  'connector' = 'kafka',
  'properties.group.id' = 'it''s; fine'
);
/* a block comment; with a semicolon */
CREATE TABLE clicks_copy WITH ('topic' = 'copy') LIKE clicks (EXCLUDING OPTIONS);
create view v as select * from clicks /*+ OPTIONS('scan.watermark.idle-timeout'='30 s') */;
EXECUTE STATEMENT SET BEGIN
  INSERT INTO sink1 SELECT window_start, COUNT(*) FROM TABLE(TUMBLE(TABLE clicks, DESCRIPTOR(ts), INTERVAL '1' MINUTES)) GROUP BY window_start;
  INSERT INTO sink2 SELECT FROM_UNIXTIME(ts_sec) FROM clicks;
END;
SHOW TABLES`)
	for _, line := range []string{
		`SET @2:1 "table.exec.source.idle-timeout"@2:5="1 min"`,
		`SET @3:1 "pipeline.auto-watermark-interval"@3:5="200ms"`,
		`RESET @4:1 "table.exec.state.ttl"@4:7=""`,
		"CREATE TABLE @5:1 cat.db.clicks;v1@5:38 [user_id STRING] [ts_sec BIGINT \"epoch seconds\"] [price DECIMAL(10, 2) \"in cents; really\"] [ts AS 6 tokens] [part INT METADATA] WATERMARK(ts)@11:3 connector@14:3=kafka@14:17 properties.group.id@15:3=it's; fine@15:27 TO_TIMESTAMP_LTZ@9:9/2\n",
		"CREATE TABLE @18:1 clicks_copy@18:14 topic@18:32=copy@18:42 LIKE clicks excluding=true\n",
		"CREATE VIEW @19:1 v HINT(clicks) scan.watermark.idle-timeout@19:51=30 s\n",
		"STATEMENT SET @20:1\n  INSERT @21:3 sink1 COUNT@21:42/1 TUMBLE@21:62/3 DESCRIPTOR@21:83/1\n",
		"  INSERT @22:3 sink2 FROM_UNIXTIME@22:28/1\n",
		"OTHER @24:1\n",
	} {
		if !strings.Contains(got, line) {
			t.Errorf("missing %q in:\n%s", line, got)
		}
	}
	if len(notes) != 0 {
		t.Errorf("notes: %v", notes)
	}
}

// A statement that cannot be read is skipped with a note naming its line;
// the statements after it are read.
func TestErrorTolerance(t *testing.T) {
	got, notes, fset := parse(t, `CREATE TABLE broken (a INT, WITH ('connector' = 'kafka';
SET 'k' 'v';
SET 'table.exec.source.idle-timeout' = '0'; SET NAMES utf8mb4;
CREATE TABLE t (ts TIMESTAMP(3), WATERMARK FOR ts AS ts) WITH ('connector' = 'kafka');
SELECT 'unterminated`)
	var ns []string
	for _, n := range notes {
		ns = append(ns, fmt.Sprintf("%d: %s", fset.Position(n.Pos).Line, n.Message))
	}
	wantNotes := []string{
		`1: cannot read "CREATE TABLE broken (a INT, WITH ('conne..." (unbalanced parentheses); statement skipped`,
		`2: cannot read "SET 'k' 'v'" (want SET 'key' = 'value'); statement skipped`,
		"5: unterminated string; the rest of the text is not analyzed",
	}
	if strings.Join(ns, "\n") != strings.Join(wantNotes, "\n") {
		t.Errorf("notes:\n%s\nwant:\n%s", strings.Join(ns, "\n"), strings.Join(wantNotes, "\n"))
	}
	for _, line := range []string{`SET @3:1 "table.exec.source.idle-timeout"@3:5="0"`, "CREATE TABLE @4:1 t@4:14 [ts TIMESTAMP(3)] WATERMARK(ts)@4:34"} {
		if !strings.Contains(got, line) {
			t.Errorf("missing %q in:\n%s", line, got)
		}
	}
}

// Positions go through the mapping function, so SQL embedded in code maps
// back to its string literal.
func TestPositionMapping(t *testing.T) {
	stmts, _ := sql.Parse("SET 'a' = 'b'", func(off int) token.Pos { return token.Pos(1000 + off) })
	if s := stmts[0].Setting; s.KeyPos != 1004 || s.ValuePos != 1010 {
		t.Errorf("key at %d, value at %d", s.KeyPos, s.ValuePos)
	}
}

// The SQL client writes statement sets as BEGIN STATEMENT SET; ... END;
// each part a statement of its own.
func TestClientStatementSet(t *testing.T) {
	got, notes, _ := parse(t, "BEGIN STATEMENT SET;\nINSERT INTO a SELECT * FROM b;\nINSERT INTO c SELECT TO_TIMESTAMP_LTZ(x, 3) FROM d;\nEND;\n")
	want := "OTHER @1:1\nINSERT @2:1 a\nINSERT @3:1 c TO_TIMESTAMP_LTZ@3:22/2\nOTHER @4:1\n"
	if got != want || len(notes) != 0 {
		t.Errorf("got:\n%s\nwant:\n%s\nnotes: %v", got, want, notes)
	}
}

// A CASE ... END inside a statement set does not end the set; a byte-order
// mark and no-break spaces are blanks.
func TestStatementSetWithCaseAndOddBlanks(t *testing.T) {
	got, notes, _ := parse(t, "\ufeffEXECUTE STATEMENT SET BEGIN\n"+
		"INSERT INTO a SELECT CASE WHEN x > 0 THEN 1 ELSE 0 END FROM b;\n"+
		"INSERT INTO c SELECT * FROM d;\n"+
		"END;\n"+
		"CREATE TABLE t (ts TIMESTAMP(3), WATERMARK\u00a0FOR ts AS ts) WITH ('connector' = 'kafka');")
	want := "STATEMENT SET @1:4\n  INSERT @2:1 a\n  INSERT @3:1 c\nCREATE TABLE @5:1 t@5:14 [ts TIMESTAMP(3)] WATERMARK(ts)@5:34 connector@5:65=kafka@5:79\n"
	if got != want || len(notes) != 0 {
		t.Errorf("got:\n%s\nwant:\n%s\nnotes: %v", got, want, notes)
	}
}

func TestReads(t *testing.T) {
	stmts, _ := sql.Parse(`INSERT INTO sink SELECT * FROM TABLE(TUMBLE(TABLE clicks, DESCRIPTOR(ts), INTERVAL '1' MINUTE)) c
JOIN cat.db.users FOR SYSTEM_TIME AS OF c.ts AS u ON c.id = u.id LEFT JOIN (SELECT * FROM orders) o ON true`, func(int) token.Pos { return 0 })
	if got := strings.Join(stmts[0].Reads, " "); got != "clicks cat.db.users orders" {
		t.Errorf("reads = %q", got)
	}
}

// A script without semicolons, as Flink 1.10-era runners read it, is split
// at blank lines followed by a statement keyword, comments between them or
// not; a statement that goes on after a blank line is not.
func TestRunOnScript(t *testing.T) {
	got, notes, _ := parse(t, `-- orders
CREATE TABLE orders (
  ts TIMESTAMP(3),
  WATERMARK FOR ts AS ts
) WITH ('connector.type' = 'kafka')

CREATE TABLE dim (id INT)

WITH ('connector.type' = 'jdbc')

-- the job
-------------
insert into sink
select id, (
  select 1

  ) from orders
  UNION ALL

  SELECT id FROM dim

WITH a AS (SELECT 1)

SELECT * FROM a
set 'k' = 'v'

  SET 'table.exec.source.idle-timeout' = '1 min'
`)
	want := "CREATE TABLE @2:1 orders@2:14 [ts TIMESTAMP(3)] WATERMARK(ts)@4:3 connector.type@5:9=kafka@5:28\n" +
		"CREATE TABLE @7:1 dim@7:14 [id INT] connector.type@9:7=jdbc@9:26\n" +
		"INSERT @13:1 sink\n" +
		"QUERY @22:1\n" + // and the set after it, with no blank line between
		`SET @27:3 "table.exec.source.idle-timeout"@27:7="1 min"` + "\n"
	if got != want || len(notes) != 0 {
		t.Errorf("got:\n%s\nwant:\n%s\nnotes: %v", got, want, notes)
	}
}

// Text ended by a semicolon is never split at blank lines, nor is a
// statement that waits for its query or the SET of an ALTER; only the text
// after the last semicolon is.
func TestRunOnOnlyWithoutSemicolon(t *testing.T) {
	got, _, _ := parse(t, `CREATE TABLE a (x INT)

CREATE TABLE b (y INT);
INSERT INTO a

SELECT 1;
EXECUTE STATEMENT SET BEGIN
INSERT INTO a SELECT 1;

INSERT INTO b SELECT 2;
END;

ALTER TABLE a

SET ('k' = 'v')

EXPLAIN PLAN FOR

SELECT 1

CREATE VIEW v AS

SELECT 2
`)
	want := "CREATE TABLE @1:1 a@1:14 [x INT]\n" +
		"INSERT @4:1 a\n" +
		"STATEMENT SET @7:1\n  INSERT @8:1 a\n  INSERT @10:1 b\n" +
		"OTHER @13:1 SET@15:1/1\n" + // ALTER TABLE a SET (...)
		"OTHER @17:1\n" + // EXPLAIN PLAN FOR SELECT 1
		"CREATE VIEW @21:1 v\n"
	if got != want {
		t.Errorf("got:\n%s\nwant:\n%s", got, want)
	}
}
