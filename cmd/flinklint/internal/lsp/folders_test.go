package lsp

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"go.lsp.dev/protocol"
	"go.lsp.dev/uri"
)

// TestReopenSameVersion: a buffer closed and opened again at the same
// version (VS Code starts each open at 1) with other text: the old
// findings are not taken for the new buffer's, so no edit is offered for
// the wrong text before it is analyzed.
func TestReopenSameVersion(t *testing.T) {
	root := project(t)
	defaults := filepath.Join(root, "src/main/java/jobs/StreamDefaults.java")
	c := startServer(t, Options{Debounce: 3 * time.Second})
	c.initialize(root)
	c.open(defaults)
	got := c.diagnostics(defaults, 1)
	if len(got) != 1 {
		t.Fatalf("%s", codes(got))
	}
	old := got[0].Range
	_ = c.server.DidClose(context.Background(), &protocol.DidCloseTextDocumentParams{TextDocument: protocol.TextDocumentIdentifier{URI: uri.File(defaults)}})
	text, _ := os.ReadFile(defaults)
	shifted := strings.Replace(string(text), ".<String>forBounded", "/* 0123456789 */ .<String>forBounded", 1)
	c.openText(defaults, 1, shifted) // the finding moved 17 columns right
	at := old
	at.Start.Character += 17
	at.End.Character += 17
	actions, err := c.server.CodeAction(context.Background(), &protocol.CodeActionParams{
		TextDocument: protocol.TextDocumentIdentifier{URI: uri.File(defaults)}, Range: at})
	if err != nil {
		t.Fatal(err)
	}
	for _, a := range actions {
		ca := a.(*protocol.CodeAction)
		if ca.Edit != nil {
			for _, e := range ca.Edit.Changes[uri.File(defaults)] {
				enc := encoding{}
				b := []byte(shifted)
				s, en := enc.offset(b, e.Range.Start), enc.offset(b, e.Range.End)
				t.Errorf("action %q, offered before the reopened buffer was analyzed, replaces %q with %q: %q", ca.Title, shifted[s:en], e.NewText, shifted[max(0, s-40):s]+"<HERE>"+shifted[en:en+10])
			}
		}
	}
	c.shutdown()
}

// nested returns a project whose job is in a directory of its own,
// inner, below the strategy's.
func nested(t *testing.T) (root, defaults, inner, job string) {
	root = project(t)
	defaults = filepath.Join(root, "src/main/java/jobs/StreamDefaults.java")
	inner = filepath.Join(root, "src/main/java/jobs/click")
	if err := os.MkdirAll(inner, 0o777); err != nil {
		t.Fatal(err)
	}
	job = filepath.Join(inner, "ClickJob.java")
	if err := os.Rename(filepath.Join(root, "src/main/java/jobs/ClickJob.java"), job); err != nil {
		t.Fatal(err)
	}
	return root, defaults, inner, job
}

// TestNestedFolders: with a workspace folder inside another, a change of
// a buffer of the inner one analyzes the outer one again, with the
// buffer: the outer file's diagnostics follow.
func TestNestedFolders(t *testing.T) {
	root, defaults, inner, job := nested(t)
	c := startServer(t, Options{})
	p := &protocol.InitializeParams{}
	p.WorkspaceFolders = protocol.NewNullable([]protocol.WorkspaceFolder{{URI: uri.File(root), Name: "outer"}, {URI: uri.File(inner), Name: "inner"}})
	if _, err := c.server.Initialize(context.Background(), p); err != nil {
		t.Fatal(err)
	}
	_ = c.server.Initialized(context.Background(), &protocol.InitializedParams{})
	c.open(defaults)
	c.open(job)
	if got := codes(c.diagnostics(defaults, 1)); got != "missing-idleness" {
		t.Fatalf("StreamDefaults: %s", got)
	}
	c.diagnostics(job, 1)
	text, _ := os.ReadFile(job)
	c.replace(job, 2, string(text), "TumblingEventTimeWindows.of", "TumblingProcessingTimeWindows.of")
	c.diagnostics(job, 2)
	c.until("StreamDefaults cleared, ClickJob's buffer has no event-time window", func() bool {
		return len(c.diags[uri.File(defaults)].Diagnostics) == 0
	})
	c.shutdown()
}

