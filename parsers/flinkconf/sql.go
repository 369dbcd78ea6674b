package flinkconf

import (
	"bytes"
	"cmp"
	"errors"
	"io"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"go.yaml.in/yaml/v3"
)

// SQL is Flink SQL text that a manifest passes to a SQL runner, with the
// place in the file each of its bytes was read from.
type SQL struct {
	Text string
	// Offsets holds, for each byte of Text, the file offset of the
	// character it was read from (for a byte of an escape, the backslash;
	// for a line break YAML folded into a space, that line break), and one
	// more entry for the end of the text.
	Offsets []int
}

// ManifestSQL returns the SQL that the FlinkDeployment and FlinkSessionJob
// documents of a Kubernetes manifest pass to a SQL runner: the items of
// spec.job.args (the runner of the streamshub images takes the statements
// as its first argument) and the values of environment variables in the
// spec's pod templates (its SQL_STATEMENTS), in file order. Only text that
// looks like SQL is returned, so file paths and flags are passed over; a
// flag and its SQL in one item ("--sql CREATE ...") give the SQL.
//
// A value whose characters cannot be placed in the file exactly (an
// explicit indentation indicator, a tag) is left out rather than reported
// at the wrong place: each value is decoded from the file again and kept
// only when that gives the text YAML reads.
func ManifestSQL(src []byte) []SQL {
	var out []SQL
	lines := lineStarts(src)
	dec := yaml.NewDecoder(bytes.NewReader(src))
	for {
		var doc yaml.Node
		if err := dec.Decode(&doc); errors.Is(err, io.EOF) || err != nil {
			return out
		}
		if !isFlinkResource(&doc) || checkLimits(&doc) != nil {
			continue
		}
		spec := lookup(doc.Content[0], "spec")
		if spec == nil || spec.Kind != yaml.MappingNode {
			continue
		}
		var values []*yaml.Node
		if job := lookup(spec, "job"); job != nil && job.Kind == yaml.MappingNode {
			if args := lookup(job, "args"); args != nil && args.Kind == yaml.SequenceNode {
				values = append(values, args.Content...)
			} else if args != nil {
				values = append(values, args)
			}
		}
		values = append(values, envValues(spec)...)
		slices.SortFunc(values, func(a, b *yaml.Node) int {
			return cmp.Or(cmp.Compare(a.Line, b.Line), cmp.Compare(a.Column, b.Column))
		})
		for _, v := range values {
			if v = deref(v); v.Kind != yaml.ScalarNode || !looksLikeSQL(v.Value) {
				continue
			}
			if s, ok := decodeScalar(src, lines, v); ok {
				out = append(out, s.trimFlag())
			}
		}
	}
}

// envValues returns the values of the environment variables set anywhere
// below n (env: [{name: ..., value: ...}] of a container).
func envValues(n *yaml.Node) []*yaml.Node {
	var out []*yaml.Node
	stack := []*yaml.Node{n}
	for len(stack) > 0 {
		n := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if n.Kind == yaml.MappingNode {
			if env := lookup(n, "env"); env != nil && env.Kind == yaml.SequenceNode {
				for _, e := range env.Content {
					if e = deref(e); e.Kind == yaml.MappingNode {
						if v := lookup(e, "value"); v != nil {
							out = append(out, v)
						}
					}
				}
			}
		}
		stack = append(stack, n.Content...) // aliases are not followed: a list is not walked twice
	}
	return out
}

// sqlStart matches text that starts with a Flink SQL statement keyword,
// after white space, comments and at most one command-line flag.
var sqlStart = regexp.MustCompile(`(?is)^(?:\s|--[^\n]*\n|/\*.*?\*/)*(?:-{1,2}[a-z][\w.-]*(?:=|\s+))?(?:\s|--[^\n]*\n|/\*.*?\*/)*` +
	`(?:CREATE|INSERT|SELECT|SET|RESET|WITH|EXECUTE|BEGIN|USE|LOAD|UNLOAD|ALTER|DROP|EXPLAIN|SHOW|DESCRIBE|DELETE|UPDATE|TRUNCATE|CALL)\b`)

// flag matches a leading command-line flag: "--sql " or "-e=".
var flag = regexp.MustCompile(`^\s*-{1,2}[a-zA-Z][\w.-]*(?:=|\s+)`)

func looksLikeSQL(s string) bool { return sqlStart.MatchString(s) }

