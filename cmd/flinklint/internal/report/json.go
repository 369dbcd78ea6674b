package report

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"

	ruledocs "github.com/flinklint/flinklint/docs/rules"
)

// JSONVersion is the version of the JSON format. It changes only when a
// field changes meaning or goes away; new fields keep it.
const JSONVersion = 1

type jsonTool struct {
	Name    string `json:"name"`
	Version string `json:"version"`
}

type jsonFinding struct {
	Rule     string `json:"rule"`
	Severity string `json:"severity"`
	Message  string `json:"message"` // the headline
	Help     string `json:"help,omitempty"`
	Note     string `json:"note,omitempty"`
	jsonRange
	Docs    string        `json:"docs"`
	Fixes   []jsonFix     `json:"fixes,omitempty"`
	Related []jsonRelated `json:"related,omitempty"`
}

// jsonRelated is a location of a finding's evidence.
type jsonRelated struct {
	jsonRange
	Message string `json:"message"`
}

// jsonRange columns count Unicode code points, end exclusive.
type jsonRange struct {
	Path      string `json:"path"`
	Line      int    `json:"line"`
	Column    int    `json:"column"`
	EndLine   int    `json:"endLine"`
	EndColumn int    `json:"endColumn"`
}

type jsonFix struct {
	Message string     `json:"message"`
	Edits   []jsonEdit `json:"edits"`
}

type jsonEdit struct {
	jsonRange
	NewText string `json:"newText"`
}

type jsonProblem struct {
	Path     string `json:"path,omitempty"`
	Line     int    `json:"line,omitempty"`
	Message  string `json:"message"`
	Internal bool   `json:"internal,omitempty"`
}

func charRange(path string, start, end Position) jsonRange {
	return jsonRange{Path: path, Line: start.Line, Column: start.Char, EndLine: end.Line, EndColumn: end.Char}
}

// writeJSON writes r as one indented JSON object, the findings one at a
// time: a run of 100,000 jobs has tens of thousands of findings, and the
// whole document in memory at once would be most of the run's peak.
func writeJSON(w io.Writer, r *Report) error {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	enc.SetIndent("  ", "  ")
	// end ends a member of the top-level object.
	end := func(last bool) {
		if !last {
			buf.WriteByte(',')
		}
		buf.WriteByte('\n')
	}
	// field writes a member of the top-level object, name and v, as an
	// encoder of the whole document indents it.
	field := func(name string, v any, last bool) error {
		fmt.Fprintf(&buf, "  %q: ", name)
		if err := enc.Encode(v); err != nil {
			return err
		}
		buf.Truncate(buf.Len() - 1) // Encode's newline
		end(last)
		return nil
	}
	// list writes a member that is an array of n elements, the i-th from
	// elem, writing buf to w after each.
	list := func(name string, n int, elem func(i int) any, last bool) error {
		if n == 0 {
			return field(name, []any{}, last)
		}
		fmt.Fprintf(&buf, "  %q: [\n", name)
		enc.SetIndent("    ", "  ")
		defer enc.SetIndent("  ", "  ")
		for i := range n {
			buf.WriteString("    ")
			if err := enc.Encode(elem(i)); err != nil {
				return err
			}
			if i < n-1 {
				buf.Truncate(buf.Len() - 1)
				buf.WriteString(",\n")
			}
			if _, err := w.Write(buf.Bytes()); err != nil {
				return err
			}
			buf.Reset()
		}
		buf.WriteString("  ]")
		end(last)
		return nil
	}
	buf.WriteString("{\n")
	err := errors.Join(
		field("version", JSONVersion, false),
		field("tool", jsonTool{Name: "flinklint", Version: r.Version}, false))
	if err == nil {
		err = list("findings", len(r.Findings), func(i int) any { return jsonFindingOf(r.Findings[i]) }, false)
	}
	if err == nil {
		err = list("problems", len(r.Problems), func(i int) any {
			p := r.Problems[i]
			return jsonProblem{Path: p.Path, Line: p.Line, Message: p.Message, Internal: p.Internal}
		}, true)
	}
	if err != nil {
		return err
	}
	buf.WriteString("}\n")
	_, err = w.Write(buf.Bytes())
	return err
}

// jsonFindingOf returns f as the JSON report gives it.
func jsonFindingOf(f Finding) jsonFinding {
	jf := jsonFinding{
		Rule: f.Rule, Severity: f.Severity.String(), Message: f.Message, Help: f.Help, Note: f.Note,
		jsonRange: charRange(f.Path, f.Start, f.End), Docs: ruledocs.URL(f.Rule),
	}
	for _, rel := range f.Related {
		jf.Related = append(jf.Related, jsonRelated{charRange(rel.Path, rel.Start, rel.End), rel.Message})
	}
	for _, fix := range f.Fixes {
		jx := jsonFix{Message: fix.Message}
		for _, e := range fix.Edits {
			jx.Edits = append(jx.Edits, jsonEdit{charRange(e.Path, e.Start, e.End), e.NewText})
		}
		jf.Fixes = append(jf.Fixes, jx)
	}
	return jf
}
