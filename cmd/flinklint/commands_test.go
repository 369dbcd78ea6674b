package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// typo is the mistyped command of issue 23.
const typo = "reveiw" //nolint:misspell // the typo under test

func TestMistypedCommand(t *testing.T) {
	dir := project(t, map[string]string{"src/Job.java": buggy})
	code, out, errOut := flinklint(t, dir, typo, ".")
	if want := "flinklint: unknown command \"" + typo + "\", did you mean \"review\"?\n"; code != 2 || out != "" || errOut != want {
		t.Errorf("%s: exit %d, stdout %q, stderr %q; want 2 and %q", typo, code, out, errOut, want)
	}
	if code, _, errOut := flinklint(t, dir, "grap"); code != 2 || errOut != "flinklint: unknown command \"grap\", did you mean \"graph\"?\n" {
		t.Errorf("grap: exit %d, stderr %q", code, errOut)
	}
	// An existing path is always a path, however close to a command.
	if err := os.WriteFile(filepath.Join(dir, "revie"), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	if code, _, errOut := flinklint(t, dir, "revie"); code != 0 {
		t.Errorf("revie (a file): exit %d, stderr %q; want 0", code, errOut)
	}
	// A missing path far from every command is still linted as a path.
	if code, _, errOut := flinklint(t, dir, "nosuchdir"); code != 2 || strings.Contains(errOut, "unknown command") {
		t.Errorf("nosuchdir: exit %d, stderr %q", code, errOut)
	}
}
