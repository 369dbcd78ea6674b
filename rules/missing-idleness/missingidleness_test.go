package missingidleness_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/flinklint/flinklint/analyzer/analyzertest"
	"github.com/flinklint/flinklint/analyzer/gitdiff"
	missingidleness "github.com/flinklint/flinklint/rules/missing-idleness"
)

func Test(t *testing.T) {
	res := analyzertest.Run(t, "testdata/src", missingidleness.Analyzer)
	analyzertest.CheckEvidence(t, res, map[string][]string{
		"Jobs.java:20": {
			"watermark strategy defined here Jobs.java:20",
			"feeds fromSource here Jobs.java:20",
			"KafkaSource built here Jobs.java:15-19",
			"event-time window here Windows.java:13",
		},
		"Jobs.java:32": {
			"watermark strategy defined here Jobs.java:32",
			"feeds assignTimestampsAndWatermarks here Jobs.java:31-32",
			"union here Jobs.java:34",
			"event-time window here Windows.java:13",
		},
		"Inherited.java:14": {
			"watermark strategy defined here Inherited.java:14",
			"feeds assignTimestampsAndWatermarks here Inherited.java:14",
			"union here Inherited.java:14-15",
			"stream returned here Inherited.java:13-16",
		},
		"AssignedLate.java:17": {
			"watermark strategy defined here AssignedLate.java:17",
			"feeds assignTimestampsAndWatermarks here AssignedLate.java:16-17",
			"KafkaSource read here AssignedLate.java:16",
			"event-time window here AssignedLate.java:16-18",
		},
	})
}

// A configuration file that enables idleness covers every job.
func TestConfigurationFile(t *testing.T) {
	analyzertest.Run(t, "testdata/configured", missingidleness.Analyzer)
}

// A query that reads a table named at run time may read any table, so a
// table that is written is not taken for a sink.
func TestTemplatedQueries(t *testing.T) {
	analyzertest.Run(t, "testdata/templated", missingidleness.Analyzer)
}

// The settings of .flinklint.yaml: a global idle timeout the clusters set
// is trusted unless it is zero, more connectors count as Kafka, and a
// project on Flink before 1.18 is not told to set a per-table timeout.
func TestSettings(t *testing.T) {
	analyzertest.Run(t, "testdata/settings", missingidleness.Analyzer)
}

// A job switches its source from files to Kafka while the strategy without
// idleness sits unchanged in a shared StreamDefaults.java: the finding is
// at the strategy, and names the job's fromSource and source as evidence,
// so that a change of the job selects it in only-new runs. The strategy's
// evidence is its whole chain, so that a change that only deletes its
// .withIdleness(...) line selects it too.
func TestCrossFile(t *testing.T) {
	res := analyzertest.Run(t, "testdata/crossfile", missingidleness.Analyzer)
	analyzertest.CheckEvidence(t, res, map[string][]string{
		"StreamDefaults.java:13": {
			"watermark strategy defined here StreamDefaults.java:12-14",
			"feeds fromSource here ClickJob.java:19",
			"KafkaSource built here ClickJob.java:14-18",
			"event-time window here ClickJob.java:19-21",
		},
	})
}

// A pull request that only deletes .withIdleness(...) from the middle of a
// strategy chain changes no line of the finding, only the lines around the
// deletion: the strategy's evidence, the whole chain, covers them, so the
// finding is new in the diff git makes of it.
func TestDeletedLine(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("no git")
	}
	const file = "testdata/deleted/src/main/java/jobs/Deleted.java"
	res := analyzertest.Run(t, "testdata/deleted", missingidleness.Analyzer)
	after, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	assigner := ".withTimestampAssigner((s, ts) -> ts)\n"
	before := strings.Replace(string(after), assigner, assigner+"            .withIdleness(Duration.ofMinutes(1))\n", 1)
	dir := t.TempDir()
	path := filepath.Join(dir, "Deleted.java")
	write := func(text string) {
		if err := os.WriteFile(path, []byte(text), 0o666); err != nil {
			t.Fatal(err)
		}
	}
	write(before)
	for _, args := range [][]string{{"init", "-q"}, {"add", "-A"}, {"commit", "-q", "-m", "with idleness"}} {
		cmd := exec.Command("git", append([]string{"-c", "user.name=t", "-c", "user.email=t@example.com", "-c", "commit.gpgsign=false"}, args...)...)
		cmd.Dir = dir
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("git %v: %v\n%s", args, err, out)
		}
	}
	write(string(after))
	changes, _, err := gitdiff.ChangedLines(dir, "HEAD")
	if err != nil {
		t.Fatal(err)
	}
	abs, err := filepath.EvalSymlinks(path)
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Diagnostics) != 1 {
		t.Fatalf("%d findings, want the one at the strategy", len(res.Diagnostics))
	}
	d := res.Diagnostics[0]
	if changes.First(abs, d.Position.Line, d.Position.Line) > 0 {
		t.Fatalf("the finding's own line %d changed: the test shows nothing", d.Position.Line)
	}
	for _, e := range d.Evidence {
		if filepath.Base(e.Position.Filename) != filepath.Base(path) {
			continue
		}
		for line := e.Position.Line; line <= e.EndPos.Line; line++ {
			if changes.First(abs, line, line) > 0 {
				return // selected through its evidence
			}
		}
	}
	t.Errorf("no evidence of %s covers a line next to the deletion: %v", d.Position, changes)
}
