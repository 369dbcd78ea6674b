package gitignore

import (
	"math/bits"
	"strings"
)

// glob is one compiled pattern: a literal prefix, compared directly as git
// does, then a sequence of ops matched by simulating the automaton whose
// state i means "ops[:i] matched the text read so far".
type glob struct {
	prefix string
	ops    []op
	// minLen is the fewest bytes ops can match, so that a path too short for
	// a long pattern is rejected before any simulation.
	minLen int
	// needle is the longest run of literal bytes that every match holds,
	// looked for before running the automaton: most paths lack it.
	needle string
	// spans says that some op matches "/" other than a literal one; without
	// such an op, the common case, the pattern's slashes line up with the
	// path's and matchFlat needs no automaton.
	spans bool
}

type opKind uint8

const (
	opByte  opKind = iota // the byte b
	opAny                 // "?": one byte other than "/"
	opClass               // "[...]": one byte of set, never "/"
	opStar                // "*": any bytes other than "/"
	// opStarAll is a "**" that git treats as spanning directories: any bytes.
	opStarAll
	// opDirs starts the three ops of "**/" (opDirs, opStarAll, "/"): it
	// matches nothing itself, but may skip all three, because git lets
	// "a/**/b" match "a/b".
	opDirs
)

type op struct {
	kind opKind
	b    byte
	set  *byteSet
}

type byteSet [4]uint64

func (s *byteSet) add(c byte)      { s[c>>6] |= 1 << (c & 63) }
func (s *byteSet) has(c byte) bool { return s[c>>6]&(1<<(c&63)) != 0 }

