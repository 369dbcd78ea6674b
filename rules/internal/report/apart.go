package report

import (
	"golang.org/x/tools/go/analysis"

	"github.com/flinklint/flinklint/parsers/model"
)

// EvidenceApart is the evidence of n unless it lies inside around, whose
// own evidence covers it: an assigner held in a variable, a constant or a
// helper rather than written in its window call; a window made in an
// earlier statement than the call that configures it.
func EvidenceApart(n, around *model.Node, label string) []analysis.RelatedInformation {
	if Inside(n, around) {
		return nil
	}
	return Evidence(n, label)
}
