package main

import (
	"fmt"
	"io"
	"os"
	"os/signal"
	"slices"
	"strings"
	"sync"
	"syscall"

	"golang.org/x/tools/go/analysis"

	"github.com/flinklint/flinklint/analyzer"
	"github.com/flinklint/flinklint/cmd/flinklint/internal/report"
	"github.com/flinklint/flinklint/internal/fixes"
)

// fixSummary is the note after -fix or -diff: how many findings were
// fixed, or have their fix in the diff, and, without -unsafe-fixes, how
// many are left with only an unsafe fix, so that the user knows to look.
func fixSummary(res *analyzer.Result, fixed int, diff, unsafe bool) string {
	msg := "fixed " + report.Count(fixed, "finding")
	if diff {
		msg = "the diff fixes " + report.Count(fixed, "finding")
	}
	if unsafe {
		return msg
	}
	left := 0
	for _, d := range res.Diagnostics {
		if len(d.SuggestedFixes) > 0 && !slices.ContainsFunc(d.SuggestedFixes, safe) {
			left++
		}
	}
	if left > 0 {
		msg += fmt.Sprintf("; %d more have an unsafe fix, a judgement to review: -diff -unsafe-fixes shows them, -fix -unsafe-fixes applies them", left)
	}
	return msg
}

func safe(f analysis.SuggestedFix) bool {
	a, _ := fixes.Of(f)
	return a == fixes.Safe
}

// fixHoldingInterrupts is opts.Fix, during which SIGINT, SIGTERM and
// SIGHUP (a closed terminal, a dropped ssh session) do not end the process
// while a file is being replaced, which would leave its temporary file
// beside it: the file finishes, no other is started, and the process exits
// with code 2, saying on stderr which files were fixed. A second signal
// meanwhile changes nothing: it is still caught, and only kill -9 is
// sooner.
func fixHoldingInterrupts(opts analyzer.Options, paths []string, analyzers []*analysis.Analyzer, fo analyzer.FixOptions, stderr io.Writer) (*analyzer.Result, int, []analyzer.Problem, error) {
	var (
		mu    sync.Mutex // held while a file is replaced
		fixed []string
	)
	fo.Guard = func(path string, replace func() error) error {
		mu.Lock()
		defer mu.Unlock()
		err := replace()
		if err == nil {
			fixed = append(fixed, path)
		}
		return err
	}
	signals := make(chan os.Signal, 1)
	signal.Notify(signals, os.Interrupt, syscall.SIGTERM, syscall.SIGHUP)
	defer signal.Stop(signals)
	done := make(chan struct{})
	defer close(done)
	go func() {
		select {
		case <-signals:
			mu.Lock() // for good: no file is replaced from now on
			report.Note(stderr, interrupted(fixed))
			os.Exit(2)
		case <-done:
		}
	}()
	return opts.Fix(paths, analyzers, fo)
}

// interrupted is the note of an interrupted -fix, naming the files it
// fixed.
func interrupted(fixed []string) string {
	if len(fixed) == 0 {
		return "-fix interrupted before any file was fixed"
	}
	return "-fix interrupted; files fixed before it: " + strings.Join(fixed, ", ")
}
