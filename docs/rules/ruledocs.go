// Package ruledocs embeds the rules' documentation pages, so that the text
// of a rule exists once: its page here, the Doc of its Analyzer, the CLI's
// rule list and the SARIF rule entry all come from the same file.
package ruledocs

import (
	"embed"
	"strings"
)

//go:embed *.md
var pages embed.FS

// BaseURL is where the pages are published.
const BaseURL = "https://github.com/flinklint/flinklint/blob/main/docs/rules/"

// URL returns the address of the page of rule id.
func URL(id string) string { return BaseURL + id + ".md" }

// Page returns the page of rule id as written, in Markdown, for
// flinklint -explain; ok is false when there is none.
func Page(id string) (page string, ok bool) {
	data, err := pages.ReadFile(id + ".md")
	return string(data), err == nil
}

// Doc returns the page of rule id in the form go/analysis wants for an
// Analyzer's Doc: the one-line summary (the first paragraph after the
// title), a blank line, then the rest of the page. It panics when the page
// is missing, which the rules' tests catch.
func Doc(id string) string {
	data, err := pages.ReadFile(id + ".md")
	if err != nil {
		panic("ruledocs: no page for rule " + id)
	}
	text := strings.TrimSpace(string(data))
	title, rest, _ := strings.Cut(text, "\n")
	if title != "# "+id {
		panic("ruledocs: page " + id + ".md must start with the heading # " + id)
	}
	summary, body, _ := strings.Cut(strings.TrimSpace(rest), "\n\n")
	return strings.Join(strings.Fields(summary), " ") + "\n\n" + strings.TrimSpace(body)
}
