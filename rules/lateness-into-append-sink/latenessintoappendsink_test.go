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
		"LateFirings.java:45":       {"window operator built here LateFirings.java:44", "sink that appends here LateFirings.java:48", "sink built here LateFirings.java:35"},
		"LateFirings.java:54":       {"sink that appends here LateFirings.java:58"},
		"LateFirings.java:63":       {"sink that appends here LateFirings.java:65"},
		"LateFirings.java:80":       {"sink that appends here LateFirings.java:82"},
		"LateFirings.java:88":       {"custom trigger set here LateFirings.java:87"},
		"Reached.java:21":           {"sink that appends here Reached.java:16"},
		"Reached.java:27":           {"sink that appends here Reached.java:33"},
		"Reached.java:38":           {"window operator built here Reached.java:40", "sink that appends here Reached.java:40", "event-time window here Reached.java:37"},
		"Reached.java:45":           {"sink that appends here Reached.java:48"},
		"Reached.java:57":           {"sink that appends here Reached.java:60", "sink built here Sinks.java:12", "event-time window here Reached.java:69"},
		"Reached.java:62":           {"sink that appends here Reached.java:65"},
		"Reached.java:74":           {"sink that appends here Sinks.java:8"},
		"ScalaLateFirings.scala:25": {"sink that appends here ScalaLateFirings.scala:28"},
		"ScalaLateFirings.scala:32": {"sink that appends here ScalaLateFirings.scala:35"},
		"ScalaReached.scala:14":     {"sink that appends here ScalaReached.scala:23"},
		"ScalaReached.scala:26":     {"sink that appends here ScalaReached.scala:20"},
		"ScalaReached.scala:31":     {"sink that appends here ScalaReached.scala:33"},
		"late_firings.py:38":        {"sink that appends here late_firings.py:41"},
		"late_firings.py:47":        {"sink that appends here late_firings.py:50"},
		"late_reached.py:13":        {"sink that appends here late_reached.py:26"},
		"late_reached.py:31":        {"sink that appends here late_reached.py:21", "event-time window here late_reached.py:17"},
	})
}
