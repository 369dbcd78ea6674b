package analyzer

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis"

	"github.com/flinklint/flinklint/parsers"
)

// What a session keeps does not grow with each keystroke: the problems
// of the files of a unit analyzed again (a syntax error beside the
// edited file) replace those of the time before.
func TestSessionKeepsNoCopies(t *testing.T) {
	dir := t.TempDir()
	for name, text := range map[string]string{
		"Broken.scala": "object Broken {{ WatermarkStrategy\n",
		"Job.java":     "class Job { Object w = WatermarkStrategy.noWatermarks(); }\n",
	} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o666); err != nil {
			t.Fatal(err)
		}
	}
	o := Options{Keywords: []string{"WatermarkStrategy"}}
	sess, _, err := o.Session([]string{dir}, []*analysis.Analyzer{parsers.Analyzer})
	if err != nil {
		t.Fatal(err)
	}
	kept := func() int {
		n := len(sess.survey.Problems())
		for _, f := range sess.found {
			n += len(f.problems)
		}
		return n
	}
	var counts []int
	for i := range 5 {
		text := fmt.Sprintf("class Job { Object w = WatermarkStrategy.noWatermarks(); } // %d\n", i)
		if _, ok := sess.Update(map[string][]byte{filepath.Join(dir, "Job.java"): []byte(text)}); !ok {
			t.Fatal("a whole run")
		}
		counts = append(counts, kept())
	}
	if counts[0] == 0 || counts[0] != counts[len(counts)-1] {
		t.Errorf("problems kept after each update: %v, want the same number, not none", counts)
	}
}
