package diagnose

import (
	"context"
	"errors"
	"fmt"
	"maps"
	"math"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"
	"unicode"

	"github.com/flinklint/flinklint/cmd/flinklint/internal/diagnose/rest"
)

// The metrics a sample reads. Task metrics are "<subtask>.<name>",
// operator metrics "<subtask>.<operator>.<name>".
const (
	idleMetric          = "idleTimeMsPerSecond"
	busyMetric          = "busyTimeMsPerSecond"
	backPressuredMetric = "backPressuredTimeMsPerSecond"
	recordsOutMetric    = "numRecordsOut"
	outputWMMetric      = "currentOutputWatermark"
	lateDroppedMetric   = "numLateRecordsDropped"
	emitLagMetric       = "currentEmitEventTimeLag"
)

// stampMetrics grow with the clock while a task runs: their sum tells one
// state of the metric store from the next.
var stampMetrics = []string{"0.accumulateIdleTimeMs", "0.accumulateBusyTimeMs", "0.accumulateBackPressuredTimeMs"}

// Sampler takes the samples of one running job.
//
// Flink's REST handlers answer metric requests from the JobManager's
// metric store. A request that finds the store older than
// metrics.fetcher.update-interval starts a refresh in the background and
// is answered from the store as it was (MetricFetcherImpl). So a sample
// first asks once, waits for the refresh to land, then reads; and a
// second sample waits until the store has moved on from the first.
type Sampler struct {
	c   *rest.Client
	job string
	// Refresh is the metric store's refresh interval: the cluster's
	// metrics.fetcher.update-interval, 10 s unless set.
	Refresh time.Duration
	// Wait waits between the polls of the store (time.After; a test
	// replaying a recording need not wait).
	Wait    func(time.Duration) <-chan time.Time
	settle  time.Duration
	poll    time.Duration
	mu      sync.Mutex
	ids     map[string][]string // metric ids wanted, by vertex, under mu
	last    Snapshot
	sampled bool
}

// NewSampler returns a sampler of the job id, with the metric store's
// refresh interval read from the cluster's configuration.
func NewSampler(ctx context.Context, c *rest.Client, id string) (*Sampler, error) {
	s := &Sampler{c: c, job: id, Refresh: 10 * time.Second, Wait: time.After, settle: 3 * time.Second, poll: 250 * time.Millisecond, ids: map[string][]string{}}
	v, ok, err := c.Setting(ctx, "metrics.fetcher.update-interval")
	if err != nil {
		return nil, err
	}
	if ok {
		if d, err := flinkDuration(v); err == nil && d > 0 {
			s.Refresh = d
		}
	}
	return s, nil
}

// flinkDuration parses a duration as Flink writes one: "10000" (ms),
// "10 s", "10s", "1 min".
func flinkDuration(v string) (time.Duration, error) {
	v = strings.TrimSpace(v)
	i := strings.IndexFunc(v, func(r rune) bool { return !unicode.IsDigit(r) })
	if i < 0 {
		ms, err := strconv.ParseInt(v, 10, 64)
		return time.Duration(ms) * time.Millisecond, err
	}
	n, err := strconv.ParseInt(v[:i], 10, 64)
	if err != nil {
		return 0, err
	}
	units := map[string]time.Duration{"ms": time.Millisecond, "milli": time.Millisecond, "millis": time.Millisecond, "s": time.Second, "sec": time.Second, "secs": time.Second, "second": time.Second, "seconds": time.Second, "min": time.Minute, "m": time.Minute, "minute": time.Minute, "minutes": time.Minute, "h": time.Hour, "hour": time.Hour, "hours": time.Hour}
	u, ok := units[strings.TrimSpace(v[i:])]
	if !ok {
		return 0, fmt.Errorf("unknown unit in %q", v)
	}
	return time.Duration(n) * u, nil
}

// NotRunning is the error of a sample of a job that is not running.
type NotRunning struct{ Job JobInfo }

func (e *NotRunning) Error() string {
	return fmt.Sprintf("job %s (%q) is %s, not RUNNING: there is nothing to diagnose", e.Job.ID, e.Job.Name, e.Job.State)
}

