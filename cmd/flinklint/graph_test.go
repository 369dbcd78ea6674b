package main

import (
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/flinklint/flinklint/analyzer"
)

// updating reports whether the test runs with -update, the flag of golden
// files that package analyzertest defines: here it writes testdata/graph.
func updating() bool {
	f := flag.Lookup("update")
	return f != nil && f.Value.String() == "true"
}

// graphJSON is the part of flinklint graph's JSON the tests read.
type graphJSON struct {
	Version int `json:"version"`
	Jobs    []struct {
		Name  string `json:"name"`
		File  string `json:"file"`
		Line  int    `json:"line"`
		Nodes []struct {
			ID       string `json:"id"`
			Kind     string `json:"kind"`
			Label    string `json:"label"`
			Findings []struct {
				Rule     string `json:"rule"`
				Severity string `json:"severity"`
				Line     int    `json:"line"`
			} `json:"findings"`
		} `json:"nodes"`
		Findings []struct {
			Rule string `json:"rule"`
		} `json:"findings"`
	} `json:"jobs"`
	Unplaced []struct {
		Rule string `json:"rule"`
	} `json:"unplaced"`
}

func readGraph(t *testing.T, out string) graphJSON {
	t.Helper()
	var g graphJSON
	if err := json.Unmarshal([]byte(out), &g); err != nil {
		t.Fatalf("%v:\n%s", err, out)
	}
	return g
}

