package parsers_test

import (
	"crypto/sha256"
	"fmt"
	"go/token"
	"reflect"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/flinklint/flinklint/parsers"
)

// Survey records (Options.Remember, Options.Recall): a survey that
// recalls what an earlier one recorded of its files reads none of them and
// learns the same.

// recordedFiles hold one of each kind of file the survey tells apart.
var recordedFiles = map[string]string{
	"Job.java":   "package jobs;\nclass Job {\n  // flinklint:ignore seconds-timestamp,late-data-dropped in ms\n  void run() { s.withTimestampAssigner(a); }\n}\n",
	"Bean.java":  "package jobs;\npublic class Bean { long ts; public long getTs() { return ts; } }\n",
	"conf.sql":   "SET 'pipeline.auto-watermark-interval' = '0'; -- flinklint:ignore\n",
	"bad.java":   "package jobs; class Bad { String s = \"\xff\xfe\"; }\n",
	"bom.scala":  "\xef\xbb\xbfobject Main { def main(args: Array[String]): Unit = () }\n",
	"utf16.java": "\xff\xfeclass U {}", // not editable: its text is not its bytes
	"Blob.java":  "class Blob {}\x00\x01",
	"job.py":     "def build_job(env):\n    env.execute_sql(DDL)\n",
}

// recorder is a store of survey records, as a driver's index of file
// states keeps them, and counts the files a survey reads.
type recorder struct {
	paths   []string
	mu      sync.Mutex
	digests map[int]parsers.Digest
	records map[int][]byte
	reads   atomic.Int64
}

func newRecorder(files map[string]string) *recorder {
	r := &recorder{digests: map[int]parsers.Digest{}, records: map[int][]byte{}}
	for p := range files {
		r.paths = append(r.paths, p)
	}
	slices.Sort(r.paths)
	return r
}

// survey runs a survey of files with o, recording and recalling through r.
func (r *recorder) survey(o parsers.Options, files map[string]string) *parsers.Survey {
	o.Remember = func(i int, d parsers.Digest, record []byte) {
		r.mu.Lock()
		defer r.mu.Unlock()
		r.digests[i], r.records[i] = d, record
	}
	o.Recall = func(i int) (parsers.Digest, []byte, bool) {
		r.mu.Lock()
		defer r.mu.Unlock()
		return r.digests[i], r.records[i], r.records[i] != nil
	}
	read := func(p string) ([]byte, error) { r.reads.Add(1); return []byte(files[p]), nil }
	return o.Survey(r.paths, read)
}

// learned renders what a survey learned, but the counts of reads.
func learned(s *parsers.Survey, paths []string) string {
	var b strings.Builder
	for _, p := range paths {
		fmt.Fprintf(&b, "size %s %d\n", p, s.Size(p))
	}
	st := s.Stats()
	fmt.Fprintf(&b, "read %d bytes %d prefiltered %d skipped %d\n", st.Read, st.Bytes, st.Prefiltered, st.Skipped)
	var lines []string
	for _, ig := range s.Ignores() {
		lines = append(lines, fmt.Sprintf("ignore %+v", *ig))
	}
	for _, p := range s.Problems() {
		lines = append(lines, "problem "+p.String())
	}
	for p, d := range s.Digests() {
		lines = append(lines, fmt.Sprintf("digest %s %x", p, d[:4]))
	}
	slices.Sort(lines)
	b.WriteString(strings.Join(lines, "\n"))
	d := parsers.Declared(s)
	fmt.Fprintf(&b, "\ntypes %v\nmethods %v\n", &d.Types, &d.Methods)
	for _, f := range d.Filters {
		fmt.Fprintf(&b, "filter %+v\n", *f)
	}
	return b.String()
}

func TestSurveyRecordsRecalled(t *testing.T) {
	r := newRecorder(recordedFiles)
	o := parsers.Options{Keywords: []string{"imestampAssigner", "xecuteSql"}, CacheSalt: []byte("build 1")}
	first := r.survey(o, recordedFiles)
	if n := r.reads.Load(); n != int64(len(recordedFiles)) {
		t.Fatalf("first survey: %d reads, want %d", n, len(recordedFiles))
	}
	want := learned(first, r.paths)
	r.reads.Store(0)
	second := r.survey(o, recordedFiles)
	if n := r.reads.Load(); n != 0 {
		t.Errorf("second survey: %d reads, want none", n)
	}
	if st := second.Stats(); st.Recalled != st.Read {
		t.Errorf("second survey: %d of %d files read recalled, want all", st.Recalled, st.Read)
	}
	if got := learned(second, r.paths); got != want {
		t.Errorf("recalled:\n%s\nwant, as read:\n%s", got, want)
	}
}

