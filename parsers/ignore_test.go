package parsers

import (
	"fmt"
	"strings"
	"testing"
)

// directives renders what ignores reads: "at line-end rules reason".
func directives(path, src string) []string {
	var out []string
	for _, ig := range ignores(path, []byte(src)) {
		out = append(out, fmt.Sprintf("%d %d-%d %s %s", ig.At, ig.Line, ig.End, strings.Join(ig.Rules, ","), ig.Reason))
	}
	return out
}

func TestIgnores(t *testing.T) {
	for _, c := range []struct {
		name, path, src string
		want            []string
	}{
		{"java end of line", "A.java", "a();\nks.window(g); // flinklint:ignore r1,r2 why not\n", []string{"2 2-2 r1,r2 why not"}},
		{"java alone covers the statement", "A.java", `class A {
  // flinklint:ignore r reason
  ks.window(GlobalWindows.create())
    .trigger(t)
    .sum(1);
  next();
}`, []string{"2 3-5 r reason"}},
		{"java block comment alone, stacked directives", "A.java", "/* flinklint:ignore r1 one */\n// flinklint:ignore r2 two\n\nf(a,\n  b);\n", []string{"1 4-5 r1 one", "2 4-5 r2 two"}},
		{"java block comment before code on its line", "A.java", "/* flinklint:ignore r why */ f();\ng();\n", []string{"1 1-1 r why"}},
		{"javadoc line", "A.java", "/**\n * flinklint:ignore r why\n */\nvoid f() {\n  x();\n}\n", []string{"2 4-4 r why"}},
		{"java declaration covers its header only", "A.java", "// flinklint:ignore r why\n@Override\npublic void f(int a,\n    int b) {\n  x();\n}\n", []string{"1 2-4 r why"}},
		{"java lambda body inside the call", "A.java", "// flinklint:ignore r why\ns.map(x -> {\n  return x;\n}).sum(1);\ny();\n", []string{"1 2-4 r why"}},
		{"last statement of a block without ;", "A.java", "void f() {\n  // flinklint:ignore r why\n  return\n}\n", []string{"2 3-3 r why"}},
		{"java strings are not comments", "A.java", `String a = "// flinklint:ignore r in a string";
char q = '"'; String b = "x"; // flinklint:ignore r2 after a char literal
String c = """
  -- flinklint:ignore r3 SQL in a text block
  """;
String d = "\" // flinklint:ignore r4 escaped quote";
`, []string{"2 2-2 r2 after a char literal"}},
		{"scala", "A.scala", `object A {
  val s = "// flinklint:ignore r no"
  val t = """ // flinklint:ignore r no " """
  /* outer /* nested */ flinklint:ignore r no, not at the start */
  // flinklint:ignore r yes
  val w = stream
    .window(GlobalWindows.create())
    .sum(1)
  val sym = 'sym // flinklint:ignore r2 after a symbol
  // flinklint:ignore r3 a method
  def f(a: Int) = {
    a
  }
}`, []string{"5 6-8 r yes", "9 9-9 r2 after a symbol", "10 11-11 r3 a method"}},
		{"sql", "a.sql", `SELECT '-- flinklint:ignore r no' FROM t;
-- flinklint:ignore r yes
CREATE TABLE t (
  ts TIMESTAMP(3),
  WATERMARK FOR ts AS ts
) WITH ('connector' = 'kafka');
SELECT "a""-- flinklint:ignore r no";
/* flinklint:ignore r2 block */
SELECT 1

SELECT 2;
`, []string{"2 3-6 r yes", "8 9-9 r2 block"}},
		{"yaml", "flink-conf.yaml", "a: 'x # flinklint:ignore r no'\nb: c#d flinklint:ignore r no\n# flinklint:ignore r yes\nkey: v\nk: v # flinklint:ignore r2 eol\n", []string{"3 4-4 r yes", "5 5-5 r2 eol"}},
		{"python", "a.py", `s = "# flinklint:ignore r no"
t = """ # flinklint:ignore r no
"""
# flinklint:ignore r yes
ws = WatermarkStrategy \\
    .for_monotonous_timestamps()
ds = (env.from_source(src,
    ws, "k"))  # flinklint:ignore r2 eol
# flinklint:ignore r3 a def
def f(a,
      b):
    return a
`, []string{"4 5-6 r yes", "8 8-8 r2 eol", "9 10-11 r3 a def"}},
		{"not at the start of the comment", "A.java", "// see flinklint:ignore r docs\n", nil},
		{"no rule", "A.java", "// flinklint:ignore\nf();\n", []string{"1 2-2  "}},
		{"at the end of the file", "A.java", "f();\n// flinklint:ignore r why", []string{"2 3-3 r why"}},
		{"unclosed string", "A.java", "String s = \"abc\n// flinklint:ignore r why\nf();\n", []string{"2 3-3 r why"}},
		{"unclosed block comment", "A.java", "/* flinklint:ignore r why\nf();", []string{"1 3-3 r why"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			for _, eol := range []string{"\n", "\r\n", "\r"} {
				got := directives(c.path, strings.ReplaceAll(c.src, "\n", eol))
				if strings.Join(got, "\n") != strings.Join(c.want, "\n") {
					t.Errorf("%q: got\n%s\nwant\n%s", eol, strings.Join(got, "\n"), strings.Join(c.want, "\n"))
				}
			}
		})
	}
}

func TestCharLiteral(t *testing.T) {
	for s, want := range map[string]bool{`'a'`: true, `'\n'`: true, `'\u0041'`: true, `'é'`: true, `'sym)`: false, `'ab'`: false, `'`: false, "'\n'": false} {
		if got := charLiteral([]byte(s)); got != want {
			t.Errorf("charLiteral(%q) = %t", s, got)
		}
	}
}

// FuzzIgnores checks that no input makes the lexer fail, and that a
// directive covers the lines from Line to End, after the one it is on.
func FuzzIgnores(f *testing.F) {
	for _, s := range []string{"// flinklint:ignore r why\nf(a,\n b);", "/* flinklint:ignore r /* x", "'\\", "\"\"\"", "-- flinklint:ignore r\r\n'", "# flinklint:ignore r x\n'a"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, src string) {
		for _, path := range []string{"A.java", "A.scala", "a.sql", "a.yaml", "a.py"} {
			for _, ig := range ignores(path, []byte(src)) {
				if ig.At < 1 || ig.Line < ig.At || ig.End < ig.Line {
					t.Fatalf("%s: at %d, lines %d-%d", path, ig.At, ig.Line, ig.End)
				}
			}
		}
	})
}
