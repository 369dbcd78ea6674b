package diagnose

import (
	"encoding/json"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/flinklint/flinklint/cmd/flinklint/internal/report"
	"github.com/flinklint/flinklint/rules"
)

// Formats lists the formats Write takes; the first is the default.
func Formats() []string { return []string{"text", "json", "sarif"} }

// CheckFormat returns an error unless name is a format.
func CheckFormat(name string) error {
	for _, f := range Formats() {
		if f == name {
			return nil
		}
	}
	return fmt.Errorf("unknown format %q (want %s)", name, strings.Join(Formats(), ", "))
}

// Write writes the findings of d on w in format. version is flinklint's.
func Write(w io.Writer, d Diagnosis, format, version string) error {
	switch format {
	case "json":
		return writeJSON(w, d, version)
	case "sarif":
		return writeSARIF(w, d, version)
	}
	return writeText(w, d)
}

// writeText writes each finding as a compiler-style line, path:line:col:
// kind: message (IDE problem matchers read it), or vertex "name": kind:
// message when the code is not known, with its evidence, cause, fix and
// rule indented below.
func writeText(w io.Writer, d Diagnosis) error {
	var b strings.Builder
	for _, f := range d.Findings {
		if f.Line > 0 {
			fmt.Fprintf(&b, "%s:%d:%d: %s: %s\n", f.Path, f.Line, f.Column, f.Kind, oneLine(f.Message))
		} else {
			fmt.Fprintf(&b, "vertex %q: %s: %s\n", f.Vertex, f.Kind, oneLine(f.Message))
		}
		fmt.Fprintf(&b, "    vertex: %q (%s), matched to the code: %s\n", f.Vertex, f.VertexID, f.Match)
		for _, e := range f.Evidence {
			fmt.Fprintf(&b, "    %s\n", oneLine(e))
		}
		fmt.Fprintf(&b, "    cause: %s\n    fix: %s\n", f.Cause, f.Fix)
		if f.Rule != "" {
			fmt.Fprintf(&b, "    rule: %s (flinklint -explain %s)\n", f.Rule, f.Rule)
			if f.RuleNote != "" {
				fmt.Fprintf(&b, "    (%s)\n", f.RuleNote)
			}
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// oneLine keeps a message on its line: names come from the cluster.
func oneLine(s string) string {
	return strings.Map(func(r rune) rune {
		if r < ' ' || r == 0x7f {
			return ' '
		}
		return r
	}, s)
}

// Summary writes what was diagnosed, checked and not, for a person.
func Summary(w io.Writer, d Diagnosis) {
	fmt.Fprintf(w, "flinklint diagnose: job %q (%s), sampled at %s and %s (%s apart): %s\n",
		d.Job.Name, d.Job.ID, d.First.UTC().Format(time.TimeOnly), d.Second.UTC().Format(time.TimeOnly),
		d.Second.Sub(d.First).Round(time.Second), report.Count(len(d.Findings), "finding"))
	if d.Stale {
		fmt.Fprintln(w, "  the metrics did not refresh between the samples: try a longer -interval")
	}
	fmt.Fprintf(w, "  checked: %s\n", strings.Join(d.Checked, ", "))
	for _, n := range d.NotChecked {
		fmt.Fprintf(w, "  not checked: %s\n", n)
	}
	for _, u := range d.Unmatched {
		fmt.Fprintf(w, "  not matched to the code: %s\n", u)
	}
}

// jsonVersion is the version of the JSON document; it grows when a field
// changes meaning or goes.
const jsonVersion = 1

type jsonDiagnosis struct {
	Version    int           `json:"version"`
	Tool       string        `json:"tool"`
	Job        JobInfo       `json:"job"`
	First      time.Time     `json:"firstSample"`
	Second     time.Time     `json:"secondSample"`
	Stale      bool          `json:"stale"`
	Findings   []jsonFinding `json:"findings"`
	Checked    []string      `json:"checked"`
	NotChecked []string      `json:"notChecked"`
	Unmatched  []string      `json:"unmatched"`
}

type jsonFinding struct {
	Kind     string   `json:"kind"`
	VertexID string   `json:"vertexId"`
	Vertex   string   `json:"vertex"`
	Subtasks []int    `json:"subtasks,omitempty"`
	Message  string   `json:"message"`
	Evidence []string `json:"evidence"`
	Cause    string   `json:"cause"`
	Fix      string   `json:"fix"`
	Rule     string   `json:"rule,omitempty"`
	RuleNote string   `json:"ruleNote,omitempty"`
	Path     string   `json:"path,omitempty"`
	Line     int      `json:"line,omitempty"`
	Column   int      `json:"column,omitempty"`
	Match    string   `json:"match"`
}

func writeJSON(w io.Writer, d Diagnosis, version string) error {
	doc := jsonDiagnosis{Version: jsonVersion, Tool: "flinklint " + version, Job: d.Job, First: d.First.UTC(), Second: d.Second.UTC(), Stale: d.Stale,
		Findings: []jsonFinding{}, Checked: d.Checked, NotChecked: d.NotChecked, Unmatched: d.Unmatched}
	for _, f := range d.Findings {
		doc.Findings = append(doc.Findings, jsonFinding(f))
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(doc)
}

// writeSARIF writes, through the linter's SARIF writer, the findings
// that fit SARIF: those on a line of the code, under the static rule
// that catches their cause. The others (backpressure, vertices not
// matched) are in the text and JSON formats only.
func writeSARIF(w io.Writer, d Diagnosis, version string) error {
	r := &report.Report{Version: version}
	used := map[string]bool{}
	for _, f := range d.Findings {
		if f.Line == 0 || f.Rule == "" {
			continue
		}
		p := report.Position{Line: f.Line, Column: f.Column, Char: f.Column, UTF16: f.Column}
		r.Findings = append(r.Findings, report.Finding{
			Rule: f.Rule, Severity: rules.Warning, Path: f.Path, Start: p, End: p,
			Message: "running job " + d.Job.Name + ": " + f.Kind + ": " + oneLine(f.Message),
			Help:    f.Fix, Note: f.Cause + " Evidence: " + strings.Join(f.Evidence, "; ") + ".",
		})
		used[f.Rule] = true
	}
	for _, rl := range rules.All {
		if used[rl.Name] {
			r.Rules = append(r.Rules, rl)
		}
	}
	return r.Write(w, "sarif")
}
