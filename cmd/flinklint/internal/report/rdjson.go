package report

import (
	"encoding/json"
	"io"
	"strings"

	ruledocs "github.com/flinklint/flinklint/docs/rules"
	"github.com/flinklint/flinklint/internal/message"
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
	Message          string              `json:"message"`
	Location         rdLocation          `json:"location"`
	Severity         string              `json:"severity"`
	Source           rdSource            `json:"source"`
	Code             rdCode              `json:"code"`
	Suggestions      []rdSuggestion      `json:"suggestions,omitempty"`
	OriginalOutput   string              `json:"original_output"`
	RelatedLocations []rdRelatedLocation `json:"related_locations,omitempty"`
}

type rdRelatedLocation struct {
	Message  string     `json:"message"`
	Location rdLocation `json:"location"`
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
//
// The message is the headline, then the help and note lines: reviewdog's
// pull-request reporters show it as the comment, where they read well.
// Its local reporter prints original_output instead, the line the text
// format writes (without it, reviewdog prints the diagnostic's protobuf
// text). The evidence becomes related_locations, which the pull-request
// reporters link under the comment.
func rdDiagnostics(r *Report) []rdDiagnostic {
	out := []rdDiagnostic{}
	for _, f := range r.Findings {
		d := rdDiagnostic{
			Message:        message.Parts{Headline: f.Message, Help: f.Help, Note: f.Note}.String(),
			Location:       rdLocation{Path: f.Path, Range: byteRange(f.Start, f.End)},
			Severity:       strings.ToUpper(f.Severity.String()),
			Source:         source(),
			Code:           rdCode{Value: f.Rule, URL: ruledocs.URL(f.Rule)},
			OriginalOutput: textLine(f),
		}
		for _, e := range f.Related {
			d.RelatedLocations = append(d.RelatedLocations, rdRelatedLocation{e.Message, rdLocation{Path: e.Path, Range: byteRange(e.Start, e.End)}})
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

// textLine is the line the text format writes for f, its headline's.
func textLine(f Finding) string {
	var b strings.Builder
	_ = writeText(&b, &Report{Findings: []Finding{f}}) // a strings.Builder does not fail
	line, _, _ := strings.Cut(b.String(), "\n")
	return line
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
