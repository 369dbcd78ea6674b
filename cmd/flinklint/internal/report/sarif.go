package report

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"path/filepath"
	"strings"

	ruledocs "github.com/flinklint/flinklint/docs/rules"
	"github.com/flinklint/flinklint/rules"
)

// srcRoot is the base of the URIs of files below the working directory,
// so that GitHub code scanning maps them to the repository.
const srcRoot = "%SRCROOT%"

type sarifLog struct {
	Schema  string     `json:"$schema"`
	Version string     `json:"version"`
	Runs    []sarifRun `json:"runs"`
}

type sarifRun struct {
	Tool               sarifTool                   `json:"tool"`
	Invocations        []sarifInvocation           `json:"invocations"`
	OriginalURIBaseIDs map[string]sarifArtifactLoc `json:"originalUriBaseIds,omitempty"`
	Results            []sarifResult               `json:"results"`
	ColumnKind         string                      `json:"columnKind"`
}

type sarifTool struct {
	Driver sarifDriver `json:"driver"`
}

type sarifDriver struct {
	Name           string      `json:"name"`
	Version        string      `json:"version,omitempty"`
	InformationURI string      `json:"informationUri"`
	Rules          []sarifRule `json:"rules"`
}

type sarifText struct {
	Text     string `json:"text"`
	Markdown string `json:"markdown,omitempty"`
}

type sarifRule struct {
	ID                   string          `json:"id"`
	ShortDescription     sarifText       `json:"shortDescription"`
	FullDescription      sarifText       `json:"fullDescription"`
	HelpURI              string          `json:"helpUri"`
	Help                 sarifText       `json:"help"`
	DefaultConfiguration sarifConfig     `json:"defaultConfiguration"`
	Properties           sarifProperties `json:"properties"`
}

type sarifConfig struct {
	Level string `json:"level"`
}

type sarifProperties struct {
	Tags []string `json:"tags"`
}

type sarifInvocation struct {
	ExecutionSuccessful bool                `json:"executionSuccessful"`
	Notifications       []sarifNotification `json:"toolExecutionNotifications,omitempty"`
}

type sarifNotification struct {
	Level     string          `json:"level"`
	Message   sarifText       `json:"message"`
	Locations []sarifLocation `json:"locations,omitempty"`
}

type sarifResult struct {
	RuleID              string            `json:"ruleId"`
	RuleIndex           int               `json:"ruleIndex"`
	Level               string            `json:"level"`
	Message             sarifText         `json:"message"`
	Locations           []sarifLocation   `json:"locations"`
	PartialFingerprints map[string]string `json:"partialFingerprints"`
	Fixes               []sarifFix        `json:"fixes,omitempty"`
	RelatedLocations    []sarifLocation   `json:"relatedLocations,omitempty"`
}

type sarifLocation struct {
	ID               int           `json:"id,omitempty"` // from 1: 0 is a valid id, but left out here
	PhysicalLocation sarifPhysical `json:"physicalLocation"`
	Message          *sarifText    `json:"message,omitempty"`
}

type sarifPhysical struct {
	ArtifactLocation sarifArtifactLoc `json:"artifactLocation"`
	Region           *sarifRegion     `json:"region,omitempty"`
}

type sarifArtifactLoc struct {
	URI       string `json:"uri"`
	URIBaseID string `json:"uriBaseId,omitempty"`
}

// sarifRegion columns are UTF-16 code units (the run's columnKind), end
// exclusive.
type sarifRegion struct {
	StartLine   int `json:"startLine"`
	StartColumn int `json:"startColumn,omitempty"`
	EndLine     int `json:"endLine,omitempty"`
	EndColumn   int `json:"endColumn,omitempty"`
}

type sarifFix struct {
	Description     sarifText             `json:"description"`
	ArtifactChanges []sarifArtifactChange `json:"artifactChanges"`
}

type sarifArtifactChange struct {
	ArtifactLocation sarifArtifactLoc   `json:"artifactLocation"`
	Replacements     []sarifReplacement `json:"replacements"`
}

