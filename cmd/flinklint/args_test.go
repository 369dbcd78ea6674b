package main

import (
	"flag"
	"io"
	"slices"
	"strings"
	"testing"
)

func TestParseArgs(t *testing.T) {
	for _, tc := range []struct {
		args   []string
		paths  []string
		failOn string
		v      bool
	}{
		{[]string{"."}, []string{"."}, "warning", false},
		{[]string{".", "-fail-on", "error"}, []string{"."}, "error", false},
		{[]string{"a", "-v", "b", "-fail-on=warning", "c"}, []string{"a", "b", "c"}, "warning", true},
		{[]string{"-v", "--", "-odd", "-fail-on"}, []string{"-odd", "-fail-on"}, "warning", true},
		{[]string{"a", "--", "-v"}, []string{"a", "-v"}, "warning", false},
		{[]string{"-"}, []string{"-"}, "warning", false},
		{nil, nil, "warning", false},
	} {
		fs := flag.NewFlagSet("t", flag.ContinueOnError)
		failOn := fs.String("fail-on", "warning", "")
		v := fs.Bool("v", false, "")
		paths, err := parseArgs(fs, tc.args)
		if err != nil {
			t.Errorf("%q: %v", tc.args, err)
			continue
		}
		if !slices.Equal(paths, tc.paths) || *failOn != tc.failOn || *v != tc.v {
			t.Errorf("%q: paths %q, -fail-on %s, -v %t; want %q, %s, %t", tc.args, paths, *failOn, *v, tc.paths, tc.failOn, tc.v)
		}
	}
	fs := flag.NewFlagSet("t", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	if _, err := parseArgs(fs, []string{".", "-no-such-flag"}); err == nil {
		t.Error("an unknown flag after a path was taken for a path")
	}
}

// A flag after the paths is a flag, never a path: the exit code follows
// -fail-on, and an unknown one is refused with exit 2.
func TestFlagsAfterPaths(t *testing.T) {
	dir := project(t, map[string]string{"Job.java": `class Job { void f() {
  ks.countWindow(5).allowedLateness(Duration.ofMinutes(1)).sum(1); } }`})
	if code, out, errOut := flinklint(t, dir, ".", "-fail-on", "error"); code != 0 || !strings.Contains(out, "[ineffective-lateness]") {
		t.Errorf("flinklint . -fail-on error: exit %d, want 0 with the warning printed\n%s%s", code, out, errOut)
	}
	if code, _, errOut := flinklint(t, dir, ".", "-fail-on"); code != 2 || !strings.Contains(errOut, "flag needs an argument") {
		t.Errorf("flinklint . -fail-on: exit %d, want 2\n%s", code, errOut)
	}
	if code, _, errOut := flinklint(t, dir, ".", "-frobnicate"); code != 2 || !strings.Contains(errOut, "-frobnicate") {
		t.Errorf("flinklint . -frobnicate: exit %d, want 2\n%s", code, errOut)
	}
	// After --, a path may start with -.
	if code, _, errOut := flinklint(t, dir, "--", "-missing"); code != 2 || !strings.Contains(errOut, "-missing") {
		t.Errorf("flinklint -- -missing: exit %d, want 2 naming the path\n%s", code, errOut)
	}
}
