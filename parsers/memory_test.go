package parsers_test

import (
	"fmt"
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
