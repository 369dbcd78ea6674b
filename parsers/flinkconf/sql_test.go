package flinkconf

import (
	"fmt"
	"slices"
	"strings"
	"testing"
)

// manifestSQL runs ManifestSQL and renders each text as `line:col "text"`,
// the place of its first non-blank byte, after checking that every byte
// read from the file (not a folded line break) lies at a place that holds
// it, or the backslash of its escape.
func manifestSQL(t *testing.T, src string) []string {
	t.Helper()
	var got []string
	for _, s := range ManifestSQL([]byte(src)) {
		if len(s.Offsets) != len(s.Text)+1 {
			t.Fatalf("%d offsets for %d bytes", len(s.Offsets), len(s.Text))
		}
		for i := range len(s.Text) {
			c, at := s.Text[i], src[s.Offsets[i]]
			if c != at && at != '\\' && c != ' ' && c != '\n' {
				t.Fatalf("byte %d %q of %q is placed at offset %d, which holds %q", i, c, s.Text, s.Offsets[i], at)
			}
		}
		first := len(s.Text) - len(strings.TrimLeft(s.Text, " \n"))
		off := s.Offsets[first]
		line := strings.Count(src[:off], "\n") + 1
		col := off - strings.LastIndex(src[:off], "\n")
		got = append(got, fmt.Sprintf("%d:%d %q", line, col, strings.TrimSpace(s.Text)))
	}
	return got
}

func TestManifestSQL(t *testing.T) {
	const head = "apiVersion: flink.apache.org/v1beta1\nkind: FlinkDeployment\nspec:\n  job:\n    jarURI: local:///opt/sql-runner.jar\n"
	cases := []struct {
		name, src string
		want      []string
	}{
		{"double-quoted over several lines (streamshub runner)",
			head + "    args: [\"\n        CREATE TABLE t (\n          ts TIMESTAMP(3), \n\n          x STRING\n        ) WITH ('connector' = 'kafka');\n        INSERT INTO s SELECT * FROM t;\n        \"]\n",
			[]string{`7:9 "CREATE TABLE t ( ts TIMESTAMP(3),\nx STRING ) WITH ('connector' = 'kafka'); INSERT INTO s SELECT * FROM t;"`}},
		{"double-quoted escapes and an escaped line break",
			head + "    args: [\"SELECT 'caf\\u00e9', \\\"q\\\"\\tFROM t WHERE a = 'x\\\n        y'\"]\n",
			[]string{"6:13 \"SELECT 'café', \\\"q\\\"\\tFROM t WHERE a = 'xy'\""}},
		{"single-quoted with a doubled quote",
			head + "    args:\n    - 'SET ''table.exec.source.idle-timeout'' = ''0'';\n      SELECT 1'\n",
			[]string{`7:8 "SET 'table.exec.source.idle-timeout' = '0'; SELECT 1"`}},
		{"plain over two lines",
			head + "    args:\n    - SELECT a\n      FROM t\n",
			[]string{`7:7 "SELECT a FROM t"`}},
		{"literal block",
			head + "    args:\n    - |\n      CREATE TABLE t (a INT)\n        WITH ('connector' = 'kafka');\n\n      INSERT INTO s SELECT a FROM t;\n",
			[]string{`8:7 "CREATE TABLE t (a INT)\n  WITH ('connector' = 'kafka');\n\nINSERT INTO s SELECT a FROM t;"`}},
		{"literal block, strip chomping, a comment and a blank line with more spaces",
			head + "    args:\n    - |- # the job\n      SELECT a\n          \n      FROM t\n\n    parallelism: 1\n",
			[]string{`8:7 "SELECT a\n    \nFROM t"`}},
		{"folded block",
			head + "    args:\n    - >\n      SELECT a,\n      b\n\n      FROM t\n        WHERE x\n      ;\n",
			[]string{`8:7 "SELECT a, b\nFROM t\n  WHERE x\n;"`}},
		{"a flag before the SQL, in the same item and in the one before",
			head + "    args: [\"--sql CREATE TABLE a (x INT)\", \"--sql\", \"INSERT INTO b SELECT * FROM a\", \"-e=SET 'a' = 'b'\"]\n",
			[]string{`6:19 "CREATE TABLE a (x INT)"`, `6:54 "INSERT INTO b SELECT * FROM a"`, `6:90 "SET 'a' = 'b'"`}},
		{"a comment above the SQL",
			head + "    args:\n    - |\n      -- the source\n      CREATE TABLE a (x INT)\n",
			[]string{`8:7 "-- the source\nCREATE TABLE a (x INT)"`}},
		{"paths, flags and other arguments are not SQL",
			head + "    args: [\"/opt/flink/usrlib/sql-scripts/simple.sql\", \"-f /opt/a.sql\", \"--execution-mode\", \"BATCH\", \"10\", \"embedded\", \"selection\"]\n",
			nil},
		{"environment variables of the pod template, in file order",
			"apiVersion: flink.apache.org/v1beta1\nkind: FlinkSessionJob\nspec:\n  podTemplate:\n    spec:\n      containers:\n        - name: main\n          env:\n            - name: SQL_STATEMENTS\n              value: |\n                  SELECT 1;\n            - name: OTHER\n              value: /opt/x\n  job:\n    args: [\"SELECT 2\"]\n",
			[]string{`11:19 "SELECT 1;"`, `15:13 "SELECT 2"`}},
		{"CRLF line ends (YAML reads them as LF)",
			strings.ReplaceAll(head+"    args:\n    - |\n      SELECT a\n      FROM t\n", "\n", "\r\n"),
			[]string{"8:7 \"SELECT a\\nFROM t\""}},
		{"other kinds are not read",
			"apiVersion: v1\nkind: ConfigMap\ndata:\n  job.sql: |\n    SELECT 1\nspec:\n  job:\n    args: [\"SELECT 1\"]\n",
			nil},
		{"an explicit indentation indicator or a tag is left out",
			head + "    args:\n    - |2\n        SELECT 1\n    - !!str SELECT 2\n    - SELECT 3\n",
			[]string{`10:7 "SELECT 3"`}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got := manifestSQL(t, c.src)
			if !slices.Equal(got, c.want) {
				t.Errorf("got\n\t%s\nwant\n\t%s", strings.Join(got, "\n\t"), strings.Join(c.want, "\n\t"))
			}
		})
	}
}
