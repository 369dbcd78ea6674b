package lsp

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"go.lsp.dev/protocol"
	"go.lsp.dev/uri"
)

const crossfile = "../../../../rules/missing-idleness/testdata/crossfile"

// TestCrossFile: the strategy in one file, the window in another; a
// change of the window's file updates the strategy's file diagnostics.
func TestCrossFile(t *testing.T) {
	root := project(t)
	defaults := filepath.Join(root, "src/main/java/jobs/StreamDefaults.java")
	job := filepath.Join(root, "src/main/java/jobs/ClickJob.java")
	c := startServer(t, Options{})
	res := c.initialize(root)
	if res.Capabilities.PositionEncoding != protocol.PositionEncodingKindUTF16 {
		t.Errorf("position encoding %q, want utf-16 by default", res.Capabilities.PositionEncoding)
	}
	c.open(defaults)
	c.open(job)
	got := c.diagnostics(defaults, 1)
	if codes(got) != "missing-idleness" {
		t.Fatalf("StreamDefaults.java: %s, want missing-idleness", codes(got))
	}
	if r := got[0].Range; r.Start.Line != 12 || r.Start.Character != 21 || r.End.Character != 45 {
		t.Errorf("range %v, want forBoundedOutOfOrderness, 12:21-45", r)
	}
	if c := codes(c.diagnostics(job, 1)); c != "late-data-dropped" {
		t.Errorf("ClickJob.java: %s, want late-data-dropped", c)
	}
	// No event-time window: idleness no longer matters.
	text, _ := os.ReadFile(job)
	c.replace(job, 2, string(text), "TumblingEventTimeWindows.of", "TumblingProcessingTimeWindows.of")
	c.until("StreamDefaults.java cleared", func() bool {
		p := c.diags[uri.File(defaults)]
		return p != nil && len(p.Diagnostics) == 0
	})
	c.shutdown()
}

// TestCodeActions: the fix of a finding, then a directive that silences
// it with a reason, and its explanation; applying the directive clears it.
func TestCodeActions(t *testing.T) {
	root := project(t)
	defaults := filepath.Join(root, "src/main/java/jobs/StreamDefaults.java")
	c := startServer(t, Options{})
	c.initialize(root)
	c.open(defaults)
	got := c.diagnostics(defaults, 1)
	if len(got) != 1 {
		t.Fatalf("diagnostics %s, want one", codes(got))
	}
	actions, err := c.server.CodeAction(context.Background(), &protocol.CodeActionParams{
		TextDocument: protocol.TextDocumentIdentifier{URI: uri.File(defaults)}, Range: got[0].Range,
		Context: protocol.CodeActionContext{Diagnostics: got}})
	if err != nil {
		t.Fatal(err)
	}
	var titles []string
	var silence *protocol.CodeAction
	for _, a := range actions {
		ca := a.(*protocol.CodeAction)
		titles = append(titles, ca.Title)
		if strings.HasPrefix(ca.Title, "Silence") {
			silence = ca
		}
	}
	if len(titles) != 3 || !strings.HasSuffix(titles[0], "(unsafe fix)") || silence == nil || !strings.HasPrefix(titles[2], "Explain") {
		t.Fatalf("actions %q, want the unsafe fix, the directive and the explanation", titles)
	}
	text, _ := os.ReadFile(defaults)
	edit := silence.Edit.Changes[uri.File(defaults)][0]
	enc := encoding{}
	at := enc.offset(text, edit.Range.Start)
	fixed := string(text[:at]) + edit.NewText + string(text[at:])
	if !strings.Contains(fixed, "// flinklint:ignore missing-idleness reason:") {
		t.Fatalf("directive %q", edit.NewText)
	}
	err = c.server.DidChange(context.Background(), &protocol.DidChangeTextDocumentParams{
		TextDocument:   protocol.VersionedTextDocumentIdentifier{TextDocumentIdentifier: protocol.TextDocumentIdentifier{URI: uri.File(defaults)}, Version: 2},
		ContentChanges: []protocol.TextDocumentContentChangeEvent{&protocol.TextDocumentContentChangeWholeDocument{Text: fixed}}})
	if err != nil {
		t.Fatal(err)
	}
	if got := c.diagnostics(defaults, 2); len(got) != 0 {
		t.Errorf("after the directive: %s, want none", codes(got))
	}
	c.shutdown()
}
