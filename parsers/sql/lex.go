package sql

import (
	"slices"
	"strings"
)

type kind uint8

const (
	ident kind = iota + 1
	str
	num
	punct
	hint // /*+ ... */: text holds what lies between the markers
)

// tok is a token of Flink SQL. Offsets are byte offsets in the lexed text,
// which is at most a file (parsers.MaxFileSize): they take 32 bits, so that
// a token takes 32 bytes, not 56, in a script of 200,000 of them.
type tok struct {
	text        string // identifiers without backquotes, strings unescaped
	start, stop int32  // offsets of the start and of the end, exclusive
	line        int32  // 0-based line of the start
	kind        kind
	quoted      bool // a backquoted identifier: never a keyword
}

// off is where t starts.
func (t tok) off() int { return int(t.start) }

// end is where t ends, exclusive.
func (t tok) end() int { return int(t.stop) }

// is reports whether t is the unquoted keyword kw (upper case).
func (t tok) is(kw string) bool {
	return t.kind == ident && !t.quoted && strings.EqualFold(t.text, kw)
}

func (t tok) isPunct(p string) bool { return t.kind == punct && t.text == p }

// comment is a -- line comment.
type comment struct {
	line int
	text string
}

// lexer splits Flink SQL into tokens. Comments are kept aside (a column's
// trailing -- comment documents it), hints are tokens of their own.
type lexer struct {
	src      string
	base     int // offset of src within the text positions refer to
	toks     []tok
	comments []comment
	line     int
	// unterminated is the offset of a string, identifier or comment that
	// never ends, or -1.
	unterminated     int
	unterminatedWhat string
	// hive is set while the Hive dialect is on (SET table.sql-dialect =
	// hive): a backslash escapes the next character of a string there, and
	// double quotes delimit strings, as in HiveQL.
	hive      bool
	stmtStart int // index in toks of the current statement's first token
}

// lex splits src into tokens. When a string is left open and the text
// holds a backslash before a quote, it is lexed again in the Hive dialect
// from the start, and that reading is kept if every string then ends:
// SQL passed to a Hive-dialect environment ('1\'1') has no other sign of
// its dialect in the text, and in the default dialect it would be an error.
func lex(src string, base int) *lexer {
	l := &lexer{src: src, base: base, unterminated: -1}
	l.run()
	if l.unterminated >= 0 && !l.hive && (strings.Contains(src, `\'`) || strings.Contains(src, `\"`)) {
		h := &lexer{src: src, base: base, unterminated: -1, hive: true}
		if h.run(); h.unterminated < 0 {
			return h
		}
	}
	return l
}

func (l *lexer) emit(k kind, text string, start, end int, quoted bool) {
	l.toks = append(l.toks, tok{kind: k, text: text, quoted: quoted, start: int32(l.base + start), stop: int32(l.base + end), line: int32(l.line)})
}

