package main

import (
	"maps"
	"os"
	"path/filepath"
	"slices"

	"github.com/flinklint/flinklint/analyzer"
	"github.com/flinklint/flinklint/analyzer/gitdiff"
)

// changedLines returns the lines changed since rev, or since the merge
// base of HEAD and ref when mergeBase is set, in the git work trees of
// paths (a file's work tree is that of its directory; a submodule's, that
// of its superproject), each work tree once.
func changedLines(paths []string, rev string, mergeBase bool) (gitdiff.Changes, error) {
	all := gitdiff.Changes{}
	dirs, tops := map[string]bool{}, map[string]bool{} // done: git asked once a directory, diffed once a work tree
	for _, p := range paths {
		dir := p
		if fi, err := os.Stat(p); err == nil && !fi.IsDir() {
			dir = filepath.Dir(p)
		}
		if dirs[dir] {
			continue
		}
		dirs[dir] = true
		top, err := gitdiff.WorkTree(dir)
		if err != nil {
			return nil, err
		}
		if tops[top] {
			continue
		}
		tops[top] = true
		since := rev
		if mergeBase {
			if since, err = gitdiff.MergeBase(top, rev); err != nil {
				return nil, err
			}
		}
		changes, err := gitdiff.ChangedLines(top, since)
		if err != nil {
			return nil, err
		}
		maps.Copy(all, changes)
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
