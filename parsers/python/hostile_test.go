package python_test

import (
	"errors"
	"testing"

	"github.com/flinklint/flinklint/parsers/internal/lowering"
	"github.com/flinklint/flinklint/parsers/internal/lowering/lowertest"
	"github.com/flinklint/flinklint/parsers/model"
	"github.com/flinklint/flinklint/parsers/python"
)

// TestDeep lowers every hostile shape 2,000 levels deep: no crash, hang or
// position outside the file.
func TestDeep(t *testing.T) {
	p := python.NewParser()
	defer p.Close()
	for _, s := range lowertest.Shapes() {
		lowertest.Check(t, p, "deep.py", s.Source(model.Python, 2000))
	}
}

// TestTooComplex: brackets nested beyond lowering.MaxDepth are refused
// before the parse, and the parser still lowers the next file right.
func TestTooComplex(t *testing.T) {
	p := python.NewParser()
	defer p.Close()
	for _, s := range lowertest.Shapes() {
		if s.Name != "parens" && s.Name != "calls" {
			continue
		}
		if _, err := lowertest.Check(t, p, "deep.py", s.Source(model.Python, lowering.MaxDepth+1)); !errors.Is(err, lowering.ErrTooComplex) {
			t.Errorf("%s: err = %v, want ErrTooComplex", s.Name, err)
		}
		f, err := lowertest.Check(t, p, "job.py", []byte("a.b()\n"))
		if err != nil {
			t.Fatal(err)
		}
		if got, want := lowertest.Calls(f), []string{"b@1:3"}; len(got) != 1 || got[0] != want[0] {
			t.Errorf("calls after a skipped file: %v, want %v", got, want)
		}
	}
}

// TestLarge: a 4 MiB file of ordinary code, the size cap, is within the
// budget.
func TestLarge(t *testing.T) {
	if testing.Short() {
		t.Skip("parses 4 MiB")
	}
	p := python.NewParser()
	defer p.Close()
	if _, err := lowertest.Check(t, p, "large.py", lowertest.Large(model.Python, 4<<20)); err != nil {
		t.Fatal(err)
	}
}

// TestTruncatedLiterals: literals and constructs cut short by syntax
// errors are lowered.
func TestTruncatedLiterals(t *testing.T) {
	p := python.NewParser()
	defer p.Close()
	for _, src := range []string{`s = "`, `s = """`, `s = f"{`, `s = f"{x!r:{`, `s = rb'\`, "s = '\\\n", `x = "\x4"`, `x = "\U0001"`,
		"def f(self", "class A(B", "x = a.\\\n", "lambda", "from . import", "import"} {
		lowertest.Check(t, p, "a.py", []byte(src))
	}
}

func FuzzParse(f *testing.F) {
	for _, src := range lowertest.Seeds(f, ".py") {
		f.Add(src)
	}
	for _, s := range lowertest.Shapes() {
		f.Add(s.Source(model.Python, 20))
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		p := python.NewParser()
		defer p.Close()
		lowertest.Check(t, p, "fuzz.py", src)
	})
}

func BenchmarkDeep(b *testing.B) {
	p := python.NewParser()
	defer p.Close()
	lowertest.Bench(b, p, model.Python)
}
