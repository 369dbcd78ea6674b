// Package literal decodes Java and Scala string literals as written in the
// source, keeping for every decoded byte the position it came from, so that
// findings in SQL embedded in code point into the host file exactly.
package literal

import (
	"go/token"
	"strings"

	"github.com/flinklint/flinklint/parsers/model"
)

// Text is decoded text with the source position of each byte.
type Text struct {
	S   string
	Pos []token.Pos // len(Pos) == len(S)
}

// At returns the position of byte i; the end of the text maps just after
// the last byte.
func (t Text) At(i int) token.Pos {
	switch {
	case i < len(t.Pos):
		return t.Pos[i]
	case len(t.Pos) > 0:
		return t.Pos[len(t.Pos)-1] + 1
	}
	return token.NoPos
}

// Builder builds a Text piece by piece.
type Builder struct {
	b   strings.Builder
	pos []token.Pos
}

// Add appends s, every byte of it at the position at.
func (b *Builder) Add(s string, at token.Pos) {
	b.b.WriteString(s)
	for range len(s) {
		b.pos = append(b.pos, at)
	}
}

// Append appends t, each byte at its own position.
func (b *Builder) Append(t Text) {
	b.b.WriteString(t.S)
	b.pos = append(b.pos, t.Pos...)
}

// Text returns what was built.
func (b *Builder) Text() Text { return Text{S: b.b.String(), Pos: b.pos} }

// Java decodes a Java string literal or text block; raw is the literal as
// written, quotes included, and start its position.
func Java(raw string, start token.Pos) Text {
	var b Builder
	if body, off := unquote(raw, `"""`); off > 0 {
		nl := strings.IndexByte(body, '\n')
		if nl < 0 {
			return Text{}
		}
		base := off + nl + 1
		for _, ln := range stripIndent(body[nl+1:]) {
			escapes(&b, ln.text, start+token.Pos(base+ln.off), true)
			if ln.newline {
				b.Add("\n", start+token.Pos(base+ln.off+len(ln.text)))
			}
		}
		return b.Text()
	}
	body, off := unquote(raw, `"`)
	escapes(&b, body, start+token.Pos(off), true)
	return b.Text()
}

// unquote returns raw without its opening and closing delimiter q, and the
// offset of the body in raw: 0 when raw does not open with q. A literal cut
// short by a syntax error (a lone " or """) lacks its closing delimiter, so
// neither is assumed to be there.
func unquote(raw, q string) (body string, off int) {
	if !strings.HasPrefix(raw, q) {
		return raw, 0
	}
	return strings.TrimSuffix(raw[len(q):], q), len(q)
}

// Scala decodes a Scala string literal: "..." with escapes, or """...""" as
// is; stripMargin applies StringOps.stripMargin (for each line, leading
// blanks and a | are removed). In an interpolated string (s"...", f"...")
// each $name and ${...} becomes model.Computed, and $$ a dollar sign.
func Scala(raw string, start token.Pos, stripMargin bool) Text {
	if q := strings.IndexByte(raw, '"'); q > 0 { // an interpolator precedes the quotes
		t := Scala(raw[q:], start+token.Pos(q), stripMargin)
		return interpolate(t)
	}
	var b Builder
	if body, off := unquote(raw, `"""`); off > 0 {
		for len(body) > 0 {
			line, rest, more := strings.Cut(body, "\n")
			skip := 0
			if stripMargin {
				trimmed := strings.TrimLeft(line, " \t")
				if strings.HasPrefix(trimmed, "|") {
					skip = len(line) - len(trimmed) + 1
				}
			}
			for i := skip; i < len(line); i++ {
				b.Add(line[i:i+1], start+token.Pos(off+i))
			}
			if more {
				b.Add("\n", start+token.Pos(off+len(line)))
			}
			off += len(line) + 1
			body = rest
		}
		return b.Text()
	}
	body, off := unquote(raw, `"`)
	escapes(&b, body, start+token.Pos(off), false)
	return b.Text()
}

