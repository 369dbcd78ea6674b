package analyzer

import (
	"bytes"
	"errors"
	"go/token"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"golang.org/x/tools/go/analysis"

	"github.com/flinklint/flinklint/internal/fixes"
	"github.com/flinklint/flinklint/parsers"
)

// markRule is a rule for these tests: it reports every occurrence of the
// words of repl in the files, with a fix replacing the word by its
// replacement and inserting header at the start of the file. A word whose
// replacement is "" is reported without a fix. The fix is declared safe
// when safe is set, and declares nothing otherwise (which makes it unsafe).
type markRule struct {
	name   string
	repl   map[string]string
	header string
	safe   bool
}

func (m markRule) analyzer() *analysis.Analyzer {
	return &analysis.Analyzer{
		Name:     m.name,
		Doc:      "test rule",
		Requires: []*analysis.Analyzer{parsers.Analyzer},
		Run: func(pass *analysis.Pass) (any, error) {
			files := map[string]*token.File{}
			pass.Fset.Iterate(func(f *token.File) bool { files[f.Name()] = f; return true })
			for _, name := range pass.OtherFiles {
				tf := files[name]
				src, err := pass.ReadFile(name)
				if tf == nil || err != nil {
					continue
				}
				src = analyzedText(src)
				for word, repl := range m.repl {
					for off := 0; ; off += len(word) {
						i := bytes.Index(src[off:], []byte(word))
						if i < 0 {
							break
						}
						off += i
						d := analysis.Diagnostic{Pos: tf.Pos(off), End: tf.Pos(off + len(word)), Message: word}
						if repl != "" {
							edits := []analysis.TextEdit{{Pos: d.Pos, End: d.End, NewText: []byte(repl)}}
							if m.header != "" {
								edits = append(edits, analysis.TextEdit{Pos: tf.Pos(0), NewText: []byte(m.header)})
							}
							d.SuggestedFixes = []analysis.SuggestedFix{{Message: "fix", TextEdits: edits}}
							if m.safe {
								d.SuggestedFixes[0] = fixes.New(fixes.Safe, "fix", edits...)
							}
						}
						pass.Report(d)
					}
				}
			}
			return nil, nil
		},
	}
}

// analyzedText is the text the parsers analyze of the files these tests
// write: without a UTF-8 byte-order mark, and ASCII text in UTF-16LE
// decoded.
func analyzedText(src []byte) []byte {
	if !bytes.HasPrefix(src, []byte{0xFF, 0xFE}) {
		return bytes.TrimPrefix(src, utf8BOM)
	}
	var txt []byte
	for i := 2; i < len(src); i += 2 {
		txt = append(txt, src[i])
	}
	return txt
}

func rulesOf(ms ...markRule) []*analysis.Analyzer {
	var out []*analysis.Analyzer
	for _, m := range ms {
		out = append(out, m.analyzer())
	}
	return out
}

var (
	badRule   = markRule{name: "bad", repl: map[string]string{"BAD": "GOOD"}}
	needRule  = markRule{name: "need", repl: map[string]string{"NEEDX": "HASX"}, header: "-- import x;\n"}
	noFixRule = markRule{name: "nofix", repl: map[string]string{"NOFIX": ""}}
	// upperA and upperB suggest overlapping fixes for "ab"; both apply, in
	// two rounds.
	upperA = markRule{name: "upper-a", repl: map[string]string{"ab": "Ab"}}
	upperB = markRule{name: "upper-b", repl: map[string]string{"ab": "aB", "Ab": "AB"}}
	// growRule's fix applies again to its own output, for ever.
	growRule = markRule{name: "grow", repl: map[string]string{"GROW": "GROW."}}
)

