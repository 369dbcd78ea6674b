package parsers

import (
	"bytes"
	"crypto/sha256"
	"errors"
	"go/token"
	"slices"
	"sync"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/flinklint/flinklint/internal/regular"
)

// MaxFileSize is the size above which a file is skipped with a problem:
// generated sources of that size hold no job definitions, and tree-sitter's
// trees take about 16 times the source size.
const MaxFileSize = 4 << 20

// skipped is the error of a file flinklint does not read on purpose.
type skipped string

func (s skipped) Error() string { return "skipped: " + string(s) }

// errNotRegular is returned for FIFOs, devices, sockets and directories
// named like sources: reading them could block forever or never end.
const errNotRegular = skipped("not a regular file")

// ReadFile reads a source file: only a regular file (a symbolic link is
// followed), and at most MaxFileSize bytes of it, so that no path can make
// flinklint block or read without end.
func ReadFile(path string) ([]byte, error) {
	src, err := regular.Read(path, MaxFileSize)
	var tl *regular.TooLargeError
	switch {
	case errors.Is(err, regular.ErrNotRegular):
		return nil, errNotRegular
	case errors.As(err, &tl):
		return nil, skipped(tl.Error())
	}
	return src, err
}

var utf8BOM = []byte{0xEF, 0xBB, 0xBF}

// Digest identifies the bytes of a file as analyzed, so that -fix writes
// only a file that still holds them.
type Digest [sha256.Size]byte

// text returns the text to analyze of a file's bytes, and whether edits at
// its offsets can be applied to the file: a UTF-8 byte-order mark is
// dropped (so that it does not shift columns; fixes put it back), lone CRs
// become LFs, UTF-16 with a byte-order mark is decoded into UTF-8 (fixes
// are not offered).
func text(src []byte) (text []byte, editable bool) {
	if bytes.HasPrefix(src, utf8BOM) {
		return lfOnly(src[len(utf8BOM):]), true
	}
	if len(src) < 2 || len(src)%2 != 0 {
		return lfOnly(src), true
	}
	var order func([]byte) uint16
	switch {
	case src[0] == 0xFF && src[1] == 0xFE:
		order = func(b []byte) uint16 { return uint16(b[0]) | uint16(b[1])<<8 }
	case src[0] == 0xFE && src[1] == 0xFF:
		order = func(b []byte) uint16 { return uint16(b[1]) | uint16(b[0])<<8 }
	default:
		return lfOnly(src), true
	}
	units := make([]uint16, 0, len(src)/2-1)
	for i := 2; i < len(src); i += 2 {
		units = append(units, order(src[i:]))
	}
	out := make([]byte, 0, len(units))
	for _, r := range utf16.Decode(units) {
		out = utf8.AppendRune(out, r)
	}
	return lfOnly(out), false
}

// AnalyzedText reads path again as flinklint analyzed it (without a UTF-8
// byte-order mark, lone CRs as LFs: the text a diagnostic's offsets point
// into), or returns false when the file no longer holds the bytes of
// digest want.
func AnalyzedText(path string, want Digest) ([]byte, bool) {
	src, err := ReadFile(path)
	if err != nil || sha256.Sum256(src) != want {
		return nil, false
	}
	txt, editable := text(src)
	return txt, editable
}

// Analyzed returns the text flinklint analyzes of a file's bytes src,
// which the offsets of its model point into (see text), and whether edits
// at those offsets can be applied to the file.
func Analyzed(src []byte) ([]byte, bool) { return text(src) }

// addFile registers a file's text in fset with its lines.
func addFile(fset *token.FileSet, path string, src []byte) *token.File {
	tf := fset.AddFile(path, -1, len(src))
	tf.SetLinesForContent(src)
	return tf
}

// lfOnly returns src with each lone CR (an old Mac line end, valid in Java,
// Scala and SQL) made an LF. The length and every offset stay the same,
// so edits still apply to the file, while the front ends, whose comments
// end at LF, and token.File, which counts LFs, see the lines the author
// sees. CRLF needs nothing: its LF ends the line.
func lfOnly(src []byte) []byte {
	i := bytes.IndexByte(src, '\r')
	if i < 0 {
		return src
	}
	out := slices.Clone(src)
	for ; i < len(out); i++ {
		if out[i] == '\r' && (i+1 == len(out) || out[i+1] != '\n') {
			out[i] = '\n'
		}
	}
	return out
}

// turns lets goroutines act in the order of their indexes: take(i, f) runs
// f once every index below i has taken or skipped its turn. Every index
// must take or skip its turn (skip after take is a no-op), or later ones
// wait forever.
type turns struct {
	mu   sync.Mutex
	cond *sync.Cond
	next int
	done map[int]bool // turns skipped or taken ahead of next
}

func (t *turns) take(i int, f func()) {
	t.lock()
	defer t.mu.Unlock()
	for t.next < i {
		t.cond.Wait()
	}
	if t.next == i {
		f()
		t.advance(i)
	}
}

func (t *turns) skip(i int) {
	t.lock()
	defer t.mu.Unlock()
	if i >= t.next {
		t.advance(i)
	}
}

// lock locks t, making it ready for use on the first call.
func (t *turns) lock() {
	t.mu.Lock()
	if t.cond == nil {
		t.cond = sync.NewCond(&t.mu)
		t.done = map[int]bool{}
	}
}

// advance marks turn i as over and moves next past every turn over.
func (t *turns) advance(i int) {
	t.done[i] = true
	for t.done[t.next] {
		delete(t.done, t.next)
		t.next++
	}
	t.cond.Broadcast()
}
