package parsers_test

import (
	"go/token"
	"os"
	"slices"
	"testing"

	"golang.org/x/tools/go/analysis"

	"github.com/flinklint/flinklint/analyzer"
	"github.com/flinklint/flinklint/internal/repogen"
	"github.com/flinklint/flinklint/internal/repogen/repogentest"
	"github.com/flinklint/flinklint/parsers"
	"github.com/flinklint/flinklint/parsers/internal/keywords"
	"github.com/flinklint/flinklint/parsers/java"
	"github.com/flinklint/flinklint/parsers/scala"
	"github.com/flinklint/flinklint/parsers/sql"
	"github.com/flinklint/flinklint/rules"
)

// repos are the generated repositories of this process's benchmarks.
var repos repogentest.Cache

func TestMain(m *testing.M) { os.Exit(repos.Main(m)) }

// readAll reads the files, as the parse pass does.
func readAll(b *testing.B, paths []string) [][]byte {
	b.Helper()
	srcs := make([][]byte, len(paths))
	for i, p := range paths {
		src, err := parsers.ReadFile(p)
		if err != nil {
			b.Fatal(err)
		}
		srcs[i] = src
	}
	return srcs
}

// BenchmarkPrefilter measures reading the Java and Scala files of a
// 10,000-file repository and matching the keywords of every rule in them,
// on one goroutine: what decides which files are parsed. kept-% is the
// share of files that pass.
func BenchmarkPrefilter(b *testing.B) {
	dir := repos.Dir(b, repogen.Options{Files: 10_000, Seed: 1})
	javaFiles, javaSize := repogentest.Sources(b, dir, ".java")
	scalaFiles, scalaSize := repogentest.Sources(b, dir, ".scala")
	paths := slices.Concat(javaFiles, scalaFiles)
	m := keywords.New(rules.Keywords(rules.All))
	b.SetBytes(javaSize + scalaSize)
	b.ReportAllocs()
	b.ResetTimer()
	kept := 0
	for b.Loop() {
		kept = 0
		for _, src := range readAll(b, paths) {
			if m.Match(src) {
				kept++
			}
		}
	}
	repogentest.ReportFiles(b, len(paths))
	b.ReportMetric(100*float64(kept)/float64(len(paths)), "kept-%")
}

// BenchmarkSurvey measures the survey of a 10,000-file repository on one
// goroutine, as a run does it before parsing: reading each file, the
// keyword prefilter, and the scan for the names each file declares, all in
// one pass over its text. kept-% is the share of files to parse up front.
func BenchmarkSurvey(b *testing.B) {
	dir := repos.Dir(b, repogen.Options{Files: 10_000, Seed: 1})
	paths, size := repogentest.Sources(b, dir, "")
	opts := parsers.Options{Workers: 1, Keywords: rules.Keywords(rules.All)}
	b.SetBytes(size)
	b.ReportAllocs()
	b.ResetTimer()
	var s *parsers.Survey
	for b.Loop() {
		s = opts.Survey(paths, parsers.ReadFile)
	}
	kept := 0
	for _, p := range paths {
		if s.Size(p) > 0 {
			kept++
		}
	}
	repogentest.ReportFiles(b, len(paths))
	b.ReportMetric(100*float64(kept)/float64(len(paths)), "kept-%")
}

// BenchmarkParse measures parsing and lowering each file of one language
// of a 1,000-file repository (ordinary code and jobs alike) on one
// goroutine, the files already read.
func BenchmarkParse(b *testing.B) {
	dir := repos.Dir(b, repogen.Options{Files: 1_000, Seed: 1})
	parse := map[string]func(tf *token.File, src []byte) error{}
	jp, sp := java.NewParser(), scala.NewParser()
	defer jp.Close()
	defer sp.Close()
	parse[".java"] = func(tf *token.File, src []byte) error { _, err := jp.Parse(tf, src); return err }
	parse[".scala"] = func(tf *token.File, src []byte) error { _, err := sp.Parse(tf, src); return err }
	parse[".sql"] = func(tf *token.File, src []byte) error {
		sql.Parse(string(src), func(off int) token.Pos { return tf.Pos(min(off, tf.Size())) })
		return nil
	}
	for _, ext := range []string{".java", ".scala", ".sql"} {
		b.Run(ext[1:], func(b *testing.B) {
			paths, size := repogentest.Sources(b, dir, ext)
			srcs := readAll(b, paths)
			b.SetBytes(size)
			b.ReportAllocs()
			b.ResetTimer()
			for b.Loop() {
				fset := token.NewFileSet()
				for i, src := range srcs {
					if err := parse[ext](fset.AddFile(paths[i], -1, len(src)), src); err != nil {
						b.Fatal(paths[i], err)
					}
				}
			}
			repogentest.ReportFiles(b, len(paths))
		})
	}
}

// BenchmarkParsePass measures the parse pass as a run does it, alone:
// walk, read, prefilter with every rule's keywords, parse and lower the
// files kept in parallel, and build the project.
func BenchmarkParsePass(b *testing.B) {
	dir := repos.Dir(b, repogen.Options{Files: 1_000, Seed: 1})
	probe := &analysis.Analyzer{
		Name:     "probe",
		Doc:      "needs the parse",
		Requires: []*analysis.Analyzer{parsers.Analyzer},
		Run:      func(*analysis.Pass) (any, error) { return nil, nil },
	}
	opts := analyzer.Options{Keywords: rules.Keywords(rules.All)}
	_, size := repogentest.Sources(b, dir, "")
	b.SetBytes(size)
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		if _, err := opts.Run([]string{dir}, []*analysis.Analyzer{probe}); err != nil {
			b.Fatal(err)
		}
	}
	repogentest.ReportFiles(b, 1_000)
}
