package lsp

import (
	"go/token"
	"testing"

	"github.com/flinklint/flinklint/analyzer"
)

// TestProblemLine: a problem is shown at the start of its line in the
// open buffer; one past the last line (an error at the end of the file)
// at the end of the text, not at its start.
func TestProblemLine(t *testing.T) {
	doc := document{text: []byte("a: 1\r\nb: [\r\n")}
	for line, want := range map[int]int{0: 0, 1: 0, 2: 6, 3: 12, 9: 12} {
		p := analyzer.Problem{Pos: token.Position{Filename: "conf.yaml", Line: line}, Message: "parse error"}
		if got := problemFinding(p, doc).start; got != want {
			t.Errorf("line %d at %d, want %d", line, got, want)
		}
	}
}
