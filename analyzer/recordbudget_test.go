package analyzer

import (
	"fmt"
	"strings"
	"testing"

	"github.com/flinklint/flinklint/internal/cache"
	"github.com/flinklint/flinklint/parsers"
)

// TestRememberRecordBudget: past recordBudget, a file read by the survey is
// recorded in the index of file states with its digest but no survey
// record, so the index stays one cache entry; the next run reads it.
func TestRememberRecordBudget(t *testing.T) {
	c, err := cache.Open(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	files := []string{"A.java", "B.java"}
	s := &fileStates{files: files, stats: []cache.Stat{{Size: 8, ModTime: 1}, {Size: 8, ModTime: 2}},
		digests: make([]parsers.Digest, 2), known: make([]bool, 2), budget: recordBudget, recorded: recordBudget - 10}
	s.ix = c.LoadIndex(cache.KeyOf([]byte("budget")))
	s.remember(0, parsers.Digest{1}, make([]byte, 8))
	s.remember(1, parsers.Digest{2}, make([]byte, 8))
	for i, want := range []int{8, 0} {
		d, record, ok := s.ix.Lookup(files[i], s.stats[i])
		if !ok || d != cache.Key(s.digests[i]) || len(record) != want || !s.known[i] {
			t.Errorf("%s: digest %x, ok %v, a record of %d bytes, want %d", files[i], d[:2], ok, len(record), want)
		}
	}
}

// TestIndexFitsMaxEntry: whatever the records, the index of file states
// stays one cache entry: 170,000 files of 200-byte paths take 46 MB
// without records, so their records get the 10 MB left.
func TestIndexFitsMaxEntry(t *testing.T) {
	c, err := cache.Open(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	const n = 170_000
	files := make([]string, n)
	pad := strings.Repeat("d", 180)
	for i := range files {
		files[i] = fmt.Sprintf("src/main/java/%s/F%07d.java", pad, i)
	}
	s := &fileStates{files: files, stats: make([]cache.Stat, n),
		digests: make([]parsers.Digest, n), known: make([]bool, n), budget: recordsBudget(files)}
	for i := range s.stats {
		s.stats[i] = cache.Stat{Size: 1000, ModTime: 1, Inode: uint64(i + 1000000), CTime: 1}
	}
	s.ix = c.LoadIndex(cache.KeyOf([]byte("maxentry")))
	rec := make([]byte, 230)
	for i := range files {
		s.remember(i, parsers.Digest{byte(i)}, rec)
	}
	if err := c.SaveIndex(cache.KeyOf([]byte("maxentry")), s.ix); err != nil {
		t.Errorf("index of %d files with %d MB of records: %v", n, s.recorded>>20, err)
	}
}
