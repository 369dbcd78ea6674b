package config

import (
	"reflect"

	"golang.org/x/tools/go/analysis"
)

// Analyzer gives rules the configuration of the files they read, for the
// settings that describe what the code does not show (Effective.Settings).
// Its result is the run's *Finder, which the driver supplies
// (analyzer.Options.Config); run on its own, as in a rule's tests, it is a
// nil *Finder, which gives every file the defaults.
var Analyzer = &analysis.Analyzer{
	Name:       "config",
	Doc:        "gives rules the configuration (.flinklint.yaml) of each file",
	Run:        func(*analysis.Pass) (any, error) { return (*Finder)(nil), nil },
	ResultType: reflect.TypeFor[*Finder](),
}
