// Package baseline records a project's findings so that a later run shows
// only new ones: -write-baseline FILE writes them, -baseline FILE hides
// exactly those.
//
// A finding is matched by its rule, its path (slash-separated, relative to
// the baseline file's directory) and a fingerprint of its code, not by its
// line: the hash of the finding's source line without its white space (so
// that reformatting keeps it), not of its message, whose wording changes
// between versions of flinklint. Lines inserted above a finding,
// or edits elsewhere in the file, leave it matched; an edit of its own
// line makes it new, as it should. Equal fingerprints in one file are told
// apart by their order (Occurrence), so two identical lines are two
// entries, and fixing one of them leaves one entry stale.
//
// The file is JSON, versioned, with entries sorted and no positions or
// times in it: a run over unchanged code writes the same bytes, and a
// change to the baseline diffs as the findings that came or went.
package baseline

import (
	"bytes"
	"cmp"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/flinklint/flinklint/parsers"
)

// Version is the format version Write writes and Read accepts.
const Version = 2

// Finding is what a baseline needs of a finding.
type Finding struct {
	Rule    string
	Path    string // slash-separated, relative to the baseline file's directory (see Rel)
	Line    int    // from 1; orders equal fingerprints
	Message string
	Text    string // the text of the finding's line (see Lines)
}

// Entry is a recorded finding.
type Entry struct {
	Rule        string `json:"rule"`
	Path        string `json:"path"`
	Fingerprint string `json:"fingerprint"`
	Occurrence  int    `json:"occurrence,omitempty"` // among the file's entries of this rule and fingerprint, in line order, from 0
	Message     string `json:"message"`              // for the reader; matched through the fingerprint
}

// key is what an entry is matched by.
type key struct {
	rule, path, fingerprint string
	occurrence              int
}

func (e Entry) key() key { return key{e.Rule, e.Path, e.Fingerprint, e.Occurrence} }

// Baseline is a set of recorded findings.
type Baseline struct {
	Entries []Entry // sorted by path, rule, fingerprint, occurrence
}

// file is the JSON document.
type file struct {
	Version int     `json:"version"`
	Tool    string  `json:"tool"`
	Entries []Entry `json:"entries"`
}

// New records findings.
func New(findings []Finding) *Baseline {
	entries := entries(findings)
	out := make([]Entry, len(entries))
	for i, e := range entries {
		out[i] = e.Entry
	}
	sortEntries(out)
	return &Baseline{Entries: out}
}

// indexed is an entry made from findings[index].
type indexed struct {
	Entry
	index int
}

// entries fingerprints findings and numbers equal fingerprints in line
// order, keeping each one's index in findings.
func entries(findings []Finding) []indexed {
	out := make([]indexed, len(findings))
	for i, f := range findings {
		out[i] = indexed{Entry{Rule: f.Rule, Path: f.Path, Fingerprint: Fingerprint(f), Message: f.Message}, i}
	}
	slices.SortStableFunc(out, func(a, b indexed) int {
		return cmp.Or(compareEntries(a.Entry, b.Entry), cmp.Compare(findings[a.index].Line, findings[b.index].Line))
	})
	for i := 1; i < len(out); i++ {
		if p := out[i-1].Entry; p.Rule == out[i].Rule && p.Path == out[i].Path && p.Fingerprint == out[i].Fingerprint {
			out[i].Occurrence = p.Occurrence + 1
		}
	}
	return out
}

func compareEntries(a, b Entry) int {
	return cmp.Or(cmp.Compare(a.Path, b.Path), cmp.Compare(a.Rule, b.Rule), cmp.Compare(a.Fingerprint, b.Fingerprint), cmp.Compare(a.Occurrence, b.Occurrence))
}

func sortEntries(es []Entry) { slices.SortFunc(es, compareEntries) }

// Fingerprint is the hash of the finding's rule and its line's text
// without white space: what stays when lines move. The message is left
// out, so that a flinklint that words a finding better keeps the
// project's baseline (version 1 hashed it, and went stale with every new
// wording).
func Fingerprint(f Finding) string {
	h := sha256.New()
	h.Write([]byte(f.Rule))
	h.Write([]byte{0})
	h.Write([]byte(strings.Join(strings.Fields(f.Text), "")))
	return hex.EncodeToString(h.Sum(nil)[:12])
}

// Filter returns the findings the baseline does not hold, in their order,
// and the entries that match no finding (fixed since, or edited), sorted.
func (b *Baseline) Filter(findings []Finding) (kept []Finding, stale []Entry) {
	hidden, stale := b.Hidden(findings)
	for i, f := range findings {
		if !hidden[i] {
			kept = append(kept, f)
		}
	}
	return kept, stale
}

