package latedatadropped_test

import (
	"testing"

	"github.com/flinklint/flinklint/analyzer/analyzertest"
	latedatadropped "github.com/flinklint/flinklint/rules/late-data-dropped"
)

func Test(t *testing.T) {
	res := analyzertest.Run(t, "testdata", latedatadropped.Analyzer)
	analyzertest.CheckEvidence(t, res, map[string][]string{
		"ClockSources.java:71":     {"window operator built here ClockSources.java:68-72", "watermark strategy defined here ClockSources.java:54-55"},
		"CounterAssigners.java:59": {"window operator built here CounterAssigners.java:57-60"},
		"Dropped.java:54":          {"window operator built here Dropped.java:53-55", "input read here Dropped.java:51-52", "input read here Dropped.java:82"},
		"Dropped.java:63":          {"window operator built here Dropped.java:63", "watermarks assigned here Dropped.java:60-62"},
		"Dropped.java:78":          {"window operator built here Dropped.java:78", "input read here Dropped.java:51-52", "input read here Dropped.java:82"},
		"FieldInputs.java:31":      {"window operator built here FieldInputs.java:30-31", "watermark strategy defined here FieldInputs.java:13"},
		"RecursiveStages.java:22":  {"window operator built here RecursiveStages.java:21-23", "watermarks assigned here RecursiveStages.java:20", "watermark strategy defined here RecursiveStages.java:16-17"},
		"ScalaDropped.scala:33":    {"window operator built here ScalaDropped.scala:31-34", "watermarks assigned here ScalaDropped.scala:26-30"},
		"Stalled.java:60":          {"window operator built here Stalled.java:57-61", "watermarks assigned here Stalled.java:37-39"},
		"Stalled.java:70":          {"window operator built here Stalled.java:67-71", "watermarks assigned here Stalled.java:37-39"},
		"StatementOrder.java:39":   {"window operator built here StatementOrder.java:38-40", "watermarks assigned here StatementOrder.java:36-37", "watermark strategy defined here StatementOrder.java:16-17"},
		"StatementOrder.java:56":   {"window operator built here StatementOrder.java:55-57", "stream assigned again here StatementOrder.java:53"},
		"WindowResults.java:52":    {"window operator built here WindowResults.java:51-53", "watermarks assigned here WindowResults.java:45-50"},
		"dropped.py:121":           {"window operator built here dropped.py:121", "watermarks assigned here dropped.py:109-113"},
		"dropped.py:51":            {"window operator built here dropped.py:50-52", "watermarks assigned here dropped.py:45-49"},
	})
}