// Records are those of a prefilter and a build: a survey with other words
// or another build reads every file again, as it does a file whose record
// is damaged.
func TestSurveyRecordsOtherPrefilter(t *testing.T) {
	o := parsers.Options{Keywords: []string{"imestampAssigner"}, CacheSalt: []byte("build 1")}
	for name, other := range map[string]parsers.Options{
		"keywords":     {Keywords: []string{"imestampAssigner", "xecuteSql"}, CacheSalt: o.CacheSalt},
		"no prefilter": {CacheSalt: o.CacheSalt},
		"gated": {Keywords: o.Keywords, CacheSalt: o.CacheSalt,
			Gated: []parsers.Gated{{Words: []string{"getTs"}, For: func(string) bool { return true }}}},
		"build": {Keywords: o.Keywords, CacheSalt: []byte("build 2")},
	} {
		r := newRecorder(recordedFiles)
		r.survey(o, recordedFiles)
		want := learned(parsers.Options{Keywords: other.Keywords, Gated: other.Gated}.Survey(r.paths, func(p string) ([]byte, error) { return []byte(recordedFiles[p]), nil }), r.paths)
		r.reads.Store(0)
		s := r.survey(other, recordedFiles)
		if n := r.reads.Load(); n != int64(len(recordedFiles)) {
			t.Errorf("%s: %d reads, want %d", name, n, len(recordedFiles))
		}
		if got := learned(s, r.paths); got != want {
			t.Errorf("%s:\n%s\nwant:\n%s", name, got, want)
		}
	}
	r := newRecorder(recordedFiles)
	r.survey(o, recordedFiles)
	for i, rec := range r.records {
		r.records[i] = rec[:len(rec)-1]
	}
	r.reads.Store(0)
	r.survey(o, recordedFiles)
	if n := r.reads.Load(); n != int64(len(recordedFiles)) {
		t.Errorf("damaged records: %d reads, want %d", n, len(recordedFiles))
	}
}

// A record is bounded whatever the file holds: a generated class of
// thousands of names keeps a filter of them, and a file whose record
// would be larger still (here by its directives) keeps none, and is read
// in every run.
func TestSurveyRecordBounded(t *testing.T) {
	var bean, ignores strings.Builder
	bean.WriteString("package gen;\npublic class Bean {\n")
	for i := range 20000 {
		fmt.Fprintf(&bean, "  public long getF%d() { return 0; }\n  public void setF%[1]d(long v) {}\n", i)
	}
	bean.WriteString("}\n")
	for range 2000 {
		ignores.WriteString("// flinklint:ignore seconds-timestamp " + strings.Repeat("why ", 20) + "\nint x;\n")
	}
	files := map[string]string{"Bean.java": bean.String(), "Ignores.java": ignores.String(), "Small.java": "class Small { void f() {} }"}
	r := newRecorder(files)
	o := parsers.Options{Keywords: []string{"imestampAssigner"}}
	first := r.survey(o, files)
	want := learned(first, r.paths)
	for i, p := range r.paths {
		rec := r.records[i]
		switch {
		case len(rec) > parsers.MaxRecord:
			t.Errorf("%s: a record of %d bytes, want at most %d", p, len(rec), parsers.MaxRecord)
		case p == "Ignores.java" && rec != nil:
			t.Errorf("%s: a record of %d bytes, want none", p, len(rec))
		case p != "Ignores.java" && rec == nil:
			t.Errorf("%s: no record", p)
		}
	}
	r.reads.Store(0)
	s := r.survey(o, files)
	if n := r.reads.Load(); n != 1 {
		t.Errorf("second survey: %d reads, want 1 (Ignores.java)", n)
	}
	if got := learned(s, r.paths); got != want {
		t.Error("recalled: the survey learned otherwise than by reading the files")
	}
	if d := parsers.Declared(s); len(d.Filters) != 1 || !reflect.DeepEqual(d.Filters, parsers.Declared(first).Filters) {
		t.Errorf("want Bean.java's names as the filter of the first survey, got %d filters", len(d.Filters))
	}
}

