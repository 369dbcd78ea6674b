package report

import (
	"fmt"
	"path/filepath"

	"golang.org/x/tools/go/analysis"

	"github.com/flinklint/flinklint/parsers/model"
)

// Where names the place of n for a message: the base name of its file and
// the line of its name ("Job.java:42"), or "?" when n is nil.
func Where(pass *analysis.Pass, n *model.Node) string {
	if n == nil {
		return "?"
	}
	pos := n.NamePos
	if !pos.IsValid() {
		pos = n.Pos
	}
	p := pass.Fset.Position(pos)
	return fmt.Sprintf("%s:%d", filepath.Base(p.Filename), p.Line)
}

// Spell writes the API names of text (camelCase, as in Java) the way the
// file of n spells them: snake_case in Python.
func Spell(n *model.Node, text string) string {
	if n == nil || n.File == nil {
		return text
	}
	return model.Spell(n.File.Lang, text, nil)
}
