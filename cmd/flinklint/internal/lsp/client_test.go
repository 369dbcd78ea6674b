package lsp

import (
	"context"
	"io"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"go.lsp.dev/jsonrpc2"
	"go.lsp.dev/protocol"
	"go.lsp.dev/uri"

	"github.com/flinklint/flinklint/rules"
)

// testClient is an editor for the tests: it talks to a server over pipes,
// as an editor does over stdio, and records what the server sends.
type testClient struct {
	protocol.UnimplementedClient
	t      testing.TB
	server protocol.Server
	conn   jsonrpc2.Conn
	in     io.Writer // the server's input, for malformed frames
	served chan error

	mu      sync.Mutex
	diags   map[uri.URI]*protocol.PublishDiagnosticsParams
	logs    []string
	shown   []uri.URI
	changed chan struct{} // a publish or a log came
}

// startServer starts a server with opts (all the rules when opts.Rules
// is nil) and a client of it.
func startServer(t testing.TB, opts Options) *testClient {
	t.Helper()
	if opts.Rules == nil {
		opts.Rules = rules.All
	}
	for _, r := range rules.All {
		opts.KnownRules = append(opts.KnownRules, r.Name)
	}
	if opts.Debounce == 0 {
		opts.Debounce = 10 * time.Millisecond
	}
	toServer, serverIn := io.Pipe()
	fromServer, serverOut := io.Pipe()
	c := &testClient{t: t, in: serverIn, served: make(chan error, 1), diags: map[uri.URI]*protocol.PublishDiagnosticsParams{},
		changed: make(chan struct{}, 1)}
	ctx, cancel := context.WithCancel(context.Background())
	go func() { c.served <- Serve(ctx, toServer, serverOut, opts); _ = serverOut.Close() }()
	c.conn = jsonrpc2.NewConn(jsonrpc2.NewHeaderStream(pipe{fromServer, serverIn}), jsonrpc2.WithCodec(codec{}))
	c.conn.Go(ctx, protocol.ClientHandler(c, jsonrpc2.MethodNotFoundHandler))
	c.server = protocol.ServerDispatcher(c.conn)
	t.Cleanup(func() {
		cancel()
		_ = c.conn.Close()
		_ = toServer.Close()
	})
	return c
}

func (c *testClient) PublishDiagnostics(_ context.Context, p *protocol.PublishDiagnosticsParams) error {
	c.mu.Lock()
	c.diags[p.URI] = p
	c.mu.Unlock()
	c.notify()
	return nil
}

func (c *testClient) LogMessage(_ context.Context, p *protocol.LogMessageParams) error {
	c.mu.Lock()
	c.logs = append(c.logs, p.Message)
	c.mu.Unlock()
	c.notify()
	return nil
}

func (c *testClient) ShowMessage(_ context.Context, p *protocol.ShowMessageParams) error {
	return c.LogMessage(context.Background(), &protocol.LogMessageParams{Type: p.Type, Message: "shown: " + p.Message})
}

func (c *testClient) ShowDocument(_ context.Context, p *protocol.ShowDocumentParams) (*protocol.ShowDocumentResult, error) {
	c.mu.Lock()
	c.shown = append(c.shown, p.URI)
	c.mu.Unlock()
	return &protocol.ShowDocumentResult{Success: true}, nil
}

func (c *testClient) notify() {
	select {
	case c.changed <- struct{}{}:
	default:
	}
}

// until waits for cond, checked after each message from the server.
func (c *testClient) until(what string, cond func() bool) {
	c.t.Helper()
	deadline := time.After(60 * time.Second)
	for {
		c.mu.Lock()
		ok := cond()
		c.mu.Unlock()
		if ok {
			return
		}
		select {
		case <-c.changed:
		case <-deadline:
			c.mu.Lock()
			defer c.mu.Unlock()
			c.t.Fatalf("timed out waiting for %s; logs:\n%s", what, strings.Join(c.logs, "\n"))
		}
	}
}

