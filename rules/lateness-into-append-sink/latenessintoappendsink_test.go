package latenessintoappendsink_test

import (
	"testing"

	"github.com/flinklint/flinklint/analyzer/analyzertest"
	latenessintoappendsink "github.com/flinklint/flinklint/rules/lateness-into-append-sink"
)

// Test checks the findings, and the evidence that names the sink each
// reaches, the sink's builder and the window when they sit elsewhere.
func Test(t *testing.T) {
	res := analyzertest.Run(t, "testdata", latenessintoappendsink.Analyzer)
	analyzertest.CheckEvidence(t, res, map[string][]string{
		"LateFirings.java:45":       {"window operator built here LateFirings.java:44-46", "sink that appends here LateFirings.java:48", "sink built here LateFirings.java:35-40"},
		"LateFirings.java:54":       {"window operator built here LateFirings.java:52-55", "sink that appends here LateFirings.java:58", "sink built here LateFirings.java:57"},
		"LateFirings.java:63":       {"window operator built here LateFirings.java:62-64", "sink that appends here LateFirings.java:65-68"},
		"LateFirings.java:80":       {"window operator built here LateFirings.java:79-81", "sink that appends here LateFirings.java:82", "sink built here LateFirings.java:35-40"},
		"LateFirings.java:88":       {"window operator built here LateFirings.java:86-89", "sink that appends here LateFirings.java:91", "sink built here LateFirings.java:35-40", "custom trigger set here LateFirings.java:87"},
		"Reached.java:21":           {"window operator built here Reached.java:20-22", "sink that appends here Reached.java:16", "sink built here LateFirings.java:35-40"},
		"Reached.java:27":           {"window operator built here Reached.java:26-28", "sink that appends here Reached.java:33", "sink built here LateFirings.java:35-40"},
		"Reached.java:38":           {"window operator built here Reached.java:40", "sink that appends here Reached.java:40", "sink built here LateFirings.java:35-40", "event-time window here Reached.java:37"},
		"Reached.java:45":           {"window operator built here Reached.java:44-46", "sink that appends here Reached.java:48", "sink built here LateFirings.java:35-40"},
		"Reached.java:57":           {"window operator built here Reached.java:56-58", "sink that appends here Reached.java:60", "sink built here Sinks.java:12-13", "event-time window here Reached.java:69"},
		"Reached.java:62":           {"window operator built here Reached.java:61-63", "sink that appends here Reached.java:65", "sink built here Sinks.java:12-13", "event-time window here Reached.java:69"},
		"Reached.java:74":           {"window operator built here Reached.java:73-75", "sink that appends here Sinks.java:8", "sink built here LateFirings.java:35-40"},
		"ScalaLateFirings.scala:25": {"window operator built here ScalaLateFirings.scala:23-26", "sink that appends here ScalaLateFirings.scala:28"},
		"ScalaLateFirings.scala:32": {"window operator built here ScalaLateFirings.scala:30-33", "sink that appends here ScalaLateFirings.scala:35"},
		"ScalaReached.scala:14":     {"window operator built here ScalaReached.scala:13-15", "sink that appends here ScalaReached.scala:23", "sink built here ScalaLateFirings.scala:16-20"},
		"ScalaReached.scala:26":     {"window operator built here ScalaReached.scala:25-27", "sink that appends here ScalaReached.scala:20", "sink built here ScalaLateFirings.scala:16-20", "event-time window here ScalaReached.scala:18"},
		"ScalaReached.scala:31":     {"window operator built here ScalaReached.scala:30-32", "sink that appends here ScalaReached.scala:33", "sink built here ScalaLateFirings.scala:16-20", "event-time window here ScalaReached.scala:18"},
		"late_firings.py:38":        {"window operator built here late_firings.py:36-39", "sink that appends here late_firings.py:41", "sink built here late_firings.py:26-32"},
		"late_firings.py:47":        {"window operator built here late_firings.py:45-48", "sink that appends here late_firings.py:50"},
		"late_reached.py:13":        {"window operator built here late_reached.py:13", "sink that appends here late_reached.py:26", "sink built here late_firings.py:26-32"},
		"late_reached.py:31":        {"window operator built here late_reached.py:32", "sink that appends here late_reached.py:21", "event-time window here late_reached.py:17"},
	})
}