func (l *lexer) run() {
	s := l.src
	for i := 0; i < len(s); {
		c := s[i]
		switch {
		case c == '\n' || c == '\r' && !strings.HasPrefix(s[i+1:], "\n"): // a lone CR ends a line too
			l.line++
			i++
		case c == ' ' || c == '\t' || c == '\r' || c == '\f':
			i++
		case strings.HasPrefix(s[i:], "\ufeff"): // a byte-order mark
			i += 3
		case strings.HasPrefix(s[i:], "\u00a0"): // a no-break space, as pasted from web pages
			i += 2
		case strings.HasPrefix(s[i:], "--"): // ends at a line break, LF, CRLF or CR, as in Calcite
			j := strings.IndexAny(s[i:], "\r\n")
			if j < 0 {
				j = len(s) - i
			}
			l.comments = append(l.comments, comment{line: l.line, text: strings.TrimSpace(s[i+2 : i+j])})
			i += j
		case strings.HasPrefix(s[i:], "/*"):
			j := strings.Index(s[i+2:], "*/")
			if j < 0 {
				l.fail(i, "comment")
				return
			}
			end := i + 2 + j + 2
			if strings.HasPrefix(s[i:], "/*+") {
				l.emit(hint, s[i+3:end-2], i, end, false)
			}
			l.line += lines(s[i:end])
			i = end
		case c == '\'' || c == '`' || c == '"':
			isStr := c == '\'' || c == '"' && l.hive
			end, text, ok := quotedEnd(s, i, isStr && l.hive)
			if !ok {
				l.fail(i, map[bool]string{true: "string", false: "identifier"}[isStr])
				return
			}
			if isStr {
				l.emit(str, text, i, end, false)
			} else {
				l.emit(ident, text, i, end, true)
			}
			l.line += lines(s[i:end])
			i = end
		case isIdentStart(c):
			j := i + 1
			for j < len(s) && isIdentPart(s[j]) && !strings.HasPrefix(s[j:], "\u00a0") {
				j++
			}
			l.emit(ident, s[i:j], i, j, false)
			i = j
		case c >= '0' && c <= '9' || c == '.' && i+1 < len(s) && s[i+1] >= '0' && s[i+1] <= '9':
			j := i + 1
			for j < len(s) && (s[j] >= '0' && s[j] <= '9' || s[j] == '.' || s[j] == 'e' || s[j] == 'E' ||
				(s[j] == '-' || s[j] == '+') && (s[j-1] == 'e' || s[j-1] == 'E')) {
				j++
			}
			l.emit(num, s[i:j], i, j, false)
			i = j
		default:
			n := 1
			for _, op := range []string{"<>", "<=", ">=", "!=", "||", "::"} {
				if strings.HasPrefix(s[i:], op) {
					n = 2
				}
			}
			l.emit(punct, s[i:i+n], i, i+n, false)
			i += n
			if n == 1 && c == ';' {
				l.dialect()
			}
		}
	}
}

// dialect follows SET 'table.sql-dialect' = 'hive' (or default), which
// changes how the statements after it are lexed, when the statement just
// ended by a semicolon is one.
func (l *lexer) dialect() {
	toks := l.toks[l.stmtStart : len(l.toks)-1]
	l.stmtStart = len(l.toks)
	if len(toks) < 4 || !toks[0].is("SET") {
		return
	}
	eq := slices.IndexFunc(toks, func(t tok) bool { return t.isPunct("=") })
	if eq != len(toks)-2 || eq < 2 {
		return
	}
	key := toks[1].text
	if toks[1].kind != str {
		key = l.src[toks[1].off()-l.base : toks[eq-1].end()-l.base]
	}
	if strings.TrimSpace(key) == "table.sql-dialect" {
		l.hive = strings.EqualFold(toks[eq+1].text, "hive")
	}
}

func (l *lexer) fail(at int, what string) {
	l.unterminated, l.unterminatedWhat = l.base+at, what
}

// quotedEnd finds the end of the quoted text starting at s[i], where a
// doubled quote stands for one (and, with backslash, a backslash escapes
// the next character, as in HiveQL), and returns the unescaped contents.
func quotedEnd(s string, i int, backslash bool) (end int, text string, ok bool) {
	q := s[i]
	var b strings.Builder
	for j := i + 1; j < len(s); j++ {
		if backslash && s[j] == '\\' && j+1 < len(s) {
			j++
			b.WriteString(hiveEscapes[s[j]])
			if hiveEscapes[s[j]] == "" {
				b.WriteByte(s[j])
			}
			continue
		}
		if s[j] != q {
			b.WriteByte(s[j])
			continue
		}
		if j+1 < len(s) && s[j+1] == q {
			b.WriteByte(q)
			j++
			continue
		}
		return j + 1, b.String(), true
	}
	return 0, "", false
}

// hiveEscapes are the escapes HiveQL reads in strings other than a
// backslash before the character itself; \% and \_ keep their backslash
// for LIKE.
var hiveEscapes = map[byte]string{'0': "\x00", 'b': "\b", 'n': "\n", 'r': "\r", 't': "\t", 'Z': "\x1a", '%': `\%`, '_': `\_`}

// lines counts the line breaks in s: LF, CRLF and lone CR.
func lines(s string) int {
	return strings.Count(s, "\n") + strings.Count(s, "\r") - strings.Count(s, "\r\n")
}

func isIdentStart(c byte) bool {
	return c == '_' || c == '$' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || c >= 0x80
}

func isIdentPart(c byte) bool { return isIdentStart(c) || '0' <= c && c <= '9' }