// diagnostics waits for the diagnostics of path at version, and returns
// their rule ids.
func (c *testClient) diagnostics(path string, version int32) []protocol.Diagnostic {
	c.t.Helper()
	var got []protocol.Diagnostic
	c.until("diagnostics of "+filepath.Base(path), func() bool {
		p := c.diags[uri.File(path)]
		if p == nil {
			return false
		}
		if v, ok := p.Version.Get(); !ok || v != version {
			return false
		}
		got = p.Diagnostics
		return true
	})
	return got
}

func (c *testClient) initialize(root string, encodings ...protocol.PositionEncodingKind) *protocol.InitializeResult {
	c.t.Helper()
	p := &protocol.InitializeParams{}
	p.WorkspaceFolders = protocol.NewNullable([]protocol.WorkspaceFolder{{URI: uri.File(root), Name: filepath.Base(root)}})
	if encodings != nil {
		p.Capabilities.General = &protocol.GeneralClientCapabilities{PositionEncodings: encodings}
	}
	res, err := c.server.Initialize(context.Background(), p)
	if err != nil {
		c.t.Fatal(err)
	}
	if err := c.server.Initialized(context.Background(), &protocol.InitializedParams{}); err != nil {
		c.t.Fatal(err)
	}
	return res
}

func (c *testClient) open(path string) {
	c.t.Helper()
	text, err := os.ReadFile(path)
	if err != nil {
		c.t.Fatal(err)
	}
	c.openText(path, 1, string(text))
}

func (c *testClient) openText(path string, version int32, text string) {
	c.t.Helper()
	err := c.server.DidOpen(context.Background(), &protocol.DidOpenTextDocumentParams{TextDocument: protocol.TextDocumentItem{
		URI: uri.File(path), LanguageID: "java", Version: version, Text: text}})
	if err != nil {
		c.t.Fatal(err)
	}
}

// replace sends a change of path to version that replaces old with new.
func (c *testClient) replace(path string, version int32, text, old, new string) string {
	c.t.Helper()
	i := strings.Index(text, old)
	if i < 0 {
		c.t.Fatalf("%q not in %s", old, path)
	}
	enc := encoding{}
	r := enc.span([]byte(text), i, i+len(old))
	err := c.server.DidChange(context.Background(), &protocol.DidChangeTextDocumentParams{
		TextDocument:   protocol.VersionedTextDocumentIdentifier{TextDocumentIdentifier: protocol.TextDocumentIdentifier{URI: uri.File(path)}, Version: version},
		ContentChanges: []protocol.TextDocumentContentChangeEvent{&protocol.TextDocumentContentChangePartial{Range: r, Text: new}},
	})
	if err != nil {
		c.t.Fatal(err)
	}
	return text[:i] + new + text[i+len(old):]
}

func (c *testClient) shutdown() {
	c.t.Helper()
	if err := c.server.Shutdown(context.Background()); err != nil {
		c.t.Fatal(err)
	}
	_ = c.server.Exit(context.Background())
	select {
	case err := <-c.served:
		if err != nil {
			c.t.Errorf("Serve = %v, want nil after shutdown and exit", err)
		}
	case <-time.After(10 * time.Second):
		c.t.Fatal("the server did not exit")
	}
}

// project copies the crossfile testdata of missing-idleness into a
// temporary directory.
func project(t testing.TB) string {
	const dir = crossfile
	t.Helper()
	root := t.TempDir()
	err := filepath.WalkDir(dir, func(path string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() || strings.HasSuffix(path, ".golden") {
			return err
		}
		rel, _ := filepath.Rel(dir, path)
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		if err := os.MkdirAll(filepath.Join(root, filepath.Dir(rel)), 0o777); err != nil {
			return err
		}
		return os.WriteFile(filepath.Join(root, rel), data, 0o666)
	})
	if err != nil {
		t.Fatal(err)
	}
	return root
}

func codes(ds []protocol.Diagnostic) string {
	var ids []string
	for _, d := range ds {
		if s, ok := d.Code.(protocol.String); ok {
			ids = append(ids, string(s))
		}
	}
	return strings.Join(ids, ",")
}
