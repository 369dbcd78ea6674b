package main

import (
	"os"
	"strings"
	"testing"
)

// TestDocsEmacsSnippet checks, without Emacs, what editors/emacs/test.el
// (run by .ci/editors) takes from docs/editors.md: the elisp block of the
// section "Emacs (eglot)", evaluated as it stands there. The section has
// one such block, its parentheses balance, and it starts "flinklint lsp"
// in java-mode, the mode test.el opens the job file in.
func TestDocsEmacsSnippet(t *testing.T) {
	doc, err := os.ReadFile("../../docs/editors.md")
	if err != nil {
		t.Fatal(err)
	}
	test, err := os.ReadFile("../../editors/emacs/test.el")
	if err != nil {
		t.Fatal(err)
	}
	const heading = "## Emacs (eglot)"
	if !strings.Contains(string(test), `"^`+heading+`$"`) {
		t.Fatalf("editors/emacs/test.el does not look for the heading %q", heading)
	}
	_, section, ok := strings.Cut(string(doc), "\n"+heading+"\n")
	if !ok {
		t.Fatalf("docs/editors.md has no line %q", heading)
	}
	section, _, _ = strings.Cut(section, "\n## ")
	var blocks []mdBlock
	var body []string
	open := 0
	for i, line := range strings.Split(section, "\n") {
		switch {
		case open == 0 && line == "```elisp":
			open, body = i+1, nil
		case open != 0 && line == "```":
			blocks = append(blocks, mdBlock{open, strings.Join(body, "\n")})
			open = 0
		case open != 0:
			body = append(body, line)
		}
	}
	if len(blocks) != 1 {
		t.Fatalf("the section %q has %d elisp blocks, want 1 (test.el evaluates the first)", heading, len(blocks))
	}
	b := blocks[0].text
	depth, inString := 0, false
	for i := 0; i < len(b); i++ {
		switch c := b[i]; {
		case inString && c == '\\':
			i++
		case c == '"':
			inString = !inString
		case !inString && c == '(':
			depth++
		case !inString && c == ')':
			depth--
		}
		if depth < 0 {
			break
		}
	}
	if depth != 0 || inString {
		t.Errorf("the elisp block does not balance (depth %d, in a string %v):\n%s", depth, inString, b)
	}
	for _, want := range []string{"'eglot-server-programs", "java-mode ", `("flinklint" "lsp")`} {
		if !strings.Contains(b, want) {
			t.Errorf("the elisp block has no %s:\n%s", want, b)
		}
	}
}
