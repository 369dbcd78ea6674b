package model

import (
	"cmp"
	"go/token"
	"iter"
	"slices"
	"sync"
)

// Project is the model of every file flinklint parsed in one run, indexed so
// that rules can resolve a name declared in another file.
//
// Files that mention nothing a rule looks for are not parsed up front; their
// declared type names are indexed instead (see Pending), and such a file is
// parsed the first time a rule resolves one of those names. A Project is
// safe for use by several goroutines.
type Project struct {
	Fset *token.FileSet
	// Scripts holds the Flink SQL of .sql files and of strings passed to
	// executeSql, sqlQuery and the like; Config the settings made in code
	// and configuration files. The parse pass fills both.
	Scripts []*Script
	Config  []*Configured

	mu      sync.Mutex
	files   []*File
	pending Pending
	// left lists, by name once looked up, the files of pending that may
	// declare it and are not loaded yet: pending itself is read only, as
	// several projects of one run may share it.
	left  struct{ types, methods map[string][]int32 }
	load  func(path string) *File
	index index
	refs  map[*Node]refs // see Refs
	// resolved keeps the declarations of the uses Refs resolves.
	resolved resolved
}

// index holds what rules look up by name, built by one walk of each file
// as it is added, so that a file parsed on demand extends it instead of
// making it be rebuilt.
type index struct {
	seq     int32                // nodes walked so far: the walk order across files
	classes map[string][]*Node   // named classes, objects and traits
	methods map[string][]*Node   // method declarations
	names   map[string]*postings // nodes that may refer to a name: Ident, Select, Call, MethodRef
	decls   postings             // every class declaration, anonymous ones included
	first   map[*File]int32      // the seq of each file's first node: a node's seq is it plus its order
	// importers lists, by class name, the files that import members of a
	// class of that name statically: where else its members may be named
	// bare.
	importers map[string][]*File
	// bodies indexes the long bodies of classes and blocks (see longBody)
	// by the first declaration of each name, which lookupScopes would
	// otherwise scan for: one class of thousands of methods is looked up
	// for every name its methods use. A block whose statements are out of
	// source order is left to the scan, which stops at the first statement
	// after the use.
	bodies map[*Node]map[string]*Node
	// subclasses lists classes by the simple names of their supertypes,
	// and created the receivers new X(...) by X: where else a member of X
	// may be named (see mayRefer).
	subclasses map[string][]*Node
	created    map[string][]*Node
	// inFile and inPackage hold the first class of each simple name in
	// each file and each package, for class to resolve a name that
	// thousands of classes share (a generated repository of jobs) without
	// a scan of them all.
	inFile    map[fileName]*Node
	inPackage map[packageName]*Node
}

// fileName and packageName key a simple class name by file and package.
type (
	fileName struct {
		file *File
		name string
	}
	packageName struct{ pkg, name string }
)

// longBody is the length from which a body is indexed: a shorter one is
// scanned as fast as a map is looked up.
const longBody = 32

// postings lists nodes in walk order, each with its place in the walk of
// the project, so that lists of several names merge in that order.
type postings struct {
	nodes []*Node
	seq   []int32
}

// list returns the nodes of ps, none when ps is nil.
func (ps *postings) list() []*Node {
	if ps == nil {
		return nil
	}
	return ps.nodes
}

func (ps *postings) add(n *Node, seq int32) {
	ps.nodes = append(ps.nodes, n)
	ps.seq = append(ps.seq, seq)
}

// NewProject indexes files. load parses one of the pending files (nil when
// it cannot be read: the loader reports why).
func NewProject(fset *token.FileSet, files []*File, pending Pending, load func(path string) *File) *Project {
	p := &Project{Fset: fset, pending: pending, load: load, index: index{
		classes:    map[string][]*Node{},
		methods:    map[string][]*Node{},
		names:      map[string]*postings{},
		first:      map[*File]int32{},
		importers:  map[string][]*File{},
		bodies:     map[*Node]map[string]*Node{},
		subclasses: map[string][]*Node{},
		created:    map[string][]*Node{},
		inFile:     map[fileName]*Node{},
		inPackage:  map[packageName]*Node{},
	}}
	p.left.types, p.left.methods = map[string][]int32{}, map[string][]int32{}
	p.refs = map[*Node]refs{}
	for _, f := range files {
		p.add(f)
	}
	return p
}

