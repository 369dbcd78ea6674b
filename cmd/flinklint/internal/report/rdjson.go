package report

import (
	"encoding/json"
	"io"
	"strings"

	ruledocs "github.com/flinklint/flinklint/docs/rules"
)

// The rdjson types follow reviewdog's proto/rdf/reviewdog.proto; its
// columns are bytes of UTF-8 text.
type rdResult struct {
	Source      rdSource       `json:"source"`
	Diagnostics []rdDiagnostic `json:"diagnostics"`
}

type rdSource struct {
	Name string `json:"name"`
	URL  string `json:"url,omitempty"`
}

type rdDiagnostic struct {
	Message     string         `json:"message"`
	Location    rdLocation     `json:"location"`
	Severity    string         `json:"severity"`
	Source      rdSource       `json:"source"`
	Code        rdCode         `json:"code"`
	Suggestions []rdSuggestion `json:"suggestions,omitempty"`
}

type rdLocation struct {
	Path  string  `json:"path"`
	Range rdRange `json:"range"`
}

type rdRange struct {
	Start rdPosition `json:"start"`
	End   rdPosition `json:"end"`
}

type rdPosition struct {
	Line   int `json:"line"`
	Column int `json:"column"`
}

type rdCode struct {
	Value string `json:"value"`
	URL   string `json:"url"`
}

type rdSuggestion struct {
	Range rdRange `json:"range"`
	Text  string  `json:"text"`
}

// source names flinklint in rdjson.
func source() rdSource {
	return rdSource{Name: "flinklint", URL: "https://github.com/flinklint/flinklint"}
}

func byteRange(start, end Position) rdRange {
	return rdRange{rdPosition{start.Line, start.Column}, rdPosition{end.Line, end.Column}}
}

// rdDiagnostics converts the findings; the edits of a finding's first fix
// in its own file become its suggestions, as -fix applies that fix.
func rdDiagnostics(r *Report) []rdDiagnostic {
	out := []rdDiagnostic{}
	for _, f := range r.Findings {
		d := rdDiagnostic{
			Message:  f.Message,
			Location: rdLocation{Path: f.Path, Range: byteRange(f.Start, f.End)},
			Severity: strings.ToUpper(f.Severity.String()),
			Source:   source(),
			Code:     rdCode{Value: f.Rule, URL: ruledocs.URL(f.Rule)},
		}
		if len(f.Fixes) > 0 {
			for _, e := range f.Fixes[0].Edits {
				if e.Path == f.Path {
					d.Suggestions = append(d.Suggestions, rdSuggestion{byteRange(e.Start, e.End), e.NewText})
				}
			}
		}
		out = append(out, d)
	}
	return out
}

func writeRDJSON(w io.Writer, r *Report) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	return enc.Encode(rdResult{Source: source(), Diagnostics: rdDiagnostics(r)})
}

// writeRDJSONL writes one diagnostic per line.
func writeRDJSONL(w io.Writer, r *Report) error {
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	for _, d := range rdDiagnostics(r) {
		if err := enc.Encode(d); err != nil {
			return err
		}
	}
	return nil
}
