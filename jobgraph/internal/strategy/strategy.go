// Package strategy names the parts of Flink's WatermarkStrategy API that
// several rules recognize, so that they agree on them.
package strategy

import (
	"slices"

	"github.com/flinklint/flinklint/jobgraph/internal/flow"
	"github.com/flinklint/flinklint/parsers/model"
)

// Generating lists the WatermarkStrategy factories whose watermarks follow
// the data (and so stop when the data stops); rules look their calls up.
func Generating() []string {
	return []string{"forBoundedOutOfOrderness", "forMonotonousTimestamps", "forGenerator"}
}

// IsGenerating reports whether name is one of the Generating factories.
func IsGenerating(name string) bool {
	return slices.Contains(Generating(), name)
}

// Periodic lists the WatermarkStrategy factories whose generator emits
// watermarks only in onPeriodicEmit, at the auto-watermark interval.
func Periodic() []string {
	return []string{"forBoundedOutOfOrderness", "forMonotonousTimestamps"}
}

// Derives reports whether the method name returns a new strategy built on
// its receiver.
func Derives(name string) bool {
	switch name {
	case "withTimestampAssigner", "withIdleness", "withWatermarkAlignment":
		return true
	}
	return false
}

// Assigner returns a withTimestampAssigner call of the strategy chain that
// the expression s evaluates to (WatermarkStrategy.forX(...)
// .withTimestampAssigner(a).withIdleness(d)), following variables, helper
// methods and the parameters of project methods to their callers'
// arguments; nil when no chain it reaches sets one.
func Assigner(p *model.Project, s *model.Node) *model.Node {
	var found *model.Node
	flow.Origins(p, s, func(c *model.Node) bool {
		if c.Name == "withTimestampAssigner" && found == nil {
			found = c
		}
		return Derives(c.Name)
	})
	return found
}

// Dropper returns the withIdleness or withWatermarkAlignment call that the
// strategy s makes after a withTimestampAssigner call of the same chain,
// and that assigner call; nils when it makes none. PyFlink keeps a Python
// assigner on the strategy object, and these two return a new strategy
// that wraps only the Java one: the assigner is gone from what they return.
func Dropper(p *model.Project, s *model.Node) (dropper, assigner *model.Node) {
	flow.Origins(p, s, func(c *model.Node) bool {
		if dropper == nil && (c.Name == "withIdleness" || c.Name == "withWatermarkAlignment") && c.Recv != nil {
			if a := Assigner(p, c.Recv); a != nil {
				dropper, assigner = c, a
			}
		}
		return Derives(c.Name)
	})
	return dropper, assigner
}
