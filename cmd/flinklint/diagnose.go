package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"regexp"
	"strings"
	"time"

	"github.com/flinklint/flinklint/analyzer"
	"github.com/flinklint/flinklint/cmd/flinklint/internal/diagnose"
	"github.com/flinklint/flinklint/cmd/flinklint/internal/diagnose/rest"
	"github.com/flinklint/flinklint/cmd/flinklint/internal/report"
)

const diagnoseUsage = `usage: flinklint diagnose -rest URL [-job ID|NAME] [-interval 60s] [flags] [path ...]

flinklint diagnose reads a running Flink job through its REST API (GET
requests only), takes two samples of its metrics -interval apart, and
reports what holds its event time back: an idle split, source subtasks
with no split, timestamps in the wrong unit, a bound far above the
window, late records dropped or sent to a side output nothing reads, or
backpressure (docs/diagnose.md). Given the job's code (paths), each
finding names its source line and the rule that catches the cause before
deploy. FLINKLINT_REST_AUTH, when set, is sent as the Authorization
header. Exit status: 0 nothing found, 1 findings, 2 could not diagnose.

Flags:
`

// diagnoseJob runs flinklint diagnose.
func diagnoseJob(args []string, stdout, stderr io.Writer) int {
	fs := commandFlags("flinklint diagnose", diagnoseUsage, stderr)
	endpoint := fs.String("rest", "", "the Flink REST `URL` (the JobManager's web port, e.g. http://jobmanager:8081, or a proxy's URL)")
	job := fs.String("job", "", "the job, by `id or name`; default: the only running job")
	interval := fs.Duration("interval", time.Minute, "the `time` between the two samples")
	format := fs.String("format", "text", "print the findings in this `format`: "+strings.Join(diagnose.Formats(), ", "))
	caFile := fs.String("cacert", "", "trust the CAs of this PEM `file` for an https endpoint")
	timeout := fs.Duration("timeout", 10*time.Second, "the limit of each request")
	retries := fs.Int("retries", 2, "how many times a request that failed for a transient reason (refused, timed out, 502, 503, 504) is tried again")
	deadline := fs.Duration("deadline", 0, "the limit of the whole diagnosis (default: -interval plus 2 minutes)")
	record := fs.String("record", "", "write every request and response of the run to `file` (JSON lines), to attach to a bug report")
	configFile := fs.String("config", "", "use this configuration `file` for the code's paths (docs/configuration.md)")
	var opts analyzer.Options
	paths, code, done := parseRun(fs, args, &opts)
	if done {
		return code
	}
	fail := func(msg string) int {
		report.Note(stderr, "diagnose: "+msg)
		return 2
	}
	if *endpoint == "" {
		return fail("-rest is required: the URL of the Flink REST endpoint")
	}
	if err := diagnose.CheckFormat(*format); err != nil {
		return fail("-format: " + err.Error())
	}
	var rec *rest.Recorder
	if *record != "" {
		rec = &rest.Recorder{}
	}
	client, err := rest.New(rest.Options{URL: *endpoint, Auth: os.Getenv("FLINKLINT_REST_AUTH"), CAFile: *caFile, Timeout: *timeout, Retries: *retries, Recorder: rec})
	if err != nil {
		return fail(err.Error())
	}
	if *deadline <= 0 {
		*deadline = *interval + 2*time.Minute
	}
	ctx, cancel := context.WithTimeout(context.Background(), *deadline)
	defer cancel()
	ctx, stop := signal.NotifyContext(ctx, os.Interrupt)
	defer stop()
	if rec != nil {
		defer func() {
			if err := writeRecording(*record, rec); err != nil {
				report.Note(stderr, "diagnose: -record: "+err.Error())
			}
		}()
	}

	id, err := pickJob(ctx, client, *job)
	if err != nil {
		return fail(err.Error())
	}
	// The code is analyzed while the samples are taken.
	type analyzed struct {
		code *diagnose.Code
		err  error
	}
	codeDone := make(chan analyzed, 1)
	go func() {
		if len(paths) == 0 {
			codeDone <- analyzed{}
			return
		}
		var a analyzed
		if opts.Config, a.err = newFinder(*configFile, paths); a.err == nil {
			res, jobs, err := analyzeJobs(opts, paths)
			a.err = err
			if err == nil {
				a.code = &diagnose.Code{Jobs: placed(jobs, res, reportOf(res)).Jobs}
			}
		}
		codeDone <- a
	}()

	sampler, err := diagnose.NewSampler(ctx, client, id)
	if err != nil {
		return fail(err.Error())
	}
	sampler.Wait = sampleWait
	if min := sampler.Refresh + 5*time.Second; *interval < min {
		report.Note(stderr, fmt.Sprintf("diagnose: the cluster refreshes its metrics every %v (metrics.fetcher.update-interval): the samples are taken %v apart, not %v", sampler.Refresh, min, *interval))
		*interval = min
	}
	first, err := sampler.Sample(ctx)
	if err != nil {
		return fail(err.Error())
	}
	fmt.Fprintf(stderr, "flinklint diagnose: job %q sampled; the second sample in %v\n", first.Job.Name, *interval)
	select {
	case <-ctx.Done():
		return fail("interrupted, or -deadline passed, before the second sample")
	case <-sampleWait(*interval):
	}
	second, err := sampler.Sample(ctx)
	var notRunning *diagnose.NotRunning
	if errors.As(err, &notRunning) {
		return fail("the job ended between the samples: " + err.Error())
	}
	if err != nil {
		return fail(err.Error())
	}
	a := <-codeDone
	if a.err != nil {
		return badConfig(stderr, a.err)
	}
	d := diagnose.Diagnose(first, second, a.code)
	if err := diagnose.Write(stdout, d, *format, buildVersion()); err != nil {
		return fail("cannot write the findings: " + err.Error())
	}
	diagnose.Summary(stderr, d)
	if len(d.Findings) > 0 {
		return 1
	}
	return 0
}

