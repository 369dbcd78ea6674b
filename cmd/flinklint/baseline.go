package main

import (
	"fmt"
	"io"
	"path/filepath"
	"slices"
	"strings"

	"github.com/flinklint/flinklint/analyzer"
	"github.com/flinklint/flinklint/analyzer/baseline"
	"github.com/flinklint/flinklint/cmd/flinklint/internal/report"
)

// baselineFindings are diags as the baseline in file records them: paths
// relative to its directory, and the text of each finding's line.
func baselineFindings(file string, diags []analyzer.Diagnostic) []baseline.Finding {
	dir := filepath.Dir(file)
	var lines baseline.Lines
	out := make([]baseline.Finding, len(diags))
	for i, d := range diags {
		at := d.Found() // a finding a hook's file list moved is matched where it was found
		out[i] = baseline.Finding{
			Rule:    d.Rule,
			Path:    baseline.Rel(dir, at.Filename),
			Line:    at.Line,
			Message: d.Text().Headline,
			Text:    lines.Line(at.Filename, at.Line),
		}
	}
	return out
}

// writeBaseline records diags in file, for -write-baseline.
func writeBaseline(file string, diags []analyzer.Diagnostic, stderr io.Writer) error {
	if err := baseline.New(baselineFindings(file, diags)).Save(file); err != nil {
		return err
	}
	report.Note(stderr, file+": "+report.Count(len(diags), "finding")+" recorded")
	return nil
}

// applyBaseline drops the findings the baseline in file holds. With
// verbose, its entries that no finding matches any more (fixed, or their
// line edited) are listed on stderr as stale, those of the files below
// paths only: a run over part of a project says nothing of the rest.
func applyBaseline(file string, b *baseline.Baseline, diags []analyzer.Diagnostic, paths []string, verbose bool, stderr io.Writer) []analyzer.Diagnostic {
	hidden, stale := b.Hidden(baselineFindings(file, diags))
	var kept []analyzer.Diagnostic
	for i, d := range diags {
		if !hidden[i] {
			kept = append(kept, d)
		}
	}
	if !verbose {
		return kept
	}
	dir := filepath.Dir(file)
	var below []string
	for _, p := range paths {
		below = append(below, baseline.Rel(dir, p))
	}
	for _, e := range stale {
		if slices.ContainsFunc(below, func(p string) bool { return within(e.Path, p) }) {
			report.Note(stderr, fmt.Sprintf("%s: stale baseline entry: %s: %s: %s", file, e.Path, e.Rule, e.Message))
		}
	}
	return kept
}

// within reports whether the slash-separated path, relative to the
// baseline's directory, lies in dir (relative to it too) or is it; every
// path lies in a directory above the baseline's.
func within(path, dir string) bool {
	return dir == "." || dir == ".." || strings.HasPrefix(dir, "../") || path == dir || strings.HasPrefix(path, dir+"/")
}
