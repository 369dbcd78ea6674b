package report

import (
	"golang.org/x/tools/go/analysis"

	"github.com/flinklint/flinklint/parsers"
	"github.com/flinklint/flinklint/parsers/model"
)

// Text returns the text of f that the offsets of its nodes point into
// (without a byte-order mark, lone CRs as LFs), for a fix that reads the
// code around its edits; nil where the file cannot be read or edits
// cannot be applied to it (UTF-16).
func Text(pass *analysis.Pass, f *model.File) []byte {
	src, err := pass.ReadFile(f.Path)
	if err != nil {
		return nil
	}
	text, editable := parsers.Analyzed(src)
	if !editable || f.Token == nil || len(text) != f.Token.Size() {
		return nil
	}
	return text
}
