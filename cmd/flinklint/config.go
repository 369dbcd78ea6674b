package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/flinklint/flinklint/cmd/flinklint/internal/report"
	"github.com/flinklint/flinklint/internal/config"
	"github.com/flinklint/flinklint/rules"
)

// ruleIDs returns the id of every rule flinklint has, for the packages
// below that must know them and may not import package rules (the
// configuration, the analyzer's check of flinklint:ignore directives).
func ruleIDs() []string {
	ids := make([]string, len(rules.All))
	for i, r := range rules.All {
		ids[i] = r.Name
	}
	return ids
}

// newFinder returns the configuration of the run: the file given with
// -config, or the nearest .flinklint.yaml above each file. The files that
// apply to the paths themselves are loaded now, so that a bad one stops
// the run before anything is analyzed (as analyzer.Options.Run does for
// one further down, once the walk has found the files).
func newFinder(explicit string, paths []string) (*config.Finder, error) {
	f := config.NewFinder(explicit, ruleIDs())
	for _, p := range paths {
		if _, err := f.File(inside(p)); err != nil {
			return nil, err
		}
	}
	return f, nil
}

// inside returns a name for the files directly in p when p is a
// directory, since a Finder looks for the configuration of a file in its
// directory and above.
func inside(p string) string {
	if fi, err := os.Stat(p); err == nil && fi.IsDir() {
		return filepath.Join(p, "_")
	}
	return p
}

// badConfig reports a configuration that cannot be used, or another error
// that kept the run from starting, and returns exit status 2. An error in the file is printed as compilers print theirs,
// file:line:col: key: message, with the path shown as findings show
// theirs, so that an editor jumps to it; others are notes.
func badConfig(stderr io.Writer, err error) int {
	var ce *config.Error
	if !errors.As(err, &ce) {
		report.Note(stderr, err.Error())
		return 2
	}
	wd, _ := os.Getwd()
	shown := *ce
	shown.File = report.DisplayPath(wd, ce.File)
	fmt.Fprintln(stderr, report.Escape(shown.Error()))
	return 2
}

// printConfig prints what applies to path, for -print-config.
func printConfig(f *config.Finder, path string, stdout, stderr io.Writer) int {
	e, err := f.For(inside(path))
	if err != nil {
		return badConfig(stderr, err)
	}
	fmt.Fprint(stdout, e.String())
	return 0
}
