package report

import "testing"

func TestCount(t *testing.T) {
	for _, c := range []struct {
		n    int
		noun string
		want string
	}{
		{0, "finding", "0 findings"}, {1, "finding", "1 finding"}, {2, "finding", "2 findings"},
		{1, "error", "1 error"}, {1, "problem", "1 problem"}, {1, "file", "1 file"},
		{0, "info", "0 info"}, {1, "info", "1 info"}, {3, "info", "3 info"},
	} {
		if got := Count(c.n, c.noun); got != c.want {
			t.Errorf("Count(%d, %q) = %q, want %q", c.n, c.noun, got, c.want)
		}
	}
}
