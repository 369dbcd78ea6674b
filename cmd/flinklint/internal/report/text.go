package report

import (
	"fmt"
	"io"
	"strconv"
	"strings"
	"unicode"
)

// writeText writes one line per finding, path:line:col: severity:
// headline [rule-id], col in bytes: the format of compilers and go vet.
// With r.Details, the evidence, help and note follow it on indented lines
// that no reader of the format takes for a finding (see detailLine).
func writeText(w io.Writer, r *Report) error {
	for _, f := range r.Findings {
		if _, err := fmt.Fprintf(w, "%s:%d:%d: %s: %s [%s]\n", Escape(f.Path), f.Start.Line, f.Start.Column,
			f.Severity, Escape(f.Message), f.Rule); err != nil {
			return err
		}
		if !r.Details {
			continue
		}
		for _, d := range details(f) {
			if _, err := fmt.Fprintln(w, detailLine(d)); err != nil {
				return err
			}
		}
	}
	return nil
}

// details are the lines that follow a finding's headline where there is
// room: each piece of evidence with its label, then the help and the note.
// A location in the finding's own file is its line; another file's is its
// path and line, as "StreamDefaults.java, line 12" rather than
// "StreamDefaults.java:12", so that no reader of positions takes the line
// for a finding of its own.
func details(f Finding) []string {
	var out []string
	for _, rel := range f.Related {
		where := fmt.Sprintf("line %d", rel.Start.Line)
		if rel.Path != f.Path {
			where = fmt.Sprintf("%s, line %d", rel.Path, rel.Start.Line)
		}
		out = append(out, rel.Message+": "+where)
	}
	if f.Help != "" {
		out = append(out, "help: "+f.Help)
	}
	if f.Note != "" {
		out = append(out, "note: "+f.Note)
	}
	return out
}

// detailLine is a detail as the text format writes it: indented, escaped,
// and defused, so that vim's errorformat, reviewdog's -efm and the problem
// matcher read only the headline line above it.
func detailLine(d string) string { return "    " + defuse(Escape(d), true) }

// WriteProblems writes the problems on w (stderr) as lines that no
// reader of the findings takes for a finding in a wrong file. A problem
// in a file is path:line:col: problem: message (line and column 1 when
// unknown): vim's errorformat reads it as an entry for that file, while
// the problem matcher, which wants a severity and a [rule-id], skips it.
// A problem about no file is written as a Note.
func WriteProblems(w io.Writer, problems []Problem) {
	for _, p := range problems {
		if p.Path == "" {
			Note(w, p.Message)
			continue
		}
		kind := "problem"
		if p.Internal {
			kind = "internal error"
		}
		path, msg := Escape(p.Path), Escape(p.Message)
		if strings.Contains(path+msg, `"`) {
			msg = defuse(msg, false)
		}
		fmt.Fprintf(w, "%s:%d:%d: %s: %s\n", path, max(p.Line, 1), max(p.Column, 1), kind, msg)
	}
}

// Note writes "flinklint: msg" on w, a line about no file that vim's
// errorformat and the problem matcher ignore: see defuse.
func Note(w io.Writer, msg string) {
	fmt.Fprintf(w, "flinklint: %s\n", defuse(Escape(msg), true))
}

// Escape writes control characters as Go escapes, so that a file name or
// a quoted piece of source cannot end a line or forge one.
func Escape(s string) string { return escapeControls(s, unicode.IsControl) }

// escapeControls writes the characters for which control is true as Go
// escapes ('\n', '\x1b', '\u0085').
func escapeControls(s string, control func(rune) bool) string {
	if !strings.ContainsFunc(s, control) {
		return s
	}
	var b strings.Builder
	for _, r := range s {
		if control(r) {
			q := strconv.QuoteRune(r)
			b.WriteString(q[1 : len(q)-1])
		} else {
			b.WriteRune(r)
		}
	}
	return b.String()
}

// defuse spaces out the colons and bars next to digits that would let
// vim's default errorformat take a message for a position: a digit or ')'
// before a colon (`"f" 3: x`, "f(3): x"), and, when the line names no
// file (all), a colon or bar before a digit ("x.go:42:", "|3|"). A line
// that starts with path:line:col: needs it only when it holds a '"': the
// one pattern vim tries before %f:%l:%c:%m is %*[^"]"%f"%*\D%l: %m.
func defuse(s string, all bool) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		digitAfter := i+1 < len(s) && s[i+1] >= '0' && s[i+1] <= '9'
		switch {
		case c == ':' && i > 0 && (s[i-1] >= '0' && s[i-1] <= '9' || s[i-1] == ')'):
			b.WriteString(" :")
			if all && digitAfter {
				b.WriteByte(' ')
			}
		case (c == ':' || c == '|') && all && digitAfter:
			b.WriteByte(c)
			b.WriteByte(' ')
		default:
			b.WriteByte(c)
		}
	}
	return b.String()
}
