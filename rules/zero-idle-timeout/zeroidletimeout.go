// Package zeroidletimeout implements the rule zero-idle-timeout.
package zeroidletimeout

import (
	"slices"

	"golang.org/x/tools/go/analysis"

	"github.com/flinklint/flinklint/jobgraph"
	"github.com/flinklint/flinklint/parsers/model"
	"github.com/flinklint/flinklint/parsers/model/constant"
	"github.com/flinklint/flinklint/rules/internal/report"
	"github.com/flinklint/flinklint/rules/internal/rule"
)

// Analyzer reports withIdleness calls whose timeout is not positive.
var Analyzer = rule.New("zero-idle-timeout", run)

func run(pass *analysis.Pass, g *jobgraph.Graph) {
	project := g.Project()
	checkSettings(pass, project)
	for _, n := range project.Calls("withIdleness") {
		if n.Recv == nil || len(n.Args()) != 1 {
			continue
		}
		d, ok := constant.Duration(project, n.Args()[0])
		if !ok || d > 0 {
			continue
		}
		what := "zero"
		if d < 0 {
			what = "negative (" + d.String() + ")"
		}
		report.Finding{
			Headline: "idle timeout is " + what + ": withIdleness throws while the job is built",
			Help:     "use a timeout longer than the longest normal pause of a partition, such as Duration.ofMinutes(1)",
			Note: "WatermarkStrategy.withIdleness throws IllegalArgumentException(\"idleTimeout must be greater " +
				"than zero\"), so the job never starts",
			Evidence: slices.Concat(report.Evidence(n, "withIdleness call here"), definition(project, n.Args()[0])),
			Fixes:    idlenessFix(pass, n),
		}.At(pass, n)
	}
}

// definition is the evidence of where the names in the timeout expression
// n are defined, when that is elsewhere: a variable, a constant (also in
// another file, also inside Duration.ofMillis(IDLE_MILLIS)), a helper.
func definition(p *model.Project, n *model.Node) []analysis.RelatedInformation {
	var out []analysis.RelatedInformation
	model.Inspect(n, func(m *model.Node) bool {
		v := p.Value(m)
		if v == m || v.Pos() >= n.Pos() && v.End() <= n.End() {
			return true
		}
		out = append(out, report.Evidence(v, "timeout defined here")...)
		return false
	})
	return out
}
