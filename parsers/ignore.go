package parsers

import (
	"bytes"
	"regexp"
	"slices"
	"strings"

	"github.com/flinklint/flinklint/parsers/model"
)

// Ignore is a flinklint:ignore directive: a comment that silences the
// findings of some rules on its own line or, when the comment stands
// alone, on the statement that follows it (all its lines).
//
//	ks.window(GlobalWindows.create()); // flinklint:ignore global-window-no-trigger the trigger is set in Base
//	-- flinklint:ignore missing-idleness one partition, parallelism 1
//	CREATE TABLE t (...) WITH (...);
//
// Directives are read only from comments: Java and Scala // and /* */,
// SQL -- and /* */, YAML and Python #. Text in a string literal, a text block or a
// character literal is never a directive, not even SQL in a Java string:
// put the directive before the Java statement, which it then covers.
type Ignore struct {
	Path   string
	Line   int // the first line the directive silences
	End    int // the last one: Line, or the end of the statement after a directive alone on its line
	At     int // the line the directive is written on
	Rules  []string
	Reason string
	Used   bool
}

// ignoreRE reads a directive from the text of a comment.
var ignoreRE = regexp.MustCompile(`^flinklint:ignore\b[ \t]*([a-z0-9,-]*)[ \t]*(.*)$`)

// ignores reads the directives of a file. Only files that hold the word
// are lexed, so the cost for others is one search of their bytes.
func ignores(path string, src []byte) []*Ignore {
	if !bytes.Contains(src, []byte("flinklint:ignore")) {
		return nil
	}
	lx := lexComments(Lang(path), src)
	var out []*Ignore
	for _, c := range lx.comments {
		for i, text := range strings.Split(c.text, "\n") {
			text = strings.TrimSpace(strings.TrimLeft(strings.TrimSpace(text), "*"))
			m := ignoreRE.FindStringSubmatch(text)
			if m == nil {
				continue
			}
			at := c.line + i
			ig := &Ignore{Path: path, At: at, Line: at, End: at, Reason: strings.TrimSpace(m[2])}
			if m[1] != "" {
				ig.Rules = strings.Split(m[1], ",")
			}
			if !lx.hasCode(c.line, c.endLine) { // alone: it is about the statement that follows
				ig.Line = lx.nextCode(c.endLine)
				ig.End = lx.statementEnd(ig.Line)
			}
			out = append(out, ig)
		}
	}
	return out
}

// comment is a comment's text without its delimiters, and the lines it
// starts and ends on.
type comment struct {
	text          string
	line, endLine int
}

// lexed is a file split into comments and code, with strings blanked: a
// cheap lexer per language, enough to tell comments from strings.
type lexed struct {
	lang     model.Lang
	comments []comment
	// code holds each line's code (line n at n-1), without comments and
	// with the contents of strings and character literals left out.
	code []string
	// open holds, for each line (n at n-1) whose end lies inside a string
	// or comment, the line that string or comment starts on; 0 for others.
	open []int
}

// hasCode reports whether lines from to to (from 1) hold code.
func (lx *lexed) hasCode(from, to int) bool {
	for n := from; n <= to && n <= len(lx.code); n++ {
		if strings.TrimSpace(lx.code[n-1]) != "" {
			return true
		}
	}
	return false
}

// nextCode returns the first line after line n that holds code, or n+1
// when none does.
func (lx *lexed) nextCode(n int) int {
	for m := n + 1; m <= len(lx.code); m++ {
		if lx.hasCode(m, m) {
			return m
		}
	}
	return n + 1
}

