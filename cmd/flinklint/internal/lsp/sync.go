package lsp

import (
	"context"
	"maps"
	"path/filepath"
	"slices"

	"go.lsp.dev/protocol"
	"go.lsp.dev/uri"

	"github.com/flinklint/flinklint/internal/config"
)

func (s *server) DidOpen(ctx context.Context, p *protocol.DidOpenTextDocumentParams) error {
	path, ok := s.openable(p.TextDocument.URI)
	if !ok {
		return nil
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	s.serial++
	s.docs[path] = &document{version: p.TextDocument.Version, serial: s.serial, text: []byte(p.TextDocument.Text)}
	s.changed(path, edited)
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
		s.drop(path)
		return nil
	}
	s.serial++
	d.text, d.version, d.serial = text, p.TextDocument.Version, s.serial
	if filepath.Base(path) != config.Name { // the configuration is read from disk: its save counts
		s.changed(path, edited)
	}
	return nil
}

func (s *server) DidSave(ctx context.Context, p *protocol.DidSaveTextDocumentParams) error {
	path, ok := pathOf(p.TextDocument.URI)
	if !ok {
		return nil
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	s.changed(path, saved)
	return nil
}

func (s *server) DidClose(ctx context.Context, p *protocol.DidCloseTextDocumentParams) error {
	path, ok := pathOf(p.TextDocument.URI)
	if !ok {
		return nil
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if _, open := s.docs[path]; open {
		s.drop(path)
	}
	return nil
}

// drop forgets an open buffer: its diagnostics are withdrawn, the folders
// holding it read the file again, and a folder outside the workspace with
// no open file left stops. s.mu is held.
func (s *server) drop(path string) {
	holder := s.folderOf(path)
	delete(s.docs, path)
	delete(holder.findings, path)
	holder.clear(path)
	s.changed(path, edited)
	s.closeIdle()
}

// closeIdle stops the folders outside the workspace whose files are all
// closed, or shown by a workspace folder now. s.mu is held.
func (s *server) closeIdle() {
	for dir, f := range s.loose {
		if !slices.ContainsFunc(slices.Collect(maps.Keys(s.docs)), f.holds) {
			delete(s.loose, dir)
			f.close()
		}
	}
}

// DidChangeWatchedFiles analyzes again after files change on disk: a
// configuration file reloads, any other file is read again.
func (s *server) DidChangeWatchedFiles(ctx context.Context, p *protocol.DidChangeWatchedFilesParams) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, c := range p.Changes {
		if path, ok := pathOf(c.URI); ok {
			s.changed(path, onDisk)
		}
	}
	return nil
}

// A change is what happened to a file; it says when to analyze again, and
// how much.
type change int

const (
	// edited: a buffer changed, was opened or closed. After the pause,
	// the folder's session analyzes what the change reaches.
	edited change = iota
	// saved: a buffer was saved. At once, the whole folder: a change
	// that reaches across the units of a session shows at the latest then.
	saved
	// onDisk: a file changed on disk. After the pause, the whole folder.
	onDisk
)

// changed analyzes again what a change of path affects: its folder, or
// every folder for a configuration file (it may apply to several) or one
// given with -config. s.mu is held.
func (s *server) changed(path string, c change) {
	now, whole := c == saved, c != edited
	if !s.initialized {
		return // Initialized analyzes what is open
	}
	if filepath.Base(path) == config.Name || path == s.opts.ConfigFile {
		s.logf(protocol.MessageTypeInfo, "%s changed: the configuration is read again", path)
		for _, f := range s.allFolders() {
			f.kick(now, true)
		}
		return
	}
	if _, open := s.docs[path]; open {
		s.folderOf(path) // one outside the workspace has a folder from now on
	}
	for _, f := range s.allFolders() { // every folder the file is part of
		if f.covers(path) {
			f.kick(now, whole)
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