// add indexes f. The caller holds p.mu, or has the project to itself.
func (p *Project) add(f *File) {
	p.files = append(p.files, f)
	x := &p.index
	x.first[f] = x.seq + 1
	for _, im := range f.Imports {
		if !im.Static {
			continue
		}
		if fs := x.importers[im.owner()]; len(fs) == 0 || fs[len(fs)-1] != f {
			x.importers[im.owner()] = append(fs, f)
		}
	}
	f.Inspect(func(n *Node) bool {
		x.seq++
		switch n.Kind {
		case Ident, Select, Call, MethodRef:
			ps := x.names[n.Name]
			if ps == nil {
				ps = &postings{}
				x.names[n.Name] = ps
			}
			ps.add(n, x.seq)
		case Method:
			x.methods[n.Name] = append(x.methods[n.Name], n)
		case Class:
			if n.Name != "" {
				x.classes[n.Name] = append(x.classes[n.Name], n)
				if k := (fileName{f, n.Name}); x.inFile[k] == nil {
					x.inFile[k] = n
				}
				if k := (packageName{f.Package, n.Name}); x.inPackage[k] == nil {
					x.inPackage[k] = n
				}
			}
			x.decls.add(n, x.seq)
			for _, s := range n.Supers() {
				x.subclasses[s] = append(x.subclasses[s], n)
			}
		case New:
			if Outer(n) != nil {
				x.created[n.Name] = append(x.created[n.Name], n)
			}
		}
		if len(n.Body()) >= longBody {
			x.indexBody(n)
		}
		return true
	})
}

// indexBody adds the body of n, a Class, Block or Other, to x.bodies.
func (x *index) indexBody(n *Node) {
	switch n.Kind {
	case Block, Other:
		if !slices.IsSortedFunc(n.Body(), func(a, b *Node) int { return cmp.Compare(a.Pos(), b.Pos()) }) {
			return
		}
	case Class:
	default:
		return
	}
	firsts := map[string]*Node{}
	for _, d := range n.Body() {
		if _, ok := firsts[d.Name]; !ok && isDecl(d) {
			firsts[d.Name] = d
		}
	}
	x.bodies[n] = firsts
}

// Files returns the files parsed so far.
func (p *Project) Files() []*File {
	p.mu.Lock()
	defer p.mu.Unlock()
	return clip(p.files)
}

// Classes returns the declarations of classes, objects and traits with the
// given simple name, parsing the files that declare it if need be.
func (p *Project) Classes(name string) []*Node {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.loadPending(false, name, -1)
	return clip(p.index.classes[name])
}

// loadPending parses up to n (all when n < 0) of the files not loaded yet
// that may declare a type (or a method) named name, and says whether
// there was one. The caller holds p.mu.
func (p *Project) loadPending(method bool, name string, n int) bool {
	left := p.left.types
	if method {
		left = p.left.methods
	}
	files := p.leftFiles(left, method, name)
	if n < 0 || n > len(files) {
		n = len(files)
	}
	left[name] = files[n:]
	p.loadFiles(files[:n])
	return n > 0
}

// leftFiles returns the pending files, not loaded yet, that may declare a
// type (or a method) named name; left is p.left's map of that kind. The
// caller holds p.mu.
func (p *Project) leftFiles(left map[string][]int32, method bool, name string) []int32 {
	if files, ok := left[name]; ok {
		return files
	}
	return p.pending.files(method, name)
}

// loadFiles parses the pending files numbered files and indexes them. The
// caller holds p.mu.
func (p *Project) loadFiles(files []int32) {
	for _, i := range files {
		if f := p.load(p.pending.Paths[i]); f != nil {
			p.add(f)
		}
	}
}

// Uses returns every node that may refer to a declaration named name in
// the parsed files: identifiers, selections, calls and method references.
func (p *Project) Uses(name string) []*Node {
	p.mu.Lock()
	defer p.mu.Unlock()
	if ps := p.index.names[name]; ps != nil {
		return clip(ps.nodes)
	}
	return nil
}

// under returns the nodes of ps in f that lie below scope, or anywhere in
// f when scope is nil: one run of ps, since a walk meets the nodes of a
// subtree one after another.
func (x *index) under(ps *postings, f *File, scope *Node) []*Node {
	start, ok := x.first[f]
	if !ok {
		return nil
	}
	if scope != nil {
		start += scope.order
	}
	i, _ := slices.BinarySearch(ps.seq, start)
	j := i
	for j < len(ps.nodes) && ps.nodes[j].File == f && (scope == nil || within(ps.nodes[j], scope)) {
		j++
	}
	return clip(ps.nodes[i:j])
}

