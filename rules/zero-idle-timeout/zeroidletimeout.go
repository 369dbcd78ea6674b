// Package zeroidletimeout implements the rule zero-idle-timeout.
package zeroidletimeout

import (
	"golang.org/x/tools/go/analysis"

	ruledocs "github.com/flinklint/flinklint/docs/rules"
	"github.com/flinklint/flinklint/parsers"
	"github.com/flinklint/flinklint/parsers/model"
	"github.com/flinklint/flinklint/rules/internal/constant"
	"github.com/flinklint/flinklint/rules/internal/report"
)

const name = "zero-idle-timeout"

// Analyzer reports withIdleness calls whose timeout is not positive.
var Analyzer = &analysis.Analyzer{
	Name:     name,
	Doc:      ruledocs.Doc(name),
	URL:      ruledocs.URL(name),
	Requires: []*analysis.Analyzer{parsers.Analyzer},
	Run:      run,
}

func run(pass *analysis.Pass) (any, error) {
	project := pass.ResultOf[parsers.Analyzer].(*parsers.Result).Project
	for _, f := range project.Files() {
		f.Inspect(func(n *model.Node) bool {
			if !model.IsCall(n, "withIdleness") || n.Recv == nil || len(n.Args) != 1 {
				return true
			}
			d, ok := constant.Duration(project, n.Args[0])
			if !ok || d > 0 {
				return true
			}
			what := "zero"
			if d < 0 {
				what = "negative (" + d.String() + ")"
			}
			report.At(pass, n, "the idle timeout is "+what+": WatermarkStrategy.withIdleness throws "+
				"IllegalArgumentException(\"idleTimeout must be greater than zero\") while the job is built, so the "+
				"job never starts; use a timeout longer than the longest normal pause of a partition, "+
				"such as Duration.ofMinutes(1)")
			return true
		})
	}
	return nil, nil
}
