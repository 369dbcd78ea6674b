// Package gitignore matches slash-separated paths against the patterns of .gitignore files.
//
// Patterns follow git's wildmatch (dir.c and wildmatch.c) byte for byte,
// including its quirks, but are matched by simulating a small automaton
// instead of by backtracking, so a match costs at most
// O(len(pattern) * len(path)) whatever the pattern: git's own matcher, and
// this package's earlier one, are exponential on patterns such as
// "**/**/**/…/x".
package gitignore

import (
	"path"
	"strings"
)

// Set holds the patterns of the .gitignore files read so far.
//
// Once all files are added, Ignored may be called from several goroutines:
// it only reads the Set.
type Set struct {
	// Keyed by directory so that Ignored finds the files that apply to a path
	// by walking up its parents, deepest first, without scanning every file.
	dirs map[string]*rules
}

// rules are the patterns of the .gitignore files of one directory.
//
// Long generated .gitignore files are mostly plain names, so those are found
// by map lookup and only the others are scanned: a path costs in proportion
// to the patterns with wildcards, not to the length of the file.
type rules struct {
	pats []pattern // all, in file order
	wild []int     // the indexes in pats of patterns with a wildcard
	// names and paths map the text of a plain pattern, matched against the
	// base name or, anchored, against the whole path, to the last patterns
	// with that text.
	names, paths map[string]last
}

// last holds the indexes plus one of the last patterns with a text, and of
// the last one of them that also applies to files (not ending in "/"); 0
// means none.
type last struct{ any, file int }

func (l last) index(isDir bool) int {
	if isDir {
		return l.any - 1
	}
	return l.file - 1
}

func (r *rules) add(p pattern) {
	i := len(r.pats)
	r.pats = append(r.pats, p)
	if len(p.glob.ops) > 0 {
		r.wild = append(r.wild, i)
		return
	}
	m := &r.names
	if p.anchored {
		m = &r.paths
	}
	if *m == nil {
		*m = make(map[string]last)
	}
	l := (*m)[p.glob.prefix]
	l.any = i + 1
	if !p.dirOnly {
		l.file = i + 1
	}
	(*m)[p.glob.prefix] = l
}

// match returns the last pattern that matches sub, the path relative to
// the rules' directory, whose last segment is base; nil if none does.
func (r *rules) match(sub, base string, isDir bool) *pattern {
	lit := -1
	if l, ok := r.names[base]; ok {
		lit = l.index(isDir)
	}
	if l, ok := r.paths[sub]; ok {
		lit = max(lit, l.index(isDir))
	}
	for j := len(r.wild) - 1; j >= 0 && r.wild[j] > lit; j-- {
		if p := &r.pats[r.wild[j]]; p.match(sub, base, isDir) {
			return p
		}
	}
	if lit >= 0 {
		return &r.pats[lit]
	}
	return nil
}

type pattern struct {
	// glob is matched against the path relative to the .gitignore file's
	// directory when anchored, else against the base name, which is how git
	// matches patterns without a slash at any depth.
	glob     glob
	anchored bool
	dirOnly  bool
	negate   bool
}

// Add adds the patterns of one .gitignore file; dir is the slash-separated directory holding it,
// relative to the walk root ("" for the root itself).
func (s *Set) Add(dir string, content []byte) {
	dir = strings.Trim(path.Clean(dir), "/")
	if dir == "." {
		dir = ""
	}
	// Git skips a UTF-8 byte order mark, which some editors on Windows write.
	text := strings.TrimPrefix(string(content), "\ufeff")
	for line := range strings.Lines(text) {
		line = strings.TrimSuffix(strings.TrimSuffix(line, "\n"), "\r")
		if p, ok := parse(line); ok {
			if s.dirs == nil {
				s.dirs = make(map[string]*rules)
			}
			if s.dirs[dir] == nil {
				s.dirs[dir] = &rules{}
			}
			s.dirs[dir].add(p)
		}
	}
}

// parse compiles one line; ok is false for blank lines, comments, and
// patterns git could never match (an unclosed "[", a trailing "\").
func parse(line string) (p pattern, ok bool) {
	// Git keeps patterns as C strings, so a NUL byte ends the line.
	if i := strings.IndexByte(line, 0); i >= 0 {
		line = line[:i]
	}
	if line == "" || line[0] == '#' {
		return p, false
	}
	line = trimTrailingSpaces(line)
	if strings.HasPrefix(line, "!") {
		p.negate = true
		line = line[1:]
	}
	if strings.HasSuffix(line, "/") {
		p.dirOnly = true
		line = line[:len(line)-1]
	}
	// An escaped slash counts too: git looks for the byte.
	p.anchored = strings.Contains(line, "/")
	if p.anchored {
		line = strings.TrimPrefix(line, "/")
	}
	if line == "" {
		return p, false
	}
	p.glob, ok = compile(line, p.anchored)
	return p, ok
}

// trimTrailingSpaces drops trailing spaces unless escaped with a backslash,
// as git does (tabs are kept, like in git).
func trimTrailingSpaces(line string) string {
	end := len(line)
	for i := 0; i < len(line); i++ {
		switch line[i] {
		case ' ':
			if end == len(line) {
				end = i
			}
			continue
		case '\\':
			i++
		}
		end = len(line)
	}
	return line[:end]
}

// Ignored reports whether rel (slash-separated, relative to the walk root, no leading "./") is ignored;
// isDir says whether rel names a directory.
//
// rel is judged on its own: the patterns are not applied to its parent
// directories. Git never looks inside an excluded directory, so there a
// pattern such as "!build/keep" cannot re-include a file under an excluded
// "build/"; Ignored would report build/keep as not ignored. Callers must
// therefore skip ignored directories instead of asking about their contents,
// as a directory walker does anyway.
func (s *Set) Ignored(rel string, isDir bool) bool {
	if rel == "" || len(s.dirs) == 0 {
		return false
	}
	base := rel[strings.LastIndexByte(rel, '/')+1:]
	// Deeper .gitignore files override shallower ones and later lines
	// override earlier ones, so the first match found this way decides.
	for i := len(rel); i >= 0; {
		i = strings.LastIndexByte(rel[:i], '/')
		dir, sub := "", rel
		if i >= 0 {
			dir, sub = rel[:i], rel[i+1:]
		}
		if r := s.dirs[dir]; r != nil {
			if p := r.match(sub, base, isDir); p != nil {
				return !p.negate
			}
		}
	}
	return false
}

// match reports whether the pattern matches sub, the path relative to the
// directory of its .gitignore file, whose last segment is base.
func (p *pattern) match(sub, base string, isDir bool) bool {
	if p.dirOnly && !isDir {
		return false
	}
	if !p.anchored {
		return p.glob.match(base)
	}
	return p.glob.match(sub)
}
