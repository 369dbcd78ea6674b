package model_test

import (
	"fmt"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"
	"unsafe"

	"golang.org/x/tools/go/analysis"

	"github.com/flinklint/flinklint/internal/repogen"
	"github.com/flinklint/flinklint/internal/repogen/repogentest"
	"github.com/flinklint/flinklint/parsers"
	"github.com/flinklint/flinklint/parsers/java"
	"github.com/flinklint/flinklint/parsers/model"
	"github.com/flinklint/flinklint/parsers/scala"
)

// repos are the generated repositories of this package's benchmarks.
var repos repogentest.Cache

func TestMain(m *testing.M) { os.Exit(repos.Main(m)) }

// testdataFiles returns the Java, Scala, Python, SQL and YAML files of the
// repository's testdata directories.
func testdataFiles(tb testing.TB) []string {
	tb.Helper()
	root, err := filepath.Abs("../..")
	if err != nil {
		tb.Fatal(err)
	}
	var paths []string
	err = filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && path != root && (strings.HasPrefix(d.Name(), ".") || d.Name() == "cmd") {
			return filepath.SkipDir
		}
		if !d.IsDir() && parsers.Lang(path) != 0 && strings.Contains(path, string(filepath.Separator)+"testdata"+string(filepath.Separator)) {
			paths = append(paths, path)
		}
		return nil
	})
	if err != nil {
		tb.Fatal(err)
	}
	return paths
}

// parse reads paths as a run does, every file parsed, into fset.
func parse(tb testing.TB, fset *token.FileSet, paths []string) []*model.File {
	tb.Helper()
	res, err := parsers.Options{}.Parse(&analysis.Pass{Fset: fset, OtherFiles: paths, ReadFile: os.ReadFile})
	if err != nil {
		tb.Fatal(err)
	}
	return res.Files()
}

// TestCodecRoundTrip encodes the model of every testdata file, decodes it
// into another FileSet and compares the two models field by field:
// positions as file:line:column, and pointers as a graph, so that a node's
// Parent, a script's Call or two references to one node must match too.
func TestCodecRoundTrip(t *testing.T) {
	paths := testdataFiles(t)
	fset := token.NewFileSet()
	files := parse(t, fset, paths)
	if len(files) < 50 {
		t.Fatalf("parsed %d files of %d, want most", len(files), len(paths))
	}
	langs := map[model.Lang]int{}
	scripts, settings := 0, 0
	for _, f := range files {
		data, err := model.EncodeFile(f)
		if err != nil {
			t.Errorf("%s: %v", f.Path, err)
			continue
		}
		fset2 := token.NewFileSet()
		fset2.AddFile("padding", -1, 1234) // positions must not depend on the base
		g, err := model.DecodeFile(data, fset2)
		if err != nil {
			t.Errorf("%s: %v", f.Path, err)
			continue
		}
		c := &comparer{fa: fset, fb: fset2, seen: map[pointer]pointer{}, back: map[pointer]pointer{}}
		c.compare(f.Path, reflect.ValueOf(f), reflect.ValueOf(g))
		for _, e := range c.errs {
			t.Error(e)
		}
		if len(c.errs) == 0 && len(f.Decls) > 0 && model.Format(f.Decls[0]) != model.Format(g.Decls[0]) {
			t.Errorf("%s: Format differs", f.Path)
		}
		langs[f.Lang]++
		if f.Script != nil {
			scripts++
		}
		settings += len(f.Config)
	}
	if langs[model.Java] == 0 || langs[model.Scala] == 0 || langs[model.Python] == 0 || langs[model.SQL] == 0 || langs[model.Config] == 0 || scripts == 0 || settings == 0 {
		t.Errorf("the testdata lack a kind of file: %v, %d scripts, %d settings", langs, scripts, settings)
	}
}