// Sample reads every vertex and subtask of the job once.
func (s *Sampler) Sample(ctx context.Context) (Snapshot, error) {
	job, err := s.c.Job(ctx, s.job)
	if err != nil {
		if rest.NotFound(err) {
			return Snapshot{}, fmt.Errorf("no job %s on %s (it may have ended and been removed)", s.job, s.c.URL())
		}
		return Snapshot{}, err
	}
	snap := Snapshot{Job: JobInfo{ID: job.ID, Name: job.Name, State: job.State}}
	if job.State != "RUNNING" {
		return snap, &NotRunning{snap.Job}
	}
	plan, err := s.c.Plan(ctx, s.job)
	if err != nil {
		return snap, err
	}
	if len(job.Vertices) == 0 {
		return snap, fmt.Errorf("job %s has no vertices", s.job)
	}
	if err := s.fresh(ctx, job.Vertices[0].ID, &snap); err != nil {
		return snap, err
	}
	snap.Vertices = make([]Vertex, len(job.Vertices))
	missing := map[string]bool{}
	for _, m := range snap.Missing {
		missing[m] = true
	}
	var mu sync.Mutex
	var errs []error
	var wg sync.WaitGroup
	sem := make(chan struct{}, 4) // a few requests at once: the JobManager serves the UI too
	for i, jv := range job.Vertices {
		wg.Add(1)
		go func() {
			defer wg.Done()
			sem <- struct{}{}
			defer func() { <-sem }()
			v, miss, err := s.vertex(ctx, jv, inputsOf(plan, jv.ID))
			mu.Lock()
			defer mu.Unlock()
			snap.Vertices[i] = v
			for _, m := range miss {
				missing[m] = true
			}
			if err != nil {
				errs = append(errs, err)
			}
		}()
	}
	wg.Wait()
	if err := errors.Join(errs...); err != nil {
		return snap, err
	}
	snap.Missing = slices.Sorted(maps.Keys(missing))
	// The JobManager's clock, not ours: watermarks are compared with it,
	// and a recording replays with the time it was taken.
	snap.Taken = time.UnixMilli(job.Now)
	if job.Now <= 0 {
		snap.Taken = time.Now()
	}
	s.last, s.sampled = snap, true
	return snap, nil
}

// fresh waits, within bounds, for the metric store to hold values newer
// than the last sample's, and records its stamp in snap.
func (s *Sampler) fresh(ctx context.Context, vertex string, snap *Snapshot) error {
	settle, limit := int(s.settle/s.poll), int((s.Refresh+s.settle)/s.poll)
	// A store never asked for before is empty until its first refresh.
	first, ok, err := s.stamp(ctx, vertex)
	for n := 0; err == nil && !ok && n < settle; n++ {
		if err := s.pause(ctx); err != nil {
			return err
		}
		first, ok, err = s.stamp(ctx, vertex)
	}
	if err != nil {
		return err
	}
	if !ok { // a Flink without them: the store's age cannot be told
		snap.Missing = append(snap.Missing, "accumulateIdleTimeMs (whether the metric store refreshed between the samples)")
		return nil
	}
	stamp := first
	// The first request started a refresh if the store was old: wait for
	// it. A second sample also needs a store newer than the first's.
	for n := 0; n < limit && (n < settle && stamp == first || s.sampled && stamp == s.last.Stamp); n++ {
		if err := s.pause(ctx); err != nil {
			return err
		}
		if stamp, _, err = s.stamp(ctx, vertex); err != nil {
			return err
		}
	}
	snap.Stamp, snap.HasStamp = stamp, true
	return nil
}

// pause waits one poll, or until ctx ends.
func (s *Sampler) pause(ctx context.Context) error {
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-s.Wait(s.poll):
		return nil
	}
}

// stamp returns the store's stamp, and false when the cluster does not
// report the metrics it is made of.
func (s *Sampler) stamp(ctx context.Context, vertex string) (float64, bool, error) {
	ms, err := s.c.Metrics(ctx, s.job, vertex, stampMetrics)
	if err != nil || len(ms) == 0 {
		return 0, false, err
	}
	var sum float64
	for _, m := range ms {
		f, _ := strconv.ParseFloat(m.Value, 64)
		sum += f
	}
	return sum, true, nil
}

func inputsOf(plan []rest.PlanNode, id string) []string {
	for _, n := range plan {
		if n.ID == id {
			var in []string
			for _, i := range n.Inputs {
				in = append(in, i.ID)
			}
			return in
		}
	}
	return nil
}

