// Package lowertest lowers source snippets for the front ends' tests.
package lowertest

import (
	"fmt"
	"go/token"
	"strings"

	"github.com/flinklint/flinklint/parsers/model"
)

// Parser is what both front ends provide.
type Parser interface {
	Parse(tf *token.File, src []byte) (*model.File, error)
}

// Lower parses src as a file named name.
func Lower(p Parser, name, src string) (*model.File, error) {
	fset := token.NewFileSet()
	tf := fset.AddFile(name, -1, len(src))
	tf.SetLinesForContent([]byte(src))
	return p.Parse(tf, []byte(src))
}

// Outline formats every declaration of f with model.Format.
func Outline(f *model.File) string {
	var b strings.Builder
	for _, d := range f.Decls {
		b.WriteString(model.Format(d))
	}
	return b.String()
}

// Calls lists the names of the calls and selections in f, in source order,
// with their line:column.
func Calls(f *model.File) []string {
	var out []string
	f.Inspect(func(n *model.Node) bool {
		if n.Kind == model.Call || n.Kind == model.Select {
			p := f.Token.Position(n.NamePos())
			out = append(out, fmt.Sprintf("%s@%d:%d", n.Name, p.Line, p.Column))
		}
		return true
	})
	return out
}