// trimFlag drops a leading flag when what follows it is the SQL: a "--sql"
// on its own would otherwise read as a SQL comment running to the end of
// the line.
func (s SQL) trimFlag() SQL {
	loc := flag.FindStringIndex(s.Text)
	if loc == nil || !looksLikeSQL(s.Text[loc[1]:]) {
		return s
	}
	return SQL{Text: s.Text[loc[1]:], Offsets: s.Offsets[loc[1]:]}
}

// lineStarts returns the offset of each line of src (LF, CRLF or CR), as
// YAML counts them.
func lineStarts(src []byte) []int {
	starts := []int{0}
	for i := 0; i < len(src); i++ {
		if src[i] == '\n' || src[i] == '\r' && (i+1 == len(src) || src[i+1] != '\n') {
			starts = append(starts, i+1)
		}
	}
	return starts
}

// offset converts a node's line and column (1-based, in characters after
// any byte-order mark) to a byte offset, or -1.
func offset(src []byte, lines []int, n *yaml.Node) int {
	if n.Line < 1 || n.Line > len(lines) {
		return -1
	}
	off := lines[n.Line-1]
	if n.Line == 1 && bytes.HasPrefix(src, []byte("\uFEFF")) {
		off += 3
	}
	for c := 1; c < n.Column && off < len(src); c++ {
		_, size := utf8.DecodeRune(src[off:])
		off += size
	}
	return off
}

// decodeScalar reads the scalar n again from the file, keeping where each
// byte of its value comes from. It reports false when that does not give
// the value YAML read.
func decodeScalar(src []byte, lines []int, n *yaml.Node) (SQL, bool) {
	start := offset(src, lines, n)
	if start < 0 || start >= len(src) {
		return SQL{}, false
	}
	d := &scalarDecoder{src: src}
	switch {
	case n.Style&yaml.DoubleQuotedStyle != 0 && src[start] == '"',
		n.Style&yaml.SingleQuotedStyle != 0 && src[start] == '\'':
		d.flow(start+1, src[start], len(n.Value))
	case n.Style&(yaml.LiteralStyle|yaml.FoldedStyle) != 0 && (src[start] == '|' || src[start] == '>'):
		if !d.block(start) {
			return SQL{}, false
		}
		// the chomping indicator keeps some or none of the final line breaks
		if len(d.out) < len(n.Value) || strings.Trim(string(d.out[len(n.Value):]), "\n") != "" {
			return SQL{}, false
		}
		d.out, d.offs = d.out[:len(n.Value)], d.offs[:len(n.Value)]
	case n.Style&^yaml.FlowStyle == 0:
		d.flow(start, 0, len(n.Value))
	default:
		return SQL{}, false
	}
	if string(d.out) != n.Value {
		return SQL{}, false
	}
	end := d.end
	if len(d.offs) > 0 {
		// a line break YAML adds at the end of the file has no byte of its
		// own: it stands at len(src), and so does the end
		end = min(d.offs[len(d.offs)-1]+1, len(src))
	}
	return SQL{Text: n.Value, Offsets: append(d.offs, end)}, true
}

type scalarDecoder struct {
	src  []byte
	out  []byte
	offs []int // offs[i]: file offset of out[i]
	end  int
}

func (d *scalarDecoder) emit(off int, b ...byte) {
	for _, c := range b {
		d.out = append(d.out, c)
		d.offs = append(d.offs, off)
	}
}

func isBreak(c byte) bool { return c == '\n' || c == '\r' }

// lineBreak steps over the line break at i and returns the offset after it.
func (d *scalarDecoder) lineBreak(i int) int {
	if d.src[i] == '\r' && i+1 < len(d.src) && d.src[i+1] == '\n' {
		return i + 2
	}
	return i + 1
}

// fold reads the line break at i of a flow scalar and the empty lines
// after it: one break is a space, each empty line a line feed. Leading
// white space of the next line is not content. It returns where the next
// line's content starts.
func (d *scalarDecoder) fold(i int, escaped bool) int {
	at := i
	i = d.lineBreak(i)
	empty := 0
	for {
		j := i
		for j < len(d.src) && (d.src[j] == ' ' || d.src[j] == '\t') {
			j++
		}
		if j < len(d.src) && isBreak(d.src[j]) {
			empty++
			i = d.lineBreak(j)
			continue
		}
		i = j
		break
	}
	if empty == 0 && !escaped {
		d.emit(at, ' ')
	}
	for range empty {
		d.emit(at, '\n')
	}
	return i
}

