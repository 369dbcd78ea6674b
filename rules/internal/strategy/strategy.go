// Package strategy names the parts of Flink's WatermarkStrategy API that
// several rules recognize, so that they agree on them.
package strategy

import (
	"slices"

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

// Assigner returns the withTimestampAssigner call of the strategy chain
// that the expression s evaluates to (WatermarkStrategy.forX(...)
// .withTimestampAssigner(a).withIdleness(d), through variables and helper
// methods), or nil when the chain sets none.
func Assigner(p *model.Project, s *model.Node) *model.Node {
	for n := p.Value(s); n != nil && n.Kind == model.Call && Derives(n.Name); n = p.Value(n.Recv) {
		if n.Name == "withTimestampAssigner" {
			return n
		}
		if n.Recv == nil {
			break
		}
	}
	return nil
}
