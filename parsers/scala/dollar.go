package scala

import (
	"bytes"
	"unicode/utf8"
)

// hideDollars returns src with every $ that stands as an identifier outside
// strings and comments (the Table API's $("col") and $"col") replaced by S.
// tree-sitter-scala rejects $ as an identifier although Scala accepts it, and
// one $(...) can turn a whole file into errors. The replacement keeps every
// offset, and the lowering reads names from the original source, so the
// model still says $.
func hideDollars(src []byte) []byte {
	if bytes.IndexByte(src, '$') < 0 {
		return src
	}
	out := bytes.Clone(src)
	code := codeMask(src)
	for i, c := range out {
		if c == '$' && code[i] && (i == 0 || !isIdentByte(out[i-1])) && (i+1 == len(out) || !isIdentByte(out[i+1])) {
			out[i] = 'S'
		}
	}
	return out
}

// codeMask tells for each byte of src whether it is code: not inside a
// comment, a string (with its interpolations) or a character literal. The
// newline that ends a line comment belongs to the comment.
func codeMask(src []byte) []bool {
	code := make([]bool, len(src))
	for i := 0; i < len(src); i++ {
		switch {
		case bytes.HasPrefix(src[i:], []byte("//")):
			i += skipTo(src[i:], "\n")
		case bytes.HasPrefix(src[i:], []byte("/*")):
			i += skipTo(src[i+2:], "*/") + 2
		case bytes.HasPrefix(src[i:], []byte(`"""`)):
			i += skipTo(src[i+3:], `"""`) + 3
		case src[i] == '"':
			var inner []bool // an interpolated string's ${...} is code
			if i > 0 && isIdentByte(src[i-1]) {
				inner = code[i+1:]
			}
			i += skipString(src[i+1:], inner) + 1
		case src[i] == '\'' && isCharLiteral(src[i+1:]):
			i += skipTo(src[i+1:], "'") + 1
		default:
			code[i] = true
			continue
		}
		i = min(i, len(src)-1)
	}
	return code
}

// isCharLiteral tells whether b, which follows a quote, starts a character
// literal ('x', '\n', 'é') rather than a symbol ('sym).
func isCharLiteral(b []byte) bool {
	if len(b) > 0 && b[0] == '\\' {
		return true
	}
	_, size := utf8.DecodeRune(b)
	return size < len(b) && b[size] == '\''
}

// skipTo returns the offset of the last byte of the first end in b, or the
// length of b when there is none.
func skipTo(b []byte, end string) int {
	if j := bytes.Index(b, []byte(end)); j >= 0 {
		return j + len(end) - 1
	}
	return len(b)
}

// skipString returns the offset of the closing quote of a one-line string
// whose opening quote precedes b. When the string is interpolated, code is
// the code mask from b on, and the code of its ${...} is marked there: it
// may hold strings of its own and span lines.
func skipString(b []byte, code []bool) int {
	for j := 0; j < len(b); j++ {
		switch {
		case b[j] == '\\':
			j++
		case b[j] == '"' || b[j] == '\n':
			return j
		case code != nil && b[j] == '$' && j+1 < len(b) && b[j+1] == '{':
			j += skipBraces(b[j+1:], code[j+1:]) + 1
		}
	}
	return len(b)
}

// skipBraces returns the offset of the brace that closes the one b starts
// with, and marks what lies between as code, but for the strings inside
// (read as plain ones: an interpolation inside an interpolation is rare, and
// not recursing bounds the stack).
func skipBraces(b []byte, code []bool) int {
	depth := 0
	for j := 0; j < len(b); j++ {
		switch b[j] {
		case '{':
			depth++
		case '}':
			if depth--; depth == 0 {
				return j
			}
		case '"':
			j += skipString(b[j+1:], nil) + 1
			continue
		}
		code[j] = depth > 0 && j > 0
	}
	return len(b)
}

func isIdentByte(c byte) bool {
	return c == '_' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c >= 0x80
}
