// Command flinklint finds Flink event-time mistakes in Java, Scala and Flink
// SQL job sources and in Flink configuration: windows that never fire, late
// data that is silently dropped, watermarks held back by idle partitions,
// timestamps in seconds.
//
// Usage:
//
//	flinklint [flags] [path ...]
//
// Each finding is printed as one line, path:line:col: severity: message
// [rule-id], the format read by IDE problem matchers, vim's quickfix list
// and reviewdog. Control characters in paths and messages are escaped (\n,
// \x1b), so that no file name can forge a line. The exit code is 0 when
// nothing at or above the -fail-on severity was found, 1 when something
// was, and 2 when flinklint could not run (bad flags, no file could be
// read, the output could not be written) or hit an internal error: a bug
// that left a file or a rule unanalyzed, named on stderr, while every
// other file and rule still ran and reported.
package main

import (
	"bufio"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime/debug"
	"strconv"
	"strings"
	"text/tabwriter"
	"unicode"

	"golang.org/x/tools/go/analysis"

	"github.com/flinklint/flinklint/analyzer"
	"github.com/flinklint/flinklint/rules"
)

// version is set at release time with -ldflags "-X main.version=v1.2.3";
// otherwise the module version of the build is used.
var version = ""

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

const usage = `usage: flinklint [flags] [path ...]

flinklint analyzes the Java, Scala and Flink SQL sources and the Flink
configuration files below each path (default ".")
and prints one line per finding: path:line:col: severity: message [rule-id].
Exit status: 0 nothing found at or above -fail-on, 1 findings, 2 could not
run or an internal error left part of the project unanalyzed.

Flags:
`

func run(args []string, stdout, stderr io.Writer) int {
	out := bufio.NewWriter(stdout)
	code := lint(args, out, stderr)
	if err := out.Flush(); err != nil {
		fmt.Fprintln(stderr, "flinklint: cannot write the findings:", err)
		return 2
	}
	return code
}

func lint(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("flinklint", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {
		fmt.Fprint(stderr, usage)
		fs.PrintDefaults()
	}
	failOn := fs.String("fail-on", "info", "exit 1 when a finding at or above this `severity` (error, warning, info) is reported")
	disable := fs.String("disable", "", "comma-separated `ids` of rules not to run")
	enable := fs.String("enable", "", "comma-separated `ids` of the only rules to run")
	listRules := fs.Bool("rules", false, "list the rules with a one-line summary each, and exit")
	showVersion := fs.Bool("version", false, "print the version and exit")
	verbose := fs.Bool("v", false, "print a summary of the run (files read, findings, problems) on stderr")
	fix := fs.Bool("fix", false, "apply the suggested fixes to the files, then report what is left")
	var opts analyzer.Options
	fs.IntVar(&opts.Workers, "j", 0, "number of files to parse at once (default: one per CPU)")
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0
		}
		return 2
	}
	if *showVersion {
		fmt.Fprintln(stdout, "flinklint", buildVersion())
		return 0
	}
	if *listRules {
		printRules(stdout)
		return 0
	}
	threshold, err := rules.ParseSeverity(*failOn)
	if err != nil {
		fmt.Fprintln(stderr, "flinklint: -fail-on:", err)
		return 2
	}
	selected, err := selectRules(*enable, *disable)
	if err != nil {
		fmt.Fprintln(stderr, "flinklint:", err)
		return 2
	}
	paths := fs.Args()
	if len(paths) == 0 {
		paths = []string{"."}
	}
	analyzers := make([]*analysis.Analyzer, len(selected))
	severity := map[string]rules.Severity{}
	for i, r := range selected {
		analyzers[i] = r.Analyzer
		severity[r.Name] = r.Severity
	}
	var (
		res      *analyzer.Result
		fixed    int
		notes    []analyzer.Problem
		fixFails bool
	)
	if *fix {
		res, fixed, notes, err = opts.FixAll(paths, analyzers, analyzer.FixRounds)
		if err != nil && res != nil { // a write failed; the file keeps its contents
			fmt.Fprintln(stderr, "flinklint: -fix:", escape(err.Error()))
			fixFails, err = true, nil
		}
	} else {
		res, err = opts.Run(paths, analyzers)
	}
	if err != nil {
		fmt.Fprintln(stderr, "flinklint:", escape(err.Error()))
		return 2
	}
	wd, _ := os.Getwd()
	for _, p := range append(res.Problems, notes...) {
		if p.Pos.Filename != "" {
			p.Pos.Filename = displayPath(wd, p.Pos.Filename)
		}
		fmt.Fprintf(stderr, "flinklint: %s\n", escape(p.String()))
	}
	if res.Files == 0 {
		if len(res.Problems) > 0 {
			return 2
		}
		fmt.Fprintf(stderr, "flinklint: no Java, Scala, SQL or YAML files found in %s\n", strings.Join(paths, ", "))
		return 0
	}
	if *fix {
		fmt.Fprintf(stderr, "flinklint: fixed %d findings\n", fixed)
	}
	diags := res.Diagnostics // after -fix, those left, at their positions in the fixed files
	code := 0
	for _, d := range diags {
		sev := severity[d.Rule]
		if s, err := rules.ParseSeverity(d.Category); err == nil {
			sev = s // the rule reported this finding at another severity
		}
		fmt.Fprintf(stdout, "%s:%d:%d: %s: %s [%s]\n", escape(displayPath(wd, d.Position.Filename)),
			d.Position.Line, d.Position.Column, sev, escape(d.Message), d.Rule)
		if sev >= threshold {
			code = 1
		}
	}
	if *verbose {
		fmt.Fprintf(stderr, "flinklint: %d files read, %d findings, %d problems\n", res.Files, len(diags), len(res.Problems))
	}
	if fixFails {
		return 2
	}
	if res.InternalErrors() {
		fmt.Fprintln(stderr, "flinklint: internal errors left part of the project unanalyzed (a bug: please report it)")
		return 2
	}
	return code
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

// displayPath makes path relative to the working directory when it lies
// below it, as compilers print paths, so that editors can open it.
func displayPath(wd, path string) string {
	abs, err := filepath.Abs(path)
	if err != nil || wd == "" {
		return path
	}
	rel, err := filepath.Rel(wd, abs)
	if err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
		return path
	}
	return rel
}

// escape writes control characters as Go escapes, so that a file name or
// a quoted piece of source cannot end a line or forge one.
func escape(s string) string {
	if !strings.ContainsFunc(s, unicode.IsControl) {
		return s
	}
	var b strings.Builder
	for _, r := range s {
		if unicode.IsControl(r) {
			q := strconv.QuoteRune(r) // '\n', '\x1b', '\u0085'
			b.WriteString(q[1 : len(q)-1])
		} else {
			b.WriteRune(r)
		}
	}
	return b.String()
}

func buildVersion() string {
	if version != "" {
		return version
	}
	if bi, ok := debug.ReadBuildInfo(); ok && bi.Main.Version != "" {
		return bi.Main.Version
	}
	return "(devel)"
}
