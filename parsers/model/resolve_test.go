package model_test

import (
	"fmt"
	"go/token"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"

	"github.com/flinklint/flinklint/parsers"
	"github.com/flinklint/flinklint/parsers/model"
)

// crossFile names members of other files in every way a name can: a
// static import by name and by wildcard, Owner.x, a method reference, a
// Scala companion, Python's from-imports and module names, and a local
// that hides the imported name.
var crossFile = map[string]string{
	"a/Consts.java": `package a;
public class Consts {
  public static final String TAG = "t";
  static String tag() { return TAG; }
}`,
	"a/Named.java":     `package a; import static a.Consts.TAG; class Named { String f() { return TAG; } }`,
	"a/Star.java":      `package a; import static a.Consts.*; class Star { String f() { return TAG + tag(); } }`,
	"a/Qualified.java": `package a; class Qualified { String f() { return Consts.TAG + Consts.tag(); } Object g() { return Consts::tag; } }`,
	"a/Own.java":       `package a; import static a.Consts.TAG; class Own { String f() { String TAG = "own"; return TAG; } }`,
	"b/Comp.scala": `package b
object Comp { val limit = 3 }
class Comp { def f = Comp.limit; def g = limit }
`,
	"c/consts.py": "TAG = 't'\n",
	"c/job.py":    "from consts import TAG\nprint(TAG)\n",
	"c/star.py":   "from consts import *\nprint(TAG)\n",
	"c/mod.py":    "import consts\nprint(consts.TAG)\n",
}

// projectOf parses every file of paths up front into a project.
func projectOf(tb testing.TB, paths []string) *model.Project {
	tb.Helper()
	res, err := parsers.Options{}.Parse(&analysis.Pass{Fset: token.NewFileSet(), OtherFiles: paths, ReadFile: os.ReadFile})
	if err != nil {
		tb.Fatal(err)
	}
	return res.Project
}

// write writes files under a new directory and returns their paths.
func write(tb testing.TB, files map[string]string) []string {
	tb.Helper()
	dir := tb.TempDir()
	var paths []string
	for name, src := range files {
		path := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			tb.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
			tb.Fatal(err)
		}
		paths = append(paths, path)
	}
	slices.Sort(paths)
	return paths
}

// everyUse is Refs by its definition: the uses of d's name anywhere in the
// project that resolve to d.
func everyUse(p *model.Project, d *model.Node) []*model.Node {
	decl := p.Decl
	if d.Kind != model.Class {
		decl = p.ValueDecl
	}
	var out []*model.Node
	for _, u := range p.Uses(d.Name) {
		if (u.Pos() != d.NamePos() || u.File != d.File) && decl(u) == d {
			out = append(out, u)
		}
	}
	return out
}

// TestRefsAgreeWithEveryUse checks Refs, which resolves only the uses that
// may refer to a declaration, against the resolution of every use of its
// name, for each declaration of the testdata and of crossFile.
func TestRefsAgreeWithEveryUse(t *testing.T) {
	p := projectOf(t, append(append(testdataFiles(t), write(t, crossFile)...), write(t, resolveGaps)...))
	decls, found := 0, 0
	refs := map[string]int{} // by file:name, for the cross-file members
	for _, f := range p.Files() {
		f.Inspect(func(d *model.Node) bool {
			if d.Kind != model.Local && d.Kind != model.Method && d.Kind != model.Class {
				return true
			}
			got, want := p.Refs(d), everyUse(p, d)
			if !slices.Equal(got, want) {
				t.Errorf("%s: Refs(%s) = %s, want %s", p.Fset.Position(d.Pos()), d.Name, positions(p, got), positions(p, want))
			}
			decls++
			found += len(got)
			refs[filepath.Base(f.Path)+":"+d.Name] = len(got)
			return true
		})
	}
	if decls < 1000 || found < 1000 {
		t.Errorf("%d declarations with %d uses, want more", decls, found)
	}
	for key, n := range map[string]int{"Consts.java:TAG": 4, "Consts.java:tag": 3, "Own.java:TAG": 1, "Comp.scala:limit": 1, "consts.py:TAG": 3} {
		if refs[key] != n {
			t.Errorf("%s has %d uses, want %d", key, refs[key], n)
		}
	}
}