// compile compiles pat; anchored says that it is matched against a whole
// path rather than a base name. ok is false when git could never match pat.
func compile(pat string, anchored bool) (g glob, ok bool) {
	// Git compares the bytes before the first special character directly and
	// hands only the rest to wildmatch, which therefore sees a "**" right
	// after that prefix as the start of its pattern: "a/foo**/bar" matches
	// "a/foobar" and "a/fooX/Y/bar".
	start := strings.IndexAny(pat, `*?[\`)
	if start < 0 {
		return glob{prefix: pat}, true
	}
	g.prefix = pat[:start]
	for i := start; i < len(pat); {
		switch c := pat[i]; c {
		case '\\':
			if i+1 == len(pat) {
				return g, false
			}
			g.ops = append(g.ops, op{kind: opByte, b: pat[i+1]})
			i += 2
		case '?':
			g.ops = append(g.ops, op{kind: opAny})
			i++
		case '[':
			set, end := parseClass(pat, i)
			if end < 0 {
				return g, false
			}
			g.ops = append(g.ops, op{kind: opClass, set: set})
			i = end
		case '*':
			j := i + 1
			for j < len(pat) && pat[j] == '*' {
				j++
			}
			// Like wildmatch: a run of two or more stars spans directories
			// only when it starts the pattern or follows a "/", and ends it
			// or precedes a "/" (escaped or not).
			bounded := i == 0 || (anchored && i == start) || pat[i-1] == '/'
			switch {
			case j-i < 2 || !bounded:
				g.ops = append(g.ops, op{kind: opStar})
			case j == len(pat):
				g.ops = append(g.ops, op{kind: opStarAll})
			case pat[j] == '/':
				// "**/**/" means no more than "**/"; keeping one bounds the
				// automaton whatever the line repeats.
				if !g.endsWithDirs() {
					g.ops = append(g.ops, op{kind: opDirs}, op{kind: opStarAll}, op{kind: opByte, b: '/'})
				}
				j++
			case strings.HasPrefix(pat[j:], `\/`):
				// Unlike "**/", wildmatch gives "**\/" no way to match
				// nothing.
				g.ops = append(g.ops, op{kind: opStarAll}, op{kind: opByte, b: '/'})
				j += 2
			default:
				g.ops = append(g.ops, op{kind: opStar})
			}
			i = j
		default:
			g.ops = append(g.ops, op{kind: opByte, b: c})
			i++
		}
	}
	// The longest run is ops[best-bestLen:best].
	run, best, bestLen := 0, 0, 0
	for i, o := range g.ops {
		switch o.kind {
		case opByte, opAny, opClass:
			g.minLen++
		case opDirs:
			g.minLen-- // its "/" may be skipped
		case opStarAll:
			g.spans = true
		}
		// The "/" of a "**/" may be skipped, so it ends a run too.
		if o.kind != opByte || i >= 2 && g.ops[i-2].kind == opDirs {
			run = 0
			continue
		}
		if run++; run > bestLen {
			best, bestLen = i+1, run
		}
	}
	needle := make([]byte, 0, bestLen)
	for _, o := range g.ops[best-bestLen : best] {
		needle = append(needle, o.b)
	}
	g.needle = string(needle)
	return g, true
}

func (g *glob) endsWithDirs() bool {
	n := len(g.ops)
	return n >= 3 && g.ops[n-3].kind == opDirs
}

// parseClass parses the bracket expression at pat[i] the way wildmatch
// does: "!" or "^" negates, a leading "]" is literal, "-" makes a range
// unless first or last, "\" escapes, and "[:name:]" names a class of ASCII
// bytes. It returns the index just past the closing "]", or -1 if the
// expression never ends or names no class (git then matches nothing).
func parseClass(pat string, i int) (set *byteSet, end int) {
	set = new(byteSet)
	p := i + 1
	negated := p < len(pat) && (pat[p] == '!' || pat[p] == '^')
	if negated {
		p++
	}
	// prev is the byte before a "-", 0 when none can start a range (git
	// compares with NUL, which no pattern holds).
	var prev byte
	for first := true; ; first = false {
		if p >= len(pat) {
			return nil, -1
		}
		c := pat[p]
		if c == ']' && !first {
			break
		}
		switch {
		case c == '\\':
			if p++; p >= len(pat) {
				return nil, -1
			}
			c = pat[p]
			set.add(c)
		case c == '-' && prev != 0 && p+1 < len(pat) && pat[p+1] != ']':
			p++
			hi := pat[p]
			if hi == '\\' {
				if p++; p >= len(pat) {
					return nil, -1
				}
				hi = pat[p]
			}
			for b := int(prev); b <= int(hi); b++ {
				set.add(byte(b))
			}
			c = 0
		case c == '[' && p+1 < len(pat) && pat[p+1] == ':':
			// As in git, the name ends at the next "]"; without ":]"
			// before it, the "[" is an ordinary byte.
			q := strings.IndexByte(pat[p+2:], ']')
			if q < 0 {
				return nil, -1
			}
			name := pat[p+2 : p+2+q]
			if !strings.HasSuffix(name, ":") {
				set.add('[')
				break
			}
			if !addNamed(set, name[:len(name)-1]) {
				return nil, -1
			}
			p += 2 + q
			c = 0
		default:
			set.add(c)
		}
		prev = c
		p++
	}
	if negated {
		for w := range set {
			set[w] = ^set[w]
		}
	}
	return set, p + 1
}

// addNamed adds the bytes of a POSIX class as git's own ctype tables define
// it (ASCII only, whatever the locale); false for an unknown name.
func addNamed(set *byteSet, name string) bool {
	var in func(c byte) bool
	switch name {
	case "alnum":
		in = func(c byte) bool { return isAlpha(c) || isDigit(c) }
	case "alpha":
		in = isAlpha
	case "blank":
		in = func(c byte) bool { return c == ' ' || c == '\t' }
	case "cntrl":
		in = func(c byte) bool { return c < ' ' || c == 0x7f }
	case "digit":
		in = isDigit
	case "graph":
		in = func(c byte) bool { return '!' <= c && c <= '~' }
	case "lower":
		in = func(c byte) bool { return 'a' <= c && c <= 'z' }
	case "print":
		in = func(c byte) bool { return ' ' <= c && c <= '~' }
	case "punct":
		in = func(c byte) bool { return '!' <= c && c <= '~' && !isAlpha(c) && !isDigit(c) }
	case "space":
		in = func(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' }
	case "upper":
		in = func(c byte) bool { return 'A' <= c && c <= 'Z' }
	case "xdigit":
		in = func(c byte) bool { return isDigit(c) || 'a' <= c|0x20 && c|0x20 <= 'f' }
	default:
		return false
	}
	for c := range 128 {
		if in(byte(c)) {
			set.add(byte(c))
		}
	}
	return true
}

func isAlpha(c byte) bool { return 'a' <= c|0x20 && c|0x20 <= 'z' }
func isDigit(c byte) bool { return '0' <= c && c <= '9' }

// stackWords is how many 64-state words of the simulation live on the
// stack; longer patterns, which are rare, allocate.
const stackWords = 4

// match reports whether the glob matches all of name. It costs
// O(len(ops) * len(name)) at most, and far less for most patterns.
func (g *glob) match(name string) bool {
	text, ok := strings.CutPrefix(name, g.prefix)
	if !ok {
		return false
	}
	if len(g.ops) == 0 {
		return text == ""
	}
	if len(text) < g.minLen {
		return false
	}
	if !g.spans {
		return matchFlat(g.ops, text)
	}
	if !strings.Contains(text, g.needle) {
		return false
	}
	words := (len(g.ops) + 1 + 63) / 64
	var buf [2 * stackWords]uint64
	var cur, next []uint64
	if words <= stackWords {
		cur, next = buf[:words], buf[stackWords:stackWords+words]
	} else {
		s := make([]uint64, 2*words)
		cur, next = s[:words], s[words:]
	}
	cur[0] = 1
	g.closure(cur)
	last := len(g.ops) - 1
	for i := 0; i < len(text); i++ {
		c := text[i]
		clear(next)
		live := false
		for w, word := range cur {
			for ; word != 0; word &= word - 1 {
				s := w*64 + bits.TrailingZeros64(word)
				if s > last {
					continue // the accepting state consumes nothing
				}
				o := &g.ops[s]
				to := s + 1
				switch o.kind {
				case opByte, opAny, opClass:
					if !o.matches(c) {
						continue
					}
				case opStar:
					if c == '/' {
						continue
					}
					to = s
				case opStarAll:
					if s == last {
						return true // a trailing "**" matches the rest
					}
					to = s
				case opDirs:
					continue
				}
				next[to>>6] |= 1 << (to & 63)
				live = true
			}
		}
		if !live {
			return false
		}
		g.closure(next)
		cur, next = next, cur
	}
	n := last + 1
	return cur[n>>6]&(1<<(n&63)) != 0
}

// closure adds to states those reachable without reading a byte: past a
// star, or past a whole "**/". Such moves only go forward, so one pass in
// increasing order sees the states it adds.
func (g *glob) closure(states []uint64) {
	for w := range states {
		for done := uint64(0); states[w]&^done != 0; {
			word := states[w] &^ done
			b := bits.TrailingZeros64(word)
			done |= 1 << b
			s := w*64 + b
			if s >= len(g.ops) {
				continue
			}
			switch g.ops[s].kind {
			case opStar, opStarAll:
				states[(s+1)>>6] |= 1 << ((s + 1) & 63)
			case opDirs:
				states[(s+1)>>6] |= 1 << ((s + 1) & 63)
				states[(s+3)>>6] |= 1 << ((s + 3) & 63)
			}
		}
	}
}

// matchFlat matches ops, none of which spans directories, against text: the
// i-th "/" of one must be the i-th "/" of the other, so each segment is
// matched on its own.
func matchFlat(ops []op, text string) bool {
	for {
		i := 0
		for i < len(ops) && (ops[i].kind != opByte || ops[i].b != '/') {
			i++
		}
		seg, rest, more := strings.Cut(text, "/")
		if !matchSegment(ops[:i], seg) {
			return false
		}
		if i == len(ops) || !more {
			return i == len(ops) && !more
		}
		ops, text = ops[i+1:], rest
	}
}

// matchSegment matches ops, none of which is a "/", against name, which
// holds none. Only the last star needs backtracking, which keeps the cost
// at O(len(ops) * len(name)) and linear in practice.
func matchSegment(ops []op, name string) bool {
	p, n := 0, 0
	star, starN := -1, 0
	for n < len(name) {
		if p < len(ops) {
			o := &ops[p]
			if o.kind == opStar {
				p++
				star, starN = p, n
				continue
			}
			if o.matches(name[n]) {
				p, n = p+1, n+1
				continue
			}
		}
		if star < 0 {
			return false
		}
		starN++
		p, n = star, starN
	}
	for p < len(ops) && ops[p].kind == opStar {
		p++
	}
	return p == len(ops)
}

// matches reports whether an op that reads exactly one byte reads c.
func (o *op) matches(c byte) bool {
	switch o.kind {
	case opByte:
		return c == o.b
	case opAny:
		return c != '/'
	case opClass:
		return c != '/' && o.set.has(c)
	}
	return false
}
