package diagnose

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"testing"

	"github.com/flinklint/flinklint/cmd/flinklint/internal/graphout"
	"github.com/flinklint/flinklint/cmd/flinklint/internal/sariftest"
)

var update = flag.Bool("update", false, "rewrite the golden files of testdata")

// TestGolden writes a matched idle split and an unmatched late drop in
// every format, and compares with testdata: the field names and the text
// layout are what tools and IDE problem matchers read.
func TestGolden(t *testing.T) {
	t0 := int64(1_800_000_000_000)
	a, b := pairOf([2]int64{t0 - 1000, t0 - 60000}, [2]int64{t0 + 19000, t0 - 60000}, t0-60000, t0-60000)
	for i := range b.Vertices[1].Subtasks {
		b.Vertices[1].Subtasks[i].LateDropped = 3
	}
	d := Diagnose(a, b, code(graphout.Node{Kind: "source", Path: "Job.java", Line: 12, Column: 9, UID: "src"}))
	for _, format := range Formats() {
		var buf bytes.Buffer
		if err := Write(&buf, d, format, "test"); err != nil {
			t.Fatal(err)
		}
		Summary(&buf, d)
		if format == "sarif" {
			var only bytes.Buffer
			_ = Write(&only, d, format, "test")
			sariftest.Validate(t, only.String())
		}
		path := filepath.Join("testdata", "golden."+format)
		if *update {
			if err := os.MkdirAll("testdata", 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		want, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(buf.Bytes(), want) {
			t.Errorf("%s differs from %s (go test -update rewrites it):\n%s", format, path, buf.String())
		}
	}
}