func positions(p *model.Project, ns []*model.Node) string {
	var out []string
	for _, n := range ns {
		out = append(out, p.Fset.Position(n.Pos()).String())
	}
	return "[" + strings.Join(out, " ") + "]"
}

// TestRefsResolveOnlyTheScope bounds the uses Refs resolves by those of
// the declaration's scope: in a project of jobs that all declare the same
// names, a local's scope is its method, and a field's its class (no other
// file names its class or imports its members).
func TestRefsResolveOnlyTheScope(t *testing.T) {
	const n = 40
	files := map[string]string{}
	for i := range n {
		files[fmt.Sprintf("Job%d.java", i)] = fmt.Sprintf(`class Job%d {
  static final String TOPIC = "in";
  static void main() {
    KafkaSourceBuilder<String> builder = KafkaSource.<String>builder().setTopics(TOPIC);
    builder.setBounded(OffsetsInitializer.latest());
    env.fromSource(builder.build(), WatermarkStrategy.noWatermarks(), "k");
  }
}`, i)
	}
	p := projectOf(t, write(t, files))
	for _, c := range []struct {
		name string
		uses int // in the scope of one declaration
	}{{"builder", 3}, {"TOPIC", 1}} {
		if all := len(p.Uses(c.name)); all != n*c.uses {
			t.Fatalf("%d uses of %s, want %d", all, c.name, n*c.uses)
		}
		for _, f := range p.Files() {
			f.Inspect(func(d *model.Node) bool {
				if d.Kind == model.Local && d.Name == c.name {
					if got := model.MayRefer(p, d); len(got) != c.uses {
						t.Errorf("%s: Refs(%s) resolves %d uses, want the %d of its scope", f.Path, c.name, len(got), c.uses)
					}
				}
				return true
			})
		}
	}
}

// TestLongBodies resolves names in a class and a block long enough to be
// indexed as the scan would: the first declaration of a name, a local only
// after it is declared, a member anywhere in its class.
func TestLongBodies(t *testing.T) {
	var src strings.Builder
	src.WriteString("class Long {\n  int field = 1;\n  int hidden = 2;\n")
	for i := range 40 {
		fmt.Fprintf(&src, "  int f%d() { return %d; }\n", i, i)
	}
	src.WriteString("  void run() {\n    use(hidden);\n    int hidden = 3;\n    int first = 4;\n")
	for i := range 40 {
		fmt.Fprintf(&src, "    int v%d = f%d();\n", i, i)
	}
	src.WriteString("    int first = 5;\n    use(hidden, first, field, late);\n    int late = 6;\n  }\n  int field = 7;\n}\n")
	p := projectOf(t, write(t, map[string]string{"Long.java": src.String()}))
	line := func(n *model.Node) int {
		if n == nil {
			return 0
		}
		return p.Fset.Position(n.Pos()).Line
	}
	var got []string
	for _, f := range p.Files() {
		f.Inspect(func(n *model.Node) bool {
			if n.Kind == model.Call && n.Name == "use" {
				for _, a := range n.Args() {
					got = append(got, fmt.Sprintf("%s@%d->%d", a.Name, line(a), line(p.ValueDecl(a))))
				}
			}
			return true
		})
	}
	want := []string{"hidden@45->3", "hidden@89->46", "first@89->47", "field@89->2", "late@89->0"}
	if !slices.Equal(got, want) {
		t.Errorf("got %v, want %v", got, want)
	}
}

