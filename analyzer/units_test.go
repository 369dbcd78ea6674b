package analyzer

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"

	secondstimestamp "github.com/flinklint/flinklint/rules/seconds-timestamp"
)

func TestUnits(t *testing.T) {
	dir := t.TempDir()
	for _, p := range []string{"a/pom.xml", "a/x/A1.java", "a/x/A2.java", "b/pom.xml", "b/B1.java", "b/c/build.sbt", "b/c/C1.scala", "d/D1.java"} {
		p = filepath.Join(dir, p)
		if err := os.MkdirAll(filepath.Dir(p), 0o777); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, nil, 0o666); err != nil {
			t.Fatal(err)
		}
	}
	files := []string{"a/x/A1.java", "a/x/A2.java", "b/B1.java", "b/c/C1.scala", "d/D1.java"}
	for i, f := range files {
		files[i] = filepath.Join(dir, f)
	}
	size := func(string) int64 { return 10 }
	rel := func(us [][]string) (out [][]string) {
		for _, u := range us {
			var names []string
			for _, f := range u {
				names = append(names, filepath.Base(f))
			}
			out = append(out, names)
		}
		return out
	}
	for _, c := range []struct {
		budget int64
		want   [][]string
	}{
		// A module is never split, even when larger than the budget.
		{5, [][]string{{"A1.java", "A2.java"}, {"B1.java"}, {"C1.scala"}, {"D1.java"}}},
		// Consecutive modules share a unit up to the budget; d/ has no
		// build file of its own and is a module of the temporary root's.
		{30, [][]string{{"A1.java", "A2.java", "B1.java"}, {"C1.scala", "D1.java"}}},
		{1000, [][]string{{"A1.java", "A2.java", "B1.java", "C1.scala", "D1.java"}}},
	} {
		if got := rel(units(files, size, c.budget)); !slices.EqualFunc(got, c.want, slices.Equal) {
			t.Errorf("budget %d: units %q, want %q", c.budget, got, c.want)
		}
	}
}

// A job whose timestamp getter is declared in another build module finds
// it whether the modules are analyzed in one unit or in two; in two, the
// first unit's finding and its fix keep their positions after the unit's
// files drop their line tables.
func TestUnitsResolveAcrossModules(t *testing.T) {
	dir := t.TempDir()
	write := func(p, text string) {
		p = filepath.Join(dir, p)
		if err := os.MkdirAll(filepath.Dir(p), 0o777); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o666); err != nil {
			t.Fatal(err)
		}
	}
	write("a-jobs/pom.xml", "<project/>")
	write("a-jobs/src/Job.java", `package jobs;
import org.apache.flink.api.common.eventtime.WatermarkStrategy;
class Job {
  WatermarkStrategy<Event> s = WatermarkStrategy.<Event>forMonotonousTimestamps().withTimestampAssigner((e, ts) -> e.getTs());
  WatermarkStrategy<Event> t = WatermarkStrategy.<Event>forMonotonousTimestamps().withTimestampAssigner((e, ts) -> e.millis / 1000);
}`)
	write("b-events/pom.xml", "<project/>")
	write("b-events/src/Event.java", `package jobs;
// Read by the jobs' TimestampAssigner.
public class Event { long createdSec; long millis; public long getTs() { return createdSec; } }`)
	analyzers := []*analysis.Analyzer{secondstimestamp.Analyzer}
	var got []string
	for _, budget := range []int64{1, DefaultUnitBytes} {
		res, err := Options{Keywords: []string{"imestampAssigner"}, UnitBytes: budget}.Run([]string{dir}, analyzers)
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
	dir := t.TempDir()
	job := `package jobs;
import org.apache.flink.api.common.eventtime.WatermarkStrategy;
class Job%d {
  WatermarkStrategy<Event> s = WatermarkStrategy.<Event>forMonotonousTimestamps().withTimestampAssigner((e, ts) -> e.getTs());
}`
	files := map[string]string{
		"a/pom.xml":         "<project/>",
		"a/src/Job1.java":   fmt.Sprintf(job, 1),
		"b/pom.xml":         "<project/>",
		"b/src/Job2.java":   fmt.Sprintf(job, 2),
		"c/pom.xml":         "<project/>",
		"c/src/Event.java":  "package jobs;\npublic class Event { long createdSec; public long getTs() { return createdSec; } }",
		"c/src/Unused.java": "package jobs; // no TimestampAssigner here\nclass Unused {}",
	}
	for p, text := range files {
		p = filepath.Join(dir, p)
		if err := os.MkdirAll(filepath.Dir(p), 0o777); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o666); err != nil {
			t.Fatal(err)
		}
	}
	res, err := Options{Keywords: []string{"imestampAssigner"}, UnitBytes: 1}.Run([]string{dir}, []*analysis.Analyzer{secondstimestamp.Analyzer})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Diagnostics) != 2 || res.Stats.Loaded != 1 || res.Stats.Lent != 1 {
		t.Errorf("%d findings, %d files parsed on demand, %d lent; want 2, 1 (Event.java), 1", len(res.Diagnostics), res.Stats.Loaded, res.Stats.Lent)
	}
}
