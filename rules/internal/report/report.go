// Package report places a rule's diagnostics on the model.
package report

import (
	"go/token"

	"golang.org/x/tools/go/analysis"

	"github.com/flinklint/flinklint/parsers/model"
)

// At reports msg on the name of n: the method name of a call, so that
// .window(GlobalWindows.create()) is reported at "window".
func At(pass *analysis.Pass, n *model.Node, msg string, fixes ...analysis.SuggestedFix) {
	pos := n.NamePos
	end := pos + token.Pos(len(n.Name))
	if !pos.IsValid() {
		pos, end = n.Pos, n.End
	}
	pass.Report(analysis.Diagnostic{Pos: pos, End: end, Message: msg, SuggestedFixes: fixes})
}
