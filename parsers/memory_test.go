package parsers_test

import (
	"fmt"
	"io/fs"
	"runtime"
	"slices"
	"strings"
	"testing"

	"github.com/flinklint/flinklint/parsers"
)

// The survey of files the prefilter passes over holds far less than their
// size: what it keeps of a file is its part of the index of the names
// they declare, each name once for the whole run and a file number per
// file that declares it, not a string of each name per file. The heap is
// measured after a collection as each file is read.
func TestSurveyMemory(t *testing.T) {
	const files, size = 40, 64 << 10
	var b strings.Builder
	b.WriteString("package gen;\npublic class Bean {\n")
	for i := 0; b.Len() < size; i++ {
		fmt.Fprintf(&b, "  private long f%d;\n  public long getF%[1]d() { return f%[1]d; }\n  public void setF%[1]d(long v) { f%[1]d = v; }\n", i)
	}
	src := []byte(b.String())
	paths := make([]string, files)
	for i := range paths {
		paths[i] = fmt.Sprintf("Bean%d.java", i)
	}
	var live []uint64
	heap := func() {
		var m runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&m)
		live = append(live, m.HeapAlloc)
	}
	read := func(string) ([]byte, error) { heap(); return src, nil }
	s := parsers.Options{Workers: 1, Keywords: []string{"WatermarkStrategy"}}.Survey(paths, read)
	heap()
	if s.Stats().Prefiltered != files {
		t.Fatalf("%d files passed over, want %d", s.Stats().Prefiltered, files)
	}
	if held, limit := slices.Max(live)-live[0], uint64(files*size/4); held > limit {
		t.Errorf("surveying %d KB held %d KB, want at most %d KB", files*size>>10, held>>10, limit>>10)
	}
}

// What the survey keeps of a file the prefilter passes over is bounded
// whatever the number of names it declares: a generated class of
// thousands of getters, each named once in the run, costs at most a
// filter of 64 KB, not a share of an index that grows with its names.
func TestSurveyBound(t *testing.T) {
	const files, perFile = 8, 72 << 10 // a filter of 64 KB, and the path and digest of the file
	for _, fields := range []int{1000, 20000} {
		read := func(path string) ([]byte, error) {
			name, ok := strings.CutSuffix(path, ".java")
			if !ok {
				return nil, fs.ErrNotExist
			}
			var b strings.Builder
			fmt.Fprintf(&b, "package gen;\npublic class %s {\n", name)
			for i := range fields {
				fmt.Fprintf(&b, "  private long f%s%d;\n  public long getF%[1]s%[2]d() { return f%[1]s%[2]d; }\n  public void setF%[1]s%[2]d(long v) { f%[1]s%[2]d = v; }\n", path[:len(path)-5], i)
			}
			return []byte(b.String()), nil
		}
		paths := make([]string, files)
		for i := range paths {
			paths[i] = fmt.Sprintf("Bean%d.java", i)
		}
		o := parsers.Options{Workers: 1, Keywords: []string{"WatermarkStrategy"}}
		var empty, s *parsers.Survey
		fixed := retained(func() { empty = o.Survey(nil, read) }) // the prefilter, kept for Survey.Update
		held := retained(func() { s = o.Survey(paths, read) })
		runtime.KeepAlive(empty)
		if s.Stats().Prefiltered != files {
			t.Fatalf("%d files passed over, want %d", s.Stats().Prefiltered, files)
		}
		if held := (held - fixed) / files; held > perFile {
			t.Errorf("files of %d getters and setters: the survey keeps %d KB a file, want at most %d KB", fields, held>>10, perFile>>10)
		}
	}
}

// retained returns the bytes of heap that f leaves allocated, which the
// caller keeps alive.
func retained(f func()) int64 {
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	f()
	runtime.GC()
	runtime.ReadMemStats(&after)
	return int64(after.HeapAlloc) - int64(before.HeapAlloc)
}
