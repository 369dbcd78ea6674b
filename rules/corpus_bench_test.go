package rules_test

import (
	"os"
	"testing"
	"time"

	"golang.org/x/tools/go/analysis"

	"github.com/flinklint/flinklint/parsers"
)

// BenchmarkRulesCorpus runs the rules on the perf corpus
// (docs/perf/corpus.sh) named by FLINKLINT_PERF_CORPUS and reports
// each analyzer's share, cold (the indexes and the files parsed on demand
// built in the run) and warm: the figure the job graph's target is about.
func BenchmarkRulesCorpus(b *testing.B) {
	dir := os.Getenv("FLINKLINT_PERF_CORPUS")
	if dir == "" {
		b.Skip("FLINKLINT_PERF_CORPUS names no corpus")
	}
	b.Run("cold", func(b *testing.B) {
		spent := map[*analysis.Analyzer]time.Duration{}
		for range b.N {
			b.StopTimer()
			p := parse(b, dir)
			b.StartTimer()
			runRulesTimed(b, p, spent)
		}
		reportShares(b, spent)
	})
	b.Run("warm", func(b *testing.B) {
		p := parse(b, dir)
		spent := map[*analysis.Analyzer]time.Duration{}
		runRulesTimed(b, p, spent)
		clear(spent)
		b.ResetTimer()
		for b.Loop() {
			runRulesTimed(b, p, spent)
		}
		reportShares(b, spent)
	})
}

// reportShares reports each analyzer's time per run.
func reportShares(b *testing.B, spent map[*analysis.Analyzer]time.Duration) {
	for a, d := range spent {
		if a != parsers.Analyzer {
			b.ReportMetric(float64(d.Microseconds())/float64(b.N)/1000, a.Name+"-ms/op")
		}
	}
}
