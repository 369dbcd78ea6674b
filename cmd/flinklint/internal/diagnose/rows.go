package diagnose

import (
	"fmt"
	"slices"
	"strconv"
	"time"

	"github.com/flinklint/flinklint/cmd/flinklint/internal/graphout"
)

// backpressure: a window's watermark stalls or falls behind while a
// source upstream is backpressured. Event time is not the cause there, so
// the windows it explains get no event-time finding.
func (a *applier) backpressure() {
	a.explained = map[int]bool{}
	a.d.Checked = append(a.d.Checked, "backpressure")
	for s := range a.g.vs {
		if !a.g.source(s) || !a.pressed(s) {
			continue
		}
		down := a.g.reach(s)
		var behind []int
		for _, w := range down {
			if a.g.window(w) && a.fallingBehind(w) {
				behind = append(behind, w)
			}
		}
		if len(behind) == 0 {
			continue
		}
		// The bottleneck: the busiest vertex between the source and the
		// windows that is not itself backpressured.
		neck, busy := -1, 0.0
		for _, j := range append([]int{s}, down...) {
			b := a.g.vs[j].b
			mean := meanOf(b, func(st Subtask) float64 { return st.BusyMs })
			if mean > busy && meanOf(b, func(st Subtask) float64 { return st.BackPressuredMs }) < highMs {
				neck, busy = j, mean
			}
		}
		if neck < 0 {
			neck = s
		}
		a.explained[s] = true
		for _, w := range behind {
			a.explained[w] = true
		}
		src, bn := a.g.vs[s].b, a.g.vs[neck].b
		w := a.g.vs[behind[0]]
		wa, _ := inputWM(w.a)
		wb, _ := inputWM(w.b)
		a.add(neck, Finding{
			Kind:    "backpressure",
			Message: fmt.Sprintf("%q cannot keep up: the source %q is backpressured, and the window's watermark falls behind with it; this is backpressure, not event time", bn.Name, src.Name),
			Evidence: []string{
				fmt.Sprintf("source %q backPressuredTimeMsPerSecond: %s", src.Name, gauges(a.g.vs[s], func(st Subtask) float64 { return st.BackPressuredMs })),
				fmt.Sprintf("%q busyTimeMsPerSecond: %s", bn.Name, gauges(a.g.vs[neck], func(st Subtask) float64 { return st.BusyMs })),
				fmt.Sprintf("window %q input watermark: %s, then %s", w.b.Name, a.wmAt(wa, a.g.first), a.wmAt(wb, a.g.at)),
			},
			Cause: "the operator is slower than its input; the records, and the watermarks behind them, queue in front of it",
			Fix:   "scale or speed up the slow operator (more parallelism, async I/O for lookups, batching); no event-time setting helps",
		}, at)
	}
}

// pressed says whether a source's subtasks are mostly backpressured.
func (a *applier) pressed(i int) bool {
	p := a.g.vs[i]
	return meanOf(p.b, func(st Subtask) float64 { return st.BackPressuredMs }) >= highMs ||
		meanOf(p.a, func(st Subtask) float64 { return st.BackPressuredMs }) >= highMs
}

// fallingBehind says whether a vertex's input watermark stalled or fell
// further behind the clock by at least half the time between samples.
func (a *applier) fallingBehind(i int) bool {
	wa, ok1 := inputWM(a.g.vs[i].a)
	wb, ok2 := inputWM(a.g.vs[i].b)
	if !ok1 || !ok2 {
		return false
	}
	elapsed := a.g.at.Sub(a.g.first).Milliseconds()
	if wa == NoWatermark || wb == NoWatermark {
		return wa == wb
	}
	progress := wb - wa
	return progress <= elapsed/2
}

func meanOf(v *Vertex, f func(Subtask) float64) float64 {
	var sum float64
	n := 0
	for _, st := range v.Subtasks {
		if st.HasTime {
			sum += f(st)
			n++
		}
	}
	if n == 0 {
		return 0
	}
	return sum / float64(n)
}