// writeFile writes the file a.sql of the test's directory dir and returns
// its path.
func writeFile(t *testing.T, dir, content string) string {
	t.Helper()
	path := filepath.Join(dir, "a.sql")
	if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

func readFile(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// noTempFiles fails the test if a temporary file of a fix is left in dir.
func noTempFiles(t *testing.T, dir string) {
	t.Helper()
	left, _ := filepath.Glob(filepath.Join(dir, ".*.flinklint-*"))
	if len(left) > 0 {
		t.Errorf("temporary files left behind: %v", left)
	}
}

func messages(ps []Problem) string {
	var out []string
	for _, p := range ps {
		out = append(out, p.String())
	}
	return strings.Join(out, "\n")
}

// Fix applies every fix, equal edits of several fixes once, and reports
// the findings left at their positions in the fixed file.
func TestFixReportsFinalPositions(t *testing.T) {
	dir := t.TempDir()
	path := writeFile(t, dir, "-- NEEDX NEEDX\n-- BAD BAD\n-- NOFIX\n")
	final, fixed, notes, err := (Options{}).Fix([]string{dir}, rulesOf(needRule, badRule, noFixRule), FixOptions{Rounds: FixRounds, Unsafe: true})
	if err != nil || len(notes) > 0 {
		t.Fatalf("err %v, notes:\n%s", err, messages(notes))
	}
	if want := "-- import x;\n-- HASX HASX\n-- GOOD GOOD\n-- NOFIX\n"; readFile(t, path) != want {
		t.Errorf("fixed file:\n%s\nwant:\n%s", readFile(t, path), want)
	}
	if fixed != 4 {
		t.Errorf("fixed %d findings, want 4", fixed)
	}
	if len(final.Diagnostics) != 1 || final.Diagnostics[0].Position.String() != path+":4:4" {
		t.Errorf("findings left: %+v, want nofix at %s:4:4", final.Diagnostics, path)
	}
	noTempFiles(t, dir)
}

// The line breaks a fix inserts are the file's own; a UTF-8 byte-order mark
// stays first.
func TestFixKeepsLineEndings(t *testing.T) {
	for _, tc := range []struct{ name, bom, eol string }{
		{"LF", "", "\n"}, {"CRLF", "", "\r\n"}, {"CR", "", "\r"}, {"BOM+CRLF", "\xEF\xBB\xBF", "\r\n"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			lines := func(ls ...string) string { return tc.bom + strings.Join(ls, tc.eol) + tc.eol }
			path := writeFile(t, dir, lines("-- one", "-- NEEDX", "-- NOFIX"))
			final, _, notes, err := (Options{}).Fix([]string{dir}, rulesOf(needRule, noFixRule), FixOptions{Rounds: FixRounds, Unsafe: true})
			if err != nil || len(notes) > 0 {
				t.Fatalf("err %v, notes:\n%s", err, messages(notes))
			}
			if got, want := readFile(t, path), lines("-- import x;", "-- one", "-- HASX", "-- NOFIX"); got != want {
				t.Errorf("fixed file %q, want %q", got, want)
			}
			if len(final.Diagnostics) != 1 || final.Diagnostics[0].Position.Line != 4 || final.Diagnostics[0].Position.Column != 4 {
				t.Errorf("findings left: %+v, want one at 4:4", final.Diagnostics)
			}
		})
	}
}

// Overlapping fixes are applied one round after the other; a single round
// names the one it left by line and column.
func TestOverlappingFixes(t *testing.T) {
	dir := t.TempDir()
	path := writeFile(t, dir, "-- ab ab\n")
	res, err := Run([]string{dir}, rulesOf(upperA, upperB))
	if err != nil {
		t.Fatal(err)
	}
	fixed, err := Fix(res)
	if len(fixed) != 2 || readFile(t, path) != "-- Ab Ab\n" {
		t.Errorf("one round fixed %d findings, file %q; want 2 and the fixes of upper-a", len(fixed), readFile(t, path))
	}
	if err == nil || !regexp.MustCompile(`a\.sql:1:4: fix of rule upper-b overlaps another fix`).MatchString(err.Error()) {
		t.Errorf("error %v, want the position of the fix left", err)
	}

	writeFile(t, dir, "-- ab ab\n")
	final, n, notes, err := (Options{}).Fix([]string{dir}, rulesOf(upperA, upperB), FixOptions{Rounds: FixRounds, Unsafe: true})
	if err != nil || len(notes) > 0 || n != 4 || len(final.Diagnostics) != 0 {
		t.Errorf("err %v, fixed %d, findings left %d, notes:\n%s", err, n, len(final.Diagnostics), messages(notes))
	}
	if readFile(t, path) != "-- AB AB\n" {
		t.Errorf("fixed file %q", readFile(t, path))
	}
}

// Apply names overlapping edits by position, not by offset.
func TestApplyOverlapMessage(t *testing.T) {
	src := []byte("line one\nline two\n")
	fset := token.NewFileSet()
	tf := fset.AddFile("a.sql", -1, len(src))
	tf.SetLinesForContent(src)
	_, err := Apply(fset, src, []analysis.TextEdit{
		{Pos: tf.Pos(9), End: tf.Pos(13), NewText: []byte("LINE")},
		{Pos: tf.Pos(11), End: tf.Pos(17), NewText: []byte("x")},
	})
	if err == nil || err.Error() != "overlapping fixes at a.sql:2:3" {
		t.Errorf("error %v", err)
	}
}

// A fix that applies again to its own output stops at the bound, with a
// note naming the rule.
func TestFixStopsAtTheBound(t *testing.T) {
	dir := t.TempDir()
	path := writeFile(t, dir, "-- GROW\n")
	final, fixed, notes, err := (Options{}).Fix([]string{dir}, rulesOf(growRule), FixOptions{Rounds: 3, Unsafe: true})
	if err != nil {
		t.Fatal(err)
	}
	if readFile(t, path) != "-- GROW...\n" || fixed != 3 || len(final.Diagnostics) != 1 {
		t.Errorf("file %q, fixed %d, findings left %d", readFile(t, path), fixed, len(final.Diagnostics))
	}
	if len(notes) != 1 || !strings.Contains(notes[0].String(), "a.sql:1:4: fix of rule grow not applied: still suggested after 3 rounds") {
		t.Errorf("notes:\n%s", messages(notes))
	}
}

// A file reached by several names (a symbolic link, a hard link, a
// directory and a path in it) is fixed once, and a link stays a link.
func TestFixEachRealFileOnce(t *testing.T) {
	dir, other := t.TempDir(), t.TempDir()
	path := writeFile(t, dir, "-- NEEDX\n")
	link, hard := filepath.Join(other, "link.sql"), filepath.Join(other, "hard.sql")
	if err := os.Symlink(path, link); err != nil {
		t.Fatal(err)
	}
	if err := os.Link(path, hard); err != nil {
		t.Fatal(err)
	}
	res, err := Options{}.runFiles([]string{path, link, hard}, nil, time.Time{}, nil, rulesOf(needRule))
	if err != nil {
		t.Fatal(err)
	}
	r := applyFixes(res, true, toDisk{write: writeData})
	if r.err != nil || len(r.notes) > 0 || len(r.fixed) != len(res.Diagnostics) {
		t.Errorf("err %v, fixed %d of %d, notes:\n%s", r.err, len(r.fixed), len(res.Diagnostics), messages(r.notes))
	}
	if want := "-- import x;\n-- HASX\n"; readFile(t, path) != want {
		t.Errorf("fixed file %q, want %q", readFile(t, path), want)
	}
	if fi, err := os.Lstat(link); err != nil || fi.Mode()&os.ModeSymlink == 0 {
		t.Errorf("the symbolic link was replaced: %v %v", fi, err)
	}

	writeFile(t, dir, "-- NEEDX\n")
	if _, _, notes, err := (Options{}).Fix([]string{dir, path, link}, rulesOf(needRule), FixOptions{Rounds: FixRounds, Unsafe: true}); err != nil || len(notes) > 0 {
		t.Errorf("err %v, notes:\n%s", err, messages(notes))
	}
	if want := "-- import x;\n-- HASX\n"; readFile(t, path) != want {
		t.Errorf("fixed file %q, want %q", readFile(t, path), want)
	}
}

// A file that changed after it was analyzed, or was analyzed as decoded
// text, is left as it is, with a note.
func TestFixChecksTheContent(t *testing.T) {
	dir := t.TempDir()
	path := writeFile(t, dir, "-- BAD\n")
	res, err := Run([]string{dir}, rulesOf(badRule))
	if err != nil {
		t.Fatal(err)
	}
	edited := "-- an editor saved this\n-- BAD\n"
	writeFile(t, dir, edited)
	r := applyFixes(res, true, toDisk{write: writeData})
	if len(r.fixed) > 0 || r.err != nil || messages(r.notes) != path+": changed since it was analyzed; not fixed" {
		t.Errorf("fixed %d, err %v, notes:\n%s", len(r.fixed), r.err, messages(r.notes))
	}
	if readFile(t, path) != edited {
		t.Errorf("file %q", readFile(t, path))
	}

	utf16 := []byte{0xFF, 0xFE}
	for _, c := range "-- BAD\n" {
		utf16 = append(utf16, byte(c), 0)
	}
	if err := os.WriteFile(path, utf16, 0o644); err != nil {
		t.Fatal(err)
	}
	// Another file keeps Fix going for two rounds; the UTF-16 file is
	// noted once.
	other := filepath.Join(dir, "b.sql")
	if err := os.WriteFile(other, []byte("-- ab\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	_, fixed, notes, err := (Options{}).Fix([]string{dir}, rulesOf(badRule, upperA, upperB), FixOptions{Rounds: FixRounds, Unsafe: true})
	if fixed != 2 || err != nil || messages(notes) != path+": not fixed: it was analyzed as decoded text, so fixes cannot be applied to its bytes" {
		t.Errorf("fixed %d, err %v, notes:\n%s", fixed, err, messages(notes))
	}
	if readFile(t, path) != string(utf16) {
		t.Errorf("UTF-16 file changed: %q", readFile(t, path))
	}
}

// A failed write leaves the file as it was, and no temporary file.
func TestFixWriteFailures(t *testing.T) {
	const content = "-- BAD BAD BAD\n"
	t.Run("write", func(t *testing.T) {
		dir := t.TempDir()
		path := writeFile(t, dir, content)
		full := func(f *os.File, data []byte) error {
			_, _ = f.Write(data[:len(data)/2])
			return &os.PathError{Op: "write", Path: f.Name(), Err: syscall.ENOSPC}
		}
		_, fixed, _, err := Options{}.fixAll([]string{dir}, rulesOf(badRule), FixOptions{Rounds: FixRounds, Unsafe: true}, toDisk{write: full})
		if !errors.Is(err, syscall.ENOSPC) || !strings.Contains(err.Error(), "a.sql: not fixed, left as it was") || fixed != 0 {
			t.Errorf("err %v, fixed %d", err, fixed)
		}
		if readFile(t, path) != content {
			t.Errorf("file %q", readFile(t, path))
		}
		noTempFiles(t, dir)
	})
	t.Run("read-only directory", func(t *testing.T) {
		dir := t.TempDir()
		path := writeFile(t, dir, content)
		if err := os.Chmod(dir, 0o555); err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { _ = os.Chmod(dir, 0o755) })
		if f, err := os.CreateTemp(dir, "probe"); err == nil {
			_ = f.Close()
			_ = os.Remove(f.Name())
			t.Skip("the directory stays writable (running as root)")
		}
		_, fixed, _, err := (Options{}).Fix([]string{dir}, rulesOf(badRule), FixOptions{Rounds: FixRounds, Unsafe: true})
		if !errors.Is(err, os.ErrPermission) || fixed != 0 || readFile(t, path) != content {
			t.Errorf("err %v, fixed %d, file %q", err, fixed, readFile(t, path))
		}
	})
	t.Run("changed while written", func(t *testing.T) {
		dir := t.TempDir()
		path := writeFile(t, dir, content)
		const edited = "-- saved by an editor meanwhile\n"
		save := func(f *os.File, data []byte) error {
			writeFile(t, dir, edited)
			return writeData(f, data)
		}
		_, fixed, notes, err := Options{}.fixAll([]string{dir}, rulesOf(badRule), FixOptions{Rounds: FixRounds, Unsafe: true}, toDisk{write: save})
		if err != nil || fixed != 0 || messages(notes) != path+": changed while it was being fixed; not fixed" {
			t.Errorf("err %v, fixed %d, notes:\n%s", err, fixed, messages(notes))
		}
		if readFile(t, path) != edited {
			t.Errorf("file %q", readFile(t, path))
		}
		noTempFiles(t, dir)
	})
}

// The fixed file keeps its mode and, when flinklint may set it, its owner.
func TestFixKeepsModeAndOwner(t *testing.T) {
	dir := t.TempDir()
	path := writeFile(t, dir, "-- BAD\n")
	if err := os.Chmod(path, 0o640); err != nil {
		t.Fatal(err)
	}
	owned := os.Chown(path, 4321, 8765) == nil
	if _, fixed, _, err := (Options{}).Fix([]string{dir}, rulesOf(badRule), FixOptions{Rounds: FixRounds, Unsafe: true}); err != nil || fixed != 1 {
		t.Fatalf("err %v, fixed %d", err, fixed)
	}
	fi, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	if fi.Mode() != 0o640 {
		t.Errorf("mode %v, want -rw-r-----", fi.Mode())
	}
	if st, ok := fi.Sys().(*syscall.Stat_t); owned && ok && (st.Uid != 4321 || st.Gid != 8765) {
		t.Errorf("owner %d:%d, want 4321:8765", st.Uid, st.Gid)
	}
}

func TestLineEnding(t *testing.T) {
	for src, want := range map[string]string{
		"":               "\n",
		"one line":       "\n",
		"a\nb\n":         "\n",
		"a\r\nb\r\n":     "\r\n",
		"a\rb\r":         "\r",
		"a\r\nb\r\nc\n":  "\r\n",
		"a\nb\nc\r\n":    "\n",
		"a\rb\rc\r\nd\r": "\r",
	} {
		if got := lineEnding([]byte(src)); got != want {
			t.Errorf("lineEnding(%q) = %q, want %q", src, got, want)
		}
	}
}

// choose takes whole fixes in position order, merges equal ones and leaves
// those overlapping a fix taken.
func TestChoose(t *testing.T) {
	fx := func(rule string, edits ...span) *fix {
		return &fix{diags: []Diagnostic{{Rule: rule}}, edits: edits}
	}
	header := span{0, 0, "import x;\n"}
	a := fx("a", header, span{10, 15, "A"})
	b := fx("b", header, span{20, 25, "B"})          // shares the header: no overlap
	c := fx("c", span{12, 13, "C"})                  // inside a
	d := fx("d", span{5, 5, "D"}, span{22, 30, "D"}) // whole or nothing: its second edit overlaps b
	e := fx("e", span{15, 15, "E"})                  // an insertion where a ends
	dup := fx("dup", header, span{10, 15, "A"})
	applied, deferred, edits := choose([]*fix{e, d, c, b, a, dup})
	var got, left []string
	for _, f := range applied {
		for _, d := range f.diags {
			got = append(got, d.Rule)
		}
	}
	for _, f := range deferred {
		left = append(left, f.diags[0].Rule)
	}
	if want := []string{"a", "dup", "b", "e"}; !reflect.DeepEqual(got, want) {
		t.Errorf("applied %v, want %v", got, want)
	}
	if want := []string{"d", "c"}; !reflect.DeepEqual(left, want) {
		t.Errorf("deferred %v, want %v", left, want)
	}
	if want := []span{header, {10, 15, "A"}, {15, 15, "E"}, {20, 25, "B"}}; !reflect.DeepEqual(edits, want) {
		t.Errorf("edits %v, want %v", edits, want)
	}
}

// Insertions at one offset are written in the order the fixes give them,
// as Apply (and so the golden files) writes them.
func TestChooseKeepsInsertionOrder(t *testing.T) {
	f := &fix{diags: []Diagnostic{{Rule: "a"}}, edits: []span{{5, 5, "A"}, {5, 5, "B"}}}
	g := &fix{diags: []Diagnostic{{Rule: "b"}}, edits: []span{{5, 5, "C"}}}
	_, _, edits := choose([]*fix{f, g})
	if got := string(splice([]byte("0123456789"), edits, "\n")); got != "01234ABC56789" {
		t.Errorf("got %q, want 01234ABC56789", got)
	}
}

// BenchmarkChoose picks and applies the fixes of a file with n findings,
// each fix inserting the same import and replacing a word, half of them
// overlapping another fix: the cost grows in proportion to n.
func BenchmarkChoose(b *testing.B) {
	for _, n := range []int{1000, 4000, 16000} {
		b.Run(strconv.Itoa(n), func(b *testing.B) {
			src := []byte(strings.Repeat("-- BAD BAD\n", n))
			header := span{0, 0, "import x;\n"}
			for b.Loop() {
				b.StopTimer()
				var fixes []*fix
				for i := range n {
					at := i * 11
					fixes = append(fixes,
						&fix{diags: []Diagnostic{{Rule: "a"}}, edits: []span{header, {at + 3, at + 6, "GOOD"}}},
						&fix{diags: []Diagnostic{{Rule: "b"}}, edits: []span{{at + 3, at + 10, "FINE"}}})
				}
				b.StartTimer()
				_, _, edits := choose(fixes)
				splice(src, edits, "\r\n")
			}
		})
	}
}