// TestAddedFolderClears: a folder added inside another takes over a
// file: the old folder's next run does not withdraw the diagnostics the
// new one publishes.
func TestAddedFolderClears(t *testing.T) {
	root, defaults, inner, job := nested(t)
	c := startServer(t, Options{})
	c.initialize(root)
	c.open(defaults)
	c.open(job)
	before := codes(c.diagnostics(job, 1))
	c.diagnostics(defaults, 1)
	_ = c.server.DidChangeWorkspaceFolders(context.Background(), &protocol.DidChangeWorkspaceFoldersParams{
		Event: protocol.WorkspaceFoldersChangeEvent{Added: []protocol.WorkspaceFolder{{URI: uri.File(inner), Name: "inner"}}}})
	time.Sleep(2 * time.Second) // both folders ran
	text, _ := os.ReadFile(defaults)
	c.replace(defaults, 2, string(text), "forBoundedOutOfOrderness", "forBoundedOutOfOrderness")
	c.diagnostics(defaults, 2)
	time.Sleep(500 * time.Millisecond)
	c.mu.Lock()
	p := c.diags[uri.File(job)]
	c.mu.Unlock()
	if v, ok := p.Version.Get(); !ok || codes(p.Diagnostics) == "" {
		t.Errorf("ClickJob.java (open, %q before): last publish %q, version %d %v", before, codes(p.Diagnostics), v, ok)
	}
	c.shutdown()
}

// TestBadChangeLoose: a change that cannot be applied drops the buffer,
// and its diagnostics are withdrawn, outside the workspace folders too.
func TestBadChangeLoose(t *testing.T) {
	root, outside := project(t), project(t)
	if err := os.WriteFile(filepath.Join(outside, "pom.xml"), []byte("<project/>\n"), 0o666); err != nil {
		t.Fatal(err)
	}
	defaults := filepath.Join(outside, "src/main/java/jobs/StreamDefaults.java")
	c := startServer(t, Options{})
	c.initialize(root)
	c.open(defaults)
	if got := c.diagnostics(defaults, 1); len(got) != 1 {
		t.Fatalf("%s", codes(got))
	}
	err := c.server.DidChange(context.Background(), &protocol.DidChangeTextDocumentParams{
		TextDocument: protocol.VersionedTextDocumentIdentifier{TextDocumentIdentifier: protocol.TextDocumentIdentifier{URI: uri.File(defaults)}, Version: 2},
		ContentChanges: []protocol.TextDocumentContentChangeEvent{&protocol.TextDocumentContentChangePartial{
			Range: protocol.Range{Start: protocol.Position{Line: 3}, End: protocol.Position{Line: 1}}, Text: "x"}}})
	if err != nil {
		t.Fatal(err)
	}
	c.until("the dropped buffer's diagnostics withdrawn", func() bool { return len(c.diags[uri.File(defaults)].Diagnostics) == 0 })
}

// TestUnsavedNewFile: a buffer of a file not yet on disk is analyzed with
// its project, and its edits after that too.
func TestUnsavedNewFile(t *testing.T) {
	root := project(t)
	job := filepath.Join(root, "src/main/java/jobs/NewJob.java")
	c := startServer(t, Options{Debounce: time.Millisecond})
	c.initialize(root)
	text := `package jobs;
class NewJob {
    void run(org.apache.flink.streaming.api.datastream.DataStream<String> in) {
        in.keyBy(s -> s)
            .window(org.apache.flink.streaming.api.windowing.assigners.GlobalWindows.create())
            .reduce((a, b) -> a);
    }
}
`
	c.openText(job, 1, text)
	if got := codes(c.diagnostics(job, 1)); got != "global-window-no-trigger" {
		t.Fatalf("the new file's diagnostics: %s, want global-window-no-trigger", got)
	}
	c.replace(job, 2, text, ".reduce(", ".trigger(org.apache.flink.streaming.api.windowing.triggers.CountTrigger.of(10)).reduce(")
	if got := codes(c.diagnostics(job, 2)); got != "" {
		t.Errorf("after a trigger is typed: %s, want none", got)
	}
	c.shutdown()
}

// TestSettle: a keystroke analyzes what it reaches, and when the changes
// settle the whole folder is analyzed again, which sees what happened on
// disk behind the editor's back: here the job that made the strategy's
// finding was deleted.
func TestSettle(t *testing.T) {
	root := project(t)
	defaults := filepath.Join(root, "src/main/java/jobs/StreamDefaults.java")
	c := startServer(t, Options{Debounce: time.Millisecond, Settle: 200 * time.Millisecond})
	c.initialize(root)
	c.open(defaults)
	if got := c.diagnostics(defaults, 1); len(got) != 1 {
		t.Fatalf("%s", codes(got))
	}
	jobs, _ := filepath.Glob(filepath.Join(root, "src/main/java/jobs/*Job*.java"))
	for _, job := range jobs {
		if err := os.Remove(job); err != nil {
			t.Fatal(err)
		}
	}
	text, _ := os.ReadFile(defaults)
	c.replace(defaults, 2, string(text), "\n", " \n")
	c.diagnostics(defaults, 2)
	runs := func(what string) int {
		n := 0
		for _, l := range c.logs {
			if strings.Contains(l, "units ("+what+")") {
				n++
			}
		}
		return n
	}
	c.until("a run of what the keystroke reaches, then a whole run", func() bool {
		return runs("those the changes reach") == 1 && runs("all") == 2
	})
	c.until("no diagnostics once the jobs are gone", func() bool { // published after the log
		return len(c.diags[uri.File(defaults)].Diagnostics) == 0
	})
	c.shutdown()
}