// lexComments splits src into comments and code.
func lexComments(lang model.Lang, src []byte) *lexed {
	lx := &lexed{lang: lang}
	var code strings.Builder
	line := 1
	newline := func(open int) {
		lx.code = append(lx.code, code.String())
		lx.open = append(lx.open, open)
		code.Reset()
		line++
	}
	// eol returns the length of the line break at i, 0 if there is none.
	eol := func(i int) int {
		switch {
		case src[i] == '\n':
			return 1
		case src[i] == '\r' && i+1 < len(src) && src[i+1] == '\n':
			return 2
		case src[i] == '\r':
			return 1
		}
		return 0
	}
	// skip consumes src[i:j] inside a literal or comment, counting its line
	// breaks, and returns j.
	skip := func(i, j int) int {
		first := line
		for i < j {
			if n := eol(i); n > 0 {
				newline(first)
				i += n
				continue
			}
			i++
		}
		return j
	}
	lineComment := func(i, start int) int {
		j := i
		for j < len(src) && src[j] != '\n' && src[j] != '\r' {
			j++
		}
		lx.comments = append(lx.comments, comment{text: string(src[start:j]), line: line, endLine: line})
		return j
	}
	blockComment := func(i int, nested bool) int {
		start, first := i+2, line
		depth, j := 1, i+2
		for j < len(src) && depth > 0 {
			switch {
			case src[j] == '*' && j+1 < len(src) && src[j+1] == '/':
				depth--
				j += 2
			case nested && src[j] == '/' && j+1 < len(src) && src[j+1] == '*':
				depth++
				j += 2
			default:
				j++
			}
		}
		end := j
		if depth == 0 {
			end -= 2
		}
		text := strings.NewReplacer("\r\n", "\n", "\r", "\n").Replace(string(src[start:end]))
		skip(i, j)
		lx.comments = append(lx.comments, comment{text: text, line: first, endLine: line})
		return j
	}
	// quoted skips a literal from its opening quote at i: close is its
	// closing delimiter; escapes says whether a backslash escapes, doubled
	// whether a doubled delimiter stands for itself (SQL), multiline
	// whether it may span lines (an unclosed one ends at the line's end).
	quoted := func(i int, close string, escapes, doubled, multiline bool) int {
		code.WriteString(close)
		j := i + len(close)
		for j < len(src) {
			switch {
			case escapes && src[j] == '\\' && j+1 < len(src):
				j += 2
				continue
			case bytes.HasPrefix(src[j:], []byte(close)):
				if doubled && bytes.HasPrefix(src[j+len(close):], []byte(close)) {
					j += 2 * len(close)
					continue
				}
				code.WriteString(close)
				return skip(i, j+len(close))
			case !multiline && eol(j) > 0:
				return skip(i, j)
			}
			j++
		}
		return skip(i, j)
	}
	prev := byte(' ') // the previous code byte, for YAML's quotes and comments
	for i := 0; i < len(src); {
		c := src[i]
		if n := eol(i); n > 0 {
			newline(0)
			i += n
			prev = ' '
			continue
		}
		next := byte(0)
		if i+1 < len(src) {
			next = src[i+1]
		}
		switch lang {
		case model.Java, model.Scala:
			switch {
			case c == '/' && next == '/':
				i = lineComment(i, i+2)
				continue
			case c == '/' && next == '*':
				i = blockComment(i, lang == model.Scala)
				continue
			case c == '"' && bytes.HasPrefix(src[i:], []byte(`"""`)):
				i = quoted(i, `"""`, lang == model.Java, false, true)
				continue
			case c == '"':
				i = quoted(i, `"`, true, false, false)
				continue
			case c == '\'' && charLiteral(src[i:]):
				i = quoted(i, `'`, true, false, false)
				continue
			}
		case model.Python:
			switch {
			case c == '#':
				i = lineComment(i, i+1)
				continue
			case (c == '"' || c == '\'') && bytes.HasPrefix(src[i:], []byte{c, c, c}):
				i = quoted(i, string([]byte{c, c, c}), true, false, true)
				continue
			case c == '"' || c == '\'':
				i = quoted(i, string(c), true, false, false)
				continue
			}
		case model.SQL:
			switch {
			case c == '-' && next == '-':
				i = lineComment(i, i+2)
				continue
			case c == '/' && next == '*':
				i = blockComment(i, false)
				continue
			case c == '\'' || c == '"' || c == '`':
				i = quoted(i, string(c), false, true, true)
				continue
			}
		default: // YAML
			switch {
			case c == '#' && (prev == ' ' || prev == '\t'):
				i = lineComment(i, i+1)
				continue
			case (c == '\'' || c == '"') && strings.IndexByte(" \t:-[{,", prev) >= 0:
				i = quoted(i, string(c), c == '"', c == '\'', true)
				prev = c
				continue
			}
		}
		code.WriteByte(c)
		prev = c
		i++
	}
	lx.code = append(lx.code, code.String())
	lx.open = append(lx.open, 0)
	return lx
}