// TestCodecReferences round-trips references to nodes from outside the
// tree, which only the driver makes on its own files (settings in code).
func TestCodecReferences(t *testing.T) {
	fset := token.NewFileSet()
	src := []byte("class A { void f() { env.setAutoWatermarkInterval(0L); } }\n")
	tf := fset.AddFile("A.java", -1, len(src))
	tf.SetLinesForContent(src)
	p := java.NewParser()
	defer p.Close()
	f, err := p.Parse(tf, src)
	if err != nil {
		t.Fatal(err)
	}
	var call, arg *model.Node
	f.Inspect(func(n *model.Node) bool {
		if model.IsCall(n, "setAutoWatermarkInterval") {
			call, arg = n, n.Args()[0]
		}
		return true
	})
	f.Script = &model.Script{File: f, Call: call}
	f.Config = []*model.Configured{{Setting: model.Setting{Key: "pipeline.auto-watermark-interval", KeyPos: call.NamePos()}, File: f, Call: call, ValueNode: arg}}
	data, err := model.EncodeFile(f)
	if err != nil {
		t.Fatal(err)
	}
	fset2 := token.NewFileSet()
	g, err := model.DecodeFile(data, fset2)
	if err != nil {
		t.Fatal(err)
	}
	c := &comparer{fa: fset, fb: fset2, seen: map[pointer]pointer{}, back: map[pointer]pointer{}}
	c.compare("A.java", reflect.ValueOf(f), reflect.ValueOf(g))
	for _, e := range c.errs {
		t.Error(e)
	}
	if g.Config[0].ValueNode.Parent != g.Script.Call || g.Config[0].Call != g.Script.Call {
		t.Error("references do not lead into the decoded tree")
	}

	// A reference to a node of another file cannot be stored.
	other := *f
	other.Script = &model.Script{File: &other, Call: &model.Node{Kind: model.Ident}}
	other.Config = nil
	if _, err := model.EncodeFile(&other); err == nil {
		t.Error("a reference outside the file was encoded")
	}
}

// TestCodecRejects has EncodeFile refuse what it could not decode
// faithfully, and DecodeFile refuse damaged bytes.
func TestCodecRejects(t *testing.T) {
	fset := token.NewFileSet()
	tf := fset.AddFile("A.java", -1, 10)
	outside := &model.File{Path: "A.java", Lang: model.Java, Token: tf, Errors: []token.Pos{tf.Pos(0) + 11}}
	if _, err := model.EncodeFile(outside); err == nil {
		t.Error("a position outside the file was encoded")
	}
	deep := &model.Node{Kind: model.Other}
	n := deep
	for range 25_000 {
		n.SetBody([]*model.Node{{Kind: model.Other}})
		n = n.Body()[0]
	}
	tooDeep := &model.File{Path: "A.java", Lang: model.Java, Token: tf, Decls: []*model.Node{deep}}
	if _, err := model.EncodeFile(tooDeep); err == nil {
		t.Error("a model nested 25,000 deep was encoded")
	}

	// Every truncation and every flipped byte of a real encoding is an
	// error or a model, never a panic.
	fset = token.NewFileSet()
	files := parse(t, fset, testdataFiles(t)[:20])
	data, err := model.EncodeFile(files[0])
	if err != nil {
		t.Fatal(err)
	}
	for i := range data {
		if _, err := model.DecodeFile(data[:i], token.NewFileSet()); err == nil {
			t.Errorf("truncated to %d of %d bytes: no error", i, len(data))
		}
		b := slices.Clone(data)
		b[i] ^= 0x55
		model.DecodeFile(b, token.NewFileSet()) // may fail; must not panic
	}
	bad := slices.Clone(data)
	bad[4]++
	if _, err := model.DecodeFile(bad, token.NewFileSet()); err == nil || !strings.Contains(err.Error(), "version") {
		t.Errorf("another version: %v", err)
	}
}

