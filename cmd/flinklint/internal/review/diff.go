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
	hunks [][2]int // first and last line, in order
}

// parsePatch reads the hunks of a unified diff as the pull-request files
// API returns it (no file headers). A malformed or missing patch (binary
// or too large a file) yields no lines.
func parsePatch(patch string) lines {
	l := lines{added: map[int]bool{}}
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
		default: // "-" (a removed line) or "\ No newline at end of file"
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
