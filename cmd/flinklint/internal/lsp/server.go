// Package lsp is flinklint's language server: the diagnostics, quick
// fixes and explanations of the rules in an editor, as the buffers are
// typed. It speaks the Language Server Protocol over one connection
// (stdio), on go.lsp.dev's protocol and jsonrpc2 packages, and keeps all
// use of them in this package.
//
// Each workspace folder is analyzed whole, as the command line analyzes a
// directory, with the open buffers read instead of their files: a change
// in one file updates the diagnostics of every open file of its folder.
// A file outside every folder is analyzed as a path given on the command
// line is.
package lsp

import (
	"cmp"
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"sync"
	"time"

	"go.lsp.dev/jsonrpc2"
	"go.lsp.dev/protocol"
	"go.lsp.dev/uri"
	"golang.org/x/tools/go/analysis"

	"github.com/flinklint/flinklint/internal/cache"
	"github.com/flinklint/flinklint/internal/config"
	"github.com/flinklint/flinklint/internal/filepaths"
	"github.com/flinklint/flinklint/rules"
)

// Options configure the server.
type Options struct {
	Rules      []rules.Rule // the rules to run
	KnownRules []string     // the ids of every rule, for directives and the configuration
	ConfigFile string       // the configuration of every file, instead of the nearest .flinklint.yaml
	// Cache keeps the models of the files parsed, by content, across runs
	// and with the command line; nil for none.
	Cache     *cache.Cache
	CacheSalt []byte
	Version   string
	// Debounce is how long the server waits after a change before it
	// analyzes, so that a burst of keystrokes makes one run.
	Debounce time.Duration
	// Settle is how long after the last change the server analyzes the
	// whole folder again, when the runs since the last whole one analyzed
	// only what the changes of the buffers reach: what they cannot see
	// (files changed on disk behind the editor's back, a change that
	// reaches across units) shows then.
	Settle time.Duration
	// Log receives what the server says outside the protocol (stderr).
	Log io.Writer
}

// DefaultDebounce and DefaultSettle are the waits after a change when
// Options.Debounce and Options.Settle are 0.
const (
	DefaultDebounce = 150 * time.Millisecond
	DefaultSettle   = 3 * time.Second
)

// Serve runs the server on the connection in and out until the client
// says exit, or closes the connection. It returns an error when the
// client exited without shutting down first, or the connection failed.
func Serve(ctx context.Context, in io.Reader, out io.Writer, opts Options) error {
	opts.Debounce = cmp.Or(opts.Debounce, DefaultDebounce)
	opts.Settle = cmp.Or(opts.Settle, DefaultSettle)
	conn := jsonrpc2.NewConn(tolerant{jsonrpc2.NewHeaderStream(pipe{in, out})}, jsonrpc2.WithCodec(codec{}))
	s := newServer(protocol.ClientDispatcher(conn), opts)
	handler := protocol.ServerHandler(s, jsonrpc2.MethodNotFoundHandler)
	conn.Go(protocol.WithClient(ctx, s.client), func(ctx context.Context, req *jsonrpc2.Request) (any, error) {
		// Requests run concurrently; notifications (didOpen, didChange)
		// run in the order they came, at once. $/cancelRequest is taken
		// and does nothing: every request is answered from the last run's
		// findings at once. (protocol.CancelHandler derives a context
		// from the request's, which jsonrpc2 v1.0.1 pools and resets once
		// answered while the derived context still watches it: a data
		// race under -race.)
		if req.Method() == "$/cancelRequest" {
			return nil, nil
		}
		if ok, err := s.admit(req); !ok {
			return nil, err
		}
		if req.IsCall() {
			jsonrpc2.Async(ctx)
		}
		return handler(ctx, req)
	})
	select {
	case <-s.exited:
	case <-conn.Done():
	case <-ctx.Done():
	}
	_ = s.Exit(ctx) // ends the outbox
	s.stop()
	// A run under way ends before the caller closes the cache it uses;
	// one stuck longer is left behind.
	stopped := make(chan struct{})
	go func() { s.running.Wait(); close(stopped) }()
	select {
	case <-stopped:
	case <-time.After(10 * time.Second):
	}
	_ = conn.Close()
	if !s.wasShutdown() {
		return fmt.Errorf("the client exited without asking the server to shut down")
	}
	return nil
}