// TestCodecFields fails when a field is added to a type the codec stores:
// the codec must then store it too (and bump codecVersion).
func TestCodecFields(t *testing.T) {
	want := map[reflect.Type]string{
		reflect.TypeFor[model.Node]():       "Name Recv Init kids Parent File d Kind Static Final Stmt order nargs pos end namePos",
		reflect.TypeFor[model.File]():       "Path Lang Package Imports Decls Errors Token Script Config",
		reflect.TypeFor[model.Import]():     "Path Static Wildcard End Alias",
		reflect.TypeFor[model.Script]():     "File Call Statements",
		reflect.TypeFor[model.Statement]():  "Kind Pos End Setting Table Name Hints Calls Reads Body",
		reflect.TypeFor[model.Setting]():    "Key Value KeyPos ValuePos KeyEnd",
		reflect.TypeFor[model.Table]():      "Name NamePos Columns Watermark Options Like Descriptor", // Descriptor: only on tables lowered from code, never cached
		reflect.TypeFor[model.Column]():     "Name NamePos Type Computed Metadata Comment",
		reflect.TypeFor[model.Watermark]():  "Column Pos Expr",
		reflect.TypeFor[model.Like]():       "Table Pos ExcludingOptions",
		reflect.TypeFor[model.Hint]():       "Table Pos Options",
		reflect.TypeFor[model.SQLCall]():    "Name Pos Args",
		reflect.TypeFor[model.SQLExpr]():    "Tokens Pos",
		reflect.TypeFor[model.SQLToken]():   "Kind Text Pos",
		reflect.TypeFor[model.Configured](): "Setting File Call ValueNode",
	}
	for typ, fields := range want {
		var got []string
		for f := range typ.Fields() {
			got = append(got, f.Name)
		}
		if g := strings.Join(got, " "); g != fields {
			t.Errorf("model.%s has fields %s; the codec stores %s", typ.Name(), g, fields)
		}
	}
}

// comparer compares two models deeply, following pointers once.
type comparer struct {
	fa, fb     *token.FileSet
	seen, back map[pointer]pointer // pointers of a to pointers of b, and back
	errs       []string
}

var (
	posType       = reflect.TypeFor[token.Pos]()
	tokenFileType = reflect.TypeFor[*token.File]()
)

// pointer identifies what a pointer points to, for the comparer's maps.
type pointer struct {
	t reflect.Type
	p unsafe.Pointer
}

func (c *comparer) errorf(format string, args ...any) {
	if len(c.errs) < 10 {
		c.errs = append(c.errs, fmt.Sprintf(format, args...))
	}
}

func (c *comparer) compare(path string, a, b reflect.Value) {
	if a.Type() == posType {
		pa, pb := c.fa.Position(token.Pos(a.Int())), c.fb.Position(token.Pos(b.Int()))
		if pa != pb {
			c.errorf("%s: %v, decoded %v", path, pa, pb)
		}
		return
	}
	switch a.Kind() {
	case reflect.Pointer:
		if a.IsNil() || b.IsNil() {
			if a.IsNil() != b.IsNil() {
				c.errorf("%s: nil %v, decoded nil %v", path, a.IsNil(), b.IsNil())
			}
			return
		}
		// Pointers are told apart by address and type: the fields of a
		// Node's detail are unexported, and reflect hands out no interface
		// values of those.
		ka, kb := pointer{a.Type(), a.UnsafePointer()}, pointer{b.Type(), b.UnsafePointer()}
		if sb, ok := c.seen[ka]; ok {
			if sb != kb {
				c.errorf("%s: a pointer met twice leads to two decoded values", path)
			}
			return
		}
		if sa, ok := c.back[kb]; ok && sa != ka {
			c.errorf("%s: two pointers lead to one decoded value", path)
			return
		}
		c.seen[ka], c.back[kb] = kb, ka
		if a.Type() == tokenFileType {
			ta, tb := (*token.File)(ka.p), (*token.File)(kb.p)
			if ta.Name() != tb.Name() || ta.Size() != tb.Size() || !slices.Equal(ta.Lines(), tb.Lines()) {
				c.errorf("%s: token.File %s/%d/%d lines, decoded %s/%d/%d", path, ta.Name(), ta.Size(), ta.LineCount(), tb.Name(), tb.Size(), tb.LineCount())
			}
			return
		}
		c.compare(path, a.Elem(), b.Elem())
	case reflect.Struct:
		for i := range a.NumField() {
			c.compare(path+"."+a.Type().Field(i).Name, a.Field(i), b.Field(i))
		}
	case reflect.Slice:
		if a.Len() != b.Len() {
			c.errorf("%s: %d elements, decoded %d", path, a.Len(), b.Len())
			return
		}
		for i := range a.Len() {
			c.compare(fmt.Sprintf("%s[%d]", path, i), a.Index(i), b.Index(i))
		}
	case reflect.String, reflect.Bool, reflect.Int, reflect.Int32, reflect.Int64, reflect.Uint8, reflect.Uint32:
		if !a.Equal(b) {
			c.errorf("%s: %v, decoded %v", path, a, b)
		}
	default:
		c.errorf("%s: cannot compare a %s", path, a.Type())
	}
}

