// Package invalidduration implements the rule invalid-duration.
package invalidduration

import (
	"fmt"
	"go/token"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/flinklint/flinklint/jobgraph"
	"github.com/flinklint/flinklint/jobgraph/flinksql"
	"github.com/flinklint/flinklint/parsers/flinkconf"
	"github.com/flinklint/flinklint/parsers/model"
	"github.com/flinklint/flinklint/rules/internal/report"
	"github.com/flinklint/flinklint/rules/internal/rule"
)

// Analyzer reports duration settings that Flink cannot parse.
var Analyzer = rule.New("invalid-duration", run)

// durationKeys are options of type Duration that event-time jobs set.
var durationKeys = []string{
	"table.exec.source.idle-timeout",
	"scan.watermark.idle-timeout",
	"pipeline.auto-watermark-interval",
	"scan.watermark.alignment.max-drift",
	"scan.watermark.alignment.update-interval",
	"table.exec.state.ttl",
	"table.exec.mini-batch.allow-latency",
	"execution.checkpointing.interval",
	"execution.checkpointing.timeout",
	"execution.checkpointing.min-pause",
}

func run(pass *analysis.Pass, g *jobgraph.Graph) {
	p := g.Project()
	stmts := flinksql.Statements(p)
	for _, key := range durationKeys {
		for _, s := range flinksql.Settings(p, stmts, key) {
			if s.ValueNode != nil || strings.Contains(s.Value, model.Computed) {
				continue // computed in code: not a string Flink parses
			}
			_, err := flinkconf.ParseDuration(s.Value)
			if err == nil {
				continue
			}
			report.Finding{
				Headline: fmt.Sprintf("%s = '%s' is not a duration Flink can read", key, report.Clip(s.Value, 24)),
				Help:     "write a number and a unit such as '1 min', '30 s' or '200 ms' (a bare number means milliseconds)",
				Note:     fmt.Sprintf("Flink fails the job when it reads the setting: %v", err),
				Fixes:    fix(pass, s),
			}.Span(pass, s.ValuePos, s.ValuePos+token.Pos(len(s.Value)))
		}
	}
}
