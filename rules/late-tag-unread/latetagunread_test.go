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
		"Lambdas.java:58":    {"window operator built here Lambdas.java:56-59", "late tag declared here Lambdas.java:18", "getSideOutput here, result unused Lambdas.java:60"},
		"Reassigned.java:19": {"window operator built here Reassigned.java:20", "late tag set here Reassigned.java:19", "late tag declared here Reassigned.java:15"},
		"ScalaLate.scala:16": {"window operator built here ScalaLate.scala:14-17", "late tag declared here ScalaLate.scala:9"},
		"Unread.java:27":     {"window operator built here Unread.java:25-28", "late tag declared here Unread.java:15", "getSideOutput on another operator here Unread.java:29"},
		"Unread.java:35":     {"window operator built here Unread.java:33-36", "late tag declared here Tags.java:8", "getSideOutput here, result unused Unread.java:37"},
		"Unread.java:53":     {"window operator built here Unread.java:51-54", "late tag declared here Tags.java:8"},
		"unread.py:44":       {"window operator built here unread.py:42-44", "late tag declared here unread.py:41", "get_side_output on another operator here unread.py:45"},
		"unread.py:51":       {"window operator built here unread.py:49-52", "late tag declared here common.py:8", "get_side_output here, result unused unread.py:53"},
		"unread.py:67":       {"window operator built here unread.py:66-67", "late tag declared here common.py:8"},
	})
}
