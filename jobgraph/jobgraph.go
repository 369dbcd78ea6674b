// Package jobgraph is the one model of each job's event time: its sources,
// assigners, operators, windows and sinks, with the facts the rules ask
// about them (whether an input ends, what watermarks a stream carries,
// whether anything downstream waits for them, what a sink does with a
// repeated record). It is built once per analysis, as the shared pass
// Analyzer, and every stream-following rule reads it, so that each fact
// has one definition and is computed once. flinklint graph draws it.
package jobgraph

import (
	"reflect"

	"golang.org/x/tools/go/analysis"

	"github.com/flinklint/flinklint/jobgraph/internal/lineage"
	"github.com/flinklint/flinklint/parsers"
	"github.com/flinklint/flinklint/parsers/model"
)

// Analyzer builds the job graph of the project once for every rule that
// requires it; Of reads its result.
var Analyzer = &analysis.Analyzer{
	Name:       "jobgraph",
	Doc:        "build each job's graph of sources, operators, windows and sinks, with its event-time facts",
	Requires:   []*analysis.Analyzer{parsers.Analyzer},
	ResultType: reflect.TypeFor[*Graph](),
	Run: func(pass *analysis.Pass) (any, error) {
		return New(pass.ResultOf[parsers.Analyzer].(*parsers.Result).Project), nil
	},
}

// Of returns the job graph of pass, whose analyzer requires Analyzer.
func Of(pass *analysis.Pass) *Graph {
	return pass.ResultOf[Analyzer].(*Graph)
}

// Graph is the job graph of a project: its jobs, and the facts of its
// streams, each computed once and kept. The jobs are built on first use
// (Jobs), so a rule that only asks facts does not pay for the picture.
// A Graph is used by one goroutine at a time, as a pass's result is.
type Graph struct {
	p *model.Project

	jobs    []*Job
	built   bool
	windows []*Window
	found   bool

	lineage *lineage.Lineage
	usage   map[*model.Node]Usage
}

// New returns the job graph of the project p.
func New(p *model.Project) *Graph {
	return &Graph{
		p:       p,
		lineage: lineage.New(p),
		usage:   map[*model.Node]Usage{},
	}
}

// Project returns the project the graph describes.
func (g *Graph) Project() *model.Project { return g.p }
