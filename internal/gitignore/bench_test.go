package gitignore

import (
	"fmt"
	"strings"
	"testing"
	"time"
)

// pathological builds, for a count of glob segments, a pattern of the given
// kind and a path that it fails to match only after trying many ways, the
// inputs on which a backtracking matcher goes exponential.
func pathological(kind string, n int) (pattern, path string) {
	switch kind {
	case "dirs": // **/**/…/b against a/a/…/a/c
		return strings.Repeat("**/", n) + "b", strings.Repeat("a/", 2*n) + "c"
	case "dirs-stars": // a*/**/a*/**/…/b
		return strings.Repeat("a*/**/", n) + "b", strings.Repeat("aa/", 2*n) + "c"
	case "stars": // *a*a*…*b against aaaa…a
		return "/" + strings.Repeat("*a", n) + "*b", strings.Repeat("a", 4*n)
	case "classes": // [a-c]*?[!x]*… against abab…
		return "/" + strings.Repeat("[a-c]*?", n) + "x", strings.Repeat("ab", 4*n)
	}
	panic(kind)
}

func BenchmarkMatch(b *testing.B) {
	for _, kind := range []string{"dirs", "dirs-stars", "stars", "classes"} {
		for _, n := range []int{4, 8, 12, 16, 24} {
			b.Run(fmt.Sprintf("kind=%s/segments=%d", kind, n), func(b *testing.B) {
				pat, p := pathological(kind, n)
				var s Set
				s.Add("", []byte(pat+"\n"))
				for b.Loop() {
					s.Ignored(p, false)
				}
			})
		}
	}
}

// Deep paths and long names on which backtracking needs years; Ignored must
// answer them. The timeout only keeps a regression from hanging the run.
func TestPathologicalPatternsFinish(t *testing.T) {
	done := make(chan struct{})
	go func() {
		defer close(done)
		for _, kind := range []string{"dirs", "dirs-stars", "stars", "classes"} {
			for _, n := range []int{8, 24, 200} {
				pat, p := pathological(kind, n)
				var s Set
				s.Add("", []byte(pat+"\n"))
				if s.Ignored(p, false) {
					t.Errorf("%s/%d: %q matches %q", kind, n, pat, p)
				}
			}
		}
	}()
	select {
	case <-done:
	case <-time.After(2 * time.Minute):
		t.Fatal("matching pathological patterns hangs")
	}
}

// A generated .gitignore of many lines, or of very long ones, costs each
// path at most in proportion to its size: never in proportion to a line's
// length times the number of lines.
func BenchmarkLargeFile(b *testing.B) {
	for _, n := range []int{1_000, 10_000, 100_000} {
		for _, kind := range []string{"names", "mixed"} {
			b.Run(fmt.Sprintf("lines=%d/kind=%s", n, kind), func(b *testing.B) {
				largeFile(b, n, kind == "names")
			})
		}
	}
	for _, n := range []int{1_000, 100_000, 1_000_000} {
		for _, unit := range []string{"*a", "**/", "a*/"} {
			b.Run(fmt.Sprintf("line=%d/unit=%s", n, unit), func(b *testing.B) {
				var s Set
				s.Add("", []byte(strings.Repeat(unit, n/len(unit))+"b\n"))
				for b.Loop() {
					s.Ignored("src/main/java/com/example/Job.java", false)
				}
			})
		}
	}
}

// Reading a .gitignore costs in proportion to its size, whatever its lines.
func BenchmarkAdd(b *testing.B) {
	for _, unit := range []string{"a", "*a", "**/", "[ab]", "\\*"} {
		b.Run("unit="+unit, func(b *testing.B) {
			line := []byte("*" + strings.Repeat(unit, 1_000_000/len(unit)) + "\n")
			for b.Loop() {
				var s Set
				s.Add("", line)
			}
		})
	}
}

// largeFile measures a path against n lines: plain names (of files and
// directories) or, when not namesOnly, half of them with wildcards.
func largeFile(b *testing.B, n int, namesOnly bool) {
	var text strings.Builder
	for i := range n {
		kind := i % 4
		if namesOnly {
			kind %= 2
		}
		switch kind {
		case 0:
			fmt.Fprintf(&text, "file%d.txt\n", i)
		case 1:
			fmt.Fprintf(&text, "/dir%d/\n", i)
		case 2:
			fmt.Fprintf(&text, "*.ext%d\n", i)
		default:
			fmt.Fprintf(&text, "src/**/gen%d/**\n", i)
		}
	}
	var s Set
	s.Add("", []byte(text.String()))
	for b.Loop() {
		s.Ignored("src/main/java/com/example/Job.java", false)
	}
}
