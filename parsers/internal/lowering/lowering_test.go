package lowering

import (
	"go/token"
	"testing"

	"github.com/flinklint/flinklint/parsers/internal/lowering/grammar"
	"github.com/flinklint/flinklint/parsers/model"
)

func TestNesting(t *testing.T) {
	for src, want := range map[string]int{
		"":                   0,
		"a(b[c{d}])":         3,
		"f(a)(b)(c)":         1,
		")))(((":             3, // closers without openers do not go below 0
		`s = "((" + x + ")"`: 2,
	} {
		if got := nesting([]byte(src)); got != want {
			t.Errorf("nesting(%q) = %d, want %d", src, got, want)
		}
	}
}

// ParseRepaired lowers the repaired text only when its errors cover fewer
// bytes than those of the text.
func TestParseRepaired(t *testing.T) {
	const broken = "object O {\n  val x = (1\n  val y = 2\n}\n"
	for _, tc := range []struct {
		name, repaired string
		errors         int
	}{
		{"better", "object O {\n  val x =  1\n  val y = 2\n}\n", 0},
		{"worse", "object O (\n  val x = (1\n  val y = 2\n}\n", 1},
		{"other length", "object O {}\n", 1},
	} {
		p := NewParser(grammar.Scala())
		fset := token.NewFileSet()
		tf := fset.AddFile("O.scala", -1, len(broken))
		b := &Base{Src: []byte(broken), TF: tf, File: &model.File{}}
		var lowered string
		err := b.ParseRepaired(p, []byte(broken), func([]byte) []byte { return []byte(tc.repaired) }, func(root Node) {
			lowered = root.Type()
		})
		p.Close()
		if err != nil || lowered != "compilation_unit" {
			t.Fatalf("%s: err %v, lowered %q", tc.name, err, lowered)
		}
		if got := len(b.File.Errors) > 0; got != (tc.errors > 0) {
			t.Errorf("%s: errors %v", tc.name, b.File.Errors)
		}
	}
}
