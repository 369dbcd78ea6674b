package report

import (
	"encoding/xml"
	"io"
)

type checkstyleXML struct {
	XMLName xml.Name         `xml:"checkstyle"`
	Version string           `xml:"version,attr"`
	Files   []checkstyleFile `xml:"file"`
}

type checkstyleFile struct {
	Name   string            `xml:"name,attr"`
	Errors []checkstyleError `xml:"error"`
}

// checkstyleError columns count characters, as Checkstyle's own do.
type checkstyleError struct {
	Line     int    `xml:"line,attr"`
	Column   int    `xml:"column,attr,omitempty"`
	Severity string `xml:"severity,attr"`
	Message  string `xml:"message,attr"`
	Source   string `xml:"source,attr"`
}

// writeCheckstyle writes Checkstyle's XML report, findings grouped by file
// in their order, the rule in source as flinklint.rule-id.
func writeCheckstyle(w io.Writer, r *Report) error {
	out := checkstyleXML{Version: "4.3"}
	for _, f := range r.Findings {
		if n := len(out.Files); n == 0 || out.Files[n-1].Name != f.Path {
			out.Files = append(out.Files, checkstyleFile{Name: f.Path})
		}
		file := &out.Files[len(out.Files)-1]
		file.Errors = append(file.Errors, checkstyleError{
			Line: f.Start.Line, Column: f.Start.Char, Severity: f.Severity.String(),
			Message: f.Message, Source: "flinklint." + f.Rule,
		})
	}
	if _, err := io.WriteString(w, xml.Header); err != nil {
		return err
	}
	enc := xml.NewEncoder(w)
	enc.Indent("", "  ")
	if err := enc.Encode(out); err != nil {
		return err
	}
	_, err := io.WriteString(w, "\n")
	return err
}
