package model

import (
	"fmt"
	"go/token"
	"runtime"
	"slices"
	"strconv"
	"testing"
)

// filterOf returns a filter of file holding the methods m0 to m<n-1>,
// prefixed by prefix.
func filterOf(file int32, prefix string, n int) *Filter {
	f := NewFilter(file, n)
	name := []byte(prefix + "m")
	for i := range n {
		f.AddMethod(strconv.AppendInt(name, int64(i), 10))
	}
	return f
}

// A filter holds every name added to it, of its kind, and is no larger
// than 64 KB whatever their number; its false-positive rate, measured on
// names never added, is near the rate the sizing expects: 1 in 2,000 below
// the cap, 1 in 200 at 48,000 names, the methods of a 3 MB file of
// getters and setters.
func TestFilter(t *testing.T) {
	for _, c := range []struct {
		names int
		rate  float64
	}{{600, 1.0 / 2000}, {5000, 1.0 / 2000}, {48000, 1.0 / 200}} {
		f := filterOf(0, "", c.names)
		if size := len(f.bits) * 8; size > 64<<10 {
			t.Errorf("%d names: filter of %d bytes, want at most 64 KB", c.names, size)
		}
		for i := range c.names {
			name := fmt.Appendf(nil, "m%d", i)
			if !f.has(hashName(true, name)) {
				t.Fatalf("%d names: %s missing", c.names, name)
			}
		}
		const tries = 200000
		positives := 0
		for i := range tries {
			if f.has(hashName(true, fmt.Appendf(nil, "absent%d", i))) {
				positives++
			}
			if f.has(hashName(false, fmt.Appendf(nil, "m%d", i%c.names))) { // a type of a method's name
				positives++
			}
		}
		rate := float64(positives) / (2 * tries)
		t.Logf("%d names: %d bytes, k = %d, false-positive rate %.5f", c.names, len(f.bits)*8, f.k, rate)
		if rate > 1.5*c.rate {
			t.Errorf("%d names: false-positive rate %.5f, want about %.5f", c.names, rate, c.rate)
		}
	}
}

// Lookups return the files indexed exactly and those whose filter may
// hold the name, in the order of their numbers, and load each file once.
func TestPendingFilters(t *testing.T) {
	pending := Pending{
		Paths:   []string{"0", "1", "2", "3", "4"},
		Types:   namesOf(map[string][]int32{"T": {1}}),
		Methods: namesOf(map[string][]int32{"m1": {0, 3}}),
		Filters: []*Filter{filterOf(2, "", 1000), filterOf(4, "", 1000)},
	}
	pending.Filters[1].AddType([]byte("T"))
	if got, want := pending.files(true, "m1"), []int32{0, 2, 3, 4}; !slices.Equal(got, want) {
		t.Errorf("files of method m1 = %v, want %v", got, want)
	}
	if got, want := pending.files(false, "T"), []int32{1, 4}; !slices.Equal(got, want) {
		t.Errorf("files of type T = %v, want %v", got, want)
	}
	var loaded []string
	p := NewProject(token.NewFileSet(), nil, pending, func(path string) *File {
		loaded = append(loaded, path)
		return nil
	})
	for range p.EachMethod("m1") {
	}
	p.Methods("m1")
	p.Classes("T")
	if want := []string{"0", "2", "3", "4", "1", "4"}; !slices.Equal(loaded, want) {
		t.Errorf("loaded %v, want %v", loaded, want)
	}
}

// A false positive of a filter that Confirm rejects is not listed.
func TestPendingConfirm(t *testing.T) {
	pending := Pending{Paths: []string{"0"}, Filters: []*Filter{filterOf(0, "", 1000)}}
	fp := ""
	for i := 0; fp == ""; i++ {
		if name := fmt.Sprint("x", i); pending.Filters[0].has(hashName(true, []byte(name))) {
			fp = name
		}
	}
	if got := pending.files(true, fp); !slices.Equal(got, []int32{0}) {
		t.Fatalf("without Confirm, files of %s = %v, want [0]", fp, got)
	}
	var asked []string
	pending.Confirm = func(file int32, method bool, name string) bool {
		asked = append(asked, name)
		return name != fp
	}
	if got := pending.files(true, fp); got != nil {
		t.Errorf("files of %s = %v, want none", fp, got)
	}
	if got := pending.files(true, "m7"); !slices.Equal(got, []int32{0}) {
		t.Errorf("files of m7 = %v, want [0]", got)
	}
	pending.files(true, "absent")
	if want := []string{fp, "m7"}; !slices.Equal(asked, want) {
		t.Errorf("Confirm asked about %v, want %v: the names the filter may hold", asked, want)
	}
}

