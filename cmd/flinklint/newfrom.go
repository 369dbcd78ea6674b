package main

import (
	"io"
	"maps"
	"os"
	"path/filepath"

	"github.com/flinklint/flinklint/analyzer"
	"github.com/flinklint/flinklint/analyzer/gitdiff"
	"github.com/flinklint/flinklint/cmd/flinklint/internal/report"
)

// changedLines returns the lines changed since rev, or since the merge
// base of HEAD and ref when mergeBase is set, in the git work trees of
// paths, each work tree once, and writes gitdiff's notes on stderr.
func changedLines(paths []string, rev string, mergeBase bool, stderr io.Writer) (gitdiff.Changes, error) {
	tops, read, err := workTrees(paths)
	if err != nil {
		return nil, err
	}
	all := gitdiff.Changes{}
	for _, top := range tops {
		since := rev
		if mergeBase {
			if since, err = gitdiff.MergeBase(top, rev); err != nil {
				return nil, err
			}
		}
		changes, notes, err := gitdiff.ChangedLines(top, since, read[top]...)
		if err != nil {
			return nil, err
		}
		for _, n := range notes {
			report.Note(stderr, n)
		}
		maps.Copy(all, changes)
	}
	return all, nil
}

// workTrees returns the git work trees of paths, in their order (the
// notes' order), and the real paths in each, so that git looks only into
// the submodules the run reads. A file's work tree is that of its
// directory; a submodule's, that of its superproject. git is asked once a
// directory.
func workTrees(paths []string) ([]string, map[string][]string, error) {
	var tops []string
	read, topOf := map[string][]string{}, map[string]string{}
	for _, p := range paths {
		dir := p
		if fi, err := os.Stat(p); err == nil && !fi.IsDir() {
			dir = filepath.Dir(p)
		}
		top, ok := topOf[dir]
		if !ok {
			var err error
			if top, err = gitdiff.WorkTree(dir); err != nil {
				return nil, nil, err
			}
			topOf[dir] = top
		}
		if read[top] == nil {
			tops = append(tops, top)
		}
		read[top] = append(read[top], realPath(p))
	}
	return tops, read, nil
}

// realPath is name absolute with its symbolic links resolved, as Changes
// name files; as absolute only when it cannot be resolved (it does not
// exist: the run reports that).
func realPath(name string) string {
	abs, _ := filepath.Abs(name)
	if resolved, err := filepath.EvalSymlinks(abs); err == nil {
		return resolved
	}
	return abs
}

// touchingChanges is a Touch of the changed lines. Changes name files by
// their real paths, so each file has its symbolic links resolved, once.
func touchingChanges(changes gitdiff.Changes) analyzer.Touch {
	real := map[string]string{}
	return func(path string, from, to int) int {
		r, ok := real[path]
		if !ok {
			r = realPath(path)
			real[path] = r
		}
		return changes.First(r, from, to)
	}
}