type sarifReplacement struct {
	DeletedRegion   sarifRegion `json:"deletedRegion"`
	InsertedContent sarifText   `json:"insertedContent"`
}

func sarifLevel(s rules.Severity) string {
	switch s {
	case rules.Error:
		return "error"
	case rules.Warning:
		return "warning"
	}
	return "note"
}

// artifact returns the location of a shown path: relative to %SRCROOT%
// when below the working directory, an absolute file URI otherwise.
func (r *Report) artifact(path string) sarifArtifactLoc {
	if filepath.IsAbs(path) {
		p := filepath.ToSlash(path)
		if !strings.HasPrefix(p, "/") {
			p = "/" + p // C:/x
		}
		return sarifArtifactLoc{URI: "file://" + escapeURIPath(p)}
	}
	return sarifArtifactLoc{URI: escapeURIPath(filepath.ToSlash(path)), URIBaseID: srcRoot}
}

// escapeURIPath percent-encodes every byte of p but the unreserved ones and
// '/', so that no character of a file name (a space, '%', '#', a colon
// that would read as a scheme) changes the URI's meaning.
func escapeURIPath(p string) string {
	var b strings.Builder
	for i := 0; i < len(p); i++ {
		c := p[i]
		if 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || strings.IndexByte("-._~/", c) >= 0 {
			b.WriteByte(c)
		} else {
			fmt.Fprintf(&b, "%%%02X", c)
		}
	}
	return b.String()
}

func utf16Region(start, end Position) sarifRegion {
	return sarifRegion{StartLine: start.Line, StartColumn: start.UTF16, EndLine: end.Line, EndColumn: end.UTF16}
}

// lineHash is the finding's primaryLocationLineHash: the rule and the text
// of its line with white space removed, so that it survives edits of
// other lines and re-indentation, and the occurrence of that pair in the
// file, so that equal lines stay apart.
func lineHash(f Finding, seen map[string]int) string {
	text := f.LineText
	if text == "" {
		text = f.Message
	}
	sum := sha256.Sum256([]byte(f.Rule + "\x00" + strings.Join(strings.Fields(text), "")))
	h := hex.EncodeToString(sum[:8])
	key := f.Path + "\x00" + h
	seen[key]++
	return fmt.Sprintf("%s:%d", h, seen[key])
}

// fullDescription is the first paragraph of a rule's page after its
// summary that is prose, not a heading or the severity line.
func fullDescription(summary, doc string) string {
	_, body, _ := strings.Cut(doc, "\n\n")
	for _, para := range strings.Split(body, "\n\n") {
		para = strings.TrimSpace(para)
		if para != "" && !strings.HasPrefix(para, "#") && !strings.HasPrefix(para, "**") {
			return summary + " " + strings.Join(strings.Fields(para), " ")
		}
	}
	return summary
}

// sarifMessage is a finding's message: the headline as text, for the
// viewers that show one line; and in Markdown, the headline, the help and
// the note, and the evidence as links to the related locations (SARIF's
// "[label](id)" form, which GitHub code scanning and VS Code's SARIF
// viewer follow).
func sarifMessage(f Finding) sarifText {
	var md strings.Builder
	md.WriteString(markdownText(f.Message))
	if f.Help != "" {
		fmt.Fprintf(&md, "\n\n**help:** %s", markdownText(f.Help))
	}
	if f.Note != "" {
		fmt.Fprintf(&md, "\n\n**note:** %s", markdownText(f.Note))
	}
	for i, rel := range f.Related {
		fmt.Fprintf(&md, "\n- [%s](%d)", markdownText(rel.Message), i+1)
	}
	return sarifText{Text: f.Message, Markdown: md.String()}
}

// markdownText escapes the characters that Markdown would read as markup
// in a message that quotes code: brackets, emphasis, backticks, angle
// brackets.
func markdownText(s string) string {
	return markdownEscaper.Replace(s)
}