// BenchmarkPendingFiles looks a name up among 2,000 files of 48,000
// methods each, each with a filter: the cost the filters add to a lookup
// in a run of 2,000 files of 3 MB of getters and setters.
func BenchmarkPendingFiles(b *testing.B) {
	pending := Pending{}
	for i := range 2000 {
		pending.Filters = append(pending.Filters, filterOf(int32(i), fmt.Sprint(i, "_"), 48000))
	}
	b.ResetTimer()
	for i := 0; b.Loop(); i++ {
		pending.files(true, fmt.Sprint("getX", i))
	}
}

// MethodsHolding parses only the pending files that hold the word, and
// leaves the others to a later lookup.
func TestMethodsHolding(t *testing.T) {
	pending := Pending{
		Paths:   []string{"0", "1", "2"},
		Methods: namesOf(map[string][]int32{"serialize": {0, 1, 2}}),
		Holds:   func(file int32, words []string) bool { return file == 1 && slices.Contains(words, "ProducerRecord") },
	}
	var loaded []string
	p := NewProject(token.NewFileSet(), nil, pending, func(path string) *File {
		loaded = append(loaded, path)
		return nil
	})
	p.MethodsHolding("serialize", "ProducerRecord", "setWriteTimestampToKafka")
	if want := []string{"1"}; !slices.Equal(loaded, want) {
		t.Errorf("MethodsHolding loaded %v, want %v", loaded, want)
	}
	p.Methods("serialize")
	if want := []string{"1", "0", "2"}; !slices.Equal(loaded, want) {
		t.Errorf("then Methods loaded %v, want %v", loaded, want)
	}
}

// namesOf returns the Names of the files of each name.
func namesOf(files map[string][]int32) Names {
	var x Names
	for name, fs := range files {
		for _, f := range fs {
			x.Add([]byte(name), f)
		}
	}
	x.Sort()
	return x
}

// Names returns the files of each name in order, whatever the order they
// were added in, across the growths of its table, and nothing for a name
// never added or a prefix of one.
func TestNames(t *testing.T) {
	want := map[string][]int32{}
	var x Names
	for file := range int32(3000) {
		for _, name := range []string{fmt.Sprint("T", (file*7919)%3000), fmt.Sprint("m", file%13), "get"} {
			x.Add([]byte(name), file)
			want[name] = append(want[name], file)
		}
	}
	x.Sort()
	for name, files := range want {
		if got := x.Files(name); !slices.Equal(got, files) {
			t.Fatalf("files of %s = %v, want %v", name, got, files)
		}
	}
	for _, name := range []string{"T", "ge", "m13", ""} {
		if got := x.Files(name); got != nil {
			t.Errorf("files of %q = %v, want none", name, got)
		}
	}
}

// BenchmarkNames indexes the names of 100,000 files as a survey does (a
// type of each file and methods shared by many), then looks each type up;
// B/name is what the index holds a name, its files included.
func BenchmarkNames(b *testing.B) {
	const files = 100_000
	var types, methods [][]byte
	for i := range files {
		types = append(types, fmt.Appendf(nil, "CustomerUtilsTest%d", i))
	}
	for i := range 50 {
		methods = append(methods, fmt.Appendf(nil, "getField%d", i))
	}
	b.ReportAllocs()
	var held uint64
	for b.Loop() {
		var m0, m1 runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&m0)
		var x, y Names
		for i, name := range types {
			x.Add(name, int32(i))
			for _, m := range methods[:i%len(methods)] {
				y.Add(m, int32(i))
			}
		}
		x.Sort()
		y.Sort()
		for _, name := range types {
			if len(x.Files(string(name))) != 1 {
				b.Fatalf("%s not found", name)
			}
		}
		runtime.GC()
		runtime.ReadMemStats(&m1)
		held = m1.HeapAlloc - m0.HeapAlloc
		runtime.KeepAlive(&x)
		runtime.KeepAlive(&y)
	}
	b.ReportMetric(float64(held)/files, "B/file")
}

// TestNamesCollide: names whose hashes, the same in every run, share
// their low bits (as a repository could be written to) do not pile up in
// one run of the table's slots, where each Add and lookup would probe
// them all: the table's own hash is seeded per process.
func TestNamesCollide(t *testing.T) {
	const n, bits = 500, 1<<10 - 1
	var x Names
	for i := 0; len(x.ends) < n; i++ {
		name := fmt.Appendf(nil, "Job%d", i)
		if hashName(false, name)&bits == 0 {
			x.Add(name, int32(i))
		}
	}
	longest, run := 0, 0
	for _, s := range append(x.slots, x.slots...) { // the table wraps around
		if s == 0 {
			run = 0
			continue
		}
		run++
		longest = max(longest, min(run, len(x.slots)))
	}
	if longest > n/3 {
		t.Errorf("%d names of one hash in %d slots: a run of %d taken slots", n, len(x.slots), longest)
	}
}
