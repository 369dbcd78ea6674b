package flinkversion

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/flinklint/flinklint/internal/config"
)

// pyflinkPin reads the apache-flink version Python requirements pin, in
// each form requirements.txt, setup.py and pyproject.toml write it.
func TestPyflinkPin(t *testing.T) {
	for src, want := range map[string]string{
		"apache-flink==2.0.0\n":                            "2.0.0",
		"apache-flink ~= 2.1\n":                            "2.1",
		"apache_flink>=2.0\n":                              "2.0",
		"apache-flink>=1.17\n":                             "", // may install 1.x or 2.x
		`apache-flink = "^2.0"` + "\n":                     "2.0",
		`dependencies = ["apache-flink (>=2.0.0,<3.0.0)"]`: "2.0.0", // Poetry 2 (trials: InnoCentCoder5497)
		"apache-flink[kafka]==1.20.1\n":                    "1.20.1",
		"pyflink-helpers==2.0\n":                           "",
	} {
		if got := pyflinkPin([]byte(src)); got != want {
			t.Errorf("pyflinkPin(%q) = %q, want %q", src, got, want)
		}
	}
}

// The Finder reads no build file the result cache does not hash
// (config.BuildFiles): a change to one must not leave a stale result.
func TestReadsOnlyBuildFiles(t *testing.T) {
	dir := t.TempDir()
	known := map[string]bool{filepath.Join(".git", "HEAD"): true, ".git": true} // the repository root, where the search stops
	for _, name := range config.BuildFiles() {
		known[name] = true
	}
	var read []string
	f := NewReading(func(path string) ([]byte, error) {
		rel, err := filepath.Rel(dir, path)
		if err == nil && !strings.HasPrefix(rel, "..") {
			read = append(read, rel)
		}
		return nil, os.ErrNotExist
	}, nil)
	f.For(filepath.Join(dir, "src", "Job.java"))
	if len(read) == 0 {
		t.Fatal("no file read")
	}
	for _, rel := range read {
		if _, name := filepath.Split(rel); !known[rel] && !known[filepath.Join(filepath.Base(filepath.Dir(rel)), name)] && !known[name] {
			t.Errorf("reads %s, which config.BuildFiles does not list", rel)
		}
	}
}