// charLiteral reports whether s, starting with a single quote, starts a
// character literal ('a', '\n', '\u0041') rather than a Scala symbol
// ('sym) or a stray quote.
func charLiteral(s []byte) bool {
	if len(s) >= 3 && s[1] == '\\' {
		return bytes.IndexByte(s[2:min(len(s), 10)], '\'') >= 0
	}
	if len(s) < 3 || s[1] == '\n' || s[1] == '\r' {
		return false
	}
	// One character, possibly several bytes of UTF-8, then the quote.
	for j := 2; j < min(len(s), 6); j++ {
		if s[j] == '\'' {
			return true
		}
		if s[j] < 0x80 {
			return false
		}
	}
	return false
}

// declaration matches the start of a Scala line whose "{" opens a body
// rather than a block argument of the statement.
var declaration = regexp.MustCompile(`^\s*(?:(?:private|protected|final|sealed|abstract|implicit|override|case|lazy)\s+)*(?:class|object|trait|def|if|else|for|while|try|package|do|match)\b`)

// statementEnd returns the last line of the statement that starts on
// line start: Java and SQL statements end at a ";" outside brackets (a
// Java declaration or control statement at its "{", a SQL one also at a
// blank line), Scala ones at the end of a line outside brackets that no
// operator or leading "." on the next line continues. An unbalanced
// statement covers only its first line; YAML, only its line.
func (lx *lexed) statementEnd(start int) int {
	if lx.lang == model.Config || start > len(lx.code) {
		return start
	}
	depth, last := 0, start
	for n := start; n <= len(lx.code); n++ {
		text := lx.code[n-1]
		if strings.TrimSpace(text) == "" {
			if lx.lang == model.SQL && depth == 0 && n > start {
				return last
			}
			continue
		}
		for _, c := range []byte(text) {
			switch c {
			case '(', '[':
				depth++
			case ')', ']':
				depth--
			case '{':
				if depth == 0 && (lx.lang == model.Java || declaration.MatchString(lx.code[start-1])) {
					return n
				}
				depth++
			case '}':
				depth--
			case ';':
				if depth == 0 {
					return n
				}
			}
			if depth < 0 { // the enclosing block closes: the statement ended before
				return max(start, last)
			}
		}
		last = n
		if lx.open[n-1] != 0 { // the line ends inside a string: the statement goes on
			continue
		}
		if lx.lang == model.Scala && depth == 0 && !lx.continues(n) {
			return n
		}
		if lx.lang == model.Python && depth == 0 && !strings.HasSuffix(strings.TrimRight(text, " \t"), "\\") {
			return n // a Python statement ends with its line, unless brackets or a backslash continue it
		}
	}
	if depth != 0 {
		return start
	}
	return last
}

// continues reports whether the Scala statement on line n goes on to the
// next line with code: n ends with an operator, or the next line starts
// with a "." or an operator.
func (lx *lexed) continues(n int) bool {
	text := strings.TrimSpace(lx.code[n-1])
	if text != "" && strings.IndexByte(".,=+-*/&|(:", text[len(text)-1]) >= 0 {
		return true
	}
	m := lx.nextCode(n)
	if m > len(lx.code) {
		return false
	}
	next := strings.TrimSpace(lx.code[m-1])
	return next != "" && strings.IndexByte(".+*/&|", next[0]) >= 0
}

// Directive returns what to insert in src, the text of the file at path,
// and at which offset, for a flinklint:ignore directive to silence rule on
// line (from 1) with reason. When the line ends in code, the directive is
// a comment at its end, which covers that line alone. When it ends inside
// a string or a comment (SQL in a text block or a triple-quoted string),
// where a comment would be text, the directive goes alone on a line of
// its own above the line the string starts on, and covers its statement;
// so it does above a line that holds a comment already.
//
// ok is false when no directive written so would cover the line (a
// statement the directive cannot reach, such as a block opened on the
// line a text block starts on): no directive is better than a wrong one.
func Directive(path string, src []byte, line int, rule, reason string) (offset int, text string, ok bool) {
	if Lang(path) == model.Config && inBlockScalar(src, line) {
		return 0, "", false // a comment there would be part of the value
	}
	offset, text, moved := directive(path, src, line, rule, reason)
	edited := slices.Concat(src[:offset], []byte(text), src[offset:])
	for _, ig := range ignores(path, edited) {
		if slices.Contains(ig.Rules, rule) && ig.Line <= moved && moved <= ig.End {
			return offset, text, true
		}
	}
	return 0, "", false
}