// TestGraphGolden draws the jobs of the bundled example, of the ground
// truth's jobs and of each rule's testdata as JSON, and compares each with
// its golden file in testdata/graph; -update writes them instead (read
// the diff before committing).
func TestGraphGolden(t *testing.T) {
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	golden, err := filepath.Abs("testdata/graph")
	if err != nil {
		t.Fatal(err)
	}
	projects := []string{"testdata/example", "testdata/flink"}
	ruleData, _ := filepath.Glob(filepath.Join(root, "rules/*/testdata"))
	for _, d := range ruleData {
		rel, _ := filepath.Rel(root, d)
		projects = append(projects, filepath.ToSlash(rel))
	}
	for _, p := range projects {
		t.Run(p, func(t *testing.T) {
			code, out, errOut := flinklint(t, root, "graph", "-format", "json", p)
			if code != 0 {
				t.Fatalf("exit %d:\n%s", code, errOut)
			}
			if g := readGraph(t, out); len(g.Jobs) == 0 {
				t.Errorf("no job drawn")
			}
			file := filepath.Join(golden, strings.ReplaceAll(p, "/", "_")+".json")
			if updating() {
				if err := os.WriteFile(file, []byte(out), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(file)
			if err != nil {
				t.Fatalf("%v (go test -run TestGraphGolden -update writes it)", err)
			}
			if out != string(want) {
				t.Errorf("the graph differs from %s (go test -run TestGraphGolden -update, then read the diff):\n%s", file, lineDiff(out, string(want)))
			}
		})
	}
}

const graphJob = `class Job {
  void main() {
    DataStream<Event> events = env.fromSource(kafka, WatermarkStrategy.noWatermarks(), "src");
    events.keyBy(e -> e.id)
        .window(GlobalWindows.create())
        .reduce((a, b) -> a)
        .print();
    events.keyBy(e -> e.id)
        .window(TumblingEventTimeWindows.of(Duration.ofMinutes(1)))
        .reduce((a, b) -> a)
        .print();
    env.execute("orders");
  }
}
`

const graphOther = `class Other {
  void main() {
    env.fromElements(1, 2, 3).map(x -> x).print();
    env.execute("numbers");
  }
}
`

// Findings are drawn, never counted: graph exits 0 with an error on a
// node, and 2 only when it cannot draw.
func TestGraphExitCodes(t *testing.T) {
	dir := project(t, map[string]string{"Job.java": graphJob, "Other.java": graphOther})
	code, out, errOut := flinklint(t, dir, "graph", "-format", "json")
	if code != 0 {
		t.Fatalf("exit %d\n%s", code, errOut)
	}
	g := readGraph(t, out)
	var names []string
	errors := 0
	for _, j := range g.Jobs {
		names = append(names, j.Name)
		for _, n := range j.Nodes {
			for _, f := range n.Findings {
				if f.Severity == "error" {
					errors++
				}
			}
		}
	}
	if g.Version != 1 || !slices.Equal(names, []string{"orders", "numbers"}) || errors == 0 {
		t.Errorf("jobs %q, %d errors on nodes:\n%s", names, errors, out)
	}
	for _, tc := range []struct {
		args []string
		code int
		want string // on stderr
	}{
		{[]string{"-format", "svg"}, 2, `flinklint: graph: -format: unknown format "svg" (want dot, mermaid, json, html)`},
		{[]string{"-nope"}, 2, "flag provided but not defined: -nope"},
		{[]string{"-h"}, 0, "usage: flinklint graph [flags] [path ...]"},
		{[]string{"-job", "payments"}, 2, `flinklint: graph: no job named "payments" in .; the jobs are "numbers", "orders"`},
		{[]string{"-config", "nope.yaml"}, 2, "flinklint: configuration nope.yaml: "},
	} {
		code, _, errOut := flinklint(t, dir, append([]string{"graph"}, tc.args...)...)
		if code != tc.code || !strings.Contains(errOut, tc.want) {
			t.Errorf("graph %s: exit %d, want %d, and stderr %q, want %q", strings.Join(tc.args, " "), code, tc.code, errOut, tc.want)
		}
	}
	// No job is a drawing of nothing, and a note.
	if code, out, errOut := flinklint(t, t.TempDir(), "graph", "-format", "json"); code != 0 || len(readGraph(t, out).Jobs) != 0 || !strings.Contains(errOut, "flinklint: graph: no job found in .") {
		t.Errorf("no job: exit %d\n%s%s", code, out, errOut)
	}
	// -job draws that job only; a file given draws the jobs built in it.
	for _, args := range [][]string{{"-job", "numbers"}, {"Other.java"}} {
		code, out, errOut := flinklint(t, dir, append([]string{"graph", "-format", "json"}, args...)...)
		if g := readGraph(t, out); code != 0 || len(g.Jobs) != 1 || g.Jobs[0].Name != "numbers" || g.Jobs[0].File != "Other.java" {
			t.Errorf("graph %s: exit %d\n%s%s", strings.Join(args, " "), code, out, errOut)
		}
	}
}

// The configuration applies as in a run: a rule disabled there draws no
// finding, and a severity set there is the one drawn.
func TestGraphConfiguration(t *testing.T) {
	files := map[string]string{"Job.java": graphJob}
	severities := func(dir string) map[string]string {
		code, out, errOut := flinklint(t, dir, "graph", "-format", "json")
		if code != 0 {
			t.Fatalf("exit %d\n%s", code, errOut)
		}
		got := map[string]string{}
		for _, j := range readGraph(t, out).Jobs {
			for _, n := range j.Nodes {
				for _, f := range n.Findings {
					got[f.Rule] = f.Severity
				}
			}
		}
		return got
	}
	plain := severities(project(t, files))
	if plain["global-window-no-trigger"] != "error" || plain["event-time-without-watermarks"] != "warning" {
		t.Fatalf("findings on nodes: %v", plain)
	}
	files[".flinklint.yaml"] = "rules:\n  global-window-no-trigger: {enabled: false}\n  event-time-without-watermarks: {severity: info}\n"
	if got := severities(project(t, files)); len(got) != 1 || got["event-time-without-watermarks"] != "info" {
		t.Errorf("configured: %v, want event-time-without-watermarks: info only", got)
	}
}

// Each format draws, and DOT is the default.
func TestGraphFormats(t *testing.T) {
	dir := project(t, map[string]string{"Job.java": graphJob})
	for format, want := range map[string]string{
		"":        "digraph flinklint {",
		"dot":     `label="orders\l`,
		"mermaid": "flowchart LR",
		"html":    "<h2>orders</h2>",
	} {
		args := []string{"graph"}
		if format != "" {
			args = append(args, "-format", format)
		}
		if code, out, errOut := flinklint(t, dir, args...); code != 0 || !strings.Contains(out, want) {
			t.Errorf("-format %q: exit %d, no %q in\n%s%s", format, code, want, out, errOut)
		}
	}
}

// The driver analyzes a large project in units, and the probe runs once
// in each: a project cut into a unit per file draws the same jobs.
func TestGraphUnits(t *testing.T) {
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	t.Chdir(root)
	_, whole, err := analyzeJobs(analyzer.Options{}, []string{"testdata/example"})
	if err != nil {
		t.Fatal(err)
	}
	_, cut, err := analyzeJobs(analyzer.Options{UnitBytes: 1}, []string{"testdata/example"})
	if err != nil {
		t.Fatal(err)
	}
	if len(whole) == 0 || !reflect.DeepEqual(whole, cut) {
		t.Errorf("one unit: %d jobs, a unit per file: %d jobs; they differ", len(whole), len(cut))
		for i := range min(len(whole), len(cut)) {
			if !reflect.DeepEqual(whole[i], cut[i]) {
				t.Errorf("job %d:\n%+v\n%+v", i, whole[i], cut[i])
			}
		}
	}
}
