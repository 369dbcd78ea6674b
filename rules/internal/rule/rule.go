// Package rule builds a rule's Analyzer, so that every rule takes its Doc
// and URL from its page and reads the job graph the same way.
package rule

import (
	"golang.org/x/tools/go/analysis"

	ruledocs "github.com/flinklint/flinklint/docs/rules"
	"github.com/flinklint/flinklint/jobgraph"
)

// New returns the Analyzer of rule id, documented by docs/rules/<id>.md,
// whose run reports on the project's job graph (and through it, the
// lowered model). requires lists the shared passes, beyond the graph,
// whose results run reads.
func New(id string, run func(pass *analysis.Pass, g *jobgraph.Graph), requires ...*analysis.Analyzer) *analysis.Analyzer {
	return &analysis.Analyzer{
		Name:     id,
		Doc:      ruledocs.Doc(id),
		URL:      ruledocs.URL(id),
		Requires: append([]*analysis.Analyzer{jobgraph.Analyzer}, requires...),
		Run: func(pass *analysis.Pass) (any, error) {
			run(pass, jobgraph.Of(pass))
			return nil, nil
		},
	}
}
