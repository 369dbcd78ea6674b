package eventtimewithoutwatermarks_test

import (
	"testing"

	"github.com/flinklint/flinklint/analyzer/analyzertest"
	eventtimewithoutwatermarks "github.com/flinklint/flinklint/rules/event-time-without-watermarks"
)

func Test(t *testing.T) {
	res := analyzertest.Run(t, "testdata", eventtimewithoutwatermarks.Analyzer)
	// Evidence names the window or process call, the timer the function
	// registers (in its class, elsewhere), the dropped result of
	// assignTimestampsAndWatermarks and each input without watermarks.
	analyzertest.CheckEvidence(t, res, map[string][]string{
		"Legacy.java:20":         {"window operator built here Legacy.java:18-20", "legacy source added here Legacy.java:18"},
		"Legacy.java:28":         {"returned stream dropped here Legacy.java:26", "window operator built here Legacy.java:27-28", "legacy source added here Legacy.java:25"},
		"Legacy.java:35":         {"window operator built here Legacy.java:33-35", "input without watermarks here Legacy.java:33"},
		"NoWatermarks.java:34":   {"window operator built here NoWatermarks.java:32-34", "fromSource with noWatermarks() here NoWatermarks.java:32"},
		"NoWatermarks.java:68":   {"process operator built here NoWatermarks.java:66-68", "event-time timer registered here NoWatermarks.java:141", "fromSource with noWatermarks() here NoWatermarks.java:66"},
		"Timers.java:57":         {"process operator built here Timers.java:55-57", "event-time timer registered here Timers.java:138", "fromSource with noWatermarks() here Timers.java:53", "fromSource with noWatermarks() here Timers.java:54"},
		"Timers.java:80":         {"process operator built here Timers.java:79-80", "event-time timer registered here Timers.java:109", "fromSource with noWatermarks() here Timers.java:69"},
		"py_timers.py:54":        {"process operator built here py_timers.py:54", "event-time timer registered here py_timers.py:34", "from_source with no_watermarks() here py_timers.py:49"},
		"py_no_watermarks.py:16": {"window operator built here py_no_watermarks.py:16", "from_source with no_watermarks() here py_no_watermarks.py:15"},
	})
}