// interpolate replaces the interpolations of decoded text by model.Computed.
func interpolate(t Text) Text {
	var b Builder
	s := t.S
	for i := 0; i < len(s); i++ {
		if s[i] != '$' || i+1 == len(s) {
			b.Add(s[i:i+1], t.Pos[i])
			continue
		}
		j := i + 1
		switch s[j] {
		case '$':
			b.Add("$", t.Pos[i])
			i = j
			continue
		case '{':
			depth := 0
			for ; j < len(s); j++ {
				if s[j] == '{' {
					depth++
				} else if s[j] == '}' {
					if depth--; depth == 0 {
						break
					}
				}
			}
		default:
			for j < len(s) && (s[j] == '_' || 'a' <= s[j]|0x20 && s[j]|0x20 <= 'z' || '0' <= s[j] && s[j] <= '9') {
				j++
			}
			j--
		}
		b.Add(model.Computed, t.Pos[i])
		i = min(j, len(s)-1)
	}
	return b.Text()
}

// Format replaces the conversions of a Java format string (%s, %d, %1$s;
// %% and %n stay text) by model.Computed, for SQL built with String.format or
// formatted.
func Format(t Text) Text {
	var b Builder
	s := t.S
	for i := 0; i < len(s); i++ {
		if s[i] != '%' || i+1 == len(s) {
			b.Add(s[i:i+1], t.Pos[i])
			continue
		}
		j := i + 1
		for j < len(s) && strings.IndexByte("0123456789$-#+ ,(.", s[j]) >= 0 {
			j++
		}
		switch {
		case j < len(s) && s[j] == '%':
			b.Add("%", t.Pos[i])
		case j < len(s) && s[j] == 'n':
			b.Add("\n", t.Pos[i])
		default:
			b.Add(model.Computed, t.Pos[i])
		}
		i = min(j, len(s)-1)
	}
	return b.Text()
}

// escapes decodes s, which starts at position at; java selects Java's escape
// set (\s and line continuations) over Scala's.
func escapes(b *Builder, s string, at token.Pos, java bool) {
	for i := 0; i < len(s); i++ {
		p := at + token.Pos(i)
		if s[i] != '\\' || i+1 == len(s) {
			b.Add(s[i:i+1], p)
			continue
		}
		i++
		if text, ok := controls[s[i]]; ok {
			b.Add(text, p)
			continue
		}
		switch c := s[i]; c {
		case 's':
			if java {
				b.Add(" ", p)
			} else {
				b.Add(`\s`, p)
			}
		case '\n':
			if !java {
				b.Add("\\\n", p)
			}
		case 'u':
			j := i + 1
			for j < len(s) && s[j] == 'u' {
				j++
			}
			if r, ok := hex(s, j-1, 4); ok {
				b.Add(string(r), p)
				i = j + 3
			}
		default:
			b.Add(string(c), p)
		}
	}
}

// controls are the escapes of control characters that Java, Scala and
// Python share.
var controls = map[byte]string{'n': "\n", 't': "\t", 'r': "\r", 'b': "\b", 'f': "\f"}

// hex reads the n hex digits of s after i, the code point of \uXXXX or
// \xXX, and whether there are n.
func hex(s string, i, n int) (rune, bool) {
	if i+n >= len(s) {
		return 0, false
	}
	var r rune
	for _, h := range s[i+1 : i+1+n] {
		r = r*16 + rune(hexVal(h))
	}
	return r, true
}

func hexVal(c rune) int {
	switch {
	case '0' <= c && c <= '9':
		return int(c - '0')
	case 'a' <= c && c <= 'f':
		return int(c-'a') + 10
	case 'A' <= c && c <= 'F':
		return int(c-'A') + 10
	}
	return 0
}

type line struct {
	text    string
	off     int // offset of text in the body
	newline bool
}

// stripIndent removes a text block's incidental indentation (JLS 3.10.6):
// the smallest indentation of the non-blank lines and of the closing line
// goes from every line, and so do trailing blanks.
func stripIndent(body string) []line {
	raw := strings.Split(body, "\n")
	indent := -1
	for i, l := range raw {
		if strings.TrimSpace(l) == "" && i != len(raw)-1 {
			continue
		}
		if w := len(l) - len(strings.TrimLeft(l, " \t")); indent < 0 || w < indent {
			indent = w
		}
	}
	var out []line
	off := 0
	for i, l := range raw {
		cut := min(indent, len(l))
		text := strings.TrimRight(l[cut:], " \t\r")
		if i == len(raw)-1 && text == "" {
			break // the closing delimiter's line
		}
		out = append(out, line{text: text, off: off + cut, newline: i < len(raw)-1})
		off += len(l) + 1
	}
	return out
}
