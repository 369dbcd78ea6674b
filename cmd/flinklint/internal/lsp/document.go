package lsp

import (
	"bytes"
	"fmt"
	"unicode/utf16"
	"unicode/utf8"

	"go.lsp.dev/protocol"
)

// document is an open buffer: its text as the editor has it, which the
// analysis reads instead of the file on disk.
type document struct {
	version int32  // the client's, which starts again when a file is opened again
	serial  uint64 // the server's, new at each open and change: what a finding was made from
	text    []byte
}

// encoding is how the client counts a Position's Character: UTF-16 code
// units by default, UTF-8 bytes when both sides agree on it.
type encoding struct{ utf8 bool }

// offset returns the byte offset of p in text. A line past the end is the
// end of the text, a character past the end of its line is the line's
// end, as the protocol says.
func (e encoding) offset(text []byte, p protocol.Position) int {
	at := 0
	for line := p.Line; line > 0; line-- {
		i := bytes.IndexByte(text[at:], '\n')
		if i < 0 {
			return len(text)
		}
		at += i + 1
	}
	end := at + lineLength(text[at:])
	if e.utf8 {
		return min(at+int(p.Character), end)
	}
	units := int(p.Character)
	for at < end && units > 0 {
		r, size := utf8.DecodeRune(text[at:end])
		units -= utf16.RuneLen(r)
		if units < 0 { // inside a surrogate pair: the character's start
			break
		}
		at += size
	}
	return at
}

// position returns the Position of a byte offset in text.
func (e encoding) position(text []byte, offset int) protocol.Position {
	offset = max(0, min(offset, len(text)))
	start := bytes.LastIndexByte(text[:offset], '\n') + 1
	line := bytes.Count(text[:start], []byte{'\n'})
	if e.utf8 {
		return protocol.Position{Line: uint32(line), Character: uint32(offset - start)}
	}
	units := 0
	for at := start; at < offset; {
		r, size := utf8.DecodeRune(text[at:offset])
		if r == utf8.RuneError && size == 1 {
			units++
		} else {
			units += utf16.RuneLen(r)
		}
		at += size
	}
	return protocol.Position{Line: uint32(line), Character: uint32(units)}
}

// span returns the Range of text between two byte offsets.
func (e encoding) span(text []byte, start, end int) protocol.Range {
	return protocol.Range{Start: e.position(text, start), End: e.position(text, max(start, end))}
}

// lineLength returns the length of the first line of text, without its
// line break.
func lineLength(text []byte) int {
	n := bytes.IndexByte(text, '\n')
	if n < 0 {
		n = len(text)
	}
	if n > 0 && text[n-1] == '\r' {
		n--
	}
	return n
}

// apply applies the changes of a didChange to the document's text.
func (e encoding) apply(text []byte, changes []protocol.TextDocumentContentChangeEvent) ([]byte, error) {
	for _, c := range changes {
		switch c := c.(type) {
		case *protocol.TextDocumentContentChangeWholeDocument:
			text = []byte(c.Text)
		case *protocol.TextDocumentContentChangePartial:
			start, end := e.offset(text, c.Range.Start), e.offset(text, c.Range.End)
			if end < start {
				return nil, fmt.Errorf("a change's range ends before it starts (%v)", c.Range)
			}
			text = append(text[:start:start], append([]byte(c.Text), text[end:]...)...)
		default:
			return nil, fmt.Errorf("a change of an unknown kind %T", c)
		}
	}
	return text, nil
}
