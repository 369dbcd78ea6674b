package lowering

import (
	"go/token"
	"strings"
	"testing"
	"time"

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

// A parse over its time gives up, and the parser then parses the next text
// from scratch rather than resuming the abandoned one.
func TestParseTimeout(t *testing.T) {
	p := NewParser(grammar.Scala())
	defer p.Close()
	big := []byte(strings.Repeat("object O { val x = f(1, 2).g(3) }\n", 20_000))
	if tr, ok := p.parse(big, time.Microsecond); ok {
		tr.close()
		t.Fatal("a 700 KB parse finished within a microsecond")
	}
	tr, ok := p.parse([]byte("object P\n"), time.Minute)
	if !ok {
		t.Fatal("the parse after a timeout failed")
	}
	defer tr.close()
	root := tr.root()
	if root.Type() != "compilation_unit" || root.HasError() || root.EndByte() != 9 {
		t.Errorf("after a timeout: %s, error %v, end %d", root.Type(), root.HasError(), root.EndByte())
	}
}
