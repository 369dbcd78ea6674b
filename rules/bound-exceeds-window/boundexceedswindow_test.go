package boundexceedswindow_test

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/flinklint/flinklint/analyzer"
	"github.com/flinklint/flinklint/analyzer/analyzertest"
	boundexceedswindow "github.com/flinklint/flinklint/rules/bound-exceeds-window"
)

func Test(t *testing.T) {
	res := analyzertest.Run(t, "testdata", boundexceedswindow.Analyzer)
	checkWindows(t, res)
	checkSeverities(t, res)
}

// windows are the findings whose window is elsewhere than the bound, by
// file:line, and the line of the window call their evidence must cover:
// the shortest window when the stream reaches several.
var windows = map[string]string{
	"Jobs.java:35":          "Jobs.java:37",
	"Helpers.java:13":       "Helpers.java:17",
	"Legacy.java:26":        "Legacy.java:33",
	"Reached.java:20":       "Reached.java:98",
	"Reached.java:94":       "Reached.java:25",
	"Reached.java:114":      "Reached.java:45",
	"py_table_bounds.py:10": "py_table_bounds.py:19",
	"py_reached.py:16":      "py_reached.py:27",
	"py_reached.py:21":      "py_reached.py:11",
	"py_bounds.py:36":       "py_bounds.py:40",
	"py_bounds.py:93":       "py_bounds.py:98",
	"ScalaBounds.scala:36":  "ScalaBounds.scala:38",
	"ScalaReached.scala:19": "ScalaReached.scala:25",
	"ScalaReached.scala:22": "ScalaReached.scala:16",
	"tables.sql:6":          "windows.sql:4",
}

// checkWindows checks that each finding of windows names its window as
// evidence.
func checkWindows(t *testing.T, res *analyzer.Result) {
	t.Helper()
	found := map[string]bool{}
	for _, d := range res.Diagnostics {
		at := where(d.Position.Filename, d.Position.Line)
		want, ok := windows[at]
		if !ok {
			continue
		}
		found[at] = true
		var got []string
		for _, e := range d.Evidence {
			if !strings.HasSuffix(e.Label, "window here") {
				continue
			}
			for line := e.Position.Line; line <= e.EndPos.Line; line++ {
				got = append(got, where(e.Position.Filename, line))
			}
		}
		if !strings.Contains(" "+strings.Join(got, " ")+" ", " "+want+" ") {
			t.Errorf("%s: window evidence covers %v, want %s", at, got, want)
		}
	}
	for at := range windows {
		if !found[at] {
			t.Errorf("%s: no finding", at)
		}
	}
}

// severities are the findings whose severity is not the rule's: a bound
// of a day or more is info, a negative bound an error.
var severities = map[string]string{
	"Jobs.java:73":         "info",
	"py_bounds.py:66":      "info",
	"tables.sql:18":        "info",
	"Jobs.java:83":         "error",
	"Jobs.java:84":         "error",
	"Legacy.java:47":       "error",
	"py_bounds.py:74":      "error",
	"ScalaBounds.scala:63": "error",
}

func checkSeverities(t *testing.T, res *analyzer.Result) {
	t.Helper()
	for _, d := range res.Diagnostics {
		at := where(d.Position.Filename, d.Position.Line)
		if d.Category != severities[at] {
			t.Errorf("%s: severity %q, want %q", at, d.Category, severities[at])
		}
	}
}

func where(path string, line int) string { return fmt.Sprintf("%s:%d", filepath.Base(path), line) }
