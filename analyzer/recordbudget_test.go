package analyzer

import (
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
		digests: make([]parsers.Digest, 2), known: make([]bool, 2), recorded: recordBudget - 10}
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