// idleSplit: one source subtask's output watermark stops while others
// move, a window downstream waits at it, and the stopped subtask idles.
func (a *applier) idleSplit() {
	a.d.Checked = append(a.d.Checked, "idle-split")
	for s := range a.g.vs {
		p := a.g.vs[s]
		if !a.g.source(s) || a.explained[s] || len(p.b.Subtasks) < 2 {
			continue
		}
		var frozen, moving []int
		lowest := int64(0)
		for i, st := range p.b.Subtasks {
			was := p.a.Subtasks[i]
			if !st.HasOutputWatermark || !was.HasOutputWatermark || st.OutputWatermark == NoWatermark {
				continue
			}
			switch {
			case st.OutputWatermark > was.OutputWatermark:
				moving = append(moving, i)
			case st.OutputWatermark == was.OutputWatermark && (!st.HasTime || st.IdleMs >= highMs):
				if len(frozen) == 0 || st.OutputWatermark < lowest {
					lowest = st.OutputWatermark
				}
				frozen = append(frozen, i)
			}
		}
		if len(frozen) == 0 || len(moving) == 0 {
			continue
		}
		w, ok := a.waitingWindow(s, lowest)
		if !ok {
			continue
		}
		ev := []string{}
		for _, i := range frozen {
			st, was := p.b.Subtasks[i], p.a.Subtasks[i]
			ev = append(ev, fmt.Sprintf("subtask %d output watermark: %s, then %s (stopped); idleTimeMsPerSecond %s", i, a.wmAt(was.OutputWatermark, a.g.first), a.wmAt(st.OutputWatermark, a.g.at), gauge(st.IdleMs, st.HasTime)))
		}
		for _, i := range moving {
			ev = append(ev, fmt.Sprintf("subtask %d output watermark: %s, then %s (moving)", i, a.wmAt(p.a.Subtasks[i].OutputWatermark, a.g.first), a.wmAt(p.b.Subtasks[i].OutputWatermark, a.g.at)))
		}
		ev = append(ev, fmt.Sprintf("window %q input watermark: %s: held at the stopped subtask's", a.g.vs[w].b.Name, a.wmAt(lowest, a.g.at)))
		a.add(s, Finding{
			Kind:     "idle-split",
			Subtasks: frozen,
			Message:  fmt.Sprintf("source %q: subtask %s gets no records and its watermark has stopped, so the windows downstream wait for it and do not fire", p.b.Name, list(frozen)),
			Evidence: ev,
			Cause:    "an idle partition or split, and a WatermarkStrategy without idleness: Flink's watermark is the minimum over all inputs, and an input with no records holds it back for ever",
			Fix:      "add .withIdleness(Duration.ofMinutes(1)) to the WatermarkStrategy (a source with no split or an idle split is then left out of the minimum until it has records again)",
			Rule:     "missing-idleness",
			RuleNote: a.ruleNote("missing-idleness", "it cannot see how many splits the source has, or whether one goes quiet"),
		}, at)
	}
}

// waitingWindow returns a window downstream of source s whose input
// watermark sits at wm and has stopped.
func (a *applier) waitingWindow(s int, wm int64) (int, bool) {
	for _, w := range a.g.reach(s) {
		if !a.g.window(w) || a.explained[w] {
			continue
		}
		wa, ok1 := inputWM(a.g.vs[w].a)
		wb, ok2 := inputWM(a.g.vs[w].b)
		if ok1 && ok2 && wa == wb && wb <= wm {
			return w, true
		}
	}
	return 0, false
}

