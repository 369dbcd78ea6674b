package lsp

import (
	"context"
	"errors"
	"fmt"
	"maps"
	"os"
	"time"

	"go.lsp.dev/protocol"
	"go.lsp.dev/uri"

	"github.com/flinklint/flinklint/analyzer"
	"github.com/flinklint/flinklint/internal/config"
	"github.com/flinklint/flinklint/internal/filepaths"
	"github.com/flinklint/flinklint/rules"
)

// folder is what the server analyzes as one: a workspace folder, or a
// file outside every folder. Its runs happen one after another on a
// goroutine of its own, after a pause (Options.Debounce) in the changes,
// and a whole run follows runs of only what the changes reach when they
// settle (Options.Settle).
type folder struct {
	s      *server
	dir    string    // the folder, or the file analyzed alone
	loose  bool      // outside the workspace folders (in Server.loose)
	single bool      // dir is a file
	wake   chan bool // true: analyze at once (a save), false: after the pause
	done   chan struct{}
	// session analyzes again what a change of the buffers reaches; nil
	// until the first run. Only the folder's goroutine uses it.
	session *analyzer.Session

	// Guarded by s.mu: the findings of the last run, by file, the files
	// that hold published diagnostics, and whether the next run analyzes
	// the whole folder again.
	findings  map[string][]*finding
	analyzed  snapshot // the buffers the last run read
	published map[string]bool
	whole     bool
}

func newFolder(s *server, dir string, loose, single bool) *folder {
	f := &folder{s: s, dir: dir, loose: loose, single: single, wake: make(chan bool, 1), done: make(chan struct{}),
		findings: map[string][]*finding{}, published: map[string]bool{}}
	s.running.Add(1)
	go func() {
		defer s.running.Done()
		f.loop()
	}()
	return f
}

// kick asks for a run: at once, or after the pause; of the whole folder,
// or of what the changes of the buffers reach. s.mu is held.
func (f *folder) kick(now, whole bool) {
	f.whole = f.whole || whole
	select {
	case f.wake <- now:
	default:
		if now { // a pending pause becomes a run at once
			select {
			case <-f.wake:
			default:
			}
			select {
			case f.wake <- true:
			default:
			}
		}
	}
}

func (f *folder) close() {
	if !f.closed() {
		close(f.done)
	}
}

// loop runs the analysis when kicked, after the changes pause: each new
// change restarts the pause, so that typing makes one run, not one a
// keystroke. After runs of what the changes reach, a whole run follows
// when the changes settle.
func (f *folder) loop() {
	var settled <-chan time.Time
	for {
		var now bool
		select {
		case <-f.done:
			return
		case now = <-f.wake:
		case <-settled:
			f.s.mu.Lock()
			f.whole = true
			f.s.mu.Unlock()
			now = true
		}
		for !now {
			select {
			case <-f.done:
				return
			case now = <-f.wake:
			case <-time.After(f.s.opts.Debounce):
				now = true
			}
		}
		settled = nil
		if f.run() {
			settled = time.After(f.s.opts.Settle)
		}
	}
}

// snapshot is the open buffers of the folder as one run reads them.
type snapshot map[string]document

// run analyzes the folder with the open buffers and publishes the
// diagnostics of its open files whose buffers are unchanged since. It
// reports whether it analyzed only what the changes reached.
func (f *folder) run() bool {
	s := f.s
	s.mu.Lock()
	if !s.initialized || s.shutdown || f.closed() {
		s.mu.Unlock()
		return false
	}
	snap := snapshot{}
	for path, d := range s.docs {
		if f.covers(path) { // those of an inner folder too: they are part of this one
			snap[path] = *d
		}
	}
	if len(snap) == 0 && len(f.published) == 0 {
		s.mu.Unlock()
		return false // nothing to show, nothing to withdraw
	}
	enc, whole := s.enc, f.whole || f.session == nil
	f.whole = false
	s.mu.Unlock()

	s.analyzing.Lock()
	start := time.Now()
	res, partial, err := f.analyze(snap, whole)
	took := time.Since(start)
	s.analyzing.Unlock()
	if err == nil {
		st, what := res.Stats, "all"
		if partial {
			what = "those the changes reach"
		}
		s.logf(protocol.MessageTypeLog, "%s: %d files, %d units (%s) in %v: %d read, %d parsed, %d parsed on demand, %d models from the cache",
			f.dir, st.Seen, st.Units, what, took.Round(time.Millisecond), st.Read-st.Recalled, st.Parsed, st.Loaded, st.Cached)
	}

	s.mu.Lock()
	defer s.mu.Unlock()
	if f.closed() { // removed while it ran
		return false
	}
	if err != nil {
		s.logf(protocol.MessageTypeError, "%s: %v", f.dir, err)
		res = &analyzer.Result{}
		var ce *config.Error
		if errors.As(err, &ce) {
			s.showf(protocol.MessageTypeError, "flinklint: %v", err)
		}
	}
	findings := findingsOf(res, snap, s.severity)
	for _, p := range res.Problems { // others are shown on their files when open
		if p.Internal {
			s.logf(protocol.MessageTypeError, "internal error (a bug in flinklint, please report it): %v", p)
		}
	}
	f.findings, f.analyzed = findings, snap
	for path, d := range snap {
		if cur, open := s.docs[path]; !open || cur.serial != d.serial || !f.holds(path) {
			continue // a newer run comes, after the change; or another folder shows it
		}
		f.publish(path, d, enc)
	}
	for path := range maps.Clone(f.published) {
		switch _, open := s.docs[path]; {
		case !open:
			f.clear(path)
		case !f.holds(path): // a folder added since shows it
			delete(f.published, path)
		}
	}
	return partial
}

