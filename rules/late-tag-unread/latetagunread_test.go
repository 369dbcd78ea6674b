package latetagunread_test

import (
	"testing"

	"github.com/flinklint/flinklint/analyzer/analyzertest"
	latetagunread "github.com/flinklint/flinklint/rules/late-tag-unread"
)

// Test checks the findings, and the evidence that names the window
// operator, the tag and the getSideOutput calls that miss it.
func Test(t *testing.T) {
	res := analyzertest.Run(t, "testdata", latetagunread.Analyzer)
	analyzertest.CheckEvidence(t, res, map[string][]string{
		"Lambdas.java:58":    {"window operator built here Lambdas.java:56", "getSideOutput here, result unused Lambdas.java:60"},
		"Reassigned.java:19": {"window operator built here Reassigned.java:20", "late tag set here Reassigned.java:19"},
		"Unread.java:27":     {"window operator built here Unread.java:25", "getSideOutput on another operator here Unread.java:29"},
		"Unread.java:35":     {"getSideOutput here, result unused Unread.java:37"},
		"Unread.java:53":     {"late tag declared here Tags.java:8"},
		"unread.py:44":       {"get_side_output on another operator here unread.py:45"},
		"unread.py:51":       {"get_side_output here, result unused unread.py:53"},
		"unread.py:67":       {"window operator built here unread.py:66", "late tag declared here common.py:8"},
		"ScalaLate.scala:16": {"late tag declared here ScalaLate.scala:9"},
	})
}
