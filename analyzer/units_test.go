package analyzer

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

func TestUnits(t *testing.T) {
	dir := t.TempDir()
	for _, p := range []string{"a/pom.xml", "a/x/A1.java", "a/x/A2.java", "a/x/A3.java", "a/x/A4.java", "a/x/A5.java", "b/pom.xml", "b/B1.java", "b/c/build.sbt", "b/c/C1.scala", "d/D1.java"} {
		p = filepath.Join(dir, p)
		if err := os.MkdirAll(filepath.Dir(p), 0o777); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, nil, 0o666); err != nil {
			t.Fatal(err)
		}
	}
	files := []string{"a/x/A1.java", "a/x/A2.java", "a/x/A3.java", "a/x/A4.java", "a/x/A5.java", "b/B1.java", "b/c/C1.scala", "d/D1.java"}
	for i, f := range files {
		files[i] = filepath.Join(dir, f)
	}
	size := func(path string) int64 { // module a holds 10 bytes, as b, c and d do
		if strings.HasPrefix(filepath.Base(path), "A") {
			return 2
		}
		return 10
	}
	rel := func(us []unit) (out [][]string) {
		for _, u := range us {
			var names []string
			for _, f := range u.files {
				names = append(names, filepath.Base(f))
			}
			out = append(out, names)
		}
		return out
	}
	for _, c := range []struct {
		budget int64
		want   [][]string
	}{
		// A module larger than twice the budget is split between units
		// of files up to the budget, a file larger than it alone.
		{4, [][]string{{"A1.java", "A2.java"}, {"A3.java", "A4.java"}, {"A5.java"}, {"B1.java"}, {"C1.scala"}, {"D1.java"}}},
		// One up to twice the budget is a unit of its own.
		{5, [][]string{{"A1.java", "A2.java", "A3.java", "A4.java", "A5.java"}, {"B1.java"}, {"C1.scala"}, {"D1.java"}}},
		// Consecutive modules share a unit up to the budget; d/ has no
		// build file of its own and is a module of the temporary root's.
		{20, [][]string{{"A1.java", "A2.java", "A3.java", "A4.java", "A5.java", "B1.java"}, {"C1.scala", "D1.java"}}},
		{1000, [][]string{{"A1.java", "A2.java", "A3.java", "A4.java", "A5.java", "B1.java", "C1.scala", "D1.java"}}},
	} {
		if got := rel(units(files, moduleRoots(files, isModuleRoot), size, c.budget)); !slices.EqualFunc(got, c.want, slices.Equal) {
			t.Errorf("budget %d: units %q, want %q", c.budget, got, c.want)
		}
	}
}
