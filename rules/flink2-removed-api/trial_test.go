package flink2removedapi_test

import (
	"fmt"
	"os"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"

	"github.com/flinklint/flinklint/analyzer"
	"github.com/flinklint/flinklint/internal/config"
	flink2removedapi "github.com/flinklint/flinklint/rules/flink2-removed-api"
)

// TestTrials runs the rule on the directories of FLINKLINT_TRIALS (colon
// separated), with the configuration FLINKLINT_TRIALS_CONFIG when set (a
// .flinklint.yaml with flink-version to check 1.x projects as if they
// targeted 2.x), and prints the findings: the trials of
// docs/trials/flink2-removed-api.md.
func TestTrials(t *testing.T) {
	dirs := os.Getenv("FLINKLINT_TRIALS")
	if dirs == "" {
		t.Skip("FLINKLINT_TRIALS not set")
	}
	for _, dir := range strings.Split(dirs, ":") {
		finder := config.NewFinder(os.Getenv("FLINKLINT_TRIALS_CONFIG"), []string{flink2removedapi.Analyzer.Name})
		res, err := analyzer.Options{Config: finder}.Run([]string{dir}, []*analysis.Analyzer{flink2removedapi.Analyzer})
		if err != nil {
			t.Errorf("%s: %v", dir, err)
			continue
		}
		fmt.Printf("== %s: %d files, %d findings\n", dir, res.Files, len(res.Diagnostics))
		for _, d := range res.Diagnostics {
			sev := d.Category
			if sev == "" {
				sev = "error"
			}
			fmt.Printf("%s:%d: %s: %s\n", strings.TrimPrefix(d.Position.Filename, dir+"/"), d.Position.Line, sev, d.Message)
		}
	}
}
