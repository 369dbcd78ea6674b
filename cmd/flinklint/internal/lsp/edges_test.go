package lsp

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"go.lsp.dev/jsonrpc2"
	"go.lsp.dev/protocol"
	"go.lsp.dev/uri"
	"golang.org/x/tools/go/analysis"

	"github.com/flinklint/flinklint/rules"
)

// nonASCII is the strategy of the crossfile testdata with a comment of
// non-ASCII text before the finding on its line: é is 2 bytes and 1
// UTF-16 unit, 😀 4 bytes and 2 units.
func nonASCII(t *testing.T, root string) string {
	defaults := filepath.Join(root, "src/main/java/jobs/StreamDefaults.java")
	text, _ := os.ReadFile(defaults)
	changed := strings.Replace(string(text), ".<String>forBounded", "/* é😀 */ .<String>forBounded", 1)
	if err := os.WriteFile(defaults, []byte(changed), 0o666); err != nil {
		t.Fatal(err)
	}
	return defaults
}

// TestPositionEncodings: columns count UTF-16 units by default, and
// bytes when the client offers UTF-8.
func TestPositionEncodings(t *testing.T) {
	for _, tc := range []struct {
		offer []protocol.PositionEncodingKind
		want  protocol.PositionEncodingKind
		col   uint32
	}{
		{nil, protocol.PositionEncodingKindUTF16, 21 + 10}, // "/* é😀 */ " is 10 units
		{[]protocol.PositionEncodingKind{protocol.PositionEncodingKindUTF8, protocol.PositionEncodingKindUTF16}, protocol.PositionEncodingKindUTF8, 21 + 13}, // and 13 bytes
	} {
		t.Run(string(tc.want), func(t *testing.T) {
			root := project(t)
			defaults := nonASCII(t, root)
			c := startServer(t, Options{})
			if got := c.initialize(root, tc.offer...).Capabilities.PositionEncoding; got != tc.want {
				t.Fatalf("encoding %q, want %q", got, tc.want)
			}
			c.open(defaults)
			got := c.diagnostics(defaults, 1)
			if len(got) != 1 || got[0].Range.Start.Line != 12 || got[0].Range.Start.Character != tc.col {
				t.Errorf("diagnostics %v, want one at 12:%d", got, tc.col)
			}
			c.shutdown()
		})
	}
}

// TestMalformed: frames that are not JSON-RPC get an error response, and
// the server goes on.
func TestMalformed(t *testing.T) {
	root := project(t)
	c := startServer(t, Options{})
	c.initialize(root)
	for _, body := range []string{"not json", `{"jsonrpc":"2.0","id":1}`, `{"jsonrpc":"2.0","id":2,"method":"textDocument/hover","params":"nonsense"}`} {
		if _, err := fmt.Fprintf(c.in, "Content-Length: %d\r\n\r\n%s", len(body), body); err != nil {
			t.Fatal(err)
		}
	}
	defaults := filepath.Join(root, "src/main/java/jobs/StreamDefaults.java")
	c.open(defaults)
	if got := c.diagnostics(defaults, 1); codes(got) != "missing-idleness" {
		t.Errorf("after malformed frames: %s, want missing-idleness", codes(got))
	}
	c.shutdown()
}

// TestPanickingRule: a rule that panics is an internal-error diagnostic
// and a log message; the other rules' findings still come.
func TestPanickingRule(t *testing.T) {
	root := project(t)
	boom := rules.Rule{Analyzer: &analysis.Analyzer{Name: "boom", Doc: "boom: panics.", URL: "https://example.com/boom",
		Run: func(*analysis.Pass) (any, error) { panic("boom") }}, Severity: rules.Warning}
	c := startServer(t, Options{Rules: append(slices.Clone(rules.All), boom)})
	c.initialize(root)
	defaults := filepath.Join(root, "src/main/java/jobs/StreamDefaults.java")
	c.open(defaults)
	got := codes(c.diagnostics(defaults, 1))
	if !strings.Contains(got, "missing-idleness") || !strings.Contains(got, "internal-error") {
		t.Errorf("diagnostics %s, want missing-idleness and internal-error", got)
	}
	c.until("a log of the panic", func() bool {
		return slices.ContainsFunc(c.logs, func(l string) bool { return strings.Contains(l, "boom") })
	})
	c.shutdown()
}

// TestVersions: a change not newer than the buffer is ignored, with a
// log message; diagnostics carry the version they were made from.
func TestVersions(t *testing.T) {
	root := project(t)
	c := startServer(t, Options{})
	c.initialize(root)
	defaults := filepath.Join(root, "src/main/java/jobs/StreamDefaults.java")
	text, _ := os.ReadFile(defaults)
	c.openText(defaults, 5, string(text))
	c.diagnostics(defaults, 5)
	c.replace(defaults, 4, string(text), "forBoundedOutOfOrderness(Duration.ofSeconds(5))", "forMonotonousTimestamps()")
	c.until("a log of the stale change", func() bool {
		return slices.ContainsFunc(c.logs, func(l string) bool { return strings.Contains(l, "not newer than 5") })
	})
	hover, err := c.server.Hover(context.Background(), &protocol.HoverParams{TextDocumentPositionParams: protocol.TextDocumentPositionParams{
		TextDocument: protocol.TextDocumentIdentifier{URI: uri.File(defaults)}, Position: protocol.Position{Line: 12, Character: 25}}})
	if err != nil || hover == nil || !strings.Contains(hover.Contents.(*protocol.MarkupContent).Value, "# missing-idleness") {
		t.Errorf("hover after a stale change: %v, %v; want the finding and its page", hover, err)
	}
	c.shutdown()
}