// server is the state of one connection.
type server struct {
	protocol.UnimplementedServer
	client protocol.Client
	opts   Options
	// What every run takes from opts.Rules.
	analyzers []*analysis.Analyzer
	keywords  []string
	severity  map[string]rules.Severity
	exited    chan struct{}
	out       *outbox

	mu          sync.Mutex
	enc         encoding
	started     bool // initialize came
	initialized bool // the client said initialized: diagnostics may be published
	shutdown    bool
	docs        map[string]*document // open buffers, by file path
	serial      uint64               // the last document.serial given
	folders     []*folder            // workspace folders, deepest first
	loose       map[string]*folder   // files outside every folder, analyzed alone
	analyzing   sync.Mutex           // one analysis at a time: they share the cores and the cache
	running     sync.WaitGroup       // the folders' goroutines, which stop before Serve returns
}

func newServer(client protocol.Client, opts Options) *server {
	s := &server{client: client, opts: opts, exited: make(chan struct{}), out: newOutbox(),
		analyzers: rules.Analyzers(opts.Rules), keywords: rules.Keywords(opts.Rules), severity: map[string]rules.Severity{},
		docs: map[string]*document{}, loose: map[string]*folder{}}
	for _, r := range opts.Rules {
		s.severity[r.Name] = r.Severity
	}
	go s.out.loop(s.exited)
	return s
}

// serverNotInitialized is the protocol's error for a request before
// initialize.
const serverNotInitialized jsonrpc2.Code = -32002

// admit applies the protocol's lifecycle: before initialize, and after
// shutdown, only exit is served; a request then gets the protocol's error,
// a notification is dropped.
func (s *server) admit(req *jsonrpc2.Request) (ok bool, err error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	method := req.Method()
	switch {
	case method == "exit":
		return true, nil
	case !s.started && method != "initialize":
		err = jsonrpc2.NewError(serverNotInitialized, "flinklint: "+method+" before initialize")
	case s.shutdown:
		err = jsonrpc2.NewError(jsonrpc2.InvalidRequest, "flinklint: "+method+" after shutdown")
	default:
		return true, nil
	}
	if !req.IsCall() {
		err = nil
	}
	return false, err
}

func (s *server) wasShutdown() bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.shutdown
}

// stop ends the folders' runs.
func (s *server) stop() {
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, f := range s.allFolders() {
		f.close()
	}
}

// allFolders returns the workspace folders and the loose files' folders.
func (s *server) allFolders() []*folder {
	all := slices.Clone(s.folders)
	for _, f := range s.loose {
		all = append(all, f)
	}
	return all
}

// commandExplain opens a rule's page; its argument is the rule's id.
const commandExplain = "flinklint.explain"

func (s *server) Initialize(ctx context.Context, p *protocol.InitializeParams) (*protocol.InitializeResult, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.started = true
	enc := protocol.PositionEncodingKindUTF16
	if g := p.Capabilities.General; g != nil && slices.Contains(g.PositionEncodings, protocol.PositionEncodingKindUTF8) {
		enc, s.enc = protocol.PositionEncodingKindUTF8, encoding{utf8: true}
	}
	if folders, ok := p.WorkspaceFolders.Get(); ok && len(folders) > 0 {
		for _, f := range folders {
			s.addFolder(f.URI)
		}
	} else if root := p.RootURI; root != nil && *root != "" { //nolint:staticcheck // deprecated for workspaceFolders, which older clients do not send
		s.addFolder(*root)
	}
	yes, incremental := true, protocol.TextDocumentSyncKindIncremental
	quickfix := protocol.CodeActionKindQuickFix
	return &protocol.InitializeResult{
		Capabilities: protocol.ServerCapabilities{
			PositionEncoding:       enc,
			TextDocumentSync:       &protocol.TextDocumentSyncOptions{OpenClose: &yes, Change: &incremental, Save: protocol.Boolean(true)},
			CodeActionProvider:     &protocol.CodeActionOptions{CodeActionKinds: []protocol.CodeActionKind{quickfix}},
			HoverProvider:          protocol.Boolean(true),
			ExecuteCommandProvider: protocol.ExecuteCommandOptions{Commands: []string{commandExplain}},
			Workspace: &protocol.WorkspaceOptions{WorkspaceFolders: &protocol.WorkspaceFoldersServerCapabilities{
				Supported: &yes, ChangeNotifications: protocol.Boolean(true)}},
		},
		ServerInfo: protocol.ServerInfo{Name: "flinklint", Version: protocol.NewOptional(s.opts.Version)},
	}, nil
}

