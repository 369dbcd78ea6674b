package diagnose

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/flinklint/flinklint/cmd/flinklint/internal/graphout"
	"github.com/flinklint/flinklint/cmd/flinklint/internal/sariftest"
)

// pairOf builds two samples of a job: a source of two subtasks feeding a
// window, with the source's output watermarks and the window's input
// watermark in each sample.
func pairOf(src1, src2 [2]int64, win1, win2 int64) (Snapshot, Snapshot) {
	at := time.UnixMilli(1_800_000_000_000)
	mk := func(src [2]int64, win int64, taken time.Time, late int64) Snapshot {
		sub := func(i int, wm int64) Subtask {
			return Subtask{Index: i, OutputWatermark: wm, HasOutputWatermark: true, IdleMs: 1000, HasTime: true, RecordsOut: 10, HasRecordsOut: true}
		}
		w := func(i int) Subtask {
			return Subtask{Index: i, InputWatermark: win, HasInputWatermark: true, OutputWatermark: win, HasOutputWatermark: true, HasTime: true, HasLateDropped: true, LateDropped: late}
		}
		return Snapshot{Taken: taken, Job: JobInfo{ID: "j", Name: "orders", State: "RUNNING"}, Vertices: []Vertex{
			{ID: vertexID("src"), Name: "Source: orders", Operators: []string{"Source: orders"}, Parallelism: 2, Subtasks: []Subtask{sub(0, src[0]), sub(1, src[1])}},
			{ID: "w", Name: "totals -> Sink: Writer", Operators: []string{"totals", "Sink: Writer"}, Parallelism: 2, Inputs: []string{vertexID("src")}, Subtasks: []Subtask{w(0), w(1)}},
		}}
	}
	return mk(src1, win1, at, 0), mk(src2, win2, at.Add(20*time.Second), 0)
}

func code(nodes ...graphout.Node) *Code {
	return &Code{Jobs: []graphout.Job{{Name: "orders", Nodes: nodes}}}
}

func TestDiagnoseHealthy(t *testing.T) {
	t0 := int64(1_800_000_000_000)
	a, b := pairOf([2]int64{t0 - 1000, t0 - 900}, [2]int64{t0 + 19000, t0 + 19100}, t0-1000, t0+19000)
	if d := Diagnose(a, b, nil); len(d.Findings) != 0 {
		t.Errorf("a healthy job: %+v", d.Findings)
	}
}

func TestDiagnoseIdleSplitMatched(t *testing.T) {
	t0 := int64(1_800_000_000_000)
	a, b := pairOf([2]int64{t0 - 1000, t0 - 60000}, [2]int64{t0 + 19000, t0 - 60000}, t0-60000, t0-60000)
	d := Diagnose(a, b, code(
		graphout.Node{Kind: "source", Path: "Job.java", Line: 12, Column: 9, UID: "src"},
		graphout.Node{Kind: "window", Path: "Job.java", Line: 15, Column: 14, Name: "totals"},
	))
	if len(d.Findings) != 1 {
		t.Fatalf("%+v", d.Findings)
	}
	f := d.Findings[0]
	if f.Kind != "idle-split" || f.Line != 12 || f.Match != "uid" || len(f.Subtasks) != 1 || f.Subtasks[0] != 1 || f.Rule != "missing-idleness" {
		t.Errorf("%+v", f)
	}
	var buf bytes.Buffer
	if err := Write(&buf, d, "text", "test"); err != nil || !strings.HasPrefix(buf.String(), "Job.java:12:9: idle-split: ") {
		t.Errorf("%v\n%s", err, buf.String())
	}
	buf.Reset()
	var doc struct {
		Version  int
		Findings []struct{ Kind, Path string }
	}
	if err := Write(&buf, d, "json", "test"); err != nil || json.Unmarshal(buf.Bytes(), &doc) != nil || doc.Version != 1 || doc.Findings[0].Path != "Job.java" {
		t.Errorf("%v\n%s", err, buf.String())
	}
	buf.Reset()
	if err := Write(&buf, d, "sarif", "test"); err != nil {
		t.Fatal(err)
	}
	sariftest.Validate(t, buf.String())
	if !strings.Contains(buf.String(), `"ruleId": "missing-idleness"`) {
		t.Errorf("the finding is not under its rule:\n%s", buf.String())
	}
}

// TestMatchNeverGuesses: two operators of one name, or two of one kind
// and no name, leave the vertex unmatched.
func TestMatchNeverGuesses(t *testing.T) {
	t0 := int64(1_800_000_000_000)
	a, b := pairOf([2]int64{t0 - 1000, t0 - 60000}, [2]int64{t0 + 19000, t0 - 60000}, t0-60000, t0-60000)
	for name, c := range map[string]*Code{
		"two of the name": code(graphout.Node{Kind: "source", Name: "orders", Line: 3}, graphout.Node{Kind: "source", Name: "orders", Line: 4}),
		"two sources":     code(graphout.Node{Kind: "source", Line: 3}, graphout.Node{Kind: "source", Line: 4}),
		"no such job":     {Jobs: []graphout.Job{{Name: "payments", Nodes: []graphout.Node{{Kind: "source", Line: 3}}}}},
	} {
		d := Diagnose(a, b, c)
		if len(d.Findings) != 1 || d.Findings[0].Line != 0 || len(d.Unmatched) == 0 {
			t.Errorf("%s: %+v, unmatched %v", name, d.Findings, d.Unmatched)
		}
	}
}

// TestDiagnoseMissingMetrics: a metric the cluster does not report is
// named in what was not checked, and its rows find nothing.
func TestDiagnoseMissingMetrics(t *testing.T) {
	t0 := int64(1_800_000_000_000)
	a, b := pairOf([2]int64{t0 - 1000, t0 - 60000}, [2]int64{t0 + 19000, t0 - 60000}, t0-60000, t0-60000)
	for _, s := range []*Snapshot{&a, &b} {
		for i := range s.Vertices[0].Subtasks {
			s.Vertices[0].Subtasks[i].HasOutputWatermark = false
		}
		s.Missing = []string{outputWMMetric}
	}
	d := Diagnose(a, b, nil)
	if len(d.Findings) != 0 || !strings.Contains(strings.Join(d.NotChecked, "\n"), "metric currentOutputWatermark: not reported") {
		t.Errorf("%+v", d)
	}
}
