package model

import (
	"go/token"
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
	classes map[string][]*Node
	pending Pending
	load    func(path string) *File
	names   map[string][]*Node // name -> nodes that may refer to it; built on first use
	methods map[string][]*Node // name -> method declarations; built on first use
}

// Pending indexes the files that were not parsed up front by the names
// they declare, found by a scan of their text, so that looking such a name
// up parses them first.
type Pending struct {
	Types   map[string][]string // type name -> paths of unparsed files that declare it
	Methods map[string][]string // method name -> paths of unparsed files that may declare it
}

// NewProject indexes files. load parses one of the pending files (nil when
// it cannot be read: the loader reports why).
func NewProject(fset *token.FileSet, files []*File, pending Pending, load func(path string) *File) *Project {
	p := &Project{Fset: fset, classes: map[string][]*Node{}, pending: pending, load: load}
	for _, f := range files {
		p.add(f)
	}
	return p
}

func (p *Project) add(f *File) {
	p.files = append(p.files, f)
	f.Inspect(func(n *Node) bool {
		if n.Kind == Class && n.Name != "" {
			p.classes[n.Name] = append(p.classes[n.Name], n)
		}
		return true
	})
	p.names, p.methods = nil, nil
}

// Files returns the files parsed so far.
func (p *Project) Files() []*File {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.files[:len(p.files):len(p.files)]
}

// Classes returns the declarations of classes, objects and traits with the
// given simple name, parsing the files that declare it if need be.
func (p *Project) Classes(name string) []*Node {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.loadPending(p.pending.Types, name)
	return p.classes[name]
}

// loadPending parses the files that index lists for name, once. The
// caller holds p.mu.
func (p *Project) loadPending(index map[string][]string, name string) {
	paths, ok := index[name]
	if !ok {
		return
	}
	delete(index, name)
	for _, path := range paths {
		if f := p.load(path); f != nil {
			p.add(f)
		}
	}
}

// Uses returns every node that may refer to a declaration named name in
// the parsed files: identifiers, selections, calls and method references.
func (p *Project) Uses(name string) []*Node {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.names == nil {
		p.names = map[string][]*Node{}
		for _, f := range p.files {
			f.Inspect(func(n *Node) bool {
				switch n.Kind {
				case Ident, Select, Call, MethodRef:
					p.names[n.Name] = append(p.names[n.Name], n)
				}
				return true
			})
		}
	}
	return p.names[name]
}

// Methods returns the declarations of methods named name in the parsed
// files, whatever their class: rules use them to see what a getter returns
// when the type of its receiver is unknown.
func (p *Project) Methods(name string) []*Node {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.loadPending(p.pending.Methods, name)
	if p.methods == nil {
		p.methods = map[string][]*Node{}
		for _, f := range p.files {
			f.Inspect(func(n *Node) bool {
				if n.Kind == Method {
					p.methods[n.Name] = append(p.methods[n.Name], n)
				}
				return true
			})
		}
	}
	return p.methods[name]
}
