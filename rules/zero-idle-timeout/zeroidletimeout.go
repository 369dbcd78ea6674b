// Package zeroidletimeout implements the rule zero-idle-timeout.
package zeroidletimeout

import (
	"golang.org/x/tools/go/analysis"

	"github.com/flinklint/flinklint/jobgraph"
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
		if n.Recv == nil || len(n.Args) != 1 {
			continue
		}
		d, ok := constant.Duration(project, n.Args[0])
		if !ok || d > 0 {
			continue
		}
		what := "zero"
		if d < 0 {
			what = "negative (" + d.String() + ")"
		}
		report.At(pass, n, "the idle timeout is "+what+": WatermarkStrategy.withIdleness throws "+
			"IllegalArgumentException(\"idleTimeout must be greater than zero\") while the job is built, so the "+
			"job never starts; use a timeout longer than the longest normal pause of a partition, "+
			"such as Duration.ofMinutes(1)")
	}
}
