// Package message joins the parts of a finding's text into the one string
// a go/analysis Diagnostic carries, and splits them again for the outputs.
//
// A finding reads at a glance the way rustc's and ruff's do: a short
// headline that says what is wrong, then a "help:" line with the fix and a
// "note:" line with the one Flink fact behind it. The evidence goes in the
// Diagnostic's Related locations, not in the text.
package message

import "strings"

// Parts are the parts of a finding's text; Help and Note may be empty.
type Parts struct {
	Headline string // what is wrong, with the key value: at most about 100 characters
	Help     string // the fix
	Note     string // the Flink fact that makes it wrong
}

const (
	helpPrefix = "\nhelp: "
	notePrefix = "\nnote: "
)

// String joins p into a Diagnostic's message: the headline, then a line
// for the help and one for the note, each left out when empty.
func (p Parts) String() string {
	s := p.Headline
	if p.Help != "" {
		s += helpPrefix + p.Help
	}
	if p.Note != "" {
		s += notePrefix + p.Note
	}
	return s
}

// Parse splits a message made by String; a message of one line is all
// headline.
func Parse(msg string) Parts {
	var p Parts
	msg, p.Note = cut(msg, notePrefix)
	msg, p.Help = cut(msg, helpPrefix)
	p.Headline = msg
	return p
}

// cut splits msg at the last prefix.
func cut(msg, prefix string) (before, after string) {
	i := strings.LastIndex(msg, prefix)
	if i < 0 {
		return msg, ""
	}
	return msg[:i], msg[i+len(prefix):]
}
