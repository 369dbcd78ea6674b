package filepaths_test

import (
	"testing"

	"github.com/flinklint/flinklint/internal/filepaths"
)

func TestWithin(t *testing.T) {
	for _, c := range []struct {
		dir, path string
		want      bool
	}{
		{"/a/b", "/a/b", true},
		{"/a/b", "/a/b/c.java", true},
		{"/a/b/", "/a/b/c/d.java", true},
		{"/a/b", "/a/bc/d.java", false},
		{"/a/b", "/a/d.java", false},
		{"/a/b", "/a/b/../c.java", false},
		{"/a/b", "/a/b/..c/d.java", true},
		{"a", "a/b", true},
		{"a", "/a/b", false},
	} {
		if got := filepaths.Within(c.dir, c.path); got != c.want {
			t.Errorf("Within(%q, %q) = %v, want %v", c.dir, c.path, got, c.want)
		}
	}
}
