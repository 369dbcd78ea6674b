package analyzer

import (
	"bytes"
	"fmt"
	"io"
	"strings"
)

// diffContext is the number of unchanged lines around each hunk, as diff -u
// and git diff write them.
const diffContext = 3

// writeUnified writes the unified diff that turns old into new, the
// contents of the file at name (a slash-separated path relative to the
// directory the diff is applied from), to w: "--- a/name" and
// "+++ b/name", hunks with diffContext lines of context, and "\ No newline
// at end of file" after a last line without one, so that patch -p1 and git
// apply accept it. An absolute name (a file outside that directory) loses
// its leading slash, as in git diff --no-index: "--- a/tmp/Job.java", to
// apply from the root. It writes nothing when old equals new.
func writeUnified(w io.Writer, name string, old, new []byte) error {
	name = strings.TrimPrefix(name, "/")
	a, b := splitLines(old), splitLines(new)
	ops := lineDiff(a, b)
	if len(ops) == 0 {
		return nil
	}
	var out bytes.Buffer
	fmt.Fprintf(&out, "--- %s\n+++ %s\n", diffName("a/"+name), diffName("b/"+name))
	for i := 0; i < len(ops); {
		// A hunk takes the edits whose gaps are at most two contexts wide.
		j := i + 1
		for j < len(ops) && ops[j].a-ops[j-1].a2 <= 2*diffContext {
			j++
		}
		first, last := ops[i], ops[j-1]
		a1 := max(first.a-diffContext, 0)
		a2 := min(last.a2+diffContext, len(a))
		b1 := first.b - (first.a - a1)
		b2 := last.b2 + (a2 - last.a2)
		fmt.Fprintf(&out, "@@ -%s +%s @@\n", hunkRange(a1, a2), hunkRange(b1, b2))
		at := a1
		for _, op := range ops[i:j] {
			writeLines(&out, ' ', a[at:op.a])
			writeLines(&out, '-', a[op.a:op.a2])
			writeLines(&out, '+', b[op.b:op.b2])
			at = op.a2
		}
		writeLines(&out, ' ', a[at:a2])
		i = j
	}
	_, err := w.Write(out.Bytes())
	return err
}

// diffName writes a file name for a diff's header as git does: in double
// quotes, with C escapes, when it holds a control character, a quote or a
// backslash; followed by a tab, which ends it, when it holds a space.
func diffName(name string) string {
	if strings.ContainsFunc(name, func(r rune) bool { return r < ' ' || r == 0x7f || r == '"' || r == '\\' }) {
		var b strings.Builder
		b.WriteByte('"')
		for i := 0; i < len(name); i++ {
			switch c := name[i]; {
			case c == '"' || c == '\\':
				b.WriteByte('\\')
				b.WriteByte(c)
			case c < ' ' || c == 0x7f:
				fmt.Fprintf(&b, "\\%03o", c)
			default:
				b.WriteByte(c)
			}
		}
		b.WriteByte('"')
		return b.String()
	}
	if strings.Contains(name, " ") {
		return name + "\t"
	}
	return name
}

// hunkRange is a hunk header's range of the lines [from, to), 0-based: the
// first line (1-based) and the count, the count left out when it is 1, and
// the line before the range given when it is empty.
func hunkRange(from, to int) string {
	switch to - from {
	case 0:
		return fmt.Sprintf("%d,0", from)
	case 1:
		return fmt.Sprintf("%d", from+1)
	}
	return fmt.Sprintf("%d,%d", from+1, to-from)
}

// writeLines writes lines, each after prefix; a line without its line
// break gets one, and the marker that says the file has none.
func writeLines(out *bytes.Buffer, prefix byte, lines [][]byte) {
	for _, l := range lines {
		out.WriteByte(prefix)
		out.Write(l)
		if !bytes.HasSuffix(l, []byte("\n")) {
			out.WriteString("\n\\ No newline at end of file\n")
		}
	}
}

// splitLines splits src after each "\n"; the last line may lack one. A
// "\r" stays part of its line, so CRLF files diff line by line too.
func splitLines(src []byte) [][]byte {
	var lines [][]byte
	for len(src) > 0 {
		i := bytes.IndexByte(src, '\n') + 1
		if i == 0 {
			i = len(src)
		}
		lines = append(lines, src[:i])
		src = src[i:]
	}
	return lines
}

// lineOp replaces the lines a[a:a2] of the old file with b[b:b2] of the
// new one.
type lineOp struct{ a, a2, b, b2 int }

// lineDiff returns the replacements that turn a into b, in order, none
// adjacent to the next: a shortest edit script (Myers' algorithm, in time
// and space that grow with the number of lines changed, which fixes keep
// small), after the common head and tail are set aside.
func lineDiff(a, b [][]byte) []lineOp {
	head := 0
	for head < len(a) && head < len(b) && bytes.Equal(a[head], b[head]) {
		head++
	}
	tail := 0
	for tail < len(a)-head && tail < len(b)-head && bytes.Equal(a[len(a)-1-tail], b[len(b)-1-tail]) {
		tail++
	}
	ma, mb := a[head:len(a)-tail], b[head:len(b)-tail]
	var ops []lineOp
	for _, op := range myers(ma, mb) {
		op.a, op.a2, op.b, op.b2 = op.a+head, op.a2+head, op.b+head, op.b2+head
		if n := len(ops); n > 0 && ops[n-1].a2 == op.a && ops[n-1].b2 == op.b {
			ops[n-1].a2, ops[n-1].b2 = op.a2, op.b2
			continue
		}
		ops = append(ops, op)
	}
	return ops
}

// myers returns the single-line deletions and insertions of a shortest
// edit script from a to b. It keeps the furthest-reaching path of each
// diagonal k = x-y for each number of edits d, to walk back from the end.
func myers(a, b [][]byte) []lineOp {
	n, m := len(a), len(b)
	if n == 0 && m == 0 {
		return nil
	}
	off := n + m
	v := make([]int, 2*(n+m)+2)
	var trace [][]int // trace[d][k+d] is the furthest x on diagonal k after d edits
	done := false
	for d := 0; !done; d++ {
		for k := -d; k <= d; k += 2 {
			var x int
			if k == -d || k != d && v[off+k-1] < v[off+k+1] {
				x = v[off+k+1] // down: an insertion
			} else {
				x = v[off+k-1] + 1 // right: a deletion
			}
			y := x - k
			for x < n && y < m && bytes.Equal(a[x], b[y]) {
				x, y = x+1, y+1
			}
			v[off+k] = x
			done = done || x >= n && y >= m
		}
		trace = append(trace, append([]int(nil), v[off-d:off+d+1]...))
	}
	var ops []lineOp
	x, y := n, m
	for d := len(trace) - 1; d > 0; d-- {
		prev := trace[d-1] // diagonals -(d-1)..d-1 at prev[k+d-1]
		k := x - y
		var pk int
		if k == -d || k != d && prev[k-1+d-1] < prev[k+1+d-1] {
			pk = k + 1
		} else {
			pk = k - 1
		}
		px := prev[pk+d-1]
		py := px - pk
		if pk == k+1 { // an insertion of b[py]
			ops = append(ops, lineOp{a: px, a2: px, b: py, b2: py + 1})
		} else { // a deletion of a[px]
			ops = append(ops, lineOp{a: px, a2: px + 1, b: py, b2: py})
		}
		x, y = px, py
	}
	for i, j := 0, len(ops)-1; i < j; i, j = i+1, j-1 {
		ops[i], ops[j] = ops[j], ops[i]
	}
	return ops
}