// noSplit: some source subtasks never had a watermark while others do,
// and the windows downstream have none.
func (a *applier) noSplit() {
	a.d.Checked = append(a.d.Checked, "no-split")
	for s := range a.g.vs {
		p := a.g.vs[s]
		if !a.g.source(s) || a.explained[s] || len(p.b.Subtasks) < 2 {
			continue
		}
		var none, some []int
		for i, st := range p.b.Subtasks {
			was := p.a.Subtasks[i]
			if !st.HasOutputWatermark || !was.HasOutputWatermark {
				continue
			}
			switch {
			case st.OutputWatermark == NoWatermark && was.OutputWatermark == NoWatermark && (!st.HasRecordsOut || st.RecordsOut == was.RecordsOut):
				none = append(none, i)
			case st.OutputWatermark != NoWatermark:
				some = append(some, i)
			}
		}
		if len(none) == 0 || len(some) == 0 {
			continue
		}
		w, ok := a.waitingWindow(s, NoWatermark)
		if !ok {
			continue
		}
		a.add(s, Finding{
			Kind:     "no-split",
			Subtasks: none,
			Message:  fmt.Sprintf("source %q: subtask %s has read nothing and never had a watermark, so the windows downstream have none and never fire", p.b.Name, list(none)),
			Evidence: []string{
				fmt.Sprintf("subtask %s output watermark: none in either sample; numRecordsOut %s", list(none), counts(p, none, func(st Subtask) int64 { return st.RecordsOut })),
				fmt.Sprintf("subtask %s output watermark: %s", list(some), a.wmAt(p.b.Subtasks[some[0]].OutputWatermark, a.g.at)),
				fmt.Sprintf("window %q input watermark: none", a.g.vs[w].b.Name),
			},
			Cause:    fmt.Sprintf("more source subtasks (%d) than partitions or splits, and no idleness: a subtask with no split never emits a watermark, and holds the minimum at none", len(p.b.Subtasks)),
			Fix:      "add .withIdleness(Duration.ofMinutes(1)) to the WatermarkStrategy, or set the source's parallelism to at most its number of partitions",
			Rule:     "missing-idleness",
			RuleNote: a.ruleNote("missing-idleness", "it cannot see how many splits the source has"),
		}, at)
	}
}

// behind: a source's watermark decades behind the clock (timestamps in
// seconds, or the wrong field), or windows with no watermark at all while
// every source subtask has records but none has a watermark.
func (a *applier) behind() {
	a.d.Checked = append(a.d.Checked, "event-time-behind")
	for s := range a.g.vs {
		p := a.g.vs[s]
		if !a.g.source(s) || a.explained[s] {
			continue
		}
		var old []int
		for i, st := range p.b.Subtasks {
			if st.HasOutputWatermark && st.OutputWatermark != NoWatermark && a.g.at.Sub(time.UnixMilli(st.OutputWatermark)) > decades {
				old = append(old, i)
			}
		}
		if len(old) == 0 {
			continue
		}
		st := p.b.Subtasks[old[0]]
		a.add(s, Finding{
			Kind:     "event-time-behind",
			Subtasks: old,
			Message:  fmt.Sprintf("source %q: the watermark is %s, decades behind the clock: the timestamps are not epoch milliseconds", p.b.Name, a.wmAt(st.OutputWatermark, a.g.at)),
			Evidence: []string{fmt.Sprintf("subtask %s output watermark: %s, then %s", list(old), a.wmAt(p.a.Subtasks[old[0]].OutputWatermark, a.g.first), a.wmAt(st.OutputWatermark, a.g.at))},
			Cause:    "the timestamp assigner returns seconds (or another unit, or the wrong field) where Flink expects epoch milliseconds: windows cover the wrong span and fire at the wrong times",
			Fix:      "return epoch milliseconds from the timestamp assigner (seconds * 1000, Instant.toEpochMilli())",
			Rule:     "seconds-timestamp",
			RuleNote: a.ruleNote("seconds-timestamp", "it cannot see the unit of the field the assigner returns"),
		}, a.atRule("seconds-timestamp"))
	}
	for w := range a.g.vs {
		p := a.g.vs[w]
		wa, ok1 := inputWM(p.a)
		wb, ok2 := inputWM(p.b)
		if !a.g.window(w) || a.explained[w] || !ok1 || !ok2 || wa != NoWatermark || wb != NoWatermark || !a.noWatermarkUpstream(w) {
			continue
		}
		a.add(w, Finding{
			Kind:     "event-time-behind",
			Message:  fmt.Sprintf("window %q has never had a watermark, and nothing upstream has one, while records flow: it never fires", p.b.Name),
			Evidence: []string{"every source subtask: no output watermark in either sample, and numRecordsOut rising"},
			Cause:    "no WatermarkStrategy reaches the window: noWatermarks(), a strategy lost on the way, or event time on a stream with none",
			Fix:      "give the source a WatermarkStrategy (env.fromSource(source, WatermarkStrategy.forBoundedOutOfOrderness(...), name))",
			Rule:     "event-time-without-watermarks",
		}, a.atRule("event-time-without-watermarks", "assign-after-source"))
	}
}