// vertex reads one vertex's subtasks, and returns the metrics it lacks.
func (s *Sampler) vertex(ctx context.Context, jv rest.JobVertex, inputs []string) (Vertex, []string, error) {
	v := Vertex{ID: jv.ID, Name: jv.Name, Operators: strings.Split(jv.Name, " -> "), Parallelism: jv.Parallelism, Inputs: inputs}
	v.Subtasks = make([]Subtask, jv.Parallelism)
	for i := range v.Subtasks {
		v.Subtasks[i].Index = i
	}
	if jv.Status != "RUNNING" {
		return v, []string{"metrics of vertices not running"}, nil
	}
	s.mu.Lock()
	ids, ok := s.ids[jv.ID]
	s.mu.Unlock()
	if !ok {
		all, err := s.c.MetricIDs(ctx, s.job, jv.ID)
		if err != nil {
			return v, nil, err
		}
		ids = wanted(all)
		if len(ids) > 0 { // none yet: the store has not seen the vertex
			s.mu.Lock()
			s.ids[jv.ID] = ids
			s.mu.Unlock()
		}
	}
	ms, err := s.c.Metrics(ctx, s.job, jv.ID, ids)
	if err != nil {
		return v, nil, err
	}
	wms, err := s.c.Watermarks(ctx, s.job, jv.ID)
	if err != nil {
		return v, nil, err
	}
	outputs := map[int]map[string]int64{} // subtask → operator → output watermark
	for _, m := range ms {
		i, op, name, ok := splitID(m.ID)
		if !ok || i >= len(v.Subtasks) {
			continue
		}
		st := &v.Subtasks[i]
		f, err := strconv.ParseFloat(m.Value, 64)
		if err != nil {
			continue
		}
		switch {
		case op == "" && name == idleMetric:
			st.IdleMs, st.HasTime = f, true
		case op == "" && name == busyMetric:
			st.BusyMs = f
		case op == "" && name == backPressuredMetric:
			st.BackPressuredMs = f
		case op == "" && name == recordsOutMetric:
			st.RecordsOut, st.HasRecordsOut = int64(f), true
		case op != "" && name == lateDroppedMetric:
			st.LateDropped += int64(f)
			st.HasLateDropped = true
		case op != "" && name == emitLagMetric:
			st.EmitLag, st.HasEmitLag = int64(f), true
		case op != "" && name == outputWMMetric:
			n, err := strconv.ParseInt(m.Value, 10, 64)
			if err == nil {
				if outputs[i] == nil {
					outputs[i] = map[string]int64{}
				}
				outputs[i][op] = n
			}
		}
	}
	for i, ops := range outputs {
		v.Subtasks[i].OutputWatermark, v.Subtasks[i].HasOutputWatermark = lastOperator(v.Operators, ops), true
	}
	for _, m := range wms {
		i, op, name, ok := splitID(m.ID)
		n, err := strconv.ParseInt(m.Value, 10, 64)
		if ok && op == "" && name == "currentInputWatermark" && i < len(v.Subtasks) && err == nil {
			v.Subtasks[i].InputWatermark, v.Subtasks[i].HasInputWatermark = n, true
		}
	}
	var missing []string
	if !slices.ContainsFunc(v.Subtasks, func(s Subtask) bool { return s.HasTime }) {
		missing = append(missing, idleMetric)
	}
	if !slices.ContainsFunc(v.Subtasks, func(s Subtask) bool { return s.HasOutputWatermark }) {
		missing = append(missing, outputWMMetric)
	}
	return v, missing, nil
}

// wanted returns the ids, of those a vertex has, that a sample reads.
func wanted(all []string) []string {
	var ids []string
	for _, id := range all {
		_, op, name, ok := splitID(id)
		if !ok {
			continue
		}
		task := op == "" && (name == idleMetric || name == busyMetric || name == backPressuredMetric || name == recordsOutMetric)
		operator := op != "" && (name == outputWMMetric || name == lateDroppedMetric || name == emitLagMetric)
		if task || operator {
			ids = append(ids, id)
		}
	}
	slices.Sort(ids)
	return ids
}

// splitID splits a metric id into subtask, operator ("" for a task
// metric) and name. Operator names may hold dots: the name is what
// follows the last one.
func splitID(id string) (int, string, string, bool) {
	sub, rest, ok := strings.Cut(id, ".")
	i, err := strconv.Atoi(sub)
	if !ok || err != nil || i < 0 {
		return 0, "", "", false
	}
	dot := strings.LastIndexByte(rest, '.')
	if dot < 0 {
		return i, "", rest, true
	}
	op := rest[:dot]
	// Task metrics with dots of their own (buffers.inPoolUsage) are not
	// read; an operator's metric group is its name.
	return i, op, rest[dot+1:], true
}

// lastOperator returns the output watermark of the chain's last operator
// that reports one. Metric names shorten an operator's name (to 80
// characters) and replace its punctuation, so names are compared on
// their letters and digits: the same, else the longest that begins the
// chain's name ("Map" is not "Map2"); when none compares, the most
// advanced.
func lastOperator(chain []string, ops map[string]int64) int64 {
	for i := len(chain) - 1; i >= 0; i-- {
		want := letters(chain[i])
		best, found := "", false
		var wm int64
		for op, v := range ops {
			l := letters(op)
			if l == want {
				return v
			}
			if l != "" && strings.HasPrefix(want, l) && len(l) > len(best) {
				best, wm, found = l, v, true
			}
		}
		if found {
			return wm
		}
	}
	best := int64(math.MinInt64)
	for _, wm := range ops {
		best = max(best, wm)
	}
	return best
}

func letters(s string) string {
	return strings.Map(func(r rune) rune {
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			return unicode.ToLower(r)
		}
		return -1
	}, s)
}
