package report

import (
	"go/token"

	"golang.org/x/tools/go/analysis"

	"github.com/flinklint/flinklint/parsers"
)

// Text returns the text of the file tf that the offsets of its positions
// point into (without a byte-order mark, lone CRs as LFs), for a fix that
// reads the code around its edits; nil where the file cannot be read or
// edits cannot be applied to it (UTF-16). Raw bytes from pass.ReadFile
// would put every offset of a file with a byte-order mark three bytes off.
func Text(pass *analysis.Pass, tf *token.File) []byte {
	if tf == nil {
		return nil
	}
	src, err := pass.ReadFile(tf.Name())
	if err != nil {
		return nil
	}
	text, editable := parsers.Analyzed(src)
	if !editable || len(text) != tf.Size() {
		return nil
	}
	return text
}
