package report

import (
	"encoding/json"
	"io"

	ruledocs "github.com/flinklint/flinklint/docs/rules"
)

// JSONVersion is the version of the JSON format. It changes only when a
// field changes meaning or goes away; new fields keep it.
const JSONVersion = 1

type jsonReport struct {
	Version  int           `json:"version"`
	Tool     jsonTool      `json:"tool"`
	Findings []jsonFinding `json:"findings"`
	Problems []jsonProblem `json:"problems"`
}

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

func writeJSON(w io.Writer, r *Report) error {
	out := jsonReport{
		Version:  JSONVersion,
		Tool:     jsonTool{Name: "flinklint", Version: r.Version},
		Findings: []jsonFinding{},
		Problems: []jsonProblem{},
	}
	for _, f := range r.Findings {
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
		out.Findings = append(out.Findings, jf)
	}
	for _, p := range r.Problems {
		out.Problems = append(out.Problems, jsonProblem{Path: p.Path, Line: p.Line, Message: p.Message, Internal: p.Internal})
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	return enc.Encode(out)
}
