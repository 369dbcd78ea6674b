package literal_test

import (
	"go/token"
	"testing"

	"github.com/flinklint/flinklint/parsers/internal/literal"
)

// check decodes raw, which starts at offset 100, and verifies the text and
// the source offset of every byte (want maps a decoded byte index to its
// offset in raw).
func check(t *testing.T, got literal.Text, wantText string, want map[int]int) {
	t.Helper()
	if got.S != wantText {
		t.Errorf("text = %q, want %q", got.S, wantText)
	}
	if len(got.Pos) != len(got.S) {
		t.Fatalf("%d positions for %d bytes", len(got.Pos), len(got.S))
	}
	for i, off := range want {
		if got.Pos[i] != token.Pos(100+off) {
			t.Errorf("byte %d (%q) at offset %d, want %d", i, got.S[i], got.Pos[i]-100, off)
		}
	}
}

func TestJavaString(t *testing.T) {
	raw := `"SET 'k'\t= \"v\"\u0041"`
	check(t, literal.Java(raw, 100), "SET 'k'\t= \"v\"A", map[int]int{0: 1, 7: 8, 8: 10, 10: 12, 11: 14, 13: 17})
}

func TestJavaTextBlock(t *testing.T) {
	raw := "\"\"\"\n        CREATE TABLE t (\n          ts BIGINT   \n        ) WITH ()\n        \"\"\""
	got := literal.Java(raw, 100)
	// The text block's lines start after 8 blanks of incidental indentation.
	check(t, got, "CREATE TABLE t (\n  ts BIGINT\n) WITH ()\n", map[int]int{0: 12, 16: 28, 17: 37, 19: 39, 28: 48, 29: 60})
}

func TestScala(t *testing.T) {
	raw := "\"\"\"SELECT *\n      |FROM t\n      |WHERE a = 'x'\"\"\""
	check(t, literal.Scala(raw, 100, true), "SELECT *\nFROM t\nWHERE a = 'x'", map[int]int{0: 3, 9: 19, 16: 33})
	check(t, literal.Scala(raw, 100, false), "SELECT *\n      |FROM t\n      |WHERE a = 'x'", map[int]int{9: 12, 15: 18})
	check(t, literal.Scala(`"a\tb"`, 100, false), "a\tb", map[int]int{1: 2, 2: 4})
}

func TestInterpolatedScala(t *testing.T) {
	raw := `s"""SELECT $a, ${b.c} FROM t WHERE p = '$$1'"""`
	got := literal.Scala(raw, 100, false)
	want := "SELECT flinklint_unknown, flinklint_unknown FROM t WHERE p = '$1'"
	if got.S != want {
		t.Errorf("got %q, want %q", got.S, want)
	}
	if got.Pos[7] != 100+11 { // the first placeholder maps to its $
		t.Errorf("placeholder at %d", got.Pos[7]-100)
	}
}

func TestFormat(t *testing.T) {
	got := literal.Format(literal.Java(`"SET '%s' = '%1$d'; -- 100%% %n"`, 100))
	if want := "SET 'flinklint_unknown' = 'flinklint_unknown'; -- 100% \n"; got.S != want {
		t.Errorf("got %q, want %q", got.S, want)
	}
}

// hostile are literals cut short by syntax errors, as tree-sitter hands
// them over inside ERROR subtrees.
var hostile = []string{
	``, `"`, `'`, `""`, `"""`, `""""`, `"""""`, `"\`, `"\u`, `"\u12`, `"\uuuu"`,
	`s"`, `s"""`, `f"$`, `s"${`, `s"$$`, `OutputTag'"`, `"""` + "\n", `"%`, `"%1$`,
	"\"\"\"\n  \\", "\"\"\"\n\t \n\"\"\"", `"\`,
}

// checkDecoded fails when a decoder broke its contract on raw: one position
// per byte, each inside the literal.
func checkDecoded(t *testing.T, raw string, got literal.Text) {
	t.Helper()
	if len(got.Pos) != len(got.S) {
		t.Fatalf("%q: %d positions for %d bytes", raw, len(got.Pos), len(got.S))
	}
	for i, p := range got.Pos {
		if p < 100 || p > token.Pos(100+len(raw)) {
			t.Fatalf("%q: byte %d at offset %d, outside the literal", raw, i, p-100)
		}
	}
}

// decodeAll runs every decoder on raw.
func decodeAll(t *testing.T, raw string) {
	t.Helper()
	checkDecoded(t, raw, literal.Java(raw, 100))
	checkDecoded(t, raw, literal.Format(literal.Java(raw, 100)))
	checkDecoded(t, raw, literal.Scala(raw, 100, false))
	checkDecoded(t, raw, literal.Scala(raw, 100, true))
}

func TestTruncated(t *testing.T) {
	for _, raw := range hostile {
		decodeAll(t, raw)
	}
}

func FuzzDecode(f *testing.F) {
	for _, raw := range hostile {
		f.Add(raw)
	}
	f.Add(`s"""SELECT $a, ${b.c} FROM t WHERE p = '$$1'"""`)
	f.Add("\"\"\"\n        CREATE TABLE t (\n          ts BIGINT   \n        ) WITH ()\n        \"\"\"")
	f.Fuzz(decodeAll)
}
