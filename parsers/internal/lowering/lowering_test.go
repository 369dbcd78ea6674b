package lowering

import "testing"

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
