package unevenunionidleness_test

import (
	"testing"

	"github.com/flinklint/flinklint/analyzer/analyzertest"
	unevenunionidleness "github.com/flinklint/flinklint/rules/uneven-union-idleness"
)

// The evidence names the inputs whose watermarks differ, wherever they
// are read, the combining call and what downstream waits for its
// watermark.
func Test(t *testing.T) {
	res := analyzertest.Run(t, "testdata", unevenunionidleness.Analyzer)
	analyzertest.CheckEvidence(t, res, map[string][]string{
		"Combined.java:42": {
			"read with noWatermarks() here Combined.java:40",
			"inputs combined here Combined.java:41-42",
			"event-time timers or watermark read here Combined.java:41-43",
		},
		"Combined.java:48": {
			"input without watermarks here Combined.java:47",
			"inputs combined here Combined.java:48",
			"event-time window here Combined.java:48-50",
		},
		"Combined.java:62": {
			"input with withIdleness here Combined.java:39",
			"input without withIdleness here Combined.java:55-61",
			"inputs combined here Combined.java:62",
			"event-time window here Combined.java:62-64",
		},
		"Reached.java:21":    {"read with noWatermarks() here Reached.java:56", "inputs combined here Reached.java:20-21", "event-time timers or watermark read here Reached.java:20-22"},
		"Reached.java:28":    {"input without watermarks here Reached.java:27", "inputs combined here Reached.java:28", "event-time window here Reached.java:29"},
		"Reached.java:32":    {"input without watermarks here Reached.java:32", "inputs combined here Reached.java:32", "event-time window here Reached.java:64"},
		"Reached.java:42":    {"input with withIdleness here Reached.java:19", "input without withIdleness here Reached.java:72", "inputs combined here Reached.java:42", "event-time window here Reached.java:42-44"},
		"Reached.java:68":    {"input without watermarks here Reached.java:35", "inputs combined here Reached.java:68", "event-time window here Reached.java:35-37"},
		"py_broadcast.py:35": {"read with no_watermarks() here py_broadcast.py:34", "inputs combined here py_broadcast.py:35", "event-time timers or watermark read here py_broadcast.py:36"},
		"py_reached.py:21":   {"read with no_watermarks() here py_reached.py:8", "inputs combined here py_reached.py:21", "event-time timers or watermark read here py_reached.py:21"},
		"py_reached.py:27":   {"read with no_watermarks() here py_reached.py:26", "inputs combined here py_reached.py:27", "event-time window here py_reached.py:16"},
		"ScalaCombined.scala:26": {"input without watermarks here ScalaCombined.scala:26", "inputs combined here ScalaCombined.scala:25-26",
			"event-time timers or watermark read here ScalaCombined.scala:25-27"},
		"ScalaReached.scala:23": {"input without watermarks here ScalaReached.scala:22", "inputs combined here ScalaReached.scala:23", "event-time window here ScalaReached.scala:39"},
		"ScalaReached.scala:27": {"input without watermarks here ScalaReached.scala:42", "inputs combined here ScalaReached.scala:26-27",
			"event-time timers or watermark read here ScalaReached.scala:26-28"},
		"ScalaReached.scala:31": {"input with withIdleness here ScalaReached.scala:19-20", "input without withIdleness here ScalaReached.scala:45",
			"inputs combined here ScalaReached.scala:31", "event-time window here ScalaReached.scala:31-33"},
	})
}