// noWatermarkUpstream says whether every source upstream of w has records
// flowing and no watermark on any subtask.
func (a *applier) noWatermarkUpstream(w int) bool {
	found := false
	for s := range a.g.vs {
		if !a.g.source(s) || !slices.Contains(a.g.reach(s), w) {
			continue
		}
		found = true
		for i, st := range a.g.vs[s].b.Subtasks {
			was := a.g.vs[s].a.Subtasks[i]
			if !st.HasOutputWatermark || st.OutputWatermark != NoWatermark || !st.HasRecordsOut || st.RecordsOut <= was.RecordsOut {
				return false
			}
		}
	}
	return found
}

// lag: the watermark advances, but trails the newest events by far more
// than the window, and steadily: the bound is too large.
func (a *applier) lag() {
	a.d.Checked = append(a.d.Checked, "event-time-lag")
	for s := range a.g.vs {
		p := a.g.vs[s]
		if !a.g.source(s) || a.explained[s] {
			continue
		}
		limit, window := a.lagLimit(s)
		var trails []time.Duration
		clock := false
		for i, st := range p.b.Subtasks {
			was := p.a.Subtasks[i]
			if !st.HasOutputWatermark || !was.HasOutputWatermark || st.OutputWatermark == NoWatermark || st.OutputWatermark <= was.OutputWatermark {
				trails = nil
				break
			}
			// How far the watermark trails the newest events: the clock,
			// less how far those events trail the clock.
			t := a.g.at.Sub(time.UnixMilli(st.OutputWatermark))
			t0 := a.g.first.Sub(time.UnixMilli(was.OutputWatermark))
			if st.HasEmitLag && was.HasEmitLag {
				t -= time.Duration(st.EmitLag) * time.Millisecond
				t0 -= time.Duration(was.EmitLag) * time.Millisecond
			} else {
				clock = true
			}
			if t < limit || t > decades || absDur(t-t0) > max(2*time.Second, a.g.at.Sub(a.g.first)/4) {
				trails = nil
				break
			}
			trails = append(trails, t)
		}
		if len(trails) == 0 {
			continue
		}
		trail := trails[0]
		newest := "the newest events (currentEmitEventTimeLag)"
		if clock {
			newest = "the clock (the source does not report currentEmitEventTimeLag, so the newest events are taken to be now)"
		}
		a.add(s, Finding{
			Kind:    "event-time-lag",
			Message: fmt.Sprintf("source %q: the watermark trails %s by %s, steadily, against %s: every window fires that late", p.b.Name, newest, round(trail), window),
			Evidence: []string{
				fmt.Sprintf("output watermark: %s, then %s", a.wmAt(p.a.Subtasks[0].OutputWatermark, a.g.first), a.wmAt(p.b.Subtasks[0].OutputWatermark, a.g.at)),
			},
			Cause:    "an out-of-orderness bound far larger than the window: the watermark is the largest timestamp seen less the bound",
			Fix:      "set forBoundedOutOfOrderness to the disorder the data has (seconds, typically), and keep the few later records with allowedLateness or sideOutputLateData",
			Rule:     "bound-exceeds-window",
			RuleNote: a.ruleNote("bound-exceeds-window", "it cannot see the bound, or the window, as a constant"),
		}, a.atRule("bound-exceeds-window"))
	}
}

// lagLimit returns the lag worth a finding downstream of source s: ten
// windows (and at least a minute) when the code gives the window's size,
// else ten minutes; and the window, for the message.
func (a *applier) lagLimit(s int) (time.Duration, string) {
	for _, w := range a.g.reach(s) {
		mv := a.m.vertices[a.g.vs[w].b.ID]
		if mv.Node == nil || mv.Node.Kind != "window" {
			continue
		}
		for _, f := range mv.Node.Facts {
			if f.Key != "size" {
				continue
			}
			if size, err := time.ParseDuration(f.Value); err == nil && size > 0 {
				return max(lagWindows*size, time.Minute), "a " + f.Value + " window"
			}
		}
	}
	return defaultLag, "windows of unknown size (give the code to compare with the window)"
}