// seqOf returns the place of n in the walk of the project.
func (x *index) seqOf(n *Node) int32 { return x.first[n.File] + n.order }

// usesUnder returns the nodes below scope that may refer to a declaration
// named name, as Uses does for the whole project.
func (p *Project) usesUnder(name string, scope *Node) []*Node {
	p.mu.Lock()
	defer p.mu.Unlock()
	if ps := p.index.names[name]; ps != nil {
		return p.index.under(ps, scope.File, scope)
	}
	return nil
}

// Methods returns the declarations of methods named name in the parsed
// files, whatever their class: rules use them to see what a getter returns
// when the type of its receiver is unknown.
func (p *Project) Methods(name string) []*Node {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.loadPending(true, name, -1)
	return clip(p.index.methods[name])
}

// EachMethod yields the declarations of methods named name, as Methods
// returns them, but parses the files that may declare one only as the
// iteration reaches them: a caller that stops at the first method that
// settles its question (a getter that does not return seconds) spares the
// parse of the others. Project methods may be called from the loop.
func (p *Project) EachMethod(name string) iter.Seq[*Node] {
	return func(yield func(*Node) bool) {
		for i := 0; ; i++ {
			p.mu.Lock()
			for i >= len(p.index.methods[name]) && p.loadPending(true, name, 1) {
			}
			ms := p.index.methods[name]
			p.mu.Unlock()
			if i >= len(ms) || !yield(ms[i]) {
				return
			}
		}
	}
}

// MethodsHolding returns the declarations of methods named name, as
// Methods does, but of the files not parsed yet it parses only those whose
// text holds one of words: a rule that looks inside such a method for the
// calls named words, and reads no other call of those files, spares the
// parse of the files that cannot hold one (a repository of Flink's own
// serializers declares hundreds of serialize methods). The methods of the
// files parsed already are all returned.
func (p *Project) MethodsHolding(name string, words ...string) []*Node {
	p.mu.Lock()
	defer p.mu.Unlock()
	files := p.leftFiles(p.left.methods, true, name)
	var load, rest []int32
	for _, i := range files {
		if p.pending.Holds == nil || p.pending.Holds(i, words) {
			load = append(load, i)
		} else {
			rest = append(rest, i)
		}
	}
	p.left.methods[name] = rest
	p.loadFiles(load)
	return clip(p.index.methods[name])
}

// Lookup says which nodes Find returns.
type Lookup struct {
	// Calls lists names of calls: Find returns the Call and Select nodes
	// with one of them, as IsCall accepts.
	Calls []string
	// Classes asks for every class declaration, anonymous ones included.
	Classes bool
}

// Find returns the nodes of the files parsed so far that l asks for, in
// the order a walk of Files(), file by file, meets them: rules find their
// anchors with it instead of walking every node of the project.
func (p *Project) Find(l Lookup) []*Node {
	p.mu.Lock()
	defer p.mu.Unlock()
	var lists []postings
	seen := map[string]bool{}
	for _, name := range l.Calls {
		if ps := p.index.names[name]; ps != nil && !seen[name] {
			seen[name] = true
			lists = append(lists, calls(ps))
		}
	}
	if l.Classes {
		lists = append(lists, p.index.decls)
	}
	return merge(lists)
}

// Calls returns the calls (and Scala selections) named one of names in the
// files parsed so far, in walk order; see Find.
func (p *Project) Calls(names ...string) []*Node {
	return p.Find(Lookup{Calls: names})
}

// calls returns the Call and Select nodes of ps.
func calls(ps *postings) postings {
	var out postings
	for i, n := range ps.nodes {
		if n.Kind == Call || n.Kind == Select {
			out.add(n, ps.seq[i])
		}
	}
	return out
}

// merge merges lists, each in walk order, into one list in walk order.
func merge(lists []postings) []*Node {
	switch len(lists) {
	case 0:
		return nil
	case 1:
		return clip(lists[0].nodes)
	}
	total := 0
	for _, l := range lists {
		total += len(l.nodes)
	}
	out := make([]*Node, 0, total)
	at := make([]int, len(lists))
	for len(out) < total {
		best := -1
		for i, l := range lists {
			if at[i] < len(l.nodes) && (best < 0 || l.seq[at[i]] < lists[best].seq[at[best]]) {
				best = i
			}
		}
		out = append(out, lists[best].nodes[at[best]])
		at[best]++
	}
	return out
}

// clip keeps callers that append to a list the project returns from
// writing into the project's own.
func clip[T any](s []T) []T { return s[:len(s):len(s)] }
