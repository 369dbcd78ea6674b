// Package fixes declares whether a rule's suggested fix is safe to apply
// unasked or a judgement the user must ask for, in a form the driver reads
// from an analysis.Diagnostic alone (and the result cache keeps): the end
// of the fix's message.
package fixes

import (
	"strings"

	"golang.org/x/tools/go/analysis"
)

// Applicability says whether a suggested fix may be applied without the
// user asking for it (Ruff's term). analysis.SuggestedFix has only a
// message and edits, and a Diagnostic's Category holds the severity, so a
// fix states it at the end of its message, where a user deciding whether
// to accept the fix reads it too: New writes it and Of reads it back.
type Applicability uint8

const (
	// Unsafe is a fix that takes a judgement the code does not settle: a
	// value chosen for the user (an idle timeout), a unit read from a
	// name, a change of when windows fire. -fix applies it only with
	// -unsafe-fixes. A fix that declares nothing is unsafe.
	Unsafe Applicability = iota
	// Safe is a fix that changes nothing but the mistake reported and is
	// right whatever the rest of the job does, such as the deletion of a
	// setting Flink ignores.
	Safe
)

// The endings of a fix's message that declare its applicability.
const (
	safeMark   = " (safe fix)"
	unsafeMark = " (unsafe fix)"
)

func (a Applicability) String() string {
	if a == Safe {
		return "safe"
	}
	return "unsafe"
}

// New returns a suggested fix with message, declared a, making edits.
func New(a Applicability, message string, edits ...analysis.TextEdit) analysis.SuggestedFix {
	mark := unsafeMark
	if a == Safe {
		mark = safeMark
	}
	return analysis.SuggestedFix{Message: message + mark, TextEdits: edits}
}

// Of returns what fix declares, as New writes it; declared
// is false, and the fix Unsafe, when it declares nothing.
func Of(fix analysis.SuggestedFix) (a Applicability, declared bool) {
	switch {
	case strings.HasSuffix(fix.Message, safeMark):
		return Safe, true
	case strings.HasSuffix(fix.Message, unsafeMark):
		return Unsafe, true
	}
	return Unsafe, false
}
