package review

import (
	"strconv"
	"strings"
)

// lines is what a file's patch lets a review comment on: the lines the
// pull request added, and the hunks (ranges of lines in the new file) a
// comment, which may span several lines, must lie within one of.
type lines struct {
	added map[int]bool
	// nearDeletion are the lines just before and just after lines the pull
	// request deleted, which -new-from-rev counts as changed too.
	nearDeletion map[int]bool
	hunks        [][2]int // first and last line, in order
}

// parsePatch reads the hunks of a unified diff as the pull-request files
// API returns it (no file headers). A malformed or missing patch (binary
// or too large a file) yields no lines.
func parsePatch(patch string) lines {
	l := lines{added: map[int]bool{}, nearDeletion: map[int]bool{}}
	line, inHunk := 0, false
	for text := range strings.Lines(patch) {
		text = strings.TrimRight(text, "\r\n")
		if strings.HasPrefix(text, "@@ ") {
			start, ok := newStart(text)
			if !ok {
				inHunk = false
				continue
			}
			line, inHunk = start, true
			l.hunks = append(l.hunks, [2]int{start, start - 1})
			continue
		}
		if !inHunk {
			continue
		}
		switch {
		case strings.HasPrefix(text, "+"):
			l.added[line] = true
		case strings.HasPrefix(text, " "), text == "":
		case strings.HasPrefix(text, "-"):
			l.nearDeletion[line-1], l.nearDeletion[line] = true, true
			continue
		default: // "\ No newline at end of file"
			continue
		}
		l.hunks[len(l.hunks)-1][1] = line
		line++
	}
	return l
}

// newStart returns the first new-file line of a hunk header
// "@@ -a,b +c,d @@ context".
func newStart(header string) (int, bool) {
	_, rest, ok := strings.Cut(header, " +")
	if !ok {
		return 0, false
	}
	num, _, _ := strings.Cut(rest, " ")
	num, _, _ = strings.Cut(num, ",")
	n, err := strconv.Atoi(num)
	if err != nil || n < 0 {
		return 0, false
	}
	return max(n, 1), true
}

// hunk returns the index of the hunk holding lines first..last, or -1.
func (l lines) hunk(first, last int) int {
	for i, h := range l.hunks {
		if h[0] <= first && last <= h[1] {
			return i
		}
	}
	return -1
}

// adds reports whether the pull request added line n.
func (l lines) adds(n int) bool { return l.added[n] }

// shows reports whether the diff shows line n, added or as context: a
// review comment may go there.
func (l lines) shows(n int) bool { return l.hunk(n, n) >= 0 }

// changes reports whether line n is one the pull request changed: added,
// or next to a deletion, as -new-from-rev counts them. Only such a line
// of a finding's evidence brings the finding into the diff: evidence on a
// context line merely sits near an unrelated edit.
func (l lines) changes(n int) bool { return l.added[n] || l.nearDeletion[n] && l.shows(n) }

// diff is what a pull request's diff shows of each file it changes, by
// path.
type diff map[string]lines

// spot is a line the diff shows where a finding's comment goes.
type spot struct {
	path     string
	line     int
	evidence *Related // the evidence on this line; nil when the line is in the finding's own range
}

// place returns where f's comment goes, false when neither f's range nor
// its evidence meets a line the diff shows: in its own range, an added
// line, else a context line; else in its evidence, an added line, else a
// line next to a deletion, of the first range that has one. Within a range it is the
// line nearest to the finding, so that a finding a deletion caused, just
// outside a hunk, is commented on the hunk's line next to it when its
// evidence reaches into the hunk.
func (d diff) place(f Finding) (spot, bool) {
	own := Related{Path: f.Path, Line: f.Line, EndLine: f.EndLine}
	if s, i := d.within([]Related{own}, f, lines.adds, lines.shows); i >= 0 {
		return s, true
	}
	if s, i := d.within(f.Related, f, lines.adds, lines.changes); i >= 0 {
		s.evidence = &f.Related[i]
		return s, true
	}
	return spot{}, false
}

// within returns the line of the ranges rs that place picks, the first
// for which a test of wanted holds, in their order, and the index of its
// range; -1 when no line of theirs passes.
func (d diff) within(rs []Related, f Finding, wanted ...func(lines, int) bool) (spot, int) {
	for _, wanted := range wanted {
		for i, r := range rs {
			l, ok := d[r.Path]
			if !ok {
				continue
			}
			near := 0 // in another file: the range's first line
			if r.Path == f.Path {
				near = f.Line
			}
			if n := nearest(r.Line, max(r.EndLine, r.Line), near, func(n int) bool { return wanted(l, n) }); n > 0 {
				return spot{path: r.Path, line: n}, i
			}
		}
	}
	return spot{}, -1
}

// nearest returns the line of first..last nearest to near for which ok
// holds (the first of two as near), or 0.
func nearest(first, last, near int, ok func(int) bool) int {
	best := 0
	for n := first; n <= last; n++ {
		if ok(n) && (best == 0 || abs(n-near) < abs(best-near)) {
			best = n
		}
	}
	return best
}

// abs is the distance of n from 0, for nearest.
func abs(n int) int { return max(n, -n) }
