package main

import (
	"os"
	"strings"
	"testing"
)

func TestExplain(t *testing.T) {
	want, err := os.ReadFile("../../docs/rules/global-window-no-trigger.md")
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	code, out, errOut := flinklint(t, dir, "-explain", "global-window-no-trigger")
	if code != 0 || out != string(want) || errOut != "" {
		t.Errorf("-explain global-window-no-trigger: exit %d, stderr %q; stdout is the page: %t", code, errOut, out == string(want))
	}
	for _, tc := range []struct{ id, want string }{
		{"global-window-no-triger", `unknown rule "global-window-no-triger"; did you mean global-window-no-trigger?`},
		{"GLOBAL-WINDOW-NO-TRIGGER", "the rules are assign-after-source, "},
		{"../README", "the rules are "},
		{"config", "the rules are "}, // an analyzer, not a rule
	} {
		code, out, errOut := flinklint(t, dir, "-explain", tc.id)
		if code != 2 || out != "" || !strings.Contains(errOut, tc.want) {
			t.Errorf("-explain %s: exit %d, stdout %q, stderr %q; want 2 and %q", tc.id, code, out, errOut, tc.want)
		}
	}
}

func TestClosest(t *testing.T) {
	ids := []string{"missing-idleness", "zero-idle-timeout"}
	for s, want := range map[string]string{
		"missing-idlenes":   "missing-idleness",
		"missing_idleness":  "missing-idleness",
		"zero-idle-timeuot": "zero-idle-timeout",
		"idleness":          "",
		"":                  "",
	} {
		if got := closest(s, ids); got != want {
			t.Errorf("closest(%q) = %q, want %q", s, got, want)
		}
	}
}
