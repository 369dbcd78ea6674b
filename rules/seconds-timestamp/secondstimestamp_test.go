package secondstimestamp_test

import (
	"regexp"
	"testing"

	"github.com/flinklint/flinklint/analyzer/analyzertest"
	"github.com/flinklint/flinklint/internal/fixes"
	secondstimestamp "github.com/flinklint/flinklint/rules/seconds-timestamp"
)

func Test(t *testing.T) {
	res := analyzertest.Run(t, "testdata", secondstimestamp.Analyzer)
	// A fix is safe when the culprit it converts is an epoch-second method
	// of java.time or Python's time.time(), time.mktime() or
	// calendar.timegm() (quoted first in the message); a division or a name
	// makes it unsafe.
	culprit := regexp.MustCompile(`(?m)seconds \((.*)\)$`)
	epoch := regexp.MustCompile(`\.(getEpochSecond\(\)|toEpochSecond\()|^(time\.time\(\)|time\.mktime\(|calendar\.timegm\()`)
	count := map[fixes.Applicability]int{}
	for _, d := range res.Diagnostics {
		for _, f := range d.SuggestedFixes {
			a, _ := fixes.Of(f)
			count[a]++
			m := culprit.FindStringSubmatch(d.Message)
			if m == nil {
				t.Errorf("%s: no culprit quoted in %q", d.Position, d.Message)
				continue
			}
			if want := epoch.MatchString(m[1]); (a == fixes.Safe) != want {
				t.Errorf("%s: the fix of %q is %s", d.Position, m[1], a)
			}
		}
	}
	if count[fixes.Safe] == 0 || count[fixes.Unsafe] == 0 {
		t.Errorf("want safe and unsafe fixes in the testdata, got %v", count)
	}
	// Evidence names what shows the unit, written apart from the finding:
	// a variable, a method, a column, the helper that sets the assigner.
	analyzertest.CheckEvidence(t, res, map[string][]string{
		"Assigners.java:27":  {"timestamp assigner here Assigners.java:27", "seconds come from here Assigners.java:26"},
		"Assigners.java:31":  {"timestamp assigner here Assigners.java:31", "seconds come from here Assigners.java:36"},
		"Timers.java:14":     {"timer registered here Timers.java:14", "seconds come from here Timers.java:13"},
		"Helpers.java:22":    {"passed to withTimestampAssigner here Helpers.java:14"},
		"py_sources.py:72":   {"passed to with_timestamp_assigner here py_sources.py:57"},
		"timestamps.sql:10":  {"column declared here timestamps.sql:5"},
		"orders.sql:5":       {"column declared here orders.sql:4"},
		"Classes.java:15":    {"timestamp assigner here Classes.java:14-17"},
		"py_assigners.py:13": {"timestamp assigner here py_assigners.py:13-14"},
		"cdc.sql:57":         {},
	})
}
