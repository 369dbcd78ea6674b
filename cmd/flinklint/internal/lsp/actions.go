package lsp

import (
	"context"
	"fmt"
	"strings"

	"go.lsp.dev/protocol"
	"go.lsp.dev/uri"

	ruledocs "github.com/flinklint/flinklint/docs/rules"
	"github.com/flinklint/flinklint/parsers"
)

// request returns the path of the document of a request about one; not
// ok, with the error to answer, when the request was cancelled (nil for a
// document not on disk, which has no findings).
func request(ctx context.Context, u uri.URI) (path string, ok bool, err error) {
	if ctx.Err() != nil {
		return "", false, protocol.ErrRequestCancelled
	}
	path, ok = pathOf(u)
	return path, ok, nil
}

// at returns the findings of the open buffer path that overlap r, with
// its text, while the buffer is the one analyzed; s.mu is held.
func (s *server) at(path string, r protocol.Range) ([]*finding, document, bool) {
	d, open := s.docs[path]
	if !open {
		return nil, document{}, false
	}
	start, end := s.enc.offset(d.text, r.Start), s.enc.offset(d.text, r.End)
	var out []*finding
	for _, fd := range s.folderOf(path).findings[path] {
		if fd.serial != d.serial {
			return nil, *d, false // the buffer changed: a run comes
		}
		if fd.start <= end && start <= wordEnd(d.text, fd.start, fd.end) {
			out = append(out, fd)
		}
	}
	return out, *d, true
}

// CodeAction offers the fixes of the findings in the range, safe ones
// first and preferred, unsafe ones labelled by their titles; a directive
// that silences each finding's rule with a reason; and its explanation.
func (s *server) CodeAction(ctx context.Context, p *protocol.CodeActionParams) ([]protocol.CommandOrCodeAction, error) {
	path, ok, err := request(ctx, p.TextDocument.URI)
	if !ok {
		return nil, err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	found, doc, ok := s.at(path, p.Range)
	if !ok {
		return nil, nil
	}
	quickfix := protocol.CodeActionKindQuickFix
	var safe, unsafe, rest []protocol.CommandOrCodeAction
	f := s.folderOf(path)
	for _, fd := range found {
		diag := []protocol.Diagnostic{fd.diagnostic(doc.text, s.enc, f.textOf)}
		for _, fx := range fd.fixes {
			if !f.current(fx) {
				continue // it edits a buffer changed since: a run comes
			}
			edit := &protocol.WorkspaceEdit{Changes: map[uri.URI][]protocol.TextEdit{}}
			for _, e := range fx.edits {
				t := f.textOf(e.path)
				u := uri.File(e.path)
				edit.Changes[u] = append(edit.Changes[u], protocol.TextEdit{Range: s.enc.span(t, e.start, e.end), NewText: e.text})
			}
			preferred := fx.safe
			a := &protocol.CodeAction{Title: fx.title, Kind: &quickfix, Diagnostics: diag, Edit: edit, IsPreferred: &preferred}
			if fx.safe {
				safe = append(safe, a)
			} else {
				unsafe = append(unsafe, a)
			}
		}
		if fd.rule == codeProblem || fd.rule == codeInternal {
			continue
		}
		line := int(s.enc.position(doc.text, fd.start).Line) + 1
		if at, text, ok := parsers.Directive(path, doc.text, line, fd.rule, "reason: why this job is right"); ok {
			rest = append(rest, &protocol.CodeAction{Title: fmt.Sprintf("Silence %s here, with a reason (flinklint:ignore)", fd.rule), Kind: &quickfix, Diagnostics: diag,
				Edit: &protocol.WorkspaceEdit{Changes: map[uri.URI][]protocol.TextEdit{p.TextDocument.URI: {{Range: s.enc.span(doc.text, at, at), NewText: text}}}}})
		}
		rest = append(rest,
			&protocol.CodeAction{Title: "Explain " + fd.rule, Diagnostics: diag,
				Command: protocol.Command{Title: "Explain " + fd.rule, Command: commandExplain, Arguments: []protocol.LSPAny{ruleArg(fd.rule)}}})
	}
	return append(append(safe, unsafe...), rest...), nil
}

// Hover shows the findings at the position: headline, fix and the Flink
// fact behind each, then its rule's page.
func (s *server) Hover(ctx context.Context, p *protocol.HoverParams) (*protocol.Hover, error) {
	path, ok, err := request(ctx, p.TextDocument.URI)
	if !ok {
		return nil, err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	found, _, ok := s.at(path, protocol.Range{Start: p.Position, End: p.Position})
	if !ok || len(found) == 0 {
		return nil, nil
	}
	var b strings.Builder
	for i, fd := range found {
		if i > 0 {
			b.WriteString("\n\n---\n\n")
		}
		fmt.Fprintf(&b, "**%s** `%s`", fd.headline, fd.rule)
		for _, more := range []string{fd.help, fd.note} {
			if more != "" {
				b.WriteString("\n\n" + more)
			}
		}
		if page, ok := ruledocs.Page(fd.rule); ok {
			b.WriteString("\n\n---\n\n" + page)
		}
	}
	return &protocol.Hover{Contents: &protocol.MarkupContent{Kind: protocol.MarkupKindMarkdown, Value: b.String()}}, nil
}

// ExecuteCommand runs flinklint.explain: it asks the client to open the
// page of the rule given.
func (s *server) ExecuteCommand(ctx context.Context, p *protocol.ExecuteCommandParams) (protocol.LSPAny, error) {
	if p.Command != commandExplain || len(p.Arguments) != 1 {
		return nil, fmt.Errorf("unknown command %q, or not one argument", p.Command)
	}
	var id string
	if err := protocol.Unmarshal(p.Arguments[0], &id); err != nil {
		return nil, fmt.Errorf("%s: the argument is a rule id: %w", commandExplain, err)
	}
	r, ok := s.rule(id)
	if !ok {
		return nil, fmt.Errorf("%s: unknown rule %q", commandExplain, id)
	}
	yes := true
	if _, err := s.client.ShowDocument(ctx, &protocol.ShowDocumentParams{URI: uri.URI(r), External: &yes}); err != nil {
		// A client without window/showDocument: the address, to open by hand.
		s.showf(protocol.MessageTypeInfo, "%s: %s", id, r)
	}
	return nil, nil
}

// ruleArg is a rule id as a command's argument.
func ruleArg(id string) protocol.LSPAny {
	data, _ := protocol.Marshal(id)
	return protocol.LSPAny(data)
}

// rule returns the page address of a rule the server runs.
func (s *server) rule(id string) (string, bool) {
	for _, r := range s.opts.Rules {
		if r.Name == id {
			return r.URL, true
		}
	}
	return "", false
}
