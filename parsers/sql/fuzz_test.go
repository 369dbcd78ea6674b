package sql_test

import (
	"go/token"
	"testing"

	"github.com/flinklint/flinklint/parsers/sql"
)

// FuzzParse checks that no input makes the SQL front end panic or report a
// position outside the text.
func FuzzParse(f *testing.F) {
	for _, seed := range []string{
		"CREATE TABLE t (ts TIMESTAMP(3), WATERMARK FOR ts AS ts) WITH ('connector' = 'kafka') LIKE s (EXCLUDING ALL);",
		"SET 'a' = 'b'; RESET; SET x = ; SET",
		"EXECUTE STATEMENT SET BEGIN INSERT INTO a SELECT CASE WHEN 1 THEN 2 END FROM b; END;",
		"SELECT * FROM t /*+ OPTIONS('k'='v') */ JOIN TABLE(TUMBLE(TABLE t, DESCRIPTOR(ts), INTERVAL '1' MINUTE))",
		"CREATE TABLE", "CREATE TABLE t (", "WITH (", "/*+", "'", "`", "--", "WATERMARK FOR", "LIKE", "TABLE(",
		nested(1001), // past the depth limit
	} {
		f.Add(seed)
	}
	for _, h := range hostile {
		f.Add(h.gen(20))
	}
	f.Fuzz(func(t *testing.T, text string) {
		stmts, notes := sql.Parse(text, func(off int) token.Pos {
			if off < 0 || off > len(text) {
				t.Fatalf("offset %d outside the text of %d bytes", off, len(text))
			}
			return token.Pos(off + 1)
		})
		_, _ = stmts, notes
	})
}
