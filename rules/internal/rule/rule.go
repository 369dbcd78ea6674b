// Package rule builds a rule's Analyzer, so that every rule takes its Doc
// and URL from its page and reads the job model the same way.
package rule

import (
	"golang.org/x/tools/go/analysis"

	ruledocs "github.com/flinklint/flinklint/docs/rules"
	"github.com/flinklint/flinklint/parsers"
	"github.com/flinklint/flinklint/parsers/model"
)

// New returns the Analyzer of rule id, documented by docs/rules/<id>.md,
// whose run reports on the project's job model. requires lists the shared
// passes, beyond the parse, whose results run reads.
func New(id string, run func(pass *analysis.Pass, p *model.Project), requires ...*analysis.Analyzer) *analysis.Analyzer {
	return &analysis.Analyzer{
		Name:     id,
		Doc:      ruledocs.Doc(id),
		URL:      ruledocs.URL(id),
		Requires: append([]*analysis.Analyzer{parsers.Analyzer}, requires...),
		Run: func(pass *analysis.Pass) (any, error) {
			run(pass, pass.ResultOf[parsers.Analyzer].(*parsers.Result).Project)
			return nil, nil
		},
	}
}
