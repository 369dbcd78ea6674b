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
	dirs map[string][]pattern
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
				s.dirs = make(map[string][]pattern)
			}
			s.dirs[dir] = append(s.dirs[dir], p)
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
		pats := s.dirs[dir]
		for j := len(pats) - 1; j >= 0; j-- {
			if pats[j].match(sub, base, isDir) {
				return !pats[j].negate
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
