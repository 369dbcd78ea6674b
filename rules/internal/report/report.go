// Package report places a rule's diagnostics on the model.
package report

import (
	"go/token"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/flinklint/flinklint/internal/fixes"
	"github.com/flinklint/flinklint/internal/message"
	"github.com/flinklint/flinklint/parsers/model"
)

// Severity overrides a rule's default severity for one finding. The driver
// reads it from the Diagnostic's Category, so rules pass it here instead of
// setting Category themselves.
type Severity string

// The severities a finding can override its rule's with; Default keeps the
// rule's.
const (
	Default Severity = ""
	Info    Severity = "info"
	Warning Severity = "warning"
)

// Finding is what a rule reports, read at a glance: a headline that says
// what is wrong with the key value, at most about 100 characters (the
// rule's page and -explain carry the full reasoning); the fix; the one
// Flink fact behind it; and the evidence, each location with a short
// label ("strategy defined here", "feeds fromSource here"). Only-new runs
// select a finding when any of its evidence changed, so the evidence must
// name every line whose change can cause or fix the finding.
type Finding struct {
	Headline string
	Help     string // the fix, as an imperative sentence
	Note     string // the Flink fact that makes it wrong
	Evidence []analysis.RelatedInformation
	Severity Severity // Default keeps the rule's
	Fixes    []analysis.SuggestedFix
}

// At reports f on the name of n: the method name of a call, so that
// .window(GlobalWindows.create()) is reported at "window".
func (f Finding) At(pass *analysis.Pass, n *model.Node) {
	pos := n.NamePos()
	end := pos + token.Pos(len(n.Written()))
	if !pos.IsValid() {
		pos, end = n.Pos(), n.End()
	}
	f.Span(pass, pos, end)
}

// Span reports f on [pos, end), for findings in SQL and configuration,
// which have no model node.
func (f Finding) Span(pass *analysis.Pass, pos, end token.Pos) {
	msg := message.Parts{Headline: f.Headline, Help: f.Help, Note: f.Note}
	pass.Report(analysis.Diagnostic{Pos: pos, End: end, Category: string(f.Severity), Message: msg.String(),
		SuggestedFixes: f.Fixes, Related: f.Evidence})
}

// Evidence is the location of n, all of it, labelled for the finding it
// supports; nothing when n is nil.
func Evidence(n *model.Node, label string) []analysis.RelatedInformation {
	if n == nil {
		return nil
	}
	return EvidenceSpan(n.Pos(), n.End(), label)
}

// EvidenceSpan is the location [pos, end), labelled; nothing when pos is
// not valid.
func EvidenceSpan(pos, end token.Pos, label string) []analysis.RelatedInformation {
	if !pos.IsValid() {
		return nil
	}
	return []analysis.RelatedInformation{{Pos: pos, End: end, Message: label}}
}

// Safe returns a fix that changes nothing but the mistake reported and is
// right whatever the rest of the job does: -fix applies it. Every rule
// declares its fixes with Safe or Unsafe, and its page says which and why.
func Safe(msg string, edits ...analysis.TextEdit) analysis.SuggestedFix {
	return fixes.New(fixes.Safe, msg, edits...)
}

// Unsafe returns a fix that takes a judgement the code does not settle (a
// value chosen for the user, a unit read from a name, a change of when
// windows fire): -fix applies it only with -unsafe-fixes.
func Unsafe(msg string, edits ...analysis.TextEdit) analysis.SuggestedFix {
	return fixes.New(fixes.Unsafe, msg, edits...)
}

// Source reads the text of nodes, for messages that quote the code and for
// fixes that move it. It reads each file once.
type Source struct {
	pass  *analysis.Pass
	files map[string][]byte
}

// NewSource returns a Source reading through the pass.
func NewSource(pass *analysis.Pass) *Source {
	return &Source{pass: pass, files: map[string][]byte{}}
}

// Text returns the source text of n, or "" when it cannot be read.
func (s *Source) Text(n *model.Node) string {
	tf := s.pass.Fset.File(n.Pos())
	if tf == nil {
		return ""
	}
	src, ok := s.files[tf.Name()]
	if !ok {
		src = Text(s.pass, tf)
		s.files[tf.Name()] = src
	}
	start, end := tf.Offset(n.Pos()), tf.Offset(n.End())
	if end > len(src) || start > end {
		return ""
	}
	return string(src[start:end])
}

// Quote returns the text of n on one line, shortened to about max bytes,
// for a message.
func (s *Source) Quote(n *model.Node, max int) string {
	t := strings.Join(strings.Fields(s.Text(n)), " ")
	if len(t) > max {
		t = t[:max] + "..."
	}
	return t
}

// Spell writes the API names of text (camelCase, as in Java) the way the
// file of n spells them: snake_case in Python.
func Spell(n *model.Node, text string) string {
	if n == nil || n.File == nil {
		return text
	}
	return model.Spell(n.File.Lang, text, nil)
}
