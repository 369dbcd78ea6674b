package cache_test

import (
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/flinklint/flinklint/internal/cache"
)

func TestIndex(t *testing.T) {
	clk := &clock{t: time.Now()}
	c := open(t, t.TempDir(), clk)
	key := cache.KeyOf([]byte("index"), []byte("/project"))
	start := clk.now()
	old := cache.Stat{Size: 10, ModTime: start.Add(-time.Minute).UnixNano(), Inode: 5, CTime: 1}
	racy := cache.Stat{Size: 10, ModTime: start.Add(-time.Second).UnixNano(), Inode: 6}
	digest := cache.KeyOf([]byte("content"))

	ix := c.LoadIndex(key)
	if _, _, ok := ix.Lookup("A.java", old); ok {
		t.Fatal("hit in an empty index")
	}
	ix.Set("A.java", old, digest, []byte("names"))
	ix.Set("B.java", racy, digest, nil)
	ix.Set("Gone.java", old, digest, nil)
	if err := c.SaveIndex(key, ix); err != nil {
		t.Fatal(err)
	}

	clk.add(time.Hour)
	ix = c.LoadIndex(key)
	d, data, ok := ix.Lookup("A.java", old)
	if !ok || d != digest || string(data) != "names" {
		t.Errorf("Lookup(A) = %x, %q, %v", d, data, ok)
	}
	if _, _, ok := ix.Lookup("B.java", racy); ok {
		t.Error("a racy record was trusted")
	}
	for _, changed := range []func(s cache.Stat) cache.Stat{
		func(s cache.Stat) cache.Stat { s.Size++; return s },
		func(s cache.Stat) cache.Stat { s.ModTime++; return s },
		func(s cache.Stat) cache.Stat { s.Inode++; return s },
		func(s cache.Stat) cache.Stat { s.CTime++; return s },
	} {
		if _, _, ok := ix.Lookup("A.java", changed(old)); ok {
			t.Errorf("a changed stat %+v was trusted", changed(old))
		}
	}
	// B is read again in this run, so recorded clean; Gone is not seen.
	ix.Set("B.java", racy, digest, nil)
	if err := c.SaveIndex(key, ix); err != nil {
		t.Fatal(err)
	}

	ix = c.LoadIndex(key)
	if _, _, ok := ix.Lookup("B.java", racy); !ok {
		t.Error("a record made clean by a later run is not trusted")
	}
	if _, _, ok := ix.Lookup("Gone.java", old); ok {
		t.Error("the record of a file not seen in the last run was kept")
	}
	if _, _, ok := c.LoadIndex(cache.KeyOf([]byte("other"))).Lookup("A.java", old); ok {
		t.Error("the index of another key was read")
	}
}

func TestIndexCorrupt(t *testing.T) {
	c, err := cache.Open(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	key := cache.KeyOf([]byte("index"))
	for _, data := range []string{"", "\x09", "\x01\x05ab", "\x01\x01a\x02"} {
		if err := c.Put(key, []byte(data)); err != nil {
			t.Fatal(err)
		}
		ix := c.LoadIndex(key) // must not panic, and be empty
		if _, _, ok := ix.Lookup("a", cache.Stat{}); ok {
			t.Errorf("index %q: hit", data)
		}
	}
}

func TestStatOf(t *testing.T) {
	path := filepath.Join(t.TempDir(), "f")
	if err := os.WriteFile(path, []byte("abc"), 0o666); err != nil {
		t.Fatal(err)
	}
	fi, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	st := cache.StatOf(fi)
	if st.Size != 3 || st.ModTime != fi.ModTime().UnixNano() {
		t.Errorf("StatOf = %+v", st)
	}
	if err := os.WriteFile(path, []byte("abd"), 0o666); err != nil {
		t.Fatal(err)
	}
	future := time.Unix(0, st.ModTime)
	if err := os.Chtimes(path, future, future); err != nil { // a tool that keeps mtime
		t.Fatal(err)
	}
	fi, _ = os.Stat(path)
	if st2 := cache.StatOf(fi); st2 == st && st.CTime == 0 {
		t.Log("no change time on this system: a rewrite keeping size and mtime goes unseen")
	}
}

// TestIndexBegan: a run whose Stats were taken before it loaded the index
// (by a walk) begins at the walk: a file written in the two seconds
// before the walk is racy, though written long before the index loaded.
func TestIndexBegan(t *testing.T) {
	clk := &clock{t: time.Now()}
	c := open(t, t.TempDir(), clk)
	key := cache.KeyOf([]byte("index"), []byte("/project"))
	walk := clk.now()
	st := cache.Stat{Size: 10, ModTime: walk.Add(-time.Second).UnixNano(), Inode: 5}
	clk.add(time.Minute) // a long walk
	ix := c.LoadIndex(key)
	ix.Began(walk)
	ix.Began(walk.Add(time.Hour)) // never forward
	ix.Set("A.java", st, cache.KeyOf([]byte("content")), nil)
	if err := c.SaveIndex(key, ix); err != nil {
		t.Fatal(err)
	}
	clk.add(time.Hour)
	if _, _, ok := c.LoadIndex(key).Lookup("A.java", st); ok {
		t.Error("a file written a second before the walk was trusted")
	}
}