// flow decodes a quoted scalar from i, just after its opening quote q, to
// its closing quote, or a plain one (q is 0) until want bytes are read.
func (d *scalarDecoder) flow(i int, q byte, want int) {
	for i < len(d.src) {
		c := d.src[i]
		switch {
		case q == 0 && len(d.out) >= want:
			return
		case q != 0 && c == q && (q != '\'' || i+1 >= len(d.src) || d.src[i+1] != '\''):
			d.end = i
			return
		case q == '\'' && c == '\'':
			d.emit(i, '\'')
			i += 2
		case c == ' ' || c == '\t':
			j := i
			for j < len(d.src) && (d.src[j] == ' ' || d.src[j] == '\t') {
				j++
			}
			if j < len(d.src) && isBreak(d.src[j]) {
				i = j // white space before a line break is not content
				continue
			}
			for ; i < j; i++ {
				d.emit(i, d.src[i])
			}
		case isBreak(c):
			i = d.fold(i, false)
		case q == '"' && c == '\\':
			i = d.escape(i)
		default:
			d.emit(i, c)
			i++
		}
	}
}

// escapes are the one-character escapes of double-quoted YAML.
var escapes = map[byte]string{
	'0': "\x00", 'a': "\a", 'b': "\b", 't': "\t", '\t': "\t", 'n': "\n", 'v': "\v", 'f': "\f", 'r': "\r",
	'e': "\x1b", ' ': " ", '"': "\"", '/': "/", '\\': "\\", 'N': "\u0085", '_': "\u00a0", 'L': "\u2028", 'P': "\u2029",
}

// escape decodes the escape at i (a backslash) and returns the offset
// after it.
func (d *scalarDecoder) escape(i int) int {
	if i+1 >= len(d.src) {
		return i + 1
	}
	c := d.src[i+1]
	if isBreak(c) {
		return d.fold(i+1, true)
	}
	if s, ok := escapes[c]; ok {
		d.emit(i, []byte(s)...)
		return i + 2
	}
	digits := map[byte]int{'x': 2, 'u': 4, 'U': 8}[c]
	if digits == 0 || i+2+digits > len(d.src) {
		return i + 2 // an invalid escape: the value will not match
	}
	r, err := strconv.ParseUint(string(d.src[i+2:i+2+digits]), 16, 32)
	if err != nil {
		return i + 2
	}
	d.emit(i, utf8.AppendRune(nil, rune(r))...)
	return i + 2 + digits
}

// block decodes a literal (|) or folded (>) block scalar whose indicator is
// at i, with all of its final line breaks. It reports false for a header
// it does not read (an explicit indentation indicator).
func (d *scalarDecoder) block(i int) bool {
	folded := d.src[i] == '>'
	i++
	for i < len(d.src) && (d.src[i] == '+' || d.src[i] == '-') {
		i++
	}
	for i < len(d.src) && !isBreak(d.src[i]) {
		if c := d.src[i]; c == '#' {
			for i < len(d.src) && !isBreak(d.src[i]) {
				i++
			}
			break
		} else if c != ' ' && c != '\t' {
			return false
		}
		i++
	}
	if i >= len(d.src) {
		return true
	}
	at := i // the line break before the next line
	i = d.lineBreak(i)
	indent := -1
	type kind uint8
	const (
		none kind = iota
		text
		spaced
	)
	prev, empties := none, 0
	for i < len(d.src) {
		j := i
		for j < len(d.src) && d.src[j] == ' ' {
			j++
		}
		if (j >= len(d.src) || isBreak(d.src[j])) && (indent < 0 || j-i <= indent) { // an empty line
			if prev == none {
				d.emit(at, '\n')
			} else {
				empties++
			}
			at, i = j, j
			if j < len(d.src) {
				i = d.lineBreak(j)
			}
			continue
		}
		if indent < 0 {
			indent = j - i
		}
		if j-i < indent || indent == 0 {
			break // the block ends at a less indented line
		}
		content := i + indent
		cur := text
		if c := d.src[content]; c == ' ' || c == '\t' {
			cur = spaced
		}
		switch {
		case prev == none:
		case folded && prev == text && cur == text && empties == 0:
			d.emit(at, ' ')
		case folded && prev == text && cur == text:
		default:
			d.emit(at, '\n')
		}
		for range empties {
			d.emit(at, '\n')
		}
		prev, empties = cur, 0
		e := content
		for e < len(d.src) && !isBreak(d.src[e]) {
			d.emit(e, d.src[e])
			e++
		}
		at, i = e, e
		if e < len(d.src) {
			i = d.lineBreak(e)
		}
	}
	if prev != none && at < len(d.src) {
		d.emit(at, '\n')
	}
	for range empties {
		d.emit(at, '\n')
	}
	return true
}