var markdownEscaper = strings.NewReplacer(`\`, `\\`, "`", "\\`", "*", `\*`, "_", `\_`, "[", `\[`, "]", `\]`, "<", `\<`, ">", `\>`)

func writeSARIF(w io.Writer, r *Report) error {
	driver := sarifDriver{Name: "flinklint", Version: r.Version, InformationURI: "https://github.com/flinklint/flinklint", Rules: []sarifRule{}}
	index := map[string]int{}
	for i, rl := range r.Rules {
		index[rl.Name] = i
		driver.Rules = append(driver.Rules, sarifRule{
			ID:                   rl.Name,
			ShortDescription:     sarifText{Text: rl.Summary()},
			FullDescription:      sarifText{Text: fullDescription(rl.Summary(), rl.Doc)},
			HelpURI:              ruledocs.URL(rl.Name),
			Help:                 sarifText{Text: rl.Doc, Markdown: rl.Doc},
			DefaultConfiguration: sarifConfig{Level: sarifLevel(rl.Severity)},
			Properties:           sarifProperties{Tags: []string{"flink", "correctness"}},
		})
	}
	run := sarifRun{
		Tool:        sarifTool{Driver: driver},
		Invocations: []sarifInvocation{{ExecutionSuccessful: !r.Internal()}},
		Results:     []sarifResult{},
		ColumnKind:  "utf16CodeUnits",
	}
	if r.Root != "" {
		root := filepath.ToSlash(r.Root)
		if !strings.HasPrefix(root, "/") {
			root = "/" + root
		}
		run.OriginalURIBaseIDs = map[string]sarifArtifactLoc{srcRoot: {URI: "file://" + escapeURIPath(strings.TrimSuffix(root, "/")+"/")}}
	}
	seen := map[string]int{}
	for _, f := range r.Findings {
		res := sarifResult{
			RuleID:    f.Rule,
			RuleIndex: index[f.Rule],
			Level:     sarifLevel(f.Severity),
			Message:   sarifMessage(f),
			Locations: []sarifLocation{{PhysicalLocation: sarifPhysical{
				ArtifactLocation: r.artifact(f.Path),
				Region:           new(utf16Region(f.Start, f.End)),
			}}},
			PartialFingerprints: map[string]string{"primaryLocationLineHash": lineHash(f, seen)},
		}
		for i, rel := range f.Related {
			res.RelatedLocations = append(res.RelatedLocations, sarifLocation{
				ID: i + 1,
				PhysicalLocation: sarifPhysical{
					ArtifactLocation: r.artifact(rel.Path),
					Region:           new(utf16Region(rel.Start, rel.End)),
				},
				Message: &sarifText{Text: rel.Message},
			})
		}
		for _, fix := range f.Fixes {
			sf := sarifFix{Description: sarifText{Text: fix.Message}}
			for _, e := range fix.Edits {
				n := len(sf.ArtifactChanges)
				if n == 0 || sf.ArtifactChanges[n-1].ArtifactLocation != r.artifact(e.Path) {
					sf.ArtifactChanges = append(sf.ArtifactChanges, sarifArtifactChange{ArtifactLocation: r.artifact(e.Path)})
					n++
				}
				c := &sf.ArtifactChanges[n-1]
				c.Replacements = append(c.Replacements, sarifReplacement{
					DeletedRegion:   utf16Region(e.Start, e.End),
					InsertedContent: sarifText{Text: e.NewText},
				})
			}
			res.Fixes = append(res.Fixes, sf)
		}
		run.Results = append(run.Results, res)
	}
	for _, p := range r.Problems {
		n := sarifNotification{Level: "warning", Message: sarifText{Text: p.Message}}
		if p.Internal {
			n.Level = "error"
		}
		if p.Path != "" {
			loc := sarifLocation{PhysicalLocation: sarifPhysical{ArtifactLocation: r.artifact(p.Path)}}
			if p.Line > 0 {
				loc.PhysicalLocation.Region = &sarifRegion{StartLine: p.Line}
			}
			n.Locations = []sarifLocation{loc}
		}
		run.Invocations[0].Notifications = append(run.Invocations[0].Notifications, n)
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	return enc.Encode(sarifLog{
		Schema:  "https://json.schemastore.org/sarif-2.1.0.json",
		Version: "2.1.0",
		Runs:    []sarifRun{run},
	})
}