// lateDropped: numLateRecordsDropped rose on a window.
func (a *applier) lateDropped() {
	a.d.Checked = append(a.d.Checked, "late-dropped")
	for w := range a.g.vs {
		p := a.g.vs[w]
		if !a.g.window(w) {
			continue
		}
		before, after := lateDropped(p.a), lateDropped(p.b)
		if after <= before {
			continue
		}
		secs := a.g.at.Sub(a.g.first).Seconds()
		a.add(w, Finding{
			Kind:     "late-dropped",
			Message:  fmt.Sprintf("window %q drops late records: %d in %s", p.b.Name, after-before, round(a.g.at.Sub(a.g.first))),
			Evidence: []string{fmt.Sprintf("numLateRecordsDropped: %d, then %d (%.1f a second)", before, after, float64(after-before)/max(secs, 1))},
			Cause:    "records arrive after the watermark has passed their window's end, and the window has no allowed lateness or late side output: Flink drops them without a log line",
			Fix:      "keep them: .sideOutputLateData(tag) with getSideOutput(tag) sunk, or .allowedLateness(...); or raise the out-of-orderness bound to the disorder the data has",
			Rule:     "late-data-dropped",
		}, at)
	}
}

// lateTagUnread: the code sends late records to a side output that
// nothing reads, and no late record is counted as dropped, because the
// window hands them to that output.
func (a *applier) lateTagUnread() {
	if a.m.job == nil {
		a.d.NotChecked = append(a.d.NotChecked, "late-tag-unread: needs the code, to see what reads the late side output")
		return
	}
	a.d.Checked = append(a.d.Checked, "late-tag-unread")
	for w := range a.g.vs {
		p := a.g.vs[w]
		mv := a.m.vertices[p.b.ID]
		if !a.g.window(w) || mv.Node == nil || lateDropped(p.b) > lateDropped(p.a) {
			continue
		}
		for _, f := range mv.Node.Findings {
			if f.Rule != "late-tag-unread" {
				continue
			}
			a.add(w, Finding{
				Kind:     "late-tag-unread",
				Message:  fmt.Sprintf("window %q sends its late records to a side output that nothing reads: they are lost, and no metric counts them", p.b.Name),
				Evidence: []string{fmt.Sprintf("numLateRecordsDropped: %d, then %d (late records go to the side output, not to this count)", lateDropped(p.a), lateDropped(p.b))},
				Cause:    "sideOutputLateData(tag) with no getSideOutput(tag) on the window's result",
				Fix:      "read the late records: result.getSideOutput(tag).sinkTo(...) beside the main output",
				Rule:     "late-tag-unread",
			}, func(*graphout.Node) (string, int, int) { return f.Path, f.Start.Line, f.Start.Char })
		}
	}
}

func absDur(d time.Duration) time.Duration { return max(d, -d) }

func round(d time.Duration) time.Duration {
	if d > time.Minute {
		return d.Round(time.Second)
	}
	return d.Round(100 * time.Millisecond)
}

// wmAt shows a watermark as a UTC time and how far it trails at.
func (a *applier) wmAt(wm int64, at time.Time) string {
	if wm == NoWatermark {
		return "none"
	}
	t := time.UnixMilli(wm).UTC()
	behind := at.Sub(t)
	if behind > decades {
		return t.Format("2006-01-02T15:04:05.000Z") + fmt.Sprintf(" (%.0f years behind)", behind.Hours()/24/365.25)
	}
	return t.Format("2006-01-02T15:04:05.000Z") + " (" + round(behind).String() + " behind)"
}

func gauge(v float64, ok bool) string {
	if !ok {
		return "not reported"
	}
	return strconv.FormatFloat(v, 'f', 0, 64)
}

// gauges shows a time gauge of each subtask in both samples.
func gauges(p pair, f func(Subtask) float64) string {
	out := ""
	for i, st := range p.b.Subtasks {
		if i > 0 {
			out += ", "
		}
		if i == 8 {
			return out + fmt.Sprintf("... (%d subtasks)", len(p.b.Subtasks))
		}
		out += fmt.Sprintf("[%d] %s, then %s", i, gauge(f(p.a.Subtasks[i]), p.a.Subtasks[i].HasTime), gauge(f(st), st.HasTime))
	}
	return out
}

func counts(p pair, idx []int, f func(Subtask) int64) string {
	out := ""
	for k, i := range idx {
		if k > 0 {
			out += ", "
		}
		out += fmt.Sprintf("%d, then %d", f(p.a.Subtasks[i]), f(p.b.Subtasks[i]))
	}
	return out
}

// list shows subtask numbers: "1", "1, 3".
func list(idx []int) string {
	out := ""
	for k, i := range idx {
		if k > 0 {
			out += ", "
		}
		out += strconv.Itoa(i)
	}
	return out
}