// holds reports whether an open file's diagnostics are this folder's:
// it is the innermost holding the file. s.mu is held.
func (f *folder) holds(path string) bool {
	return f.s.folderOf(path) == f
}

// covers reports whether the folder analyzes a file: it lies in it.
func (f *folder) covers(path string) bool {
	if f.single {
		return path == f.dir
	}
	return filepaths.Within(f.dir, path)
}

func (f *folder) closed() bool {
	select {
	case <-f.done:
		return true
	default:
		return false
	}
}

// analyze runs the rules over the folder, the open buffers read instead
// of their files: over the whole folder, or, when whole is false and the
// session can, over what the changes of the buffers since the last run
// reach (analyzer.Session.Update; partial says so). A whole run reloads
// the configuration.
func (f *folder) analyze(snap snapshot, whole bool) (res *analyzer.Result, partial bool, err error) {
	overlay := make(map[string][]byte, len(snap))
	for path, d := range snap {
		overlay[path] = d.text
	}
	defer func() { // the analyzer guards the rules; this guards the rest
		if r := recover(); r != nil {
			f.session = nil
			res, partial, err = nil, false, fmt.Errorf("internal error (a bug in flinklint, please report it): %v", r)
		}
	}()
	if !whole {
		if res, ok := f.session.Update(overlay); ok {
			return res, true, nil
		}
	}
	s := f.s
	finder := config.NewFinder(s.opts.ConfigFile, s.opts.KnownRules)
	opts := analyzer.Options{
		Overlay:    overlay,
		Config:     finder,
		KnownRules: s.opts.KnownRules,
		Keywords:   s.keywords,
		Gated:      rules.Gated(s.opts.Rules, analyzer.Options{Overlay: overlay}.Reader(), finder),
		Cache:      s.opts.Cache,
		CacheSalt:  s.opts.CacheSalt,
	}
	f.session, res, err = opts.Session([]string{f.dir}, s.analyzers)
	return res, false, err
}

// publish sends the diagnostics of an open file; s.mu is held.
func (f *folder) publish(path string, d document, enc encoding) {
	list := []protocol.Diagnostic{}
	for _, fd := range f.findings[path] {
		list = append(list, fd.diagnostic(d.text, enc, f.textOf))
	}
	f.published[path] = len(list) > 0
	f.s.send(&protocol.PublishDiagnosticsParams{URI: uri.File(path), Version: protocol.NewOptional(d.version), Diagnostics: list})
}

// clear withdraws the diagnostics of a file; s.mu is held.
func (f *folder) clear(path string) {
	delete(f.published, path)
	f.s.send(&protocol.PublishDiagnosticsParams{URI: uri.File(path), Diagnostics: []protocol.Diagnostic{}})
}

// textOf returns the text of a file as the last run read it, for
// positions in it: the buffer it analyzed, else the file; s.mu is held.
func (f *folder) textOf(path string) []byte {
	if d, ok := f.analyzed[path]; ok {
		return d.text
	}
	text, _ := os.ReadFile(path)
	return text
}

// current reports whether the open buffers a fix edits are those the last
// run analyzed; s.mu is held.
func (f *folder) current(fx fix) bool {
	for _, e := range fx.edits {
		if d, open := f.s.docs[e.path]; open && d.serial != f.analyzed[e.path].serial {
			return false
		}
	}
	return true
}

// send publishes diagnostics.
func (s *server) send(p *protocol.PublishDiagnosticsParams) {
	s.out.post(func() { _ = s.client.PublishDiagnostics(context.Background(), p) })
}

// showf shows a message to the user.
func (s *server) showf(kind protocol.MessageType, format string, args ...any) {
	p := &protocol.ShowMessageParams{Type: kind, Message: fmt.Sprintf(format, args...)}
	s.out.post(func() { _ = s.client.ShowMessage(context.Background(), p) })
}
