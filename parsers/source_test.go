package parsers_test

import (
	"fmt"
	"go/token"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
	"unicode/utf16"

	"golang.org/x/tools/go/analysis"

	"github.com/flinklint/flinklint/parsers"
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
			p := res.Fset.Position(n.Pos())
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

// A panic while reading one file (here in ReadFile) is an internal-error
// problem for that file; the other files are still parsed, and the run
// ends even with a single worker.
func TestPanicWhileReading(t *testing.T) {
	dir := t.TempDir()
	for name, src := range map[string]string{"Bad.java": "class Bad { Watermark w; }", "Good.java": "class Good { Watermark w; }"} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	pass := &analysis.Pass{
		Fset:       token.NewFileSet(),
		OtherFiles: []string{filepath.Join(dir, "Bad.java"), filepath.Join(dir, "Good.java")},
		ReadFile: func(p string) ([]byte, error) {
			if strings.HasSuffix(p, "Bad.java") {
				panic("boom")
			}
			return parsers.ReadFile(p)
		},
	}
	done := make(chan *parsers.Result)
	go func() {
		res, err := parsers.Options{Workers: 1}.Parse(pass)
		if err != nil {
			t.Error(err)
		}
		done <- res
	}()
	select {
	case res := <-done:
		if n := len(res.Files()); n != 1 {
			t.Errorf("%d files parsed, want 1 (Good.java)", n)
		}
		if ps := res.Problems(); len(ps) != 1 || !ps[0].Internal || !strings.Contains(ps[0].Message, "boom") {
			t.Errorf("problems = %v", ps)
		}
	case <-time.After(time.Minute):
		t.Fatal("the parse did not end")
	}
}

// A file parsed on demand is loaded once, whichever of the names it
// declares is resolved first.
func TestLoadedOnce(t *testing.T) {
	res, _ := load(t, map[string]string{
		"Outer.java": "class Outer { static class Inner {} }",
		"Job.java":   "class Job { Watermark w; }",
	})
	res.Classes("Outer")
	res.Classes("Inner")
	if n := len(res.Files()); n != 2 {
		t.Errorf("%d files, want 2: Outer.java was loaded again for Inner", n)
	}
}