// directive returns where Directive writes its directive, and the line
// the finding's line becomes.
func directive(path string, src []byte, line int, rule, reason string) (offset int, text string, moved int) {
	lang := Lang(path)
	lx := lexComments(lang, src)
	marker := map[model.Lang]string{model.Java: "//", model.Scala: "//", model.SQL: "--", model.Python: "#"}[lang]
	if marker == "" {
		marker = "#" // YAML
	}
	directive := strings.TrimSpace(marker + " flinklint:ignore " + rule + " " + reason)
	line = max(1, min(line, len(lx.code)))
	start := LineStart(src, line)
	above := lx.open[line-1] // the line the string or comment at the line's end starts on
	if above == 0 && slices.ContainsFunc(lx.comments, func(c comment) bool { return c.line <= line && line <= c.endLine }) {
		above = line // a comment would join the one the line holds
	}
	if first := lx.logicalStart(line); lang == model.Python && (first < line || continued(lx.code[line-1])) {
		above = first // nothing may follow a backslash, nor come between its lines
	}
	if above != 0 {
		at := LineStart(src, above)
		indent := src[at : at+len(src[at:])-len(bytes.TrimLeft(src[at:], " \t"))]
		return at, string(indent) + directive + lineBreak(src), line + 1
	}
	end := start
	for end < len(src) && src[end] != '\n' && src[end] != '\r' {
		end++
	}
	return end, " " + directive, line
}

// LineStart returns the byte offset at which line n (from 1) of src
// starts, a line ending at LF, CRLF or a lone CR as in Java and YAML, and
// the end of src for a line past its last: where to show something known
// only by its line.
func LineStart(src []byte, n int) int {
	at := 0
	for ; n > 1 && at < len(src); n-- {
		i := bytes.IndexAny(src[at:], "\r\n")
		if i < 0 {
			return len(src)
		}
		at += i + 1
		if src[at-1] == '\r' && at < len(src) && src[at] == '\n' {
			at++
		}
	}
	return at
}

// lineBreak returns the line break src uses: "\r\n" or "\n".
func lineBreak(src []byte) string {
	if i := bytes.IndexByte(src, '\n'); i > 0 && src[i-1] == '\r' {
		return "\r\n"
	}
	return "\n"
}

// logicalStart returns the first line of the Python logical line that
// line is part of by backslash continuations.
func (lx *lexed) logicalStart(line int) int {
	for line > 1 && continued(lx.code[line-2]) {
		line--
	}
	return line
}

// continued reports whether a line of code ends with a backslash that
// continues it on the next.
func continued(code string) bool {
	return strings.HasSuffix(strings.TrimRight(code, " \t"), "\\")
}

// inBlockScalar reports whether line (from 1) of a YAML file is inside a
// block scalar (a value after "|" or ">"): a line indented deeper than a
// line above it that ends with the indicator.
func inBlockScalar(src []byte, line int) bool {
	lines := strings.Split(string(src), "\n")
	if line > len(lines) {
		return false
	}
	indent := func(s string) int { return len(s) - len(strings.TrimLeft(s, " ")) }
	depth := indent(lines[line-1])
	for n := line - 1; n >= 1; n-- {
		text := strings.TrimRight(lines[n-1], " \t\r")
		if strings.TrimSpace(text) == "" || indent(text) >= depth {
			continue
		}
		return blockIndicator.MatchString(text)
	}
	return false
}

// blockIndicator matches a YAML line that starts a block scalar.
var blockIndicator = regexp.MustCompile(`[:-]\s*[|>][0-9+-]*\s*(?:#.*)?$`)