// resolveGaps holds calls whose method only a resolver that knows what the
// code creates and inherits finds: each call "want" names its method by
// the comment after it, as Class.method (empty when it names none).
var resolveGaps = map[string]string{
	"r/Factory.java": `package r;
class Factory {
  Object create(String t) { return t; }
}`,
	"r/Base.java": `package r;
abstract class Base extends Root {
  static Object source(Object s) { return s; }
}
class Root { static Object top() { return null; } }`,
	"r/Job.java": `package r;
class Job extends Base {
  Object stream = stream(); // Job.stream
  void run(String x) {
    Object a = new Factory().create("t"); // Factory.create
    Object b = source("s"); // Base.source
    Object c = top(); // Root.top
    Object create = create("x"); // Job.create
    Object x2 = x(); // Job.x
    Object d = this.source("s"); // Base.source
    Object e = missing(); //
  }
  Object create(String s) { return s; }
  Object x() { return null; }
  Object stream() { return null; }
}
class Loop1 extends Loop2 { void f() { Object a = g(); } } // Loop2.g
class Loop2 extends Loop1 { void g() { Object b = h(); } } //
`,
	"r/Fluent.java": `package r;
class Fluent {
  Fluent earliest() { return this; }
  static void main() {
    Object c = new Fluent().earliest(); // Fluent.earliest
  }
}`,
	"s/SFactory.scala": `package s
class SFactory { def create(t: String) = t }
trait SBase { def source(t: String) = t }
object SJob extends SBase {
  def run() = {
    val a = new SFactory().create("t") // SFactory.create
    val b = source("s") // SBase.source
    a + b
  }
}
`,
	"p/job.py": `class PyFactory:
    def create(self, t):
        return t

def run():
    a = PyFactory().create("t")  # PyFactory.create
    return a
`,
}

// TestResolveGaps resolves calls on a new instance, calls of inherited
// methods, and calls in the initializer of a variable named like the
// method.
func TestResolveGaps(t *testing.T) {
	p := projectOf(t, write(t, resolveGaps))
	checked := 0
	for _, f := range p.Files() {
		src, err := os.ReadFile(f.Path)
		if err != nil {
			t.Fatal(err)
		}
		lines := strings.Split(string(src), "\n")
		seen := map[int]bool{} // the first call of each line
		f.Inspect(func(n *model.Node) bool {
			if n.Kind != model.Call || n.Recv != nil && n.Recv.Kind != model.New && n.Recv.Kind != model.Call && n.Recv.Name != "this" {
				return true
			}
			line := p.Fset.Position(n.Pos()).Line
			text := lines[line-1]
			at := strings.LastIndex(text, "//")
			if at < 0 {
				at = strings.LastIndex(text, "#")
			}
			if at < 0 || seen[line] || n.Recv != nil && n.Recv.Kind == model.Call && n.Recv.Recv == nil && !strings.Contains(text, ")."+n.Name) {
				return true
			}
			seen[line] = true
			want := strings.TrimLeft(text[at:], "/# ")
			got := ""
			if d := p.Decl(n); d != nil {
				got = model.Enclosing(d, model.Class).Name + "." + d.Name
			}
			if got != want {
				t.Errorf("%s: %s resolves to %q, want %q", filepath.Base(f.Path), strings.TrimSpace(text), got, want)
			}
			checked++
			return true
		})
	}
	if checked != 14 {
		t.Errorf("checked %d calls, want 14", checked)
	}
}

// TestValueOfFluentSetter follows a call of a project method that returns
// this to its receiver, the object it was called on.
func TestValueOfFluentSetter(t *testing.T) {
	p := projectOf(t, write(t, map[string]string{"r/Fluent.java": resolveGaps["r/Fluent.java"]}))
	for _, call := range p.Calls("earliest") {
		if v := p.Value(call); v.Kind != model.New || v.Name != "Fluent" {
			t.Errorf("Value(%s) = %s %s, want new Fluent()", call.Name, v.Kind, v.Name)
		}
	}
}

// sameNames declares a class Job in four packages; each user names it as
// Java resolves it: its own file's first, then an import by name, its own
// package's, an import by wildcard, and else the first in walk order.
var sameNames = map[string]string{
	"p/Job.java":    `package p; class Job {}`,
	"q/Job.java":    `package q; public class Job {}`,
	"r/Job.java":    `package r; public class Job {}`,
	"s/Job.java":    `package s; public class Job {}`,
	"p/Named.java":  `package p; import r.*; import q.Job; class Named { Object f() { return new Job(); } }`,
	"p/Same.java":   `package p; import r.*; class Same { Object f() { return new Job(); } }`,
	"t/Star.java":   `package t; import s.*; class Star { Object f() { return new Job(); } }`,
	"v/Own.java":    `package v; import q.Job; class Own { class Job {} Object f() { return new Job(); } }`,
	"u/Nobody.java": `package u; class Nobody { Object f() { return new Job(); } }`,
}

