package java_test

import (
	"errors"
	"testing"

	"github.com/flinklint/flinklint/parsers/internal/lowering"
	"github.com/flinklint/flinklint/parsers/internal/lowering/lowertest"
	"github.com/flinklint/flinklint/parsers/java"
	"github.com/flinklint/flinklint/parsers/model"
)

// TestDeep lowers every hostile shape 2,000 levels deep: far deeper than
// real code, well within the budget.
func TestDeep(t *testing.T) {
	p := java.NewParser()
	defer p.Close()
	for _, s := range lowertest.Shapes() {
		if _, err := lowertest.Check(t, p, "Deep.java", s.Source(model.Java, 2000)); err != nil {
			t.Errorf("%s: %v", s.Name, err)
		}
	}
}

// TestTooDeep: nesting beyond lowering.MaxDepth skips the file, and the
// parser still lowers the next file right. Deep parentheses are refused
// before the parse, a deep chain (no brackets nested) by the lowering.
func TestTooDeep(t *testing.T) {
	p := java.NewParser()
	defer p.Close()
	for _, s := range lowertest.Shapes() {
		if s.Name != "parens" && s.Name != "chain" {
			continue
		}
		_, err := lowertest.Check(t, p, "Deep.java", s.Source(model.Java, lowering.MaxDepth+1))
		if !errors.Is(err, lowering.ErrTooComplex) {
			t.Errorf("%s: err = %v, want ErrTooComplex", s.Name, err)
		}
	}
	f, err := lowertest.Check(t, p, "Job.java", []byte("class Job { void f() { a.b(); } }"))
	if err != nil {
		t.Fatal(err)
	}
	if got, want := lowertest.Calls(f), []string{"b@1:26"}; len(got) != 1 || got[0] != want[0] {
		t.Errorf("calls after a skipped file: %v, want %v", got, want)
	}
}

// TestLarge: a 4 MiB file of ordinary code, the size cap, is within the
// budget.
func TestLarge(t *testing.T) {
	if testing.Short() {
		t.Skip("parses 4 MiB")
	}
	p := java.NewParser()
	defer p.Close()
	if _, err := lowertest.Check(t, p, "Large.java", lowertest.Large(model.Java, 4<<20)); err != nil {
		t.Fatal(err)
	}
}

// TestTruncatedLiterals: literals cut short by syntax errors are lowered.
func TestTruncatedLiterals(t *testing.T) {
	p := java.NewParser()
	defer p.Close()
	for _, src := range []string{`class A { String s = "`, `class A { String s = """`, `class A { char c = '`, `class A { char c = '\u`} {
		lowertest.Check(t, p, "A.java", []byte(src))
	}
}

func FuzzParse(f *testing.F) {
	for _, src := range lowertest.Seeds(f, ".java") {
		f.Add(src)
	}
	for _, s := range lowertest.Shapes() {
		f.Add(s.Source(model.Java, 20))
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		p := java.NewParser()
		defer p.Close()
		lowertest.Check(t, p, "Fuzz.java", src)
	})
}

func BenchmarkDeep(b *testing.B) {
	p := java.NewParser()
	defer p.Close()
	lowertest.Bench(b, p, model.Java)
}
