package scala

import "bytes"

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
	for i := 0; i < len(out); i++ {
		switch {
		case bytes.HasPrefix(out[i:], []byte("//")):
			i += skipTo(out[i:], "\n")
		case bytes.HasPrefix(out[i:], []byte("/*")):
			i += skipTo(out[i+2:], "*/") + 2
		case bytes.HasPrefix(out[i:], []byte(`"""`)):
			i += skipTo(out[i+3:], `"""`) + 3
		case out[i] == '"':
			i += skipString(out[i+1:]) + 1
		case out[i] == '\'' && i+2 < len(out) && (out[i+2] == '\'' || out[i+1] == '\\'):
			i += skipTo(out[i+1:], "'") + 1 // a character literal such as '$'
		case out[i] == '$' && (i == 0 || !isIdentByte(out[i-1])) && (i+1 == len(out) || !isIdentByte(out[i+1])):
			out[i] = 'S'
		}
	}
	return out
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
// whose opening quote precedes b.
func skipString(b []byte) int {
	for j := 0; j < len(b); j++ {
		switch b[j] {
		case '\\':
			j++
		case '"', '\n':
			return j
		}
	}
	return len(b)
}

func isIdentByte(c byte) bool {
	return c == '_' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c >= 0x80
}