func TestClassRanks(t *testing.T) {
	p := projectOf(t, write(t, sameNames))
	want := map[string]string{"Named.java": "q", "Same.java": "p", "Star.java": "s", "Own.java": "v", "Nobody.java": "p"}
	for _, f := range p.Files() {
		f.Inspect(func(n *model.Node) bool {
			if n.Kind == model.New && n.Name == "Job" {
				c := p.ClassNamed(n, n.Name)
				if c == nil || c.File.Package != want[filepath.Base(f.Path)] {
					t.Errorf("%s: new Job() resolves to %v, want the class of package %s", filepath.Base(f.Path), c, want[filepath.Base(f.Path)])
				}
			}
			return true
		})
	}
}

// TestClassRanksParseLess checks that a class the file imports by name,
// parsed already, resolves without parsing the other files that declare
// its name (every module's Strategies, in a unit of one module's jobs),
// and that a name no such class settles still parses them all, to rank.
func TestClassRanksParseLess(t *testing.T) {
	paths := write(t, map[string]string{
		"p/Strategies.java": `package p; public class Strategies { static long W = 1; }`,
		"q/Strategies.java": `package q; public class Strategies { static long W = 2; } // up`,
		"q/Job.java":        `package q.jobs; import q.Strategies; class Job { long f() { return Strategies.W; } } // up`,
		"r/Other.java":      `package r; class Other { long f() { return Strategies.W; } } // up`,
	})
	res, err := parsers.Options{Keywords: []string{"// up"}}.Parse(&analysis.Pass{Fset: token.NewFileSet(), OtherFiles: paths, ReadFile: os.ReadFile})
	if err != nil {
		t.Fatal(err)
	}
	p := res.Project
	resolve := func(file string) *model.Node {
		var got *model.Node
		for _, f := range p.Files() {
			if filepath.Base(f.Path) == file {
				f.Inspect(func(n *model.Node) bool {
					if n.Kind == model.Ident && n.Name == "Strategies" {
						got = p.ClassNamed(n, n.Name)
					}
					return true
				})
			}
		}
		return got
	}
	if c := resolve("Job.java"); c == nil || c.File.Package != "q" || len(p.Files()) != 3 {
		t.Errorf("Job.java: Strategies resolves to %v with %d files parsed, want q's with 3", c, len(p.Files()))
	}
	if c := resolve("Other.java"); c == nil || c.File.Package != "q" || len(p.Files()) != 4 {
		t.Errorf("Other.java: Strategies resolves to %v with %d files parsed, want q's (the first in walk order) with 4", c, len(p.Files()))
	}
}

// BenchmarkSameNamedClasses measures Refs of the members of classes that
// share a name, each module's Strategies, loaded into one project (a unit
// resolving Strategies loads every module's): the uses of each are the
// same Strategies.X of the unit's jobs, which must not be resolved again
// for every module.
func BenchmarkSameNamedClasses(b *testing.B) {
	const modules, jobs = 200, 100
	files := map[string]string{}
	for m := range modules {
		files[fmt.Sprintf("m%d/flink/Strategies.java", m)] = fmt.Sprintf(`package m%d.flink;
public final class Strategies {
  public static final long WINDOW = %d;
  public static long events() { return WINDOW; }
}`, m, m)
	}
	for j := range jobs {
		files[fmt.Sprintf("m0/jobs/Job%d.java", j)] = fmt.Sprintf(`package m0.jobs;
import m0.flink.Strategies;
class Job%d { long run() { return Strategies.WINDOW + Strategies.events(); } }`, j)
	}
	p := projectOf(b, write(b, files))
	var members []*model.Node
	for _, c := range p.Classes("Strategies") {
		for _, d := range c.Body() {
			if d.Kind == model.Local || d.Kind == model.Method {
				members = append(members, d)
			}
		}
	}
	b.ReportAllocs()
	for b.Loop() {
		b.StopTimer()
		p = model.NewProject(p.Fset, p.Files(), model.Pending{}, nil) // no Refs kept
		b.StartTimer()
		uses := 0
		for _, d := range members {
			uses += len(p.Refs(d))
		}
		if uses != 2*jobs+modules { // and WINDOW in each events()
			b.Fatalf("%d uses of the members, want %d", uses, 2*jobs+modules)
		}
	}
}
