// Package strategy names the parts of Flink's WatermarkStrategy API that
// several rules recognize, so that they agree on them.
package strategy

// IsGenerating reports whether name is a WatermarkStrategy factory whose
// watermarks follow the data (and so stop when the data stops).
func IsGenerating(name string) bool {
	switch name {
	case "forBoundedOutOfOrderness", "forMonotonousTimestamps", "forGenerator":
		return true
	}
	return false
}

// IsPeriodic reports whether name is a WatermarkStrategy factory whose
// generator emits watermarks only in onPeriodicEmit, at the
// auto-watermark interval.
func IsPeriodic(name string) bool {
	return name == "forBoundedOutOfOrderness" || name == "forMonotonousTimestamps"
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
