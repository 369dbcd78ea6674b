package jobgraph_test

import (
	"flag"
	"fmt"
	"go/token"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"

	"github.com/flinklint/flinklint/analyzer"
	"github.com/flinklint/flinklint/analyzer/analyzertest"
	"github.com/flinklint/flinklint/jobgraph"
)

// updating reports whether -update (analyzertest's flag, which rewrites
// golden files) is set.
func updating() bool { return flag.Lookup("update").Value.String() == "true" }

// dump writes the jobs of a run as text, one line per job, node and edge,
// with positions relative to root.
func dump(root string, fset *token.FileSet, jobs []*jobgraph.Job) string {
	var sb strings.Builder
	where := func(pos token.Pos) string {
		if !pos.IsValid() {
			return "?"
		}
		p := fset.Position(pos)
		rel, err := filepath.Rel(root, p.Filename)
		if err != nil {
			rel = p.Filename
		}
		return fmt.Sprintf("%s:%d", filepath.ToSlash(rel), p.Line)
	}
	for _, j := range jobs {
		fmt.Fprintf(&sb, "job %q at %s sql=%v", j.Name, where(j.Pos), j.SQL)
		for _, f := range j.Facts {
			fmt.Fprintf(&sb, " %s=%q", f.Key, f.Value)
		}
		sb.WriteByte('\n')
		for _, n := range j.Nodes {
			fmt.Fprintf(&sb, "  %s %s %q at %s", n.ID, n.Kind, n.Label, where(n.Pos))
			if n.Name != "" || n.UID != "" {
				fmt.Fprintf(&sb, " name=%q uid=%q", n.Name, n.UID)
			}
			for _, f := range n.Facts {
				fmt.Fprintf(&sb, " %s=%q", f.Key, f.Value)
			}
			sb.WriteByte('\n')
		}
		for _, e := range j.Edges {
			fmt.Fprintf(&sb, "  %s -> %s", e.From.ID, e.To.ID)
			if e.Label != "" {
				fmt.Fprintf(&sb, " [%s]", e.Label)
			}
			sb.WriteByte('\n')
		}
	}
	return sb.String()
}

// graphOf builds the job graph of the project at dir.
func graphOf(t *testing.T, dir string) string {
	t.Helper()
	var out strings.Builder
	probe := &analysis.Analyzer{
		Name: "probe", Doc: "dumps the job graph", Requires: []*analysis.Analyzer{jobgraph.Analyzer},
		Run: func(pass *analysis.Pass) (any, error) {
			out.WriteString(dump(dir, pass.Fset, jobgraph.Of(pass).Jobs()))
			return nil, nil
		},
	}
	if _, err := analyzer.Run([]string{dir}, []*analysis.Analyzer{probe}); err != nil {
		t.Fatal(err)
	}
	return out.String()
}

// TestGolden draws the jobs of the example project and of every Flink
// testdata job, against testdata/<name>.golden (go test -update rewrites
// them).
func TestGolden(t *testing.T) {
	dirs := map[string]string{"example": "../testdata/example"}
	entries, err := os.ReadDir("../testdata/flink")
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		if e.IsDir() {
			dirs[e.Name()] = filepath.Join("../testdata/flink", e.Name())
		}
	}
	for name, dir := range dirs {
		t.Run(name, func(t *testing.T) {
			got := graphOf(t, dir)
			golden := filepath.Join("testdata", name+".golden")
			if updating() {
				if err := os.WriteFile(golden, []byte(got), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatal(err)
			}
			if got != string(want) {
				t.Errorf("graph of %s differs from %s:\n%s", dir, golden, got)
			}
		})
	}
}

// TestBadInput: syntax errors, streams of unknown origin, recursion and
// reassignment give a graph, never a crash or a walk without end.
func TestBadInput(t *testing.T) {
	dir := analyzertest.WriteFiles(t, map[string]string{
		"Job.java": `class Job {
  DataStream<String> loop(DataStream<String> s) { return loop(s.map(x -> x)).union(loop(s)); }
  void run(StreamExecutionEnvironment env, DataStream<String> given) {
    DataStream<String> s = env.fromSource(src, WatermarkStrategy.noWatermarks(), "s");
    s = s.map(x -> x);
    s = s.union(s, given);
    loop(s).keyBy(x -> x).window(TumblingEventTimeWindows.of(Duration.ofMinutes(1))).reduce((a, b) -> a).print();
  }
}`,
		"Broken.java": "class Broken { void run(StreamExecutionEnvironment env) { env.fromSource(src, s, \"b\").map(x -> ).print(); env.execute( } }",
		"broken.sql":  "CREATE TABLE t (ts TIMESTAMP(3), WATERMARK FOR ts AS ts - INTERVAL '5' SECOND) WITH ('connector' = 'kafka';\nINSERT INTO sink SELECT * FROM t, unknown_table",
	})
	got := graphOf(t, dir)
	for _, want := range []string{`source "fromSource"`, `window "window(TumblingEventTimeWindows)"`, `unknown "table t (declared elsewhere)"`, `unknown "unknown input keyBy"`} {
		if !strings.Contains(got, want) {
			t.Errorf("graph lacks %s:\n%s", want, got)
		}
	}
}

// TestExecuteInTurn: a method or script that runs execute twice runs, at
// each, what was built since the one before; and the jobs of pipeline
// functions hold their own operators, not those a shared helper returns
// to the other callers.
func TestExecuteInTurn(t *testing.T) {
	dir := analyzertest.WriteFiles(t, map[string]string{
		"Seq.java": `class Seq {
  public static void main(String[] args) throws Exception {
    StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();
    env.fromElements(1, 2).print();
    env.execute("first");
    env.fromElements(3, 4).map(x -> x + 1).print();
    env.execute("second");
  }
}`,
		"script.py": `from pyflink.datastream import StreamExecutionEnvironment

if __name__ == "__main__":
    env = StreamExecutionEnvironment.get_execution_environment()
    ds = env.from_collection([1, 2])
    ds.print()
    env.execute("one")
    ds = env.from_collection([3, 4])
    ds.map(lambda x: x).print()
    env.execute("two")
`,
	})
	got := graphOf(t, dir)
	for job, nodes := range map[string]int{"first": 2, "second": 3, "one": 2, "two": 3} {
		_, rest, ok := strings.Cut(got, fmt.Sprintf("job %q", job))
		if !ok {
			t.Errorf("no job %s:\n%s", job, got)
			continue
		}
		rest, _, _ = strings.Cut(rest, "\njob ")
		if n := strings.Count(rest, " at ") - 1; n != nodes { // the job's own line has one
			t.Errorf("job %s has %d nodes, want %d:\n%s", job, n, nodes, got)
		}
	}
}
