package analyzer

import (
	"bytes"
	"path/filepath"

	"golang.org/x/tools/go/analysis"

	"github.com/flinklint/flinklint/parsers"
	"github.com/flinklint/flinklint/parsers/model"
)

// speller re-spells the findings in Python files for Python: rules name
// Flink's API in the model's camelCase (withIdleness), which a PyFlink
// user writes with_idleness. Every lowerCamel word of a message or fix
// title becomes snake_case unless the file itself writes it (a variable
// named dataStream stays dataStream). Fix edits are the rules' own: they
// write Python where they offer a fix in a Python file.
type speller struct {
	readFile func(string) ([]byte, error)
	src      map[string][]byte
}

func (s *speller) spell(d *analysis.Diagnostic, path string) {
	if parsers.Lang(path) != model.Python {
		return
	}
	src, ok := s.src[path]
	if !ok {
		src, _ = s.readFile(filepath.Clean(path))
		if s.src == nil {
			s.src = map[string][]byte{}
		}
		s.src[path] = src
	}
	keep := func(w string) bool { return bytes.Contains(src, []byte(w)) }
	d.Message = model.Spell(model.Python, d.Message, keep)
	if len(d.SuggestedFixes) > 0 {
		fixes := make([]analysis.SuggestedFix, len(d.SuggestedFixes))
		for i, f := range d.SuggestedFixes {
			f.Message = model.Spell(model.Python, f.Message, keep)
			fixes[i] = f
		}
		d.SuggestedFixes = fixes
	}
	if len(d.Related) > 0 {
		related := make([]analysis.RelatedInformation, len(d.Related))
		for i, r := range d.Related {
			r.Message = model.Spell(model.Python, r.Message, keep)
			related[i] = r
		}
		d.Related = related
	}
}
