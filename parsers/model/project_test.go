package model_test

import (
	"fmt"
	"go/token"
	"slices"
	"sync"
	"testing"

	"github.com/flinklint/flinklint/parsers/java"
	"github.com/flinklint/flinklint/parsers/model"
)

// source is a generated file i of a project of n: class C<i> with a method
// m<i> that calls the methods of the next classes, an anonymous class, and
// a use of the previous class.
func source(i, n int) string {
	return fmt.Sprintf(`package a;
class C%[1]d extends C%[3]d {
  static long m%[1]d(long x) { return C%[2]d.m%[2]d(x).map(y -> m%[1]d(y)).withIdleness(x); }
  void run() {
    s.assign(new Runnable() { public void run() { m%[2]d(1); } }).map(f).withIdleness(m%[1]d(2));
  }
}
`, i, (i+1)%n, (i+n-1)%n)
}

// project parses files up front of n generated files and leaves the rest
// pending, to be parsed when a rule looks their names up.
func project(t testing.TB, n, upFront int) *model.Project {
	fset := token.NewFileSet()
	parser := java.NewParser()
	t.Cleanup(parser.Close)
	parse := func(i int) *model.File {
		src := source(i, n)
		tf := fset.AddFile(fmt.Sprintf("C%d.java", i), -1, len(src))
		tf.SetLinesForContent([]byte(src))
		f, err := parser.Parse(tf, []byte(src))
		if err != nil {
			t.Fatal(err)
		}
		return f
	}
	var files []*model.File
	var pending model.Pending
	for i := range n {
		if i < upFront {
			files = append(files, parse(i))
			continue
		}
		pending.Paths = append(pending.Paths, fmt.Sprint(i))
		pending.Types.Add(fmt.Appendf(nil, "C%d", i), int32(len(pending.Paths)-1))
		pending.Methods.Add(fmt.Appendf(nil, "m%d", i), int32(len(pending.Paths)-1))
	}
	pending.Types.Sort()
	pending.Methods.Sort()
	loaded := map[string]bool{}
	load := func(path string) *model.File {
		if loaded[path] {
			return nil
		}
		loaded[path] = true
		var i int
		fmt.Sscan(path, &i)
		return parse(i)
	}
	return model.NewProject(fset, files, pending, load)
}

// walk returns the nodes of the project's files that keep accepts, in the
// order of a walk of Files(): what the indexes must agree with.
func walk(p *model.Project, keep func(*model.Node) bool) []*model.Node {
	var out []*model.Node
	for _, f := range p.Files() {
		f.Inspect(func(n *model.Node) bool {
			if keep(n) {
				out = append(out, n)
			}
			return true
		})
	}
	return out
}

func TestIndexesAgreeWithAWalk(t *testing.T) {
	p := project(t, 12, 4)
	check := func(stage string) {
		t.Helper()
		for _, name := range []string{"m1", "m5", "withIdleness", "map", "C2"} {
			if got, want := p.Uses(name), walk(p, func(n *model.Node) bool {
				return n.Name == name && (n.Kind == model.Ident || n.Kind == model.Select || n.Kind == model.Call || n.Kind == model.MethodRef)
			}); !slices.Equal(got, want) {
				t.Errorf("%s: Uses(%s) = %d nodes, want %d in walk order", stage, name, len(got), len(want))
			}
		}
		l := model.Lookup{Calls: []string{"withIdleness", "m3", "map", "m3", "absent"}, Classes: true}
		if got, want := p.Find(l), walk(p, func(n *model.Node) bool {
			return model.IsCall(n, l.Calls...) || n.Kind == model.Class
		}); !slices.Equal(got, want) {
			t.Errorf("%s: Find = %d nodes, want %d in walk order", stage, len(got), len(want))
		}
		if got := p.Calls("absent"); got != nil {
			t.Errorf("%s: Calls(absent) = %v, want none", stage, got)
		}
	}
	check("up front")
	if ms := p.Methods("m7"); len(ms) != 1 || ms[0].Name != "m7" {
		t.Fatalf("Methods(m7) = %v, want the declaration in the pending C7.java", ms)
	}
	if cs := p.Classes("C9"); len(cs) != 1 {
		t.Fatalf("Classes(C9) = %v, want the declaration in the pending C9.java", cs)
	}
	if n := len(p.Files()); n != 6 {
		t.Fatalf("%d files parsed, want 6", n)
	}
	check("after loads")
	if ms := p.Methods("m7"); len(ms) != 1 {
		t.Errorf("Methods(m7) again = %d declarations, want 1 (loaded once)", len(ms))
	}
}

// TestIndexesClipped checks that a caller appending to a list the project
// returns does not write into the project's own.
func TestIndexesClipped(t *testing.T) {
	p := project(t, 3, 3)
	uses := p.Uses("m1")
	_ = append(uses, nil)
	if got := p.Uses("m1"); slices.Contains(got, nil) || len(got) != len(uses) {
		t.Errorf("Uses(m1) changed after a caller appended to it")
	}
}

// TestProjectConcurrent looks names up from several goroutines while their
// files are parsed on demand: go test -race reports any unguarded index.
func TestProjectConcurrent(t *testing.T) {
	const n = 24
	p := project(t, n, 4)
	var wg sync.WaitGroup
	for g := range 4 {
		wg.Go(func() {
			for i := range n {
				k := (i*5 + g*7) % n
				for _, c := range p.Classes(fmt.Sprintf("C%d", k)) {
					p.Decl(c)
				}
				for _, m := range p.Methods(fmt.Sprintf("m%d", k)) {
					p.Refs(m)
				}
				for _, call := range p.Calls("withIdleness", "map") {
					p.Value(call.Args()[0])
				}
				p.Find(model.Lookup{Classes: true})
				p.Uses(fmt.Sprintf("m%d", k))
				p.Files()
			}
		})
	}
	wg.Wait()
	if got := len(p.Files()); got != n {
		t.Errorf("%d files parsed, want all %d", got, n)
	}
	want := walk(p, func(n *model.Node) bool { return model.IsCall(n, "withIdleness") })
	if got := p.Calls("withIdleness"); !slices.Equal(got, want) {
		t.Errorf("Calls(withIdleness) after concurrent loads = %d nodes, want %d in walk order", len(got), len(want))
	}
}

// BenchmarkIndex measures indexing a project of generated files, and one
// walk of them for comparison: the index is built by one such walk.
func BenchmarkIndex(b *testing.B) {
	p := project(b, 400, 400)
	files := p.Files()
	b.Run("NewProject", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			model.NewProject(p.Fset, files, model.Pending{}, nil)
		}
	})
	b.Run("Inspect", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			for _, f := range files {
				f.Inspect(func(*model.Node) bool { return true })
			}
		}
	})
}

// Refs keeps its result until a file is parsed on demand: the uses in the
// file then count too.
func TestRefsAfterLoad(t *testing.T) {
	p := project(t, 3, 2) // C2, which calls C0.m0, is pending
	var m0 *model.Node
	for _, f := range p.Files() {
		f.Inspect(func(n *model.Node) bool {
			if n.Kind == model.Method && n.Name == "m0" {
				m0 = n
			}
			return true
		})
	}
	before := len(p.Refs(m0))
	if got := len(p.Refs(m0)); got != before {
		t.Fatalf("Refs(m0) again = %d uses, want %d", got, before)
	}
	p.Classes("C2")
	if got := len(p.Refs(m0)); got != before+2 { // C0.m0(x), and m0(1) inherited from C0
		t.Errorf("after C2 is parsed, Refs(m0) = %d uses, want %d", got, before+2)
	}
}
