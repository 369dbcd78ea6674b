package analyzer_test

import (
	"bytes"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/flinklint/flinklint/analyzer"
)

// pipelineNames are the file names the fuzzed input is written under; the
// first byte of an input picks one, so that every front end gets every
// input.
var pipelineNames = []string{"Job.java", "Job.scala", "job.sql", "config.yaml"}

// FuzzPipeline runs the whole pipeline on one file: read, parse, lower, all
// the rules, then -fix to its fixed point, which re-parses the fixed file.
// Whatever the input, nothing panics (a recovered panic is an "internal
// error" problem), nothing fails, every finding lies inside its file, and
// the fixes settle.
func FuzzPipeline(f *testing.F) {
	for _, root := range []string{"../rules", "../testdata/example"} {
		err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() {
				return err
			}
			lang := slices.IndexFunc(pipelineNames, func(n string) bool { return filepath.Ext(n) == filepath.Ext(p) })
			if lang < 0 || !strings.Contains(filepath.ToSlash(p), "testdata/") {
				return nil
			}
			src, err := os.ReadFile(p)
			f.Add(byte(lang), src)
			return err
		})
		if err != nil {
			f.Fatal(err)
		}
	}
	analyzers := all()
	f.Fuzz(func(t *testing.T, lang byte, src []byte) {
		dir := t.TempDir()
		name := filepath.Join(dir, pipelineNames[int(lang)%len(pipelineNames)])
		if err := os.WriteFile(name, src, 0o644); err != nil {
			t.Fatal(err)
		}
		res, err := analyzer.Run([]string{dir}, analyzers)
		if err != nil {
			t.Fatalf("Run: %v", err)
		}
		checkResult(t, res, name, src)

		final, _, notes, err := (analyzer.Options{}).Fix([]string{dir}, analyzers, analyzer.FixOptions{Rounds: analyzer.FixRounds, Unsafe: true})
		if err != nil {
			t.Fatalf("Fix: %v", err)
		}
		fixed, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		checkResult(t, final, name, fixed)
		for _, n := range notes {
			if strings.Contains(n.Message, "internal error") || strings.Contains(n.Message, "rounds") {
				t.Errorf("fix: %s", n)
			}
		}
	})
}

// checkResult fails t on an internal error, and on a finding outside the
// file name whose content is src.
func checkResult(t *testing.T, res *analyzer.Result, name string, src []byte) {
	t.Helper()
	for _, p := range res.Problems {
		if strings.Contains(p.Message, "internal error") {
			t.Errorf("problem: %s", p)
		}
	}
	// Lines end at LF, CRLF or a lone CR; a decoded (UTF-16) file has at
	// most as many lines and columns as bytes.
	lines := 1 + bytes.Count(src, []byte("\n")) + bytes.Count(src, []byte("\r")) - bytes.Count(src, []byte("\r\n"))
	for _, d := range res.Diagnostics {
		for _, p := range []struct {
			at   string
			line int
			col  int
			file string
		}{{"start", d.Position.Line, d.Position.Column, d.Position.Filename}, {"end", d.EndPos.Line, d.EndPos.Column, d.EndPos.Filename}} {
			if p.at == "end" && p.line == 0 {
				continue // no end
			}
			if p.file != name || p.line < 1 || p.line > lines || p.col < 1 || p.col > len(src)+1 {
				t.Errorf("%s of [%s] %s outside %s (%d lines, %d bytes): %s:%d:%d",
					p.at, d.Rule, d.Message, name, lines, len(src), p.file, p.line, p.col)
			}
		}
		if d.End.IsValid() && d.End < d.Pos {
			t.Errorf("[%s] %s ends before it starts", d.Rule, d.Message)
		}
	}
}
