package main

import (
	"errors"
	"flag"
	"fmt"
	"io"

	"github.com/flinklint/flinklint/analyzer"
)

// parseArgs parses flags wherever they stand among the paths, as
// golangci-lint and ruff do, so that "flinklint . -fail-on error" means
// what it says instead of analyzing a directory named -fail-on. "--" ends
// the flags: the arguments after it are paths even when they start with
// "-".
func parseArgs(fs *flag.FlagSet, args []string) ([]string, error) {
	var paths []string
	for {
		if err := fs.Parse(args); err != nil {
			return nil, err
		}
		rest := fs.Args()
		if n := len(args) - len(rest); n > 0 && args[n-1] == "--" {
			return append(paths, rest...), nil
		}
		if len(rest) == 0 {
			return paths, nil
		}
		paths = append(paths, rest[0])
		args = rest[1:]
	}
}

// flagSet returns the names of the flags set on the command line.
func flagSet(fs *flag.FlagSet) map[string]bool {
	set := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { set[f.Name] = true })
	return set
}

// conflicts says what is wrong with a combination of the flags set, ""
// when nothing is; filtered says that -baseline or -new-from-* hide
// findings.
func conflicts(set map[string]bool, filtered bool) string {
	fixing := set["fix"] || set["diff"]
	switch {
	case set["review"] && fixing:
		return "review: -fix and -diff cannot be combined with review"
	case set["review-timeout"] && !set["review"]:
		return "-review-timeout: give it to review only"
	case set["fix"] && set["diff"]:
		return "-fix and -diff: give one of them (-diff writes no file)"
	case set["unsafe-fixes"] && !fixing:
		return "-unsafe-fixes: give -fix or -diff too"
	case set["new-from-rev"] && set["new-from-merge-base"]:
		return "-new-from-rev and -new-from-merge-base: give one of them"
	case set["write-baseline"] && filtered:
		return "-write-baseline records every finding: run it without -baseline, -new-from-rev and -new-from-merge-base"
	case set["write-baseline"] && (set["review"] || set["diff"]):
		return "-write-baseline cannot be combined with review or -diff"
	case fixing && filtered:
		return "-fix and -diff apply the fixes of every finding: they cannot be limited by -baseline, -new-from-rev or -new-from-merge-base"
	}
	return ""
}

// parseRun adds the flags every analyzing command has (-j) to fs, parses
// args and returns the paths; done says the command ends there with code:
// 0 after -h, 2 after a bad flag (fs has said why).
func parseRun(fs *flag.FlagSet, args []string, opts *analyzer.Options) (paths []string, code int, done bool) {
	fs.IntVar(&opts.Workers, "j", 0, "number of files to parse at once (default: one per CPU)")
	paths, err := parseArgs(fs, args)
	switch {
	case errors.Is(err, flag.ErrHelp):
		return nil, 0, true
	case err != nil:
		return nil, 2, true
	}
	return paths, 0, false
}

// commandFlags returns the flag set of the command name, whose -h prints
// usage and then the flags, on stderr.
func commandFlags(name, usage string, stderr io.Writer) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {
		fmt.Fprint(stderr, usage)
		fs.PrintDefaults()
	}
	return fs
}
