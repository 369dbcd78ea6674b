// Package strategy names the parts of Flink's WatermarkStrategy API that
// several rules recognize, so that they agree on them.
package strategy

import "slices"

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