// TestConfigReload: a .flinklint.yaml written while the server runs
// applies once the client says it changed.
func TestConfigReload(t *testing.T) {
	root := project(t)
	c := startServer(t, Options{})
	c.initialize(root)
	defaults := filepath.Join(root, "src/main/java/jobs/StreamDefaults.java")
	c.open(defaults)
	if got := c.diagnostics(defaults, 1); len(got) != 1 {
		t.Fatalf("diagnostics %s, want missing-idleness", codes(got))
	}
	config := filepath.Join(root, ".flinklint.yaml")
	if err := os.WriteFile(config, []byte("rules:\n  missing-idleness: {enabled: false}\n"), 0o666); err != nil {
		t.Fatal(err)
	}
	if err := c.server.DidChangeWatchedFiles(context.Background(), &protocol.DidChangeWatchedFilesParams{
		Changes: []protocol.FileEvent{{URI: uri.File(config), Type: protocol.FileChangeTypeCreated}}}); err != nil {
		t.Fatal(err)
	}
	c.until("missing-idleness disabled", func() bool { return len(c.diags[uri.File(defaults)].Diagnostics) == 0 })
	// A bad configuration is shown, and the server goes on.
	if err := os.WriteFile(config, []byte("rules:\n  no-such-rule: {enabled: false}\n"), 0o666); err != nil {
		t.Fatal(err)
	}
	_ = c.server.DidChangeWatchedFiles(context.Background(), &protocol.DidChangeWatchedFilesParams{
		Changes: []protocol.FileEvent{{URI: uri.File(config), Type: protocol.FileChangeTypeChanged}}})
	c.until("the bad configuration shown", func() bool {
		return slices.ContainsFunc(c.logs, func(l string) bool { return strings.HasPrefix(l, "shown:") && strings.Contains(l, "no-such-rule") })
	})
	c.shutdown()
}

// TestFolders: two workspace folders, and a file outside both, each
// analyzed in its project; the explain command asks the client to show the rule's page.
func TestFolders(t *testing.T) {
	a, b, outside := project(t), project(t), project(t)
	// Outside the folders, its build module is what is analyzed.
	if err := os.WriteFile(filepath.Join(outside, "pom.xml"), []byte("<project/>\n"), 0o666); err != nil {
		t.Fatal(err)
	}
	c := startServer(t, Options{})
	p := &protocol.InitializeParams{}
	p.WorkspaceFolders = protocol.NewNullable([]protocol.WorkspaceFolder{{URI: uri.File(a), Name: "a"}, {URI: uri.File(b), Name: "b"}})
	if _, err := c.server.Initialize(context.Background(), p); err != nil {
		t.Fatal(err)
	}
	_ = c.server.Initialized(context.Background(), &protocol.InitializedParams{})
	for _, root := range []string{a, b, outside} {
		defaults := filepath.Join(root, "src/main/java/jobs/StreamDefaults.java")
		c.open(defaults)
		if got := codes(c.diagnostics(defaults, 1)); got != "missing-idleness" {
			t.Errorf("%s: %s, want missing-idleness", defaults, got)
		}
	}
	_, err := c.server.ExecuteCommand(context.Background(), &protocol.ExecuteCommandParams{Command: commandExplain,
		Arguments: []protocol.LSPAny{protocol.LSPAny(`"missing-idleness"`)}})
	if err != nil || len(c.shown) != 1 || !strings.HasSuffix(string(c.shown[0]), "missing-idleness.md") {
		t.Errorf("explain: %v, shown %v", err, c.shown)
	}
	c.shutdown()
}

// TestExitWithoutShutdown: an exit the client did not prepare with a
// shutdown is an error (exit status 1, as the protocol says).
func TestExitWithoutShutdown(t *testing.T) {
	c := startServer(t, Options{})
	c.initialize(t.TempDir())
	_ = c.server.Exit(context.Background())
	if err := <-c.served; err == nil || errors.Is(err, context.Canceled) {
		t.Errorf("Serve = %v, want an error", err)
	}
}

// TestLifecycle: a request before initialize gets the protocol's
// ServerNotInitialized error, and one after shutdown InvalidRequest.
func TestLifecycle(t *testing.T) {
	c := startServer(t, Options{})
	hover := &protocol.HoverParams{TextDocumentPositionParams: protocol.TextDocumentPositionParams{
		TextDocument: protocol.TextDocumentIdentifier{URI: uri.File("/x/Job.java")}}}
	var rpcErr *jsonrpc2.Error
	if _, err := c.server.Hover(context.Background(), hover); !errors.As(err, &rpcErr) || rpcErr.Code != serverNotInitialized {
		t.Errorf("hover before initialize: %v, want ServerNotInitialized", err)
	}
	c.initialize(t.TempDir())
	if _, err := c.server.Hover(context.Background(), hover); err != nil {
		t.Errorf("hover after initialize: %v", err)
	}
	if err := c.server.Shutdown(context.Background()); err != nil {
		t.Fatal(err)
	}
	if _, err := c.server.Hover(context.Background(), hover); !errors.As(err, &rpcErr) || rpcErr.Code != jsonrpc2.InvalidRequest {
		t.Errorf("hover after shutdown: %v, want InvalidRequest", err)
	}
	_ = c.server.Exit(context.Background())
	if err := <-c.served; err != nil {
		t.Errorf("Serve = %v after shutdown and exit", err)
	}
}
