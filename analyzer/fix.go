package analyzer

import (
	"cmp"
	"errors"
	"fmt"
	"go/token"
	"maps"
	"os"
	"slices"

	"golang.org/x/tools/go/analysis"
)

// Apply applies text edits to src, the contents of the file the edits'
// positions lie in. Edits must not overlap; identical edits count once.
func Apply(fset *token.FileSet, src []byte, edits []analysis.TextEdit) ([]byte, error) {
	type span struct {
		start, end int
		text       []byte
	}
	var spans []span
	for _, e := range edits {
		f := fset.File(e.Pos)
		end := e.End
		if !end.IsValid() {
			end = e.Pos
		}
		spans = append(spans, span{f.Offset(e.Pos), f.Offset(end), e.NewText})
	}
	slices.SortStableFunc(spans, func(a, b span) int { return cmp.Or(cmp.Compare(a.start, b.start), cmp.Compare(a.end, b.end)) })
	spans = slices.CompactFunc(spans, func(a, b span) bool {
		return a.start == b.start && a.end == b.end && string(a.text) == string(b.text)
	})
	var out []byte
	last := 0
	for _, s := range spans {
		if s.start < last {
			return nil, fmt.Errorf("overlapping fixes at offset %d", s.start)
		}
		out = append(out, src[last:s.start]...)
		out = append(out, s.text...)
		last = s.end
	}
	return append(out, src[last:]...), nil
}

// Fix applies the first suggested fix of every diagnostic to the files on
// disk and returns the diagnostics it fixed. A file whose fixes overlap is
// left as it is and reported in the error; the other files are fixed.
func Fix(res *Result) (fixed []Diagnostic, err error) {
	edits := map[string][]analysis.TextEdit{}
	by := map[string][]Diagnostic{}
	for _, d := range res.Diagnostics {
		if len(d.SuggestedFixes) == 0 {
			continue
		}
		name := d.Position.Filename
		edits[name] = append(edits[name], d.SuggestedFixes[0].TextEdits...)
		by[name] = append(by[name], d)
	}
	var errs []error
	for _, name := range slices.Sorted(maps.Keys(edits)) {
		src, rerr := os.ReadFile(name)
		if rerr != nil {
			errs = append(errs, rerr)
			continue
		}
		out, aerr := Apply(res.Fset, src, edits[name])
		if aerr != nil {
			errs = append(errs, fmt.Errorf("%s: %w", name, aerr))
			continue
		}
		info, serr := os.Stat(name)
		if serr != nil {
			errs = append(errs, serr)
			continue
		}
		if werr := os.WriteFile(name, out, info.Mode().Perm()); werr != nil {
			errs = append(errs, werr)
			continue
		}
		fixed = append(fixed, by[name]...)
	}
	return fixed, errors.Join(errs...)
}
