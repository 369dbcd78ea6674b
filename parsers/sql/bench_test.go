package sql_test

import (
	"fmt"
	"go/token"
	"strings"
	"testing"

	"github.com/flinklint/flinklint/parsers/sql"
)

// nested returns a query with n calls nested in each other:
// SELECT f(f(...f(x)...)) FROM t.
func nested(n int) string {
	return "SELECT " + strings.Repeat("f(", n) + "x" + strings.Repeat(")", n) + " FROM t;\n"
}

// chain returns n copies of item joined by sep between prefix and suffix.
func chain(prefix, item, sep, suffix string, n int) string {
	return prefix + strings.TrimSuffix(strings.Repeat(item+sep, n), sep) + suffix
}

// hostile are inputs whose cost grows with a size: nesting, and chains of
// lists, statements and literals.
var hostile = []struct {
	name string
	gen  func(n int) string
}{
	{"calls", nested},
	{"parens", func(n int) string { return "SELECT " + strings.Repeat("(", n) + "1" + strings.Repeat(")", n) + ";" }},
	{"in-list", func(n int) string { return chain("SELECT * FROM t WHERE a IN (", "1", ", ", ");", n) }},
	{"concat", func(n int) string { return chain("SELECT ", "CONCAT(a, 'x')", " || ", " FROM t;", n) }},
	{"statements", func(n int) string { return strings.Repeat("INSERT INTO s SELECT TO_TIMESTAMP_LTZ(ts, 3) FROM t;\n", n) }},
	{"set", func(n int) string { return strings.Repeat("SET 'table.exec.source.idle-timeout' = '1 min';\n", n) }},
	{"with-options", func(n int) string {
		return chain("CREATE TABLE t (ts TIMESTAMP(3)) WITH (", "'k' = 'v'", ", ", ");", n)
	}},
	{"columns", func(n int) string {
		return chain("CREATE TABLE t (", "c BIGINT -- epoch seconds\n", ", ", ") WITH ('connector' = 'kafka');", n)
	}},
	{"cte", func(n int) string { return chain("WITH ", "q AS (SELECT f(x) FROM t)", ", ", " SELECT * FROM q;", n) }},
	{"string", func(n int) string { return "SELECT '" + strings.Repeat("x''", n*8) + "' FROM t;" }},
	{"hint", func(n int) string { return "SELECT * FROM t /*+ " + strings.Repeat("OPTIONS(", n) + " */;" }},
	{"statement-sets", func(n int) string {
		return strings.Repeat("EXECUTE STATEMENT SET BEGIN ", n) + "INSERT INTO s SELECT f(x) FROM t;" + strings.Repeat(" END;", n)
	}},
}

// shape returns the generator of the hostile shape called name.
func shape(name string) func(n int) string {
	for _, h := range hostile {
		if h.name == name {
			return h.gen
		}
	}
	panic("no shape " + name)
}

// BenchmarkNesting parses n calls nested in each other, and the other
// hostile shapes at the same sizes; the time per operation should grow
// linearly with n.
func BenchmarkNesting(b *testing.B) {
	for _, h := range hostile {
		for _, n := range []int{1000, 2000, 4000, 8000} {
			text := h.gen(n)
			b.Run(fmt.Sprintf("%s/%dk", h.name, n/1000), func(b *testing.B) {
				b.SetBytes(int64(len(text)))
				b.ReportAllocs()
				for b.Loop() {
					sql.Parse(text, func(off int) token.Pos { return token.Pos(off + 1) })
				}
			})
		}
	}
}
