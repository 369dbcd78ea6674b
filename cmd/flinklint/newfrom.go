package main

import (
	"os"
	"path/filepath"
	"slices"

	"github.com/flinklint/flinklint/analyzer"
	"github.com/flinklint/flinklint/analyzer/gitdiff"
)

// changedLines returns the lines changed since rev, or since the merge
// base of HEAD and ref when mergeBase is set, in the git work trees of
// paths (a file's work tree is that of its directory).
func changedLines(paths []string, rev string, mergeBase bool) (gitdiff.Changes, error) {
	all := gitdiff.Changes{}
	done := map[string]bool{}
	for _, p := range paths {
		dir := p
		if fi, err := os.Stat(p); err == nil && !fi.IsDir() {
			dir = filepath.Dir(p)
		}
		if done[dir] {
			continue
		}
		done[dir] = true
		since := rev
		if mergeBase {
			var err error
			if since, err = gitdiff.MergeBase(dir, rev); err != nil {
				return nil, err
			}
		}
		changes, err := gitdiff.ChangedLines(dir, since)
		if err != nil {
			return nil, err
		}
		for name, ranges := range changes {
			all[name] = ranges
		}
	}
	return all, nil
}

// onlyChanged keeps the findings on changed lines. Changes name files by
// their real paths, so each finding's file has its symbolic links
// resolved, once.
func onlyChanged(diags []analyzer.Diagnostic, changes gitdiff.Changes) []analyzer.Diagnostic {
	real := map[string]string{}
	return slices.DeleteFunc(diags, func(d analyzer.Diagnostic) bool {
		name := d.Position.Filename
		r, ok := real[name]
		if !ok {
			r, _ = filepath.Abs(name)
			if resolved, err := filepath.EvalSymlinks(r); err == nil {
				r = resolved
			}
			real[name] = r
		}
		return !changes.Contains(r, d.Position.Line)
	})
}
