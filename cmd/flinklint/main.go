// Command flinklint finds Flink event-time mistakes in Java, Scala, Python
// (PyFlink) and Flink SQL job sources and in Flink configuration: windows that never fire, late
// data that is silently dropped, watermarks held back by idle partitions,
// timestamps in seconds.
//
// Usage:
//
//	flinklint [flags] [path ...]
//	flinklint review [flags] [path ...]
//	flinklint graph [-format dot|mermaid|json|html] [-job name] [path ...]
//	flinklint diagnose -rest URL [-job ID|NAME] [-interval 60s] [path ...]
//
// Each finding is printed as one line, path:line:col: severity: message
// [rule-id], the format read by IDE problem matchers, vim's quickfix list
// and reviewdog. Control characters in paths and messages are escaped (\n,
// \x1b), so that no file name can forge a line. -format selects another
// output (json, sarif, github, checkstyle, rdjson, rdjsonl: see
// docs/output.md), and -output FORMAT=FILE writes more of them from the
// same run. The exit code is 0 when nothing at or above the -fail-on
// severity was found, 1 when something was, and 2 when flinklint could
// not run (bad flags, no file could be read, the output could not be
// written, -fix was interrupted) or hit an internal error: a bug that
// left a file or a rule unanalyzed, named on stderr, while every other
// file and rule still ran and reported.
//
// flinklint review posts the findings as a pull-request review;
// flinklint graph draws each job with its findings on its nodes
// (docs/graph.md), and exits 0 whatever they are.
package main

import (
	"bufio"
	"cmp"
	"context"
	"crypto/sha256"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"runtime/debug"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/flinklint/flinklint/analyzer"
	"github.com/flinklint/flinklint/analyzer/baseline"
	"github.com/flinklint/flinklint/analyzer/gitdiff"
	"github.com/flinklint/flinklint/cmd/flinklint/internal/report"
	"github.com/flinklint/flinklint/cmd/flinklint/internal/review"
	"github.com/flinklint/flinklint/internal/cache"
	"github.com/flinklint/flinklint/internal/gcpace"
	"github.com/flinklint/flinklint/parsers"
	"github.com/flinklint/flinklint/rules"
)

// version is set at release time with -ldflags "-X main.version=v1.2.3";
// otherwise the module version of the build is used.
var version = ""

