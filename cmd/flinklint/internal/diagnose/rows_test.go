package diagnose

import (
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/flinklint/flinklint/cmd/flinklint/internal/graphout"
	"github.com/flinklint/flinklint/cmd/flinklint/internal/report"
)

// TestRows applies the table to a synthetic pair for each row, and to
// the negatives beside it: each case lists the kinds it must find, no
// more.
func TestRows(t *testing.T) {
	t0 := int64(1_800_000_000_000)
	sec := t0 / 1000
	none := int64(NoWatermark)
	// each mutates both samples of the pair
	each := func(a, b *Snapshot, f func(s *Snapshot, second bool)) { f(a, false); f(b, true) }
	window := func(size string, findings ...report.Finding) graphout.Node {
		return graphout.Node{Kind: "window", Path: "Job.java", Line: 15, Column: 14, Name: "totals", Facts: []graphout.Fact{{Key: "size", Value: size}}, Findings: findings}
	}
	source := graphout.Node{Kind: "source", Path: "Job.java", Line: 12, Column: 9, UID: "src"}
	cases := []struct {
		name             string
		src1, src2       [2]int64
		win1, win2       int64
		mutate           func(s *Snapshot, second bool)
		code             *Code
		want             []string
		notChecked, line string
	}{
		{name: "busy and healthy", src1: [2]int64{t0 - 1000, t0 - 900}, src2: [2]int64{t0 + 19000, t0 + 19100}, win1: t0 - 1000, win2: t0 + 19000,
			mutate: func(s *Snapshot, _ bool) { setTime(s, 0, 100, 900, 0); setTime(s, 1, 100, 900, 0) }},
		{name: "idle split", src1: [2]int64{t0 - 1000, t0 - 60000}, src2: [2]int64{t0 + 19000, t0 - 60000}, win1: t0 - 60000, win2: t0 - 60000,
			want: []string{"idle-split"}},
		{name: "no split", src1: [2]int64{t0 - 1000, none}, src2: [2]int64{t0 + 19000, none}, win1: none, win2: none,
			want: []string{"no-split"}},
		{name: "timestamps in seconds", src1: [2]int64{sec - 20, sec - 19}, src2: [2]int64{sec, sec + 1}, win1: sec - 20, win2: sec,
			want: []string{"event-time-behind"}},
		{name: "no watermarks while records flow", src1: [2]int64{none, none}, src2: [2]int64{none, none}, win1: none, win2: none,
			mutate: func(s *Snapshot, second bool) {
				if second {
					for i := range s.Vertices[0].Subtasks {
						s.Vertices[0].Subtasks[i].RecordsOut = 20
					}
				}
			},
			want: []string{"event-time-behind"}},
		{name: "lag, window unknown", src1: [2]int64{t0 - 7_200_000, t0 - 7_200_000}, src2: [2]int64{t0 + 20_000 - 7_200_000, t0 + 20_000 - 7_200_000},
			win1: t0 - 7_200_000, win2: t0 + 20_000 - 7_200_000, want: []string{"event-time-lag"}},
		{name: "lag far above a 1m window", src1: [2]int64{t0 - 900_000, t0 - 900_000}, src2: [2]int64{t0 + 20_000 - 900_000, t0 + 20_000 - 900_000},
			win1: t0 - 900_000, win2: t0 + 20_000 - 900_000, code: code(source, window("1m")), want: []string{"event-time-lag"}, line: "Job.java:12"},
		{name: "the same lag under a 1h window", src1: [2]int64{t0 - 900_000, t0 - 900_000}, src2: [2]int64{t0 + 20_000 - 900_000, t0 + 20_000 - 900_000},
			win1: t0 - 900_000, win2: t0 + 20_000 - 900_000, code: code(source, window("1h"))},
		{name: "late records dropped", src1: [2]int64{t0 - 1000, t0 - 900}, src2: [2]int64{t0 + 19000, t0 + 19100}, win1: t0 - 1000, win2: t0 + 19000,
			mutate: func(s *Snapshot, second bool) {
				if second {
					for i := range s.Vertices[1].Subtasks {
						s.Vertices[1].Subtasks[i].LateDropped = 5
					}
				}
			},
			want: []string{"late-dropped"}},
		{name: "late tag unread", src1: [2]int64{t0 - 1000, t0 - 900}, src2: [2]int64{t0 + 19000, t0 + 19100}, win1: t0 - 1000, win2: t0 + 19000,
			code: code(source, window("1m", report.Finding{Rule: "late-tag-unread", Path: "Job.java", Start: report.Position{Line: 17, Char: 5}})),
			want: []string{"late-tag-unread"}, line: "Job.java:17"},
		{name: "late tag unread needs the code", src1: [2]int64{t0 - 1000, t0 - 900}, src2: [2]int64{t0 + 19000, t0 + 19100}, win1: t0 - 1000, win2: t0 + 19000,
			notChecked: "late-tag-unread: needs the code"},
		{name: "backpressure, not event time", src1: [2]int64{t0 - 1000, t0 - 60000}, src2: [2]int64{t0 + 19000, t0 - 60000}, win1: t0 - 60000, win2: t0 - 60000,
			mutate: func(s *Snapshot, _ bool) { setTime(s, 0, 0, 100, 900); setTime(s, 1, 0, 1000, 0) },
			want:   []string{"backpressure"}},
		{name: "stale pair", src1: [2]int64{t0 - 1000, t0 - 60000}, src2: [2]int64{t0 - 1000, t0 - 60000}, win1: t0 - 60000, win2: t0 - 60000,
			mutate:     func(s *Snapshot, _ bool) { s.Stamp, s.HasStamp = 42, true },
			notChecked: "the metric store did not refresh"},
	}
	for _, c := range cases {
		a, b := pairOf(c.src1, c.src2, c.win1, c.win2)
		if c.mutate != nil {
			each(&a, &b, c.mutate)
		}
		d := Diagnose(a, b, c.code)
		var kinds []string
		for _, f := range d.Findings {
			kinds = append(kinds, f.Kind)
			if f.Cause == "" || f.Fix == "" || len(f.Evidence) == 0 {
				t.Errorf("%s: a finding without cause, fix or evidence: %+v", c.name, f)
			}
		}
		if !slices.Equal(kinds, c.want) {
			t.Errorf("%s: found %v, want %v\n%+v", c.name, kinds, c.want, d.Findings)
		}
		if c.notChecked != "" && !strings.Contains(strings.Join(d.NotChecked, "\n"), c.notChecked) {
			t.Errorf("%s: not checked %q, want %q in it", c.name, d.NotChecked, c.notChecked)
		}
		if c.line != "" && (len(d.Findings) == 0 || d.Findings[0].Path+":"+strconv.Itoa(d.Findings[0].Line) != c.line) {
			t.Errorf("%s: placed %+v, want %s", c.name, d.Findings, c.line)
		}
	}
}

// setTime sets the time gauges of every subtask of vertex v.
func setTime(s *Snapshot, v int, idle, busy, pressed float64) {
	for i := range s.Vertices[v].Subtasks {
		st := &s.Vertices[v].Subtasks[i]
		st.IdleMs, st.BusyMs, st.BackPressuredMs, st.HasTime = idle, busy, pressed, true
	}
}
