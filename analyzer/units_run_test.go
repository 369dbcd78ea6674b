package analyzer_test

import (
	"fmt"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"

	"github.com/flinklint/flinklint/analyzer"
	"github.com/flinklint/flinklint/analyzer/analyzertest"
	secondstimestamp "github.com/flinklint/flinklint/rules/seconds-timestamp"
)

// A job whose timestamp getter is declared in another build module finds
// it whether the modules are analyzed in one unit or in two; in two, the
// first unit's finding and its fix keep their positions after the unit's
// files drop their line tables.
func TestUnitsResolveAcrossModules(t *testing.T) {
	dir := analyzertest.WriteFiles(t, map[string]string{
		"a-jobs/pom.xml": "<project/>",
		"a-jobs/src/Job.java": `package jobs;
import org.apache.flink.api.common.eventtime.WatermarkStrategy;
class Job {
  WatermarkStrategy<Event> s = WatermarkStrategy.<Event>forMonotonousTimestamps().withTimestampAssigner((e, ts) -> e.getTs());
  WatermarkStrategy<Event> t = WatermarkStrategy.<Event>forMonotonousTimestamps().withTimestampAssigner((e, ts) -> e.millis / 1000);
}`,
		"b-events/pom.xml": "<project/>",
		"b-events/src/Event.java": `package jobs;
// Read by the jobs' TimestampAssigner.
public class Event { long createdSec; long millis; public long getTs() { return createdSec; } }`,
	})
	analyzers := []*analysis.Analyzer{secondstimestamp.Analyzer}
	var got []string
	for _, budget := range []int64{1, analyzer.DefaultUnitBytes} {
		res, err := analyzer.Options{Keywords: []string{"imestampAssigner"}, UnitBytes: budget}.Run([]string{dir}, analyzers)
		if err != nil {
			t.Fatal(err)
		}
		var b strings.Builder
		for _, d := range res.Diagnostics {
			fmt.Fprintf(&b, "%s %s\n", d.Position, d.Message)
			for _, f := range d.SuggestedFixes {
				for _, e := range f.TextEdits {
					fmt.Fprintf(&b, "  fix %s-%s %q\n", res.Fset.Position(e.Pos), res.Fset.Position(e.End), e.NewText)
				}
			}
		}
		if len(res.Diagnostics) != 2 || !strings.Contains(b.String(), "getTs") || !strings.Contains(b.String(), "Job.java:5:") {
			t.Fatalf("budget %d: want the findings of getTs and of e.millis / 1000, got:\n%s", budget, b.String())
		}
		got = append(got, b.String())
	}
	if got[0] != got[1] {
		t.Errorf("in two units:\n%s\nin one:\n%s", got[0], got[1])
	}
}

// Two units that resolve the same name in a third parse its file once: the
// second borrows the model the first parsed on demand.
func TestUnitsLendModels(t *testing.T) {
	job := `package jobs;
import org.apache.flink.api.common.eventtime.WatermarkStrategy;
class Job%d {
  WatermarkStrategy<Event> s = WatermarkStrategy.<Event>forMonotonousTimestamps().withTimestampAssigner((e, ts) -> e.getTs());
}`
	dir := analyzertest.WriteFiles(t, map[string]string{
		"a/pom.xml":         "<project/>",
		"a/src/Job1.java":   fmt.Sprintf(job, 1),
		"b/pom.xml":         "<project/>",
		"b/src/Job2.java":   fmt.Sprintf(job, 2),
		"c/pom.xml":         "<project/>",
		"c/src/Event.java":  "package jobs;\npublic class Event { long createdSec; public long getTs() { return createdSec; } }",
		"c/src/Unused.java": "package jobs; // no TimestampAssigner here\nclass Unused {}",
	})
	res, err := analyzer.Options{Keywords: []string{"imestampAssigner"}, UnitBytes: 1}.Run([]string{dir}, []*analysis.Analyzer{secondstimestamp.Analyzer})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Diagnostics) != 2 || res.Stats.Loaded != 1 || res.Stats.Lent != 1 {
		t.Errorf("%d findings, %d files parsed on demand, %d lent; want 2, 1 (Event.java), 1", len(res.Diagnostics), res.Stats.Loaded, res.Stats.Lent)
	}
}
