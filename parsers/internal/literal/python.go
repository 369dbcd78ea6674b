package literal

import (
	"go/token"
	"strings"

	"github.com/flinklint/flinklint/parsers/model"
)

// Python decodes a Python string literal as written, quotes and prefix
// included: '...', "...", ”'...”' or """...""", with an optional prefix
// of r, u, b or f in either case (rb, fr...). Escapes are decoded unless the
// literal is raw; in an f-string each replacement field {...} becomes
// model.Computed and {{ and }} a brace.
func Python(raw string, start token.Pos) Text {
	p := 0
	for p < len(raw) && raw[p] != '"' && raw[p] != '\'' {
		p++
	}
	prefix := strings.ToLower(raw[:p])
	isRaw, isF := strings.Contains(prefix, "r"), strings.Contains(prefix, "f")
	quoted := raw[p:]
	q := ""
	switch {
	case strings.HasPrefix(quoted, `"""`), strings.HasPrefix(quoted, `'''`):
		q = quoted[:3]
	case quoted != "":
		q = quoted[:1]
	}
	body, off := unquote(quoted, q)
	at := start + token.Pos(p+off)
	var b Builder
	if isRaw {
		for i := 0; i < len(body); i++ {
			b.Add(body[i:i+1], at+token.Pos(i))
		}
	} else {
		pyEscapes(&b, body, at)
	}
	t := b.Text()
	if isF {
		t = replacementFields(t)
	}
	return t
}

// PyFormat replaces the replacement fields of a str.format string ({},
// {0}, {name!r:>10}) by model.Computed; {{ and }} become braces.
func PyFormat(t Text) Text { return replacementFields(t) }

// replacementFields replaces {...} (with nested braces, as in a format
// spec {x:{w}}) by model.Computed and {{, }} by one brace.
func replacementFields(t Text) Text {
	var b Builder
	s := t.S
	for i := 0; i < len(s); i++ {
		switch {
		case (s[i] == '{' || s[i] == '}') && i+1 < len(s) && s[i+1] == s[i]:
			b.Add(s[i:i+1], t.Pos[i])
			i++
		case s[i] == '{':
			depth, j := 0, i
			for ; j < len(s); j++ {
				if s[j] == '{' {
					depth++
				} else if s[j] == '}' {
					if depth--; depth == 0 {
						break
					}
				}
			}
			b.Add(model.Computed, t.Pos[i])
			i = min(j, len(s)-1)
		default:
			b.Add(s[i:i+1], t.Pos[i])
		}
	}
	return b.Text()
}

// pyEscapes decodes the escapes of a Python string body: \n, \t, \\, \',
// \", \xhh, \ooo, \uhhhh, \Uhhhhhhhh, \N{...} (kept as written) and a
// backslash before a newline (a line continuation, which adds nothing).
// An unknown escape keeps its backslash, as Python does.
func pyEscapes(b *Builder, s string, at token.Pos) {
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
		case '\n':
		case 'v':
			b.Add("\v", p)
		case 'a':
			b.Add("\a", p)
		case '\\', '\'', '"':
			b.Add(string(c), p)
		case 'x', 'u', 'U':
			n := map[byte]int{'x': 2, 'u': 4, 'U': 8}[c]
			if r, ok := hex(s, i, n); ok {
				b.Add(string(r), p)
				i += n
			}
		case '0', '1', '2', '3', '4', '5', '6', '7':
			j, r := i, rune(0)
			for ; j < len(s) && j < i+3 && '0' <= s[j] && s[j] <= '7'; j++ {
				r = r*8 + rune(s[j]-'0')
			}
			b.Add(string(r), p)
			i = j - 1
		default:
			b.Add(s[i-1:i+1], p)
		}
	}
}
