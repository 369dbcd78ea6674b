package analyzer_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/flinklint/flinklint/analyzer"
)

// BenchmarkRun measures a whole run (walk, read, prefilter, parse, rules)
// over 50 copies of the bundled example project. Report the median of
// several runs: go test -bench Run -count 10 ./analyzer | benchstat.
func BenchmarkRun(b *testing.B) {
	dir := b.TempDir()
	var size int64
	for i := range 50 {
		err := filepath.WalkDir("../testdata/example/src", func(p string, d os.DirEntry, err error) error {
			if err != nil || d.IsDir() {
				return err
			}
			data, err := os.ReadFile(p)
			if err != nil {
				return err
			}
			rel, _ := filepath.Rel("../testdata/example", p)
			dst := filepath.Join(dir, "copy"+strings.Repeat("x", i%3)+string(rune('a'+i%26))+string(rune('a'+i/26)), rel)
			if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
				return err
			}
			size += int64(len(data))
			return os.WriteFile(dst, data, 0o644)
		})
		if err != nil {
			b.Fatal(err)
		}
	}
	b.SetBytes(size)
	b.ResetTimer()
	for b.Loop() {
		res, err := analyzer.Run([]string{dir}, all())
		if err != nil || len(res.Diagnostics) == 0 {
			b.Fatal(err, "no diagnostics")
		}
	}
}