func main() {
	// A language server lives on after its largest analysis: the
	// runtime's own pace returns memory in between.
	if len(os.Args) < 2 || os.Args[1] != "lsp" {
		gcpace.Start()
	}
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

const usage = `usage: flinklint [flags] [path ...]
       flinklint review [flags] [path ...]
       flinklint graph [-format dot|mermaid|json|html] [-job name] [path ...]
       flinklint lsp
       flinklint diagnose -rest URL [-job ID|NAME] [-interval 60s] [path ...]

Flags may also follow the paths; after "--", every argument is a path.

flinklint analyzes the Java, Scala, Python (PyFlink) and Flink SQL sources
and the Flink configuration files below each path (default ".")
and prints one line per finding: path:line:col: severity: headline [rule-id],
with its evidence, help and note on indented lines in a terminal (-details).
-format and -output select other outputs (docs/output.md). flinklint review,
in a GitHub Actions pull_request job, posts the findings as one pull-request
review instead (GITHUB_TOKEN; annotations when the token cannot write).
flinklint graph draws each job with its findings (docs/graph.md).
flinklint lsp is a language server for editors (docs/editors.md).
flinklint diagnose reads a running job's metrics through Flink's REST API
and names what holds its event time back (docs/diagnose.md).
Exit status: 0 nothing found at or above -fail-on, 1 findings, 2 could not
run, -fix was interrupted, or an internal error left part of the project
unanalyzed.

Flags:
`

func run(args []string, stdout, stderr io.Writer) int {
	if len(args) > 0 && args[0] == "lsp" { // each message written as it is made
		return serveLSP(args[1:], os.Stdin, stdout, stderr)
	}
	out := bufio.NewWriter(stdout)
	tty := isTerminal(stdout)
	var code int
	switch {
	case len(args) > 0 && args[0] == "graph":
		code = graph(args[1:], out, stderr)
	case len(args) > 0 && args[0] == "diagnose":
		code = diagnoseJob(args[1:], out, stderr)
	case len(args) > 0 && args[0] == "review":
		code = lint(args[1:], true, tty, out, stderr)
	case len(args) > 0 && mistypedCommand(args[0]) != "":
		code = unknownCommand(stderr, args[0], mistypedCommand(args[0]))
	default:
		code = lint(args, false, tty, out, stderr)
	}
	if err := out.Flush(); err != nil {
		report.Note(stderr, "cannot write the findings: "+err.Error())
		return 2
	}
	return code
}

// lint runs flinklint with its flags; post makes it post the findings as a
// pull-request review rather than print them; tty says stdout is a
// terminal.
func lint(args []string, post, tty bool, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("flinklint", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {
		fmt.Fprint(stderr, usage)
		fs.PrintDefaults()
		if post {
			fmt.Fprint(stderr, reviewEnvironment)
		}
	}
	failOn := fs.String("fail-on", "warning", "exit 1 when a finding at or above this `severity` (error, warning, info) is reported; info findings are printed either way")
	disable := fs.String("disable", "", "comma-separated `ids` of rules not to run")
	enable := fs.String("enable", "", "comma-separated `ids` of the only rules to run")
	listRules := fs.Bool("rules", false, "list the rules with a one-line summary each, and exit")
	explainRule := fs.String("explain", "", "print the page of the rule with this `id` (what goes wrong, bad and fixed examples) and exit")
	showVersion := fs.Bool("version", false, "print the version and exit")
	noCache := fs.Bool("no-cache", false, "neither read nor write the cache of results")
	cacheDir := fs.String("cache-dir", "", "keep the cache of results in `dir` (default: flinklint in the user's cache directory, $XDG_CACHE_HOME on Linux)")
	stats := fs.Bool("stats", false, "print where the run's files, time and memory went on stderr")
	verbose := fs.Bool("v", false, "print a summary of the run (files read, findings, problems) on stderr")
	fix := fs.Bool("fix", false, "apply the safe suggested fixes to the files, then report what is left")
	diff := fs.Bool("diff", false, "print the fixes -fix would apply as a unified diff (for patch -p1 or git apply) instead of the findings, and write no file")
	unsafeFixes := fs.Bool("unsafe-fixes", false, "with -fix or -diff, also apply the fixes marked unsafe: a judgement the code does not settle")
	format := fs.String("format", "text", "print the findings on stdout in this `format`: "+strings.Join(report.Formats(), ", "))
	configFile := fs.String("config", "", "use this configuration `file` for every path, instead of the nearest .flinklint.yaml above each file (docs/configuration.md)")
	printConfigOf := fs.String("print-config", "", "print the configuration that applies to `path` and exit")
	newFromRev := fs.String("new-from-rev", "", "report only the findings a change since this git `revision` (committed or not) touches: on changed lines, or with evidence there (docs/output.md)")
	newFromMergeBase := fs.String("new-from-merge-base", "", "report only the findings the changes since the merge base of HEAD and this git `ref` touch, as in a pull request: on changed lines, or with evidence there")
	baselineFile := fs.String("baseline", "", "hide the findings recorded in this `file` by -write-baseline; with -v, list its stale entries")
	writeBaselineFile := fs.String("write-baseline", "", "record the findings in this `file` for -baseline, and exit 0")
	var details detailsFlag
	fs.Var(&details, "details", "with -format text, print each finding's evidence, help and note on indented lines under it (default: when stdout is a terminal; -details=false turns them off)")
	var outputs outputFlag
	fs.Var(&outputs, "output", "also write the findings in FORMAT to FILE, atomically (`FORMAT=FILE`; repeatable)")
	reviewTimeout := addReviewTimeout(fs)
	cpuProfile := fs.String("cpuprofile", "", "write a CPU profile of the run to `file`, for go tool pprof")
	memProfile := fs.String("memprofile", "", "write a heap profile of the run's peak (the largest unit, after a collection) to `file`, for go tool pprof")
	var opts analyzer.Options
	paths, code, done := parseRun(fs, args, &opts)
	if done {
		return code
	}
	prof, err := startProfiles(*cpuProfile, *memProfile)
	if err != nil {
		report.Note(stderr, "-cpuprofile: "+err.Error())
		return 2
	}
	defer func() {
		if err := prof.stop(); err != nil {
			report.Note(stderr, "cannot write a profile: "+err.Error())
		}
	}()
	opts.UnitDone = prof.unitDone
	if err := report.CheckFormat(*format); err != nil {
		report.Note(stderr, "-format: "+err.Error())
		return 2
	}
	set := flagSet(fs)
	set["review"] = post
	if msg := conflicts(set, *newFromRev != "" || *newFromMergeBase != "" || *baselineFile != ""); msg != "" {
		report.Note(stderr, msg)
		return 2
	}
	if *showVersion {
		fmt.Fprintln(stdout, "flinklint", buildVersion())
		return 0
	}
	if *explainRule != "" {
		return explain(*explainRule, stdout, stderr)
	}
	if *listRules {
		printRules(stdout)
		return 0
	}
	threshold, err := rules.ParseSeverity(*failOn)
	if err != nil {
		report.Note(stderr, "-fail-on: "+err.Error())
		return 2
	}
	selected, err := selectRules(*enable, *disable)
	if err != nil {
		report.Note(stderr, err.Error())
		return 2
	}
	if *printConfigOf != "" {
		finder, err := newFinder(*configFile, nil)
		if err != nil {
			return badConfig(stderr, err)
		}
		return printConfig(finder, *printConfigOf, stdout, stderr)
	}
	if len(paths) == 0 {
		paths = []string{"."}
	}
	if opts.Config, err = newFinder(*configFile, paths); err != nil {
		return badConfig(stderr, err)
	}
	var changes gitdiff.Changes
	if rev := cmp.Or(*newFromRev, *newFromMergeBase); rev != "" {
		if changes, err = changedLines(paths, rev, *newFromMergeBase != "", stderr); err != nil {
			name := "-new-from-rev: "
			if *newFromMergeBase != "" {
				name = "-new-from-merge-base: "
			}
			report.Note(stderr, name+err.Error())
			return 2
		}
	}
	var base *baseline.Baseline
	if *baselineFile != "" {
		if base, err = baseline.Load(*baselineFile); err != nil {
			report.Note(stderr, err.Error())
			return 2
		}
	}
	analyzers := rules.Analyzers(selected)
	var jobs *probe // the jobs of the run, for review's pictures
	if post {
		jobs = newProbe()
		analyzers = append(analyzers, jobs.analyzer())
	}
	opts.KnownRules = ruleIDs()
	opts.Keywords = rules.Keywords(selected)
	opts.Gated = rules.Gated(selected, parsers.ReadFile, opts.Config)
	fixing := *fix || *diff
	if !*noCache && !fixing {
		if opts.CacheSalt = executableDigest(); opts.CacheSalt == nil {
			report.Note(stderr, "no cache: cannot read flinklint's executable, which identifies its version")
		} else {
			opts.Cache = openCache(stderr, *cacheDir)
		}
		if opts.Cache != nil {
			opts.Build = rules.BuildVersions(parsers.ReadFile, opts.Config)
			defer func() { _ = opts.Cache.Close() }() // the models it stores in the background, once the findings are out; one not stored is parsed again
		}
	}
	var (
		res      *analyzer.Result
		fixed    int
		notes    []analyzer.Problem
		fixFails bool
	)
	start := time.Now()
	if fixing {
		fo := analyzer.FixOptions{Unsafe: *unsafeFixes}
		if *diff {
			fo.Diff = stdout
			res, fixed, notes, err = opts.Fix(paths, analyzers, fo)
		} else {
			res, fixed, notes, err = fixHoldingInterrupts(opts, paths, analyzers, fo, stderr)
		}
		if err != nil && res != nil { // a write failed; the file keeps its contents
			report.Note(stderr, "-fix: "+err.Error())
			fixFails, err = true, nil
		}
	} else {
		res, err = opts.Run(paths, analyzers)
	}
	if err != nil {
		return badConfig(stderr, err) // or any other error that kept the run from starting
	}
	var hidden []string // for -v: what the filters hid
	// The baseline first, so that its entries are matched against every
	// finding: one on an unchanged line is not stale.
	if base != nil {
		n := len(res.Diagnostics)
		res.Diagnostics = applyBaseline(*baselineFile, base, res.Diagnostics, paths, *verbose, stderr)
		hidden = append(hidden, fmt.Sprintf("%d in the baseline", n-len(res.Diagnostics)))
	}
	if changes != nil {
		n := len(res.Diagnostics)
		res.KeepTouching(touchingChanges(changes))
		hidden = append(hidden, fmt.Sprintf("%d on lines not changed", n-len(res.Diagnostics)))
	}
	// After -fix, the findings left, at their positions in the fixed files.
	rep := report.New(res, append(res.Problems, notes...), selected, buildVersion())
	report.WriteProblems(stderr, rep.Problems)
	if res.Files == 0 {
		if len(res.Problems) > 0 {
			return 2
		}
		// Still write the (empty) report, so that a workflow uploading SARIF
		// or reading JSON finds it.
		report.Note(stderr, "no Java, Scala, Python, SQL or YAML files found in "+strings.Join(paths, ", "))
	}
	if fixing {
		report.Note(stderr, fixSummary(res, fixed, *diff, *unsafeFixes))
	}
	if *writeBaselineFile != "" {
		if err := writeBaseline(*writeBaselineFile, res.Diagnostics, stderr); err != nil {
			report.Note(stderr, "-write-baseline: "+err.Error())
			return 2
		}
		if res.InternalErrors() {
			report.Note(stderr, "internal errors left part of the project unanalyzed (a bug: please report it)")
			return 2
		}
		return 0
	}
	written := time.Now()
	if post {
		wd, _ := os.Getwd()
		findings := review.FromResult(res, cmp.Or(os.Getenv("GITHUB_WORKSPACE"), wd))
		// The pictures come from the analysis that found the findings
		// (same prefilter and rules); a result from the cache has none.
		pictures := review.Pictures(placed(jobs.within(paths, res.Digests), res, rep), rep.Findings, findings)
		switch {
		case len(findings) == 0:
		case res.Stats.Reused:
			report.Note(stderr, "review: the findings come from the cache, which keeps no jobs: the review shows no job graph (-no-cache draws them)")
		case res.Stats.UnitsReused > 0:
			report.Note(stderr, "review: the findings of the modules unchanged since the last run come from the cache, which keeps no jobs: the review shows no job graph for them (-no-cache draws them)")
		}
		ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
		err = review.Run(ctx, time.Duration(*reviewTimeout), os.Getenv, findings, pictures, stdout, stderr)
		stop()
	} else if !*diff { // stdout holds the diff
		rep.Details = details.on(tty)
		err = rep.Write(stdout, *format)
	}
	rep.Details = details.on(false) // -output files are not terminals
	if err != nil {
		report.Note(stderr, "cannot write the findings: "+err.Error())
		return 2
	}
	for _, o := range outputs {
		if err := rep.WriteFile(o.file, o.format); err != nil {
			report.Note(stderr, "-output: "+err.Error())
			return 2
		}
	}
	for _, w := range res.Warnings {
		report.Note(stderr, w)
	}
	if opts.Cache != nil {
		_ = opts.Cache.Trim() // at most once a day; an entry left over costs disk space only
	}
	if *stats {
		writeStats(stderr, res.Stats, time.Since(written), time.Since(start))
	}
	code = 0
	for _, f := range rep.Findings {
		if f.Severity >= threshold {
			code = 1
		}
	}
	if *verbose {
		findings := report.Count(len(rep.Findings), "finding")
		if len(hidden) > 0 {
			findings += " (hidden: " + strings.Join(hidden, ", ") + ")"
		}
		report.Note(stderr, report.Count(res.Files, "file")+" read, "+findings+", "+report.Count(len(res.Problems), "problem"))
	}
	if fixFails {
		return 2
	}
	if res.InternalErrors() {
		report.Note(stderr, "internal errors left part of the project unanalyzed (a bug: please report it)")
		return 2
	}
	return code
}

// openCache opens the cache of results in dir, or in the default
// directory; a cache that cannot be opened is left out with a note.
func openCache(stderr io.Writer, dir string) *cache.Cache {
	if dir == "" {
		var err error
		if dir, err = cache.DefaultDir(); err != nil {
			report.Note(stderr, "no cache: "+err.Error())
			return nil
		}
	}
	c, err := cache.Open(dir)
	if err != nil {
		report.Note(stderr, "no cache: "+err.Error())
		return nil
	}
	return c
}

// executableDigest identifies the running flinklint build for the cache,
// so that any rebuild is a new version; nil when the executable cannot be
// read.
func executableDigest() []byte {
	exe, err := os.Executable()
	if err != nil {
		return nil
	}
	f, err := os.Open(exe)
	if err != nil {
		return nil
	}
	defer f.Close()
	h := sha256.New()
	if _, err := io.Copy(h, f); err != nil {
		return nil
	}
	return h.Sum(nil)
}

// output is one -output: a format and the file to write it to.
type output struct{ format, file string }

// outputFlag collects the -output flags.
type outputFlag []output

func (o *outputFlag) String() string { return "" }

func (o *outputFlag) Set(v string) error {
	format, file, ok := strings.Cut(v, "=")
	if !ok || file == "" {
		return fmt.Errorf("want FORMAT=FILE, such as sarif=flinklint.sarif")
	}
	if err := report.CheckFormat(format); err != nil {
		return err
	}
	*o = append(*o, output{format, file})
	return nil
}

func selectRules(enable, disable string) ([]rules.Rule, error) {
	ids := func(list string) (map[string]bool, error) {
		set := map[string]bool{}
		for _, id := range strings.Split(list, ",") {
			if id = strings.TrimSpace(id); id == "" {
				continue
			}
			if _, ok := rules.ByID(id); !ok {
				return nil, fmt.Errorf("unknown rule %q (flinklint -rules lists them)", id)
			}
			set[id] = true
		}
		return set, nil
	}
	on, err := ids(enable)
	if err != nil {
		return nil, err
	}
	off, err := ids(disable)
	if err != nil {
		return nil, err
	}
	var out []rules.Rule
	for _, r := range rules.All {
		if (len(on) == 0 || on[r.Name]) && !off[r.Name] {
			out = append(out, r)
		}
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("no rule left to run")
	}
	return out, nil
}

func printRules(w io.Writer) {
	tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
	for _, r := range rules.All {
		fmt.Fprintf(tw, "%s\t%s\t%s\n", r.Name, r.Severity, r.Summary())
	}
	tw.Flush()
}

// buildVersion is the version, with the VCS revision and time (and
// "modified" for a work tree with changes) when the build recorded them.
func buildVersion() string {
	if version != "" {
		return version
	}
	bi, ok := debug.ReadBuildInfo()
	if !ok {
		return "(devel)"
	}
	return describe(bi)
}

// describe renders a build's version and VCS settings.
func describe(bi *debug.BuildInfo) string {
	v := bi.Main.Version
	if v == "" {
		v = "(devel)"
	}
	vcs := map[string]string{}
	for _, s := range bi.Settings {
		vcs[s.Key] = s.Value
	}
	var extra []string
	if rev := vcs["vcs.revision"]; rev != "" {
		extra = append(extra, "revision "+rev)
	}
	if t := vcs["vcs.time"]; t != "" {
		extra = append(extra, t)
	}
	if vcs["vcs.modified"] == "true" {
		extra = append(extra, "modified")
	}
	if len(extra) > 0 {
		v += " (" + strings.Join(extra, ", ") + ")"
	}
	return v
}
