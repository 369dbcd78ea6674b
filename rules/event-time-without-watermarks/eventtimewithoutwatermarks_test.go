package eventtimewithoutwatermarks_test

import (
	"testing"

	"github.com/flinklint/flinklint/analyzer/analyzertest"
	eventtimewithoutwatermarks "github.com/flinklint/flinklint/rules/event-time-without-watermarks"
)

func Test(t *testing.T) {
	res := analyzertest.Run(t, "testdata", eventtimewithoutwatermarks.Analyzer)
	// Evidence names each input without watermarks, the timer a process
	// function registers (in its class, elsewhere) and the dropped result
	// of assignTimestampsAndWatermarks.
	analyzertest.WantEvidence(t, res, map[string]string{
		"Legacy.java:20":         "legacy source added here@Legacy.java:18",
		"Legacy.java:28":         "returned stream dropped here@Legacy.java:26",
		"Legacy.java:35":         "input without watermarks here@Legacy.java:33",
		"NoWatermarks.java:34":   "fromSource with noWatermarks() here@NoWatermarks.java:32",
		"NoWatermarks.java:68":   "event-time timer registered here@NoWatermarks.java:141",
		"Timers.java:57":         "fromSource with noWatermarks() here@Timers.java:54",
		"Timers.java:80":         "fromSource with noWatermarks() here@Timers.java:69",
		"py_timers.py:54":        "event-time timer registered here@py_timers.py:34",
		"py_no_watermarks.py:16": "from_source with no_watermarks() here@py_no_watermarks.py:15",
	})
}