// reportOf builds the report of a run, for the static findings on the
// code's operators.
func reportOf(res *analyzer.Result) *report.Report {
	return report.New(res, res.Problems, nil, buildVersion())
}

// sampleWait waits between the samples; tests replaying a recording do
// not wait.
var sampleWait = time.After

var jobID = regexp.MustCompile(`^[0-9a-f]{32}$`)

// pickJob returns the id of the job named by want (an id or a name), or of
// the only running job when want is empty.
func pickJob(ctx context.Context, c *rest.Client, want string) (string, error) {
	if jobID.MatchString(want) {
		return want, nil
	}
	jobs, err := c.Jobs(ctx)
	if err != nil {
		return "", err
	}
	var running, named []rest.JobSummary
	for _, j := range jobs {
		if j.State == "RUNNING" {
			running = append(running, j)
			if j.Name == want {
				named = append(named, j)
			}
		}
	}
	pick := running
	if want != "" {
		pick = named
	}
	switch {
	case len(pick) == 1:
		return pick[0].ID, nil
	case len(running) == 0:
		return "", fmt.Errorf("no job is running on %s", c.URL())
	case want != "" && len(pick) == 0:
		return "", fmt.Errorf("no running job named %q; the running jobs are:\n%s", want, listJobs(running))
	}
	return "", fmt.Errorf("several jobs are running: name one with -job ID or -job NAME:\n%s", listJobs(pick))
}

func listJobs(jobs []rest.JobSummary) string {
	var b strings.Builder
	for _, j := range jobs {
		fmt.Fprintf(&b, "  %s  %q (since %s)\n", j.ID, j.Name, time.UnixMilli(j.Start).UTC().Format(time.RFC3339))
	}
	return strings.TrimSuffix(b.String(), "\n")
}

// writeRecording writes rec to file.
func writeRecording(file string, rec *rest.Recorder) error {
	f, err := os.Create(file)
	if err != nil {
		return err
	}
	if err := rec.Write(f); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}