// Hidden is Filter for callers that keep more than a Finding of each
// finding: hidden[i] says whether the baseline holds findings[i].
func (b *Baseline) Hidden(findings []Finding) (hidden []bool, stale []Entry) {
	recorded := make(map[key]bool, len(b.Entries))
	for _, e := range b.Entries {
		recorded[e.key()] = true
	}
	hidden = make([]bool, len(findings))
	for _, e := range entries(findings) {
		if recorded[e.key()] {
			hidden[e.index] = true
			delete(recorded, e.key())
		}
	}
	for _, e := range b.Entries {
		if recorded[e.key()] {
			stale = append(stale, e)
		}
	}
	return hidden, stale
}

// Write writes the baseline as indented JSON.
func (b *Baseline) Write(w io.Writer) error {
	entries := b.Entries
	if entries == nil {
		entries = []Entry{}
	}
	data, err := json.MarshalIndent(file{Version: Version, Tool: "flinklint", Entries: entries}, "", "  ")
	if err != nil {
		return err
	}
	_, err = w.Write(append(data, '\n'))
	return err
}

// Read reads a baseline written by Write.
func Read(r io.Reader) (*Baseline, error) {
	dec := json.NewDecoder(r)
	dec.DisallowUnknownFields()
	var f file
	if err := dec.Decode(&f); err != nil {
		return nil, fmt.Errorf("not a flinklint baseline: %w", err)
	}
	if dec.More() {
		return nil, errors.New("not a flinklint baseline: data after the JSON document")
	}
	if f.Version == 1 && f.Tool == "flinklint" {
		return nil, errors.New("written by an earlier flinklint, whose fingerprints held the findings' wording, which this one changed; write it again with -write-baseline")
	}
	if f.Version != Version || f.Tool != "flinklint" {
		return nil, fmt.Errorf("not a flinklint baseline of version %d (tool %q, version %d); write it again with -write-baseline", Version, f.Tool, f.Version)
	}
	for i, e := range f.Entries {
		if e.Rule == "" || e.Path == "" || e.Fingerprint == "" || e.Occurrence < 0 {
			return nil, fmt.Errorf("entry %d lacks a rule, path or fingerprint, or has a negative occurrence", i+1)
		}
	}
	sortEntries(f.Entries)
	return &Baseline{Entries: f.Entries}, nil
}

// Load reads the baseline file at path; its errors name the file.
func Load(path string) (*Baseline, error) {
	data, err := parsers.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("baseline %s: %w", path, err)
	}
	b, err := Read(bytes.NewReader(data))
	if err != nil {
		return nil, fmt.Errorf("baseline %s: %w", path, err)
	}
	return b, nil
}

// Save writes the baseline to path, through a temporary file renamed into
// place, so that a failed write leaves the old baseline.
func (b *Baseline) Save(path string) error {
	var buf bytes.Buffer
	if err := b.Write(&buf); err != nil {
		return err
	}
	tmp, err := os.CreateTemp(filepath.Dir(path), ".flinklint-baseline-*")
	if err != nil {
		return fmt.Errorf("baseline %s: %w", path, err)
	}
	_, err = tmp.Write(buf.Bytes())
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(tmp.Name(), path)
	}
	if err != nil {
		_ = os.Remove(tmp.Name())
		return fmt.Errorf("baseline %s: %w", path, err)
	}
	return nil
}

// Rel returns path (absolute, or relative to the working directory) as a
// baseline records it: slash-separated and relative to dir, the baseline
// file's directory. A path that cannot be made relative (another volume)
// stays absolute.
func Rel(dir, path string) string {
	absDir, err1 := filepath.Abs(dir)
	abs, err2 := filepath.Abs(path)
	if err1 != nil || err2 != nil {
		return filepath.ToSlash(path)
	}
	rel, err := filepath.Rel(absDir, abs)
	if err != nil {
		return filepath.ToSlash(abs)
	}
	return filepath.ToSlash(rel)
}

// Lines gives the text of lines of files, reading each file once.
type Lines struct {
	files map[string][]string
}

// Line returns the text of line n (from 1) of the file at path, "" when
// the file cannot be read or is shorter.
func (l *Lines) Line(path string, n int) string {
	if l.files == nil {
		l.files = map[string][]string{}
	}
	lines, ok := l.files[path]
	if !ok {
		if src, err := parsers.ReadFile(path); err == nil {
			lines = strings.Split(string(src), "\n")
		}
		l.files[path] = lines
	}
	if n < 1 || n > len(lines) {
		return ""
	}
	return strings.TrimSuffix(lines[n-1], "\r")
}
