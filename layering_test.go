package flinklint_test

import (
	"errors"
	"go/build"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

const module = "github.com/flinklint/flinklint"

// The layers of flinklint, whose imports run one way (issue 21): cmd
// drives the analyzer and chooses the rules; the analyzer runs the rules
// it is given, as values, and imports none of them; the rules read the
// job graph, which reads the parsers' model; the parsers are the bottom. The configuration, the
// cache, the fix kinds and the other packages outside these four
// (internal/..., docs/rules) are leaves that every layer may import and
// that import no layer above the parsers.
//
// importers maps each layer to the layers that may import its packages;
// a package may always import the packages of its own layer, and those of
// a layer not named here (the parsers, the leaves) are open to all.
var importers = map[string][]string{
	"cmd":      nil,
	"analyzer": {"cmd"},
	"rules":    {"cmd"},
	"jobgraph": {"cmd", "analyzer", "rules"},
}

// layer returns the top directory of a path relative to the module root.
func layer(rel string) string {
	top, _, _ := strings.Cut(rel, "/")
	return top
}

// allowed reports whether the package at from may import the package at
// to, both relative to the module root.
func allowed(from, to string) bool {
	lf, lt := layer(from), layer(to)
	open, ok := importers[lt]
	return !ok || lf == lt || slices.Contains(open, lf)
}

func TestLayerRules(t *testing.T) {
	for _, c := range []struct {
		from, to string
		want     bool
	}{
		{"cmd/flinklint", "analyzer", true},
		{"cmd/flinklint", "rules", true},
		{"analyzer", "parsers", true},
		{"analyzer", "internal/config", true},
		{"analyzer", "rules", false},
		{"analyzer/analyzertest", "internal/fixes", true},
		{"analyzer/analyzertest", "rules/internal/report", false},
		{"rules", "parsers/model", true},
		{"rules/late-data-dropped", "jobgraph", true},
		{"jobgraph", "parsers/model", true},
		{"parsers", "jobgraph", false},
		{"jobgraph", "rules/internal/report", false},
		{"rules/missing-idleness", "internal/config", true},
		{"rules/missing-idleness", "analyzer/config", false},
		{"parsers", "internal/cache", true},
		{"parsers", "analyzer/cache", false},
		{"parsers/sql", "rules/internal/flinksql", false},
		{"internal/config", "parsers/flinkconf", true},
		{"internal/config", "analyzer/gitignore", false},
		{"docs/rules", "cmd/flinklint", false},
	} {
		if got := allowed(c.from, c.to); got != c.want {
			t.Errorf("allowed(%s, %s) = %v, want %v", c.from, c.to, got, c.want)
		}
	}
}

// TestLayering reads the imports of every package of the module (not of
// its tests: a rule's test may run the analyzer) for each operating system
// the code has files for, and fails on each import against the layers.
func TestLayering(t *testing.T) {
	seen := map[string]bool{}
	arrows := 0
	err := filepath.WalkDir(".", func(dir string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !d.IsDir() {
			return nil
		}
		if name := d.Name(); dir != "." && (name == "testdata" || strings.HasPrefix(name, ".") || strings.HasPrefix(name, "_")) {
			return filepath.SkipDir
		}
		rel := filepath.ToSlash(dir)
		imports := map[string]bool{}
		for _, goos := range []string{"linux", "darwin", "windows"} {
			ctx := build.Default
			ctx.GOOS, ctx.CgoEnabled = goos, true
			pkg, err := ctx.ImportDir(dir, 0)
			if _, ok := errors.AsType[*build.NoGoError](err); ok {
				return nil
			}
			if err != nil {
				t.Errorf("%s (%s): %v", rel, goos, err)
				return nil
			}
			for _, imp := range pkg.Imports {
				imports[imp] = true
			}
		}
		seen[rel] = true
		for _, imp := range slices.Sorted(maps.Keys(imports)) {
			to, ok := strings.CutPrefix(imp, module+"/")
			if !ok {
				continue
			}
			arrows++
			if !allowed(rel, to) {
				t.Errorf("%s imports %s: %s may be imported only by %s", rel, to, layer(to), strings.Join(append([]string{layer(to)}, importers[layer(to)]...), ", "))
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range []string{"cmd/flinklint", "analyzer", "rules", "rules/missing-idleness", "parsers", "internal/config", "internal/cache", "internal/fixes"} {
		if !seen[p] {
			t.Errorf("package %s not found", p)
		}
	}
	if arrows == 0 {
		t.Error("no import within the module found")
	}
	if _, err := os.Stat("go.mod"); err != nil {
		t.Errorf("not at the module root: %v", err)
	}
}
