package scala_test

import (
	"errors"
	"testing"

	"github.com/flinklint/flinklint/parsers/internal/lowering"
	"github.com/flinklint/flinklint/parsers/internal/lowering/lowertest"
	"github.com/flinklint/flinklint/parsers/model"
	"github.com/flinklint/flinklint/parsers/scala"
)

// TestDeep lowers every hostile shape 2,000 levels deep. tree-sitter-scala
// is quadratic in some of them, so a file may be skipped as too complex;
// it must not crash, hang or lower positions outside the file.
func TestDeep(t *testing.T) {
	p := scala.NewParser()
	defer p.Close()
	for _, s := range lowertest.Shapes() {
		lowertest.Check(t, p, "Deep.scala", s.Source(model.Scala, 2000))
	}
}

// TestTooComplex: a file over the parse budget or nested beyond
// lowering.MaxDepth is skipped, and the parser still lowers the next file
// right (a parse cut short must not be resumed on another file).
func TestTooComplex(t *testing.T) {
	p := scala.NewParser()
	defer p.Close()
	for _, s := range lowertest.Shapes() {
		var src []byte
		switch s.Name {
		case "chain": // brackets one deep, but quadratic in the Scala grammar: far over the parse budget
			src = s.Source(model.Scala, 40_000)
		case "parens": // refused before the parse
			src = s.Source(model.Scala, lowering.MaxDepth+1)
		default:
			continue
		}
		if _, err := lowertest.Check(t, p, "Deep.scala", src); !errors.Is(err, lowering.ErrTooComplex) {
			t.Errorf("%s: err = %v, want ErrTooComplex", s.Name, err)
		}
		f, err := lowertest.Check(t, p, "Job.scala", []byte("object Job { a.b() }"))
		if err != nil {
			t.Fatal(err)
		}
		if got, want := lowertest.Calls(f), []string{"b@1:16"}; len(got) != 1 || got[0] != want[0] {
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
	p := scala.NewParser()
	defer p.Close()
	if _, err := lowertest.Check(t, p, "Large.scala", lowertest.Large(model.Scala, 4<<20)); err != nil {
		t.Fatal(err)
	}
}

// TestTruncatedLiterals: literals cut short by syntax errors are lowered;
// the first is the file of issue 7 that panicked the literal decoder.
func TestTruncatedLiterals(t *testing.T) {
	p := scala.NewParser()
	defer p.Close()
	for _, src := range []string{"{0:\nOutputTag'\"A", `val s = "`, `val s = """`, `val s = s"${`, `val s = s"""$`, `val c = '`, `val c = '\u`} {
		lowertest.Check(t, p, "A.scala", []byte(src))
	}
}

func FuzzParse(f *testing.F) {
	for _, src := range lowertest.Seeds(f, ".scala") {
		f.Add(src)
	}
	for _, s := range lowertest.Shapes() {
		f.Add(s.Source(model.Scala, 20))
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		p := scala.NewParser()
		defer p.Close()
		lowertest.Check(t, p, "Fuzz.scala", src)
	})
}

func BenchmarkDeep(b *testing.B) {
	p := scala.NewParser()
	defer p.Close()
	lowertest.Bench(b, p, model.Scala)
}
