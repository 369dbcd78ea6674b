package literal_test

import (
	"strings"
	"testing"

	"github.com/flinklint/flinklint/parsers/internal/literal"
	"github.com/flinklint/flinklint/parsers/model"
)

func TestPython(t *testing.T) {
	for _, c := range []struct{ raw, want string }{
		{`"a\tb"`, "a\tb"},
		{`'it\'s'`, "it's"},
		{`r"a\tb"`, `a\tb`},
		{`"""x
y"""`, "x\ny"},
		{`f"SELECT {col} FROM {t!r:>{w}}"`, "SELECT " + model.Computed + " FROM " + model.Computed},
		{`f"{{x}}"`, "{x}"},
		{`"{{x}}"`, "{{x}}"},
		{`"\x41\u00e9\101\q"`, `Aé` + "A" + `\q`},
		{`"a\
b"`, "ab"},
		{`RB'\n'`, `\n`},
	} {
		got := literal.Python(c.raw, 1)
		if got.S != c.want {
			t.Errorf("literal.Python(%s) = %q, want %q", c.raw, got.S, c.want)
		}
		if len(got.Pos) != len(got.S) {
			t.Errorf("literal.Python(%s): %d positions for %d bytes", c.raw, len(got.Pos), len(got.S))
		}
	}
	// Positions point into the literal: "b" of f'a{x}b' is at offset 6.
	got := literal.Python(`f'a{x}b'`, 1)
	if i := strings.LastIndexByte(got.S, 'b'); got.Pos[i] != 7 {
		t.Errorf("position of b = %d, want 7", got.Pos[i])
	}
	if f := literal.PyFormat(literal.Python(`"{} and {{}} {0}"`, 1)); f.S != model.Computed+" and {} "+model.Computed {
		t.Errorf("PyFormat = %q", f.S)
	}
}
