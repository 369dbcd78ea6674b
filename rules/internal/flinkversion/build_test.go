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

// TestRecall: what Targets encodes answers a Finder of a later run with
// the same Targets and no build file read; a directory it does not hold
// is read as before, and data that does not decode is ignored.
func TestRecall(t *testing.T) {
	dir := t.TempDir()
	files := map[string]string{
		filepath.Join(dir, ".git"):                    "gitdir: elsewhere",
		filepath.Join(dir, "pom.xml"):                 "<project><properties><flink.version>2.0.0</flink.version><kafka.version>4.0.0-2.0</kafka.version></properties><dependencies><dependency><groupId>org.apache.flink</groupId><artifactId>flink-connector-kafka</artifactId><version>${kafka.version}</version></dependency></dependencies></project>",
		filepath.Join(dir, "old", "build.sbt"):        `val flinkVersion = "1.20.1"` + "\n" + `libraryDependencies += "org.apache.flink" % "flink-streaming-java" % flinkVersion`,
		filepath.Join(dir, "new", "requirements.txt"): "apache-flink==2.1.0\n",
	}
	reads := 0
	read := func(path string) ([]byte, error) {
		reads++
		if s, ok := files[path]; ok {
			return []byte(s), nil
		}
		return nil, os.ErrNotExist
	}
	jobs := []string{filepath.Join(dir, "src", "Job.java"), filepath.Join(dir, "old", "src", "Job.scala")}
	first := NewReading(read, nil)
	var want []Target
	for _, j := range jobs {
		want = append(want, first.For(j))
	}
	if want[0].Flink != "2.0.0" || want[0].Kafka != "4.0.0-2.0" || want[1].Flink != "1.20.1" {
		t.Fatalf("targets %+v: the build files are not read as the test expects", want)
	}
	data := first.Targets()
	next := NewReading(read, nil)
	next.Recall(data)
	reads = 0
	for i, j := range jobs {
		if got := next.For(j); got != want[i] {
			t.Errorf("recalled target of %s = %+v, want %+v", j, got, want[i])
		}
	}
	if reads != 0 || next.Targets() != nil {
		t.Errorf("%d build files read, %d bytes of new targets; want none", reads, len(next.Targets()))
	}
	if got := next.For(filepath.Join(dir, "new", "job.py")); got.Flink != "2.1.0" || reads == 0 {
		t.Errorf("a directory not recalled: %+v after %d reads, want Flink 2.1.0 read from requirements.txt", got, reads)
	}
	for _, bad := range [][]byte{nil, []byte("x"), data[:len(data)-3], append([]byte(targetsFormat), 0xff)} {
		f := NewReading(read, nil)
		f.Recall(bad)
		if got := f.For(jobs[1]); got != want[1] {
			t.Errorf("after Recall(%q...): %+v, want %+v", bad[:min(len(bad), 8)], got, want[1])
		}
	}
}
