package model_test

import (
	"go/token"
	"testing"

	"github.com/flinklint/flinklint/parsers/java"
	"github.com/flinklint/flinklint/parsers/model"
	"github.com/flinklint/flinklint/parsers/python"
	"github.com/flinklint/flinklint/parsers/scala"
)

// TestIsLoop checks that the loops of each front end are told from other
// constructs, and while and do loops from for loops.
func TestIsLoop(t *testing.T) {
	for _, c := range []struct {
		name   string
		parser parser
		src    string
		loops  int // every loop
		conds  int // while and do loops
	}{
		{"A.java", java.NewParser(), `class A { void f(int[] xs) {
			while (true) {} do {} while (false); for (int i = 0; i < 1; i++) {} for (int x : xs) {}
			if (true) {} try {} finally {} } }`, 4, 2},
		{"A.scala", scala.NewParser(), `object A { def f(xs: Seq[Int]): Unit = {
			while (true) {}; for (x <- xs) {}; if (true) {} } }`, 2, 1},
		{"a.py", python.NewParser(), "def f(xs):\n    while True:\n        pass\n    for x in xs:\n        pass\n    if xs:\n        pass\n", 2, 1},
	} {
		tf := token.NewFileSet().AddFile(c.name, -1, len(c.src))
		f, err := c.parser.Parse(tf, []byte(c.src))
		if err != nil {
			t.Fatal(err)
		}
		loops, conds := 0, 0
		f.Inspect(func(n *model.Node) bool {
			if model.IsLoop(n) {
				loops++
			}
			if model.IsConditionLoop(n) {
				conds++
			}
			return true
		})
		if loops != c.loops || conds != c.conds {
			t.Errorf("%s: %d loops, %d while or do loops; want %d, %d", c.name, loops, conds, c.loops, c.conds)
		}
	}
}