// FuzzDecodeFile decodes arbitrary bytes, seeded with real encodings: an
// error or a model, never a panic, and a model decoded encodes again.
func FuzzDecodeFile(f *testing.F) {
	fset := token.NewFileSet()
	paths := testdataFiles(f)
	for _, file := range parse(f, fset, paths) {
		if data, err := model.EncodeFile(file); err == nil && len(data) < 4000 {
			f.Add(data)
		}
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		file, err := model.DecodeFile(data, token.NewFileSet())
		if err != nil {
			return
		}
		if _, err := model.EncodeFile(file); err != nil {
			t.Errorf("a decoded model does not encode: %v", err)
		}
	})
}

// BenchmarkCodec compares decoding the model of a generated repository's
// Java and Scala files with parsing them, the work the cache saves. The
// bytes per second are of source. Run:
// go test -run ^$ -bench Codec -count 6 ./parsers/model | benchstat.
func BenchmarkCodec(b *testing.B) {
	dir := repos.Dir(b, repogen.Options{Files: 1_000, Seed: 1})
	paths, _ := repogentest.Sources(b, dir, "")
	var srcs [][]byte
	var names []string
	var size int64
	for _, p := range paths {
		if l := parsers.Lang(p); l != model.Java && l != model.Scala {
			continue
		}
		src, err := os.ReadFile(p)
		if err != nil {
			b.Fatal(err)
		}
		srcs, names = append(srcs, src), append(names, p)
		size += int64(len(src))
	}
	jp, sp := java.NewParser(), scala.NewParser()
	defer jp.Close()
	defer sp.Close()
	parseAll := func(fset *token.FileSet) []*model.File {
		files := make([]*model.File, len(srcs))
		for i, src := range srcs {
			tf := fset.AddFile(names[i], -1, len(src))
			tf.SetLinesForContent(src)
			p := jp.Parse
			if parsers.Lang(names[i]) == model.Scala {
				p = sp.Parse
			}
			f, err := p(tf, src)
			if err != nil {
				b.Fatal(err)
			}
			files[i] = f
		}
		return files
	}
	files := parseAll(token.NewFileSet())
	encoded := make([][]byte, len(files))
	var encSize int64
	for i, f := range files {
		data, err := model.EncodeFile(f)
		if err != nil {
			b.Fatal(err)
		}
		encoded[i] = data
		encSize += int64(len(data))
	}
	b.Logf("%d files, %d bytes of source, %d bytes encoded (%.0f%%)", len(srcs), size, encSize, 100*float64(encSize)/float64(size))

	b.Run("parse", func(b *testing.B) {
		b.SetBytes(size)
		for b.Loop() {
			parseAll(token.NewFileSet())
		}
	})
	b.Run("encode", func(b *testing.B) {
		b.SetBytes(size)
		b.ReportAllocs()
		for b.Loop() {
			for _, f := range files {
				if _, err := model.EncodeFile(f); err != nil {
					b.Fatal(err)
				}
			}
		}
	})
	b.Run("decode", func(b *testing.B) {
		b.SetBytes(size)
		b.ReportAllocs()
		for b.Loop() {
			fset := token.NewFileSet()
			for _, data := range encoded {
				if _, err := model.DecodeFile(data, fset); err != nil {
					b.Fatal(err)
				}
			}
		}
	})
}
