// Package rules is the registry of flinklint's rules: every rule's Analyzer
// and its default severity, found by rule id.
package rules

import (
	"fmt"
	"strings"

	"golang.org/x/tools/go/analysis"

	assignaftersource "github.com/flinklint/flinklint/rules/assign-after-source"
	autowatermarkintervalzero "github.com/flinklint/flinklint/rules/auto-watermark-interval-zero"
	globalwindownotrigger "github.com/flinklint/flinklint/rules/global-window-no-trigger"
	ineffectivelateness "github.com/flinklint/flinklint/rules/ineffective-lateness"
	invalidduration "github.com/flinklint/flinklint/rules/invalid-duration"
	latetagunread "github.com/flinklint/flinklint/rules/late-tag-unread"
	missingidleness "github.com/flinklint/flinklint/rules/missing-idleness"
	secondstimestamp "github.com/flinklint/flinklint/rules/seconds-timestamp"
	zeroidletimeout "github.com/flinklint/flinklint/rules/zero-idle-timeout"
)

// Severity is how serious a finding is.
type Severity uint8

// The severities, from least to most serious.
const (
	Info Severity = iota + 1
	Warning
	Error
)

func (s Severity) String() string {
	switch s {
	case Info:
		return "info"
	case Warning:
		return "warning"
	case Error:
		return "error"
	}
	return "unknown"
}

// ParseSeverity reads a severity name.
func ParseSeverity(s string) (Severity, error) {
	for _, v := range []Severity{Info, Warning, Error} {
		if strings.EqualFold(s, v.String()) {
			return v, nil
		}
	}
	return 0, fmt.Errorf("unknown severity %q (want error, warning or info)", s)
}

// Rule is a registered rule. Severity is the severity of its findings,
// unless a finding's Diagnostic.Category names another one (error, warning
// or info): zero-idle-timeout, for one, reports a crash in DataStream code
// as an error and a silent no-op in SQL as a warning.
type Rule struct {
	*analysis.Analyzer
	Severity Severity
}

// Summary returns the first line of the rule's documentation.
func (r Rule) Summary() string {
	s, _, _ := strings.Cut(r.Doc, "\n")
	return s
}

// All lists every rule, sorted by id.
var All = []Rule{
	{assignaftersource.Analyzer, Warning},
	{autowatermarkintervalzero.Analyzer, Error},
	{globalwindownotrigger.Analyzer, Error},
	{ineffectivelateness.Analyzer, Warning},
	{invalidduration.Analyzer, Error},
	{latetagunread.Analyzer, Warning},
	{missingidleness.Analyzer, Warning},
	{secondstimestamp.Analyzer, Warning},
	{zeroidletimeout.Analyzer, Error},
}

// ByID returns the rule with the given id.
func ByID(id string) (Rule, bool) {
	for _, r := range All {
		if r.Name == id {
			return r, true
		}
	}
	return Rule{}, false
}
