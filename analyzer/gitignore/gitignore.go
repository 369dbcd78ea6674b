// Package gitignore matches slash-separated paths against the patterns of .gitignore files.
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
	// segs holds one glob per path segment when anchored; otherwise a single
	// glob matched against the base name, which is how git matches patterns
	// without a slash at any depth.
	segs     []segment
	anchored bool
	dirOnly  bool
	negate   bool
}

type segment struct {
	glob string
	// Most segments have no wildcard; comparing them directly keeps the
	// common case cheap.
	literal bool
	// anyDirs marks a segment of only stars ("**", and "***" as git reads
	// it), which spans directories.
	anyDirs bool
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
// patterns git could never match (an unclosed "[" or a trailing "\").
func parse(line string) (p pattern, ok bool) {
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
	p.anchored = strings.Contains(line, "/")
	if p.anchored {
		line = strings.TrimPrefix(line, "/")
	}
	if line == "" {
		return p, false
	}
	for g := range strings.SplitSeq(line, "/") {
		if !validGlob(g) {
			return p, false
		}
		p.segs = append(p.segs, segment{
			glob:    g,
			literal: !strings.ContainsAny(g, `*?[\`),
			anyDirs: len(g) >= 2 && strings.Trim(g, "*") == "",
		})
	}
	return p, true
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
		return p.segs[0].match(base)
	}
	return matchSegments(p.segs, sub)
}

func (g segment) match(name string) bool {
	if g.literal {
		return g.glob == name
	}
	return matchGlob(g.glob, name)
}

// matchSegments matches p segment by segment so that wildcards never cross
// "/"; a "**" segment spans zero or more directories, or, when it ends the
// pattern, everything below (but not the directory itself).
func matchSegments(segs []segment, p string) bool {
	for ; len(segs) > 0; segs = segs[1:] {
		if segs[0].anyDirs {
			if len(segs) == 1 {
				return p != ""
			}
			for {
				if matchSegments(segs[1:], p) {
					return true
				}
				i := strings.IndexByte(p, '/')
				if i < 0 {
					return false
				}
				p = p[i+1:]
			}
		}
		if p == "" {
			return false
		}
		head, rest, _ := strings.Cut(p, "/")
		if !segs[0].match(head) {
			return false
		}
		p = rest
	}
	return p == ""
}

// matchGlob matches one path segment against a glob validated by validGlob.
// Like git, it works on bytes, so "?" matches one byte of a multi-byte
// character; "**" inside a segment is an ordinary "*".
func matchGlob(pat, name string) bool {
	p, n := 0, 0
	// Where to resume after the last "*" if the rest fails to match: only the
	// last star needs backtracking, which keeps matching linear in practice.
	star, starN := -1, 0
	for n < len(name) {
		if p < len(pat) {
			switch c := pat[p]; c {
			case '*':
				p++
				star, starN = p, n
				continue
			case '?':
				p, n = p+1, n+1
				continue
			case '[':
				if ok, end := matchClass(pat, p, name[n]); ok {
					p, n = end, n+1
					continue
				}
			case '\\':
				if pat[p+1] == name[n] {
					p, n = p+2, n+1
					continue
				}
			default:
				if c == name[n] {
					p, n = p+1, n+1
					continue
				}
			}
		}
		if star < 0 {
			return false
		}
		starN++
		p, n = star, starN
	}
	for p < len(pat) && pat[p] == '*' {
		p++
	}
	return p == len(pat)
}

// matchClass matches c against the bracket expression at pat[i] and returns
// the index just past its closing "]", or -1 if it is not closed. It follows
// git's wildmatch: "!" or "^" negates, a leading "]" is literal, "-" makes a
// range unless first or last, and "\" escapes.
func matchClass(pat string, i int, c byte) (matched bool, end int) {
	i++
	negate := i < len(pat) && (pat[i] == '!' || pat[i] == '^')
	if negate {
		i++
	}
	for first := true; ; first = false {
		if i >= len(pat) {
			return false, -1
		}
		lo := pat[i]
		if lo == ']' && !first {
			return matched != negate, i + 1
		}
		if lo == '\\' {
			if i++; i >= len(pat) {
				return false, -1
			}
			lo = pat[i]
		}
		hi := lo
		if i+2 < len(pat) && pat[i+1] == '-' && pat[i+2] != ']' {
			i += 2
			if hi = pat[i]; hi == '\\' {
				if i++; i >= len(pat) {
					return false, -1
				}
				hi = pat[i]
			}
		}
		if lo <= c && c <= hi {
			matched = true
		}
		i++
	}
}

// validGlob rejects globs that git could never match, so that matchGlob
// need not handle them.
func validGlob(g string) bool {
	for i := 0; i < len(g); i++ {
		switch g[i] {
		case '\\':
			if i++; i == len(g) {
				return false
			}
		case '[':
			_, end := matchClass(g, i, 0)
			if end < 0 {
				return false
			}
			i = end - 1
		}
	}
	return true
}