// TestSurveyRecordDamaged: a record cut at any length, or with any byte
// past its prefix flipped, never panics, and a cut record means reading
// the file: the survey learns the same.
func TestSurveyRecordDamaged(t *testing.T) {
	o := parsers.Options{Keywords: []string{"imestampAssigner", "xecuteSql"}, CacheSalt: []byte("build 1")}
	r := newRecorder(recordedFiles)
	first := r.survey(o, recordedFiles)
	want := learned(first, r.paths)
	orig := map[int][]byte{}
	for i, rec := range r.records {
		orig[i] = rec
	}
	for cut := 0; cut < 4000; cut++ {
		any := false
		for i, rec := range orig {
			r.records[i] = rec
			if cut < len(rec) {
				r.records[i] = rec[:cut]
				any = true
			}
		}
		if !any {
			break
		}
		if got := learned(r.survey(o, recordedFiles), r.paths); got != want {
			t.Errorf("cut %d: learned otherwise:\n%s\nwant\n%s", cut, got, want)
		}
		for i, rec := range orig { // flip one byte past the prefix
			r.records[i] = rec
			if cut >= 16 && cut < len(rec) {
				b := append([]byte(nil), rec...)
				b[cut] ^= 0xff
				r.records[i] = b
			}
		}
		r.survey(o, recordedFiles)
	}
}

// Digests are those of the bytes of each file as read last: the survey's,
// or the parse's when the file changed in between; a file whose text is
// not its bytes has none.
func TestDigestsReadLast(t *testing.T) {
	paths := []string{"A.java", "B.java", "C.java", "D.java"}
	files := map[string]string{
		"A.java": "class A { void f() { env.execute(); } }",
		"B.java": "class B { void f() { env.execute(); } }",
		"C.java": "class C {}",
		"D.java": "\xff\xfec\x00",
	}
	read := func(p string) ([]byte, error) { return []byte(files[p]), nil }
	s := parsers.Options{Keywords: []string{"execute"}}.Survey(paths, read)
	files["B.java"] += "\n// edited"
	s.Lower(token.NewFileSet(), paths, read)
	got := s.Digests()
	for _, p := range paths[:3] {
		if want := parsers.Digest(sha256.Sum256([]byte(files[p]))); got[p] != want {
			t.Errorf("digest of %s = %x, want %x", p, got[p], want)
		}
	}
	if d, ok := got["D.java"]; ok || len(got) != 3 {
		t.Errorf("digests %d, D.java %x; want 3, none of UTF-16 D.java", len(got), d)
	}
}

// TestDigestsReadBack: a file read again with other bytes and then with
// those the survey read may not be fixed: the findings of the unit that
// read the other bytes point into them, and the digest of either text
// would let -fix write those edits into the other; so may a file read
// again as text that is not its bytes (UTF-16 here), its findings
// pointing into that text. So may one parsed from the survey's bytes
// and then from others.
func TestDigestsReadBack(t *testing.T) {
	paths := []string{"A.java", "B.java", "C.java"}
	files := map[string]string{
		"A.java": "class A { void f() { env.execute(); } }",
		"B.java": "class B { void f() { env.execute(); } }",
		"C.java": "class C { void f() { env.execute(); } }",
	}
	surveyed := files["A.java"]
	read := func(p string) ([]byte, error) { return []byte(files[p]), nil }
	s := parsers.Options{Keywords: []string{"execute"}}.Survey(paths, read)
	files["A.java"] = surveyed + "\n// edited"
	files["B.java"] = "\xff\xfec\x00"
	s.Lower(token.NewFileSet(), paths, read)
	files["A.java"] = surveyed
	files["C.java"] += "\n// edited"
	s.Lower(token.NewFileSet(), paths, read)
	got := s.Digests()
	if d, ok := got["A.java"]; ok {
		t.Errorf("A.java, read with two texts, has digest %x; want none", d)
	}
	if d, ok := got["B.java"]; ok {
		t.Errorf("B.java, read again as UTF-16, has digest %x; want none", d)
	}
	if d, ok := got["C.java"]; ok {
		t.Errorf("C.java, parsed from the survey's text and then from another, has digest %x; want none", d)
	}
}
