package rules_test

import (
	"go/token"
	"go/types"
	"os"
	"testing"
	"time"

	"golang.org/x/tools/go/analysis"

	"github.com/flinklint/flinklint/analyzer"
	"github.com/flinklint/flinklint/internal/repogen"
	"github.com/flinklint/flinklint/internal/repogen/repogentest"
	"github.com/flinklint/flinklint/parsers"
	"github.com/flinklint/flinklint/rules"
)

// repos are the generated repositories of this process's benchmarks.
var repos repogentest.Cache

func TestMain(m *testing.M) { os.Exit(repos.Main(m)) }

// parsed is a project after the parse pass, before any rule.
type parsed struct {
	fset  *token.FileSet
	files []string
	res   *parsers.Result
}

// parse runs the parse pass alone on dir, with the prefilter of all rules.
func parse(b *testing.B, dir string) parsed {
	b.Helper()
	var p parsed
	probe := &analysis.Analyzer{
		Name:     "probe",
		Doc:      "keeps the parse result",
		Requires: []*analysis.Analyzer{parsers.Analyzer},
		Run: func(pass *analysis.Pass) (any, error) {
			p = parsed{pass.Fset, pass.OtherFiles, pass.ResultOf[parsers.Analyzer].(*parsers.Result)}
			return nil, nil
		},
	}
	if _, err := (analyzer.Options{Keywords: rules.Keywords(rules.All)}).Run([]string{dir}, []*analysis.Analyzer{probe}); err != nil {
		b.Fatal(err)
	}
	return p
}

// runRules runs every rule, and the passes they require, on the parsed
// project, in dependency order on one goroutine, and returns the number of
// findings. The driver has no entry point that starts from a parse, so
// this is the part of analyzer.Options.Run after it.
func runRules(b *testing.B, p parsed) int { return runRulesTimed(b, p, nil) }

// runRulesTimed is runRules, adding each analyzer's time to spent when it
// is not nil.
func runRulesTimed(b *testing.B, p parsed, spent map[*analysis.Analyzer]time.Duration) int {
	b.Helper()
	results := map[*analysis.Analyzer]any{parsers.Analyzer: p.res}
	found := 0
	var visit func(a *analysis.Analyzer) any
	visit = func(a *analysis.Analyzer) any {
		if r, ok := results[a]; ok {
			return r
		}
		resultOf := map[*analysis.Analyzer]any{}
		for _, req := range a.Requires {
			resultOf[req] = visit(req)
		}
		start := time.Now()
		r, err := a.Run(&analysis.Pass{
			Analyzer:   a,
			Fset:       p.fset,
			OtherFiles: p.files,
			Pkg:        types.NewPackage("flinklint/project", "project"),
			TypesInfo:  &types.Info{},
			TypesSizes: types.SizesFor("gc", "amd64"),
			ResultOf:   resultOf,
			ReadFile:   parsers.ReadFile,
			Report:     func(analysis.Diagnostic) { found++ },
		})
		if err != nil {
			b.Fatal(a.Name, err)
		}
		if spent != nil {
			spent[a] += time.Since(start)
		}
		results[a] = r
		return r
	}
	for _, r := range rules.All {
		visit(r.Analyzer)
	}
	return found
}

// BenchmarkRules measures the rules and the project indexes they build on
// a parsed 1,000- and 10,000-file repository, on one goroutine. cold parses
// the project again (timer stopped) before each run, so the indexes and the
// files loaded to resolve names are built in the run; warm runs the rules
// again on the same project, its indexes built.
func BenchmarkRules(b *testing.B) {
	for _, c := range []struct {
		name  string
		files int
	}{{"1k", 1_000}, {"10k", 10_000}} {
		o := repogen.Options{Files: c.files, Seed: 1}
		want := len(repogen.Planted(o))
		check := func(b *testing.B, found int) {
			if found < want {
				b.Fatalf("%d findings, want at least %d", found, want)
			}
		}
		b.Run(c.name+"/cold", func(b *testing.B) {
			dir := repos.Dir(b, o)
			b.ReportAllocs()
			for range b.N {
				b.StopTimer()
				p := parse(b, dir)
				b.StartTimer()
				check(b, runRules(b, p))
			}
			repogentest.ReportFiles(b, c.files)
		})
		b.Run(c.name+"/warm", func(b *testing.B) {
			p := parse(b, repos.Dir(b, o))
			runRules(b, p)
			b.ReportAllocs()
			b.ResetTimer()
			for b.Loop() {
				check(b, runRules(b, p))
			}
			repogentest.ReportFiles(b, c.files)
		})
	}
}
