package parsers_test

import (
	"fmt"
	"strings"
	"testing"
	"unicode/utf16"

	"github.com/flinklint/flinklint/parsers/model"
)

// The same job with LF, CRLF or lone CR line endings, with or without a
// UTF-8 byte-order mark, or in UTF-16 with a byte-order mark, gets the same
// line:col for every node.
func TestEncodingsAndLineEndings(t *testing.T) {
	const job = "class Job {\n  void f() {\n    ks.window(GlobalWindows.create()).sum(1);\n  }\n}\n"
	utf16With := func(bom []byte, big bool) string {
		out := append([]byte(nil), bom...)
		for _, u := range utf16.Encode([]rune(job)) {
			if big {
				out = append(out, byte(u>>8), byte(u))
			} else {
				out = append(out, byte(u), byte(u>>8))
			}
		}
		return string(out)
	}
	variants := map[string]string{
		"LF.java":      job,
		"CRLF.java":    strings.ReplaceAll(job, "\n", "\r\n"),
		"CR.java":      strings.ReplaceAll(job, "\n", "\r"),
		"BOM.java":     "\xEF\xBB\xBF" + job,
		"BOMCRLF.java": "\xEF\xBB\xBF" + strings.ReplaceAll(job, "\n", "\r\n"),
		"UTF16LE.java": utf16With([]byte{0xFF, 0xFE}, false),
		"UTF16BE.java": utf16With([]byte{0xFE, 0xFF}, true),
	}
	res, run := load(t, variants)
	if len(run.Problems) > 0 {
		t.Errorf("problems: %v", run.Problems)
	}
	outline := map[string]string{}
	for _, f := range res.Files() {
		var b strings.Builder
		f.Inspect(func(n *model.Node) bool {
			p := res.Fset.Position(n.Pos)
			fmt.Fprintf(&b, "%d:%d %s\n", p.Line, p.Column, n.Name)
			return true
		})
		outline[f.Path[strings.LastIndexByte(f.Path, '/')+1:]] = b.String()
	}
	if len(outline) != len(variants) {
		t.Fatalf("parsed %d files, want %d", len(outline), len(variants))
	}
	for name, o := range outline {
		if o != outline["LF.java"] {
			t.Errorf("%s:\n%s\nwant, as with LF:\n%s", name, o, outline["LF.java"])
		}
	}
	digests := res.Digests()
	for _, f := range res.Files() {
		name := f.Path[strings.LastIndexByte(f.Path, '/')+1:]
		if _, fixable := digests[f.Path]; fixable != !strings.HasPrefix(name, "UTF16") {
			t.Errorf("%s: fixable = %v; only files analyzed as their bytes are", name, fixable)
		}
	}
}