// Initialized lets the server publish, and analyzes the buffers opened
// before it.
func (s *server) Initialized(ctx context.Context, _ *protocol.InitializedParams) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.initialized = true
	s.kickAll()
	return nil
}

func (s *server) Shutdown(context.Context) error {
	s.mu.Lock()
	s.shutdown = true
	s.mu.Unlock()
	s.stop()
	return nil
}

func (s *server) Exit(context.Context) error {
	select {
	case <-s.exited:
	default:
		close(s.exited)
	}
	return nil
}

// addFolder adds a workspace folder; s.mu is held.
func (s *server) addFolder(u uri.URI) {
	dir, ok := pathOf(u)
	if !ok {
		s.logf(protocol.MessageTypeWarning, "workspace folder %s is not a file: URI; it is not analyzed", u)
		return
	}
	if slices.ContainsFunc(s.folders, func(f *folder) bool { return f.dir == dir }) {
		return
	}
	s.folders = append(s.folders, newFolder(s, dir, false, false))
	// Deepest first: a file belongs to the innermost folder holding it.
	slices.SortFunc(s.folders, func(a, b *folder) int { return len(b.dir) - len(a.dir) })
}

func (s *server) DidChangeWorkspaceFolders(ctx context.Context, p *protocol.DidChangeWorkspaceFoldersParams) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, r := range p.Event.Removed {
		dir, _ := pathOf(r.URI)
		s.folders = slices.DeleteFunc(s.folders, func(f *folder) bool {
			if f.dir == dir {
				f.close()
				return true
			}
			return false
		})
	}
	for _, a := range p.Event.Added {
		s.addFolder(a.URI)
	}
	s.closeIdle()
	s.kickAll()
	return nil
}

// kickAll analyzes every folder with open buffers again; s.mu is held.
func (s *server) kickAll() {
	for path := range s.docs {
		s.changed(path, edited)
	}
}

// folderOf returns the folder path belongs to: the innermost workspace
// folder holding it, else its project (see projectOf). s.mu is held.
func (s *server) folderOf(path string) *folder {
	for _, f := range s.folders {
		if filepaths.Within(f.dir, path) {
			return f
		}
	}
	dir, single := projectOf(path)
	f := s.loose[dir]
	if f == nil {
		s.logf(protocol.MessageTypeInfo, "%s is outside the workspace folders: %s is analyzed for it", path, dir)
		f = newFolder(s, dir, true, single)
		s.loose[dir] = f
	}
	return f
}

// projectOf returns what is analyzed for a file outside the workspace
// folders, as an editor without one finds a project by its markers: the
// git repository holding it, else its nearest build module, else the file
// alone (single).
func projectOf(path string) (dir string, single bool) {
	module := ""
	for d := filepath.Dir(path); ; d = filepath.Dir(d) {
		if exists(filepath.Join(d, ".git")) {
			return d, false
		}
		if module == "" && slices.ContainsFunc(config.BuildFiles(), func(name string) bool { return exists(filepath.Join(d, name)) }) {
			module = d
		}
		if filepath.Dir(d) == d {
			break
		}
	}
	if module != "" {
		return module, false
	}
	return path, true
}

func exists(path string) bool {
	_, err := os.Lstat(path)
	return err == nil
}

// pathOf returns the file path of a file: URI.
func pathOf(u uri.URI) (string, bool) {
	if !u.IsFile() {
		return "", false
	}
	p := u.FsPath()
	return filepath.Clean(p), filepath.IsAbs(p)
}

// logf sends a message to the client's log, and to Options.Log.
func (s *server) logf(kind protocol.MessageType, format string, args ...any) {
	msg := fmt.Sprintf(format, args...)
	if s.opts.Log != nil {
		fmt.Fprintln(s.opts.Log, "flinklint lsp: "+msg)
	}
	s.out.post(func() {
		_ = s.client.LogMessage(context.Background(), &protocol.LogMessageParams{Type: kind, Message: msg})
	})
}
