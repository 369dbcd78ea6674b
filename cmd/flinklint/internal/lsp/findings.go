package lsp

import (
	"go.lsp.dev/protocol"
	"go.lsp.dev/uri"

	"github.com/flinklint/flinklint/analyzer"
	"github.com/flinklint/flinklint/internal/fixes"
	"github.com/flinklint/flinklint/parsers"
	"github.com/flinklint/flinklint/rules"
)

// finding is a diagnostic of a run, placed in the text of the open buffer
// it was found in: byte offsets, so that it can be shown in either
// encoding and its fixes offered while the buffer is unchanged.
type finding struct {
	rule       string
	severity   rules.Severity
	headline   string
	help, note string
	url        string
	start, end int
	serial     uint64 // of the buffer analyzed
	related    []place
	fixes      []fix
}

// place is a span of a file, with what it shows.
type place struct {
	label      string
	path       string
	start, end int
}

// fix is a suggested fix of a finding.
type fix struct {
	title string
	safe  bool
	edits []edit
}

type edit struct {
	path       string
	start, end int
	text       string
}

// findingsOf returns the findings of res in the open buffers of snap, by
// file: only open files show diagnostics. severity is the rules' own, by
// rule id, for findings the configuration gives none.
func findingsOf(res *analyzer.Result, snap snapshot, severity map[string]rules.Severity) map[string][]*finding {
	out := map[string][]*finding{}
	for _, d := range res.Diagnostics {
		path := d.Position.Filename
		doc, open := snap[path]
		if !open {
			continue
		}
		text := d.Text()
		fd := &finding{rule: d.Rule, severity: severity[d.Rule], headline: text.Headline, help: text.Help, note: text.Note,
			url: d.URL, start: d.Position.Offset, end: d.Position.Offset, serial: doc.serial}
		if s, err := rules.ParseSeverity(d.Category); err == nil {
			fd.severity = s
		}
		if d.EndPos.IsValid() && d.EndPos.Filename == path {
			fd.end = max(fd.start, d.EndPos.Offset)
		}
		for _, e := range d.Evidence {
			if e.Position.IsValid() {
				end := e.Position.Offset
				if e.EndPos.IsValid() && e.EndPos.Filename == e.Position.Filename {
					end = max(end, e.EndPos.Offset)
				}
				fd.related = append(fd.related, place{label: e.Label, path: e.Position.Filename, start: e.Position.Offset, end: end})
			}
		}
		for _, sf := range d.SuggestedFixes {
			a, _ := fixes.Of(sf)
			fx := fix{title: sf.Message, safe: a == fixes.Safe}
			for _, e := range sf.TextEdits {
				start, end := res.Fset.Position(e.Pos), res.Fset.Position(e.End)
				if !end.IsValid() {
					end = start
				}
				fx.edits = append(fx.edits, edit{path: start.Filename, start: start.Offset, end: end.Offset, text: string(e.NewText)})
			}
			fd.fixes = append(fd.fixes, fx)
		}
		out[path] = append(out[path], fd)
	}
	for _, p := range res.Problems {
		switch _, open := snap[p.Pos.Filename]; {
		case open: // shown on the file
			out[p.Pos.Filename] = append(out[p.Pos.Filename], problemFinding(p, snap[p.Pos.Filename]))
		case p.Pos.Filename == "" && p.Internal: // a rule failed: every file may miss findings
			for path, doc := range snap {
				out[path] = append(out[path], problemFinding(p, doc))
			}
		}
	}
	return out
}

// The codes of diagnostics that are not a rule's findings: a problem with
// a file (it cannot be read or parsed), and a bug in flinklint.
const (
	codeProblem  = "problem"
	codeInternal = "internal-error"
)

// problemFinding shows a problem of an open file (a read or parse error,
// or an internal error in a rule) as a diagnostic on its line.
func problemFinding(p analyzer.Problem, doc document) *finding {
	at := parsers.LineStart(doc.text, p.Pos.Line)
	fd := &finding{rule: codeProblem, severity: rules.Warning, headline: p.Message, start: at, end: at, serial: doc.serial}
	if p.Internal {
		fd.rule, fd.severity = codeInternal, rules.Error
		fd.headline = "internal error, part of the project was not analyzed (a bug in flinklint, please report it): " + p.Message
	}
	return fd
}

// diagnostic returns the finding as the protocol shows it; textOf gives
// the text of the files its evidence is in.
func (fd *finding) diagnostic(text []byte, enc encoding, textOf func(string) []byte) protocol.Diagnostic {
	msg := fd.headline
	if fd.help != "" {
		msg += "\n" + fd.help
	}
	d := protocol.Diagnostic{
		Range:    enc.span(text, fd.start, wordEnd(text, fd.start, fd.end)),
		Severity: severityOf(fd.severity),
		Code:     protocol.String(fd.rule),
		Source:   protocol.NewOptional("flinklint"),
		Message:  protocol.String(msg),
	}
	if fd.url != "" {
		d.CodeDescription = protocol.CodeDescription{Href: uri.URI(fd.url)}
	}
	for _, r := range fd.related {
		rt := textOf(r.path)
		if rt == nil {
			continue
		}
		d.RelatedInformation = append(d.RelatedInformation, protocol.DiagnosticRelatedInformation{
			Location: protocol.Location{URI: uri.File(r.path), Range: enc.span(rt, r.start, wordEnd(rt, r.start, r.end))},
			Message:  r.label,
		})
	}
	return d
}

// wordEnd returns end, or when the span is empty the end of the word at
// start, so that an editor has something to underline.
func wordEnd(text []byte, start, end int) int {
	if end > start || start >= len(text) || text[start] == '\n' || text[start] == '\r' {
		return end
	}
	for end = start; end < len(text) && isWord(text[end]); end++ {
	}
	return max(end, min(start+1, len(text)))
}

func isWord(c byte) bool {
	return c == '_' || c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= 0x80
}

func severityOf(s rules.Severity) protocol.DiagnosticSeverity {
	switch s {
	case rules.Error:
		return protocol.DiagnosticSeverityError
	case rules.Info:
		return protocol.DiagnosticSeverityInformation
	}
	return protocol.DiagnosticSeverityWarning
}
