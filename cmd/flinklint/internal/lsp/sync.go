package lsp

import (
	"context"
	"maps"
	"path/filepath"
	"slices"

	"go.lsp.dev/protocol"
	"go.lsp.dev/uri"
)

// configName is the configuration file a change of which reloads it.
const configName = ".flinklint.yaml"

func (s *server) DidOpen(ctx context.Context, p *protocol.DidOpenTextDocumentParams) error {
	path, ok := s.openable(p.TextDocument.URI)
	if !ok {
		return nil
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	s.docs[path] = &document{version: p.TextDocument.Version, text: []byte(p.TextDocument.Text)}
	s.changed(path, false)
	return nil
}

func (s *server) DidChange(ctx context.Context, p *protocol.DidChangeTextDocumentParams) error {
	path, ok := s.openable(p.TextDocument.URI)
	if !ok {
		return nil
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	d := s.docs[path]
	switch {
	case d == nil:
		s.logf(protocol.MessageTypeWarning, "a change of %s, which is not open, is ignored", path)
		return nil
	case p.TextDocument.Version <= d.version:
		s.logf(protocol.MessageTypeWarning, "a change of %s to version %d, not newer than %d, is ignored", path, p.TextDocument.Version, d.version)
		return nil
	}
	text, err := s.enc.apply(d.text, p.ContentChanges)
	if err != nil {
		s.logf(protocol.MessageTypeError, "%s: %v; the buffer is read from the file until it is opened again", path, err)
		delete(s.docs, path)
	} else {
		d.text, d.version = text, p.TextDocument.Version
	}
	s.changed(path, false)
	return nil
}

func (s *server) DidSave(ctx context.Context, p *protocol.DidSaveTextDocumentParams) error {
	path, ok := pathOf(p.TextDocument.URI)
	if !ok {
		return nil
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	s.changed(path, true)
	return nil
}

func (s *server) DidClose(ctx context.Context, p *protocol.DidCloseTextDocumentParams) error {
	path, ok := pathOf(p.TextDocument.URI)
	if !ok {
		return nil
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if _, open := s.docs[path]; !open {
		return nil
	}
	f := s.folderOf(path)
	delete(s.docs, path)
	f.clear(path)
	if f.loose && !slices.ContainsFunc(slices.Collect(maps.Keys(s.docs)), f.holds) {
		delete(s.loose, f.dir) // none of its files is open
		f.close()
		return nil
	}
	f.kick(false) // its other files see the file on disk again
	return nil
}

// DidChangeWatchedFiles analyzes again after files change on disk: a
// configuration file reloads, any other file is read again.
func (s *server) DidChangeWatchedFiles(ctx context.Context, p *protocol.DidChangeWatchedFilesParams) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, c := range p.Changes {
		if path, ok := pathOf(c.URI); ok {
			s.changed(path, false)
		}
	}
	return nil
}

// changed analyzes again what a change of path affects: its folder, or
// every folder for a configuration file (it may apply to several) or one
// given with -config. s.mu is held.
func (s *server) changed(path string, now bool) {
	if !s.initialized {
		return // Initialized analyzes what is open
	}
	if filepath.Base(path) == configName || path == s.opts.ConfigFile {
		s.logf(protocol.MessageTypeInfo, "%s changed: the configuration is read again", path)
		for _, f := range s.allFolders() {
			f.kick(now)
		}
		return
	}
	if _, open := s.docs[path]; open {
		s.folderOf(path).kick(now)
		return
	}
	for _, f := range s.folders { // a file on disk: its folder, if any
		if within(f.dir, path) {
			f.kick(now)
			return
		}
	}
}

// openable returns the path of a document the server analyzes: a file:
// URI. Others (untitled buffers, remote files) are logged and left alone.
func (s *server) openable(u uri.URI) (string, bool) {
	path, ok := pathOf(u)
	if !ok {
		s.logf(protocol.MessageTypeInfo, "%s is not a file on disk: flinklint does not analyze it", u)
	}
	return path, ok
}
