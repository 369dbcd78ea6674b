package sql_test

import (
	"fmt"
	"strings"
	"testing"
)

// Flink 2.0's DISTRIBUTED BY clause (FLIP-376) between the columns and
// WITH: the table, its options and the statements after it are read.
func TestDistributedBy(t *testing.T) {
	got, notes, _ := parse(t, `CREATE TABLE a (id INT, ts TIMESTAMP(3), WATERMARK FOR ts AS ts) DISTRIBUTED BY (id) INTO 1 BUCKETS WITH ('connector' = 'kafka');
create table if not exists b (id int primary key not enforced) distributed by hash(id) into 4 buckets with ('connector' = 'kafka');
CREATE TABLE c (id INT) DISTRIBUTED BY RANGE(id, ts) WITH ('connector' = 'kafka');
CREATE TABLE d (id INT) DISTRIBUTED INTO 2 BUCKETS PARTITIONED BY (id) WITH ('connector' = 'kafka');
CREATE TABLE e (id INT) DISTRIBUTED BY HASH (id) WITH ('connector' = 'kafka') AS SELECT * FROM x;
SET 'k' = 'v';`)
	want := "CREATE TABLE @1:1 a@1:14 [id INT] [ts TIMESTAMP(3)] WATERMARK(ts)@1:42 connector@1:107=kafka@1:121\n" +
		"CREATE TABLE @2:1 b@2:28 [id INT] connector@2:109=kafka@2:123\n" +
		"CREATE TABLE @3:1 c@3:14 [id INT] connector@3:60=kafka@3:74\n" +
		"CREATE TABLE @4:1 d@4:14 [id INT] connector@4:78=kafka@4:92\n" +
		"CREATE TABLE @5:1 e@5:14 [id INT] connector@5:56=kafka@5:70\n" +
		`SET @6:1 "k"@6:5="v"` + "\n"
	if got != want || len(notes) != 0 {
		t.Errorf("got:\n%s\nwant:\n%s\nnotes: %v", got, want, notes)
	}
}

// In the Hive dialect a backslash escapes a quote in a string
// ('1\'1'); in Flink's default dialect it does not ('C:\' is a whole
// string).
func TestHiveDialectEscapes(t *testing.T) {
	for _, c := range []struct{ name, src, want string }{
		{"default dialect: a backslash is a character",
			`INSERT INTO t SELECT REPLACE(p, '\', '/') FROM s; SET 'a' = 'b';`,
			"INSERT @1:1 t REPLACE@1:22/3\nSET @1:51 \"a\"@1:55=\"b\"\n"},
		{"SET table.sql-dialect switches the lexer",
			"SET 'table.sql-dialect' = 'hive';\ninsert into db1.dest partition (p1='1\\'1', p2=1.1) select x from db1.src;\nSET table.sql-dialect = default;\nINSERT INTO t SELECT REPLACE(p, '\\', '/') FROM s;",
			"SET @1:1 \"table.sql-dialect\"@1:5=\"hive\"\nINSERT @2:1 db1.dest\nSET @3:1 \"table.sql-dialect\"@3:5=\"default\"\nINSERT @4:1 t REPLACE@4:22/3\n"},
		{"a string left open by a backslash-escaped quote is read as Hive's",
			"insert into db1.dest partition (p1='1\\'1', p2=1.1) select x from db1.src",
			"INSERT @1:1 db1.dest\n"},
		{"Hive strings: double quotes, escapes unescaped",
			"SET table.sql-dialect=hive;\nSET 'k' = \"a\\\"b\\tc\\\\\";",
			"SET @1:1 \"table.sql-dialect\"@1:5=\"hive\"\nSET @2:1 \"k\"@2:5=\"a\\\"b\\tc\\\\\"\n"},
	} {
		t.Run(c.name, func(t *testing.T) {
			got, notes, fset := parse(t, c.src)
			var ns []string
			for _, n := range notes {
				ns = append(ns, fmt.Sprintf("%s: %s", fset.Position(n.Pos), n.Message))
			}
			if got != c.want || len(notes) != 0 {
				t.Errorf("got:\n%s\nwant:\n%s\nnotes: %s", got, c.want, strings.Join(ns, "\n"))
			}
		})
	}
}

// A string that no dialect ends is still noted, once, where the default
// dialect leaves it open.
func TestUnterminatedInEveryDialect(t *testing.T) {
	_, notes, fset := parse(t, "SELECT 'a\\'b\\'c', 'open")
	var ns []string
	for _, n := range notes {
		ns = append(ns, fmt.Sprintf("%s: %s", fset.Position(n.Pos), n.Message))
	}
	want := "job.sql:1:19: unterminated string; the rest of the text is not analyzed"
	if strings.Join(ns, "\n") != want {
		t.Errorf("notes:\n%s\nwant:\n%s", strings.Join(ns, "\n"), want)
	}
}
