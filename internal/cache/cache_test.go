package cache_test

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"github.com/flinklint/flinklint/internal/cache"
)

// clock is a fake time source that tests move forward.
type clock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *clock) now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.t
}

func (c *clock) add(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.t = c.t.Add(d)
}

func open(t *testing.T, dir string, clk *clock) *cache.Cache {
	t.Helper()
	c, err := cache.Options{Now: clk.now}.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

func TestRoundTrip(t *testing.T) {
	c, err := cache.Open(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	k := cache.KeyOf([]byte("model"), []byte("A.java"))
	if _, ok := c.Get(k); ok {
		t.Fatal("hit in an empty cache")
	}
	for _, data := range [][]byte{[]byte("hello"), {}, bytes.Repeat([]byte{7}, 1<<20)} {
		if err := c.Put(k, data); err != nil {
			t.Fatal(err)
		}
		got, ok := c.Get(k)
		if !ok || !bytes.Equal(got, data) {
			t.Fatalf("Get = %d bytes, %v; want %d bytes", len(got), ok, len(data))
		}
	}
	if !exists(c, k) {
		t.Error("entry not in its shard")
	}
}

// exists reports whether the entry of k is in its shard.
func exists(c *cache.Cache, k cache.Key) bool {
	s := k.String()
	_, err := os.Stat(filepath.Join(c.Dir(), s[:2], s))
	return err == nil
}

func TestKeyFraming(t *testing.T) {
	if cache.KeyOf([]byte("ab"), []byte("c")) == cache.KeyOf([]byte("a"), []byte("bc")) {
		t.Error("parts are not framed")
	}
	if cache.KeyOf([]byte("a"), nil) == cache.KeyOf([]byte("a")) {
		t.Error("an empty part is not framed")
	}
	h := cache.NewHasher()
	h.AddString("ab")
	h.Add([]byte("c"))
	if h.Sum() != cache.KeyOf([]byte("ab"), []byte("c")) {
		t.Error("Hasher and KeyOf differ")
	}
}

func TestCorrupt(t *testing.T) {
	c, err := cache.Open(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	k := cache.KeyOf([]byte("x"))
	data := []byte("some cached model bytes")
	s := k.String()
	path := filepath.Join(c.Dir(), s[:2], s)
	for name, damage := range map[string]func([]byte) []byte{
		"truncated": func(b []byte) []byte { return b[:len(b)-3] },
		"header":    func(b []byte) []byte { return b[:5] },
		"flipped":   func(b []byte) []byte { b[len(b)-1] ^= 1; return b },
		"magic":     func(b []byte) []byte { b[0] = 'X'; return b },
		"longer":    func(b []byte) []byte { return append(b, 0) },
		"empty":     func([]byte) []byte { return nil },
	} {
		if err := c.Put(k, data); err != nil {
			t.Fatal(err)
		}
		b, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, damage(b), 0o666); err != nil {
			t.Fatal(err)
		}
		if got, ok := c.Get(k); ok {
			t.Errorf("%s: Get = %q, want a miss", name, got)
		}
	}
}

func TestTooLarge(t *testing.T) {
	c, err := cache.Open(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	if err := c.Put(cache.Key{}, make([]byte, cache.MaxEntry+1)); !errors.Is(err, cache.ErrTooLarge) {
		t.Errorf("Put = %v, want ErrTooLarge", err)
	}
}

func TestUnwritable(t *testing.T) {
	file := filepath.Join(t.TempDir(), "file")
	if err := os.WriteFile(file, nil, 0o666); err != nil {
		t.Fatal(err)
	}
	if _, err := cache.Open(filepath.Join(file, "cache")); err == nil {
		t.Error("Open under a regular file succeeded")
	}
	if os.Getuid() != 0 { // root writes anywhere
		ro := filepath.Join(t.TempDir(), "ro")
		if err := os.Mkdir(ro, 0o555); err != nil {
			t.Fatal(err)
		}
		if _, err := cache.Open(ro); err == nil {
			t.Error("Open of a read-only directory succeeded")
		}
	}
	// A cache whose directory turns into something else fails on Put.
	dir := filepath.Join(t.TempDir(), "c")
	c, err := cache.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	os.RemoveAll(dir)
	if err := os.WriteFile(dir, nil, 0o666); err != nil {
		t.Fatal(err)
	}
	if err := c.Put(cache.Key{}, []byte("x")); err == nil {
		t.Error("Put into a vanished directory succeeded")
	}
	if _, ok := c.Get(cache.Key{}); ok {
		t.Error("Get from a vanished directory hit")
	}
}

// TestConcurrent has goroutines, and then processes, write and read the
// same keys at once: every read is a miss or a whole entry.
func TestConcurrent(t *testing.T) {
	dir := t.TempDir()
	hammer(t, dir, "goroutines", 4)
	if testing.Short() {
		return
	}
	var cmds []*exec.Cmd
	for i := range 2 {
		cmd := exec.Command(os.Args[0], "-test.run=^TestHelperProcess$")
		cmd.Env = append(os.Environ(), "FLINKLINT_CACHE_HELPER="+dir, fmt.Sprintf("FLINKLINT_CACHE_SEED=%d", i))
		cmd.Stdout, cmd.Stderr = os.Stderr, os.Stderr
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		cmds = append(cmds, cmd)
	}
	for _, cmd := range cmds {
		if err := cmd.Wait(); err != nil {
			t.Errorf("helper process: %v", err)
		}
	}
}

// TestHelperProcess is one of the processes of TestConcurrent.
func TestHelperProcess(t *testing.T) {
	dir := os.Getenv("FLINKLINT_CACHE_HELPER")
	if dir == "" {
		t.Skip("run by TestConcurrent")
	}
	hammer(t, dir, "process "+os.Getenv("FLINKLINT_CACHE_SEED"), 2)
}

// hammer has n goroutines put and get the entries of 16 keys, each entry
// being its key repeated: a torn write would show.
func hammer(t *testing.T, dir, who string, n int) {
	c, err := cache.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	var wg sync.WaitGroup
	for g := range n {
		wg.Go(func() {
			for i := range 200 {
				k := cache.KeyOf([]byte{byte((i + g) % 16)})
				want := bytes.Repeat(k[:], 1000+int(k[0]))
				if i%2 == 0 {
					if err := c.Put(k, want); err != nil {
						t.Errorf("%s: Put: %v", who, err)
						return
					}
				} else if got, ok := c.Get(k); ok && !bytes.Equal(got, want) {
					t.Errorf("%s: Get returned a torn entry (%d bytes)", who, len(got))
					return
				}
			}
		})
	}
	wg.Wait()
}

func TestTrim(t *testing.T) {
	clk := &clock{t: time.Now()}
	dir := t.TempDir()
	c := open(t, dir, clk)
	old, used, fresh := cache.KeyOf([]byte("old")), cache.KeyOf([]byte("used")), cache.KeyOf([]byte("fresh"))
	for _, k := range []cache.Key{old, used} {
		if err := c.Put(k, []byte("x")); err != nil {
			t.Fatal(err)
		}
	}
	if err := c.Trim(); err != nil { // stamps the first trim
		t.Fatal(err)
	}
	clk.add(4 * 24 * time.Hour)
	if _, ok := c.Get(used); !ok { // marks it used
		t.Fatal("miss")
	}
	clk.add(4 * 24 * time.Hour)
	if err := c.Put(fresh, []byte("x")); err != nil {
		t.Fatal(err)
	}
	if err := c.Trim(); err != nil {
		t.Fatal(err)
	}
	for k, want := range map[cache.Key]bool{old: false, used: true, fresh: true} {
		if _, ok := c.Get(k); ok != want {
			t.Errorf("after 8 days, entry %.6s present = %v, want %v", k, ok, want)
		}
	}

	// Within a day of the last trim, Trim does nothing.
	stale := cache.KeyOf([]byte("stale"))
	clk.add(-10 * 24 * time.Hour)
	if err := c.Put(stale, []byte("x")); err != nil {
		t.Fatal(err)
	}
	clk.add(10*24*time.Hour + 23*time.Hour)
	if err := c.Trim(); err != nil {
		t.Fatal(err)
	}
	if !exists(c, stale) { // not Get: that would mark it used
		t.Error("Trim ran again within a day")
	}
	clk.add(2 * time.Hour)
	if err := c.Trim(); err != nil {
		t.Fatal(err)
	}
	if exists(c, stale) {
		t.Error("Trim did not run a day after the last")
	}
}

// BenchmarkGet reads 1,000 entries of 5 KB, the size of a typical file's
// encoded model: the cost of a cache hit apart from decoding.
func BenchmarkGet(b *testing.B) {
	c, err := cache.Open(b.TempDir())
	if err != nil {
		b.Fatal(err)
	}
	keys := make([]cache.Key, 1000)
	data := bytes.Repeat([]byte("model"), 1000)
	for i := range keys {
		keys[i] = cache.KeyOf(fmt.Append(nil, i))
		if err := c.Put(keys[i], data); err != nil {
			b.Fatal(err)
		}
	}
	b.SetBytes(int64(len(keys) * len(data)))
	for b.Loop() {
		for _, k := range keys {
			if _, ok := c.Get(k); !ok {
				b.Fatal("miss")
			}
		}
	}
}

// TestPutLater stores entries in the background: a Get of one still
// waiting reads it back, and after Wait every one is in its shard.
func TestPutLater(t *testing.T) {
	c, err := cache.Open(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	keys := make([]cache.Key, 200) // more than the writer's queue
	for i := range keys {
		keys[i] = cache.KeyOf(fmt.Append(nil, i))
		c.PutLater(keys[i], func() ([]byte, error) { return fmt.Append(nil, "entry ", i), nil })
	}
	if got, ok := c.Get(keys[len(keys)-1]); !ok || string(got) != fmt.Sprint("entry ", len(keys)-1) {
		t.Errorf("Get of a pending entry = %q, %v", got, ok)
	}
	failed := cache.KeyOf([]byte("not encodable"))
	c.PutLater(failed, func() ([]byte, error) { return nil, errors.New("no") })
	if err := c.Close(); err != nil {
		t.Fatal(err)
	}
	other, err := cache.Open(c.Dir()) // as another process sees the pack
	if err != nil {
		t.Fatal(err)
	}
	for _, cc := range []*cache.Cache{c, other} {
		for i, k := range keys {
			if got, ok := cc.Get(k); !ok || string(got) != fmt.Sprint("entry ", i) {
				t.Fatalf("Get of entry %d = %q, %v", i, got, ok)
			}
		}
		if _, ok := cc.Get(failed); ok {
			t.Error("an entry whose encoding failed was stored")
		}
	}
}

// TestPackDamaged: a pack whose index or data is damaged reads as misses.
func TestPackDamaged(t *testing.T) {
	dir := t.TempDir()
	c, err := cache.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	keys := []cache.Key{cache.KeyOf([]byte("a")), cache.KeyOf([]byte("b"))}
	for _, k := range keys {
		c.PutLater(k, func() ([]byte, error) { return []byte("data of " + k.String()), nil })
	}
	if err := c.Close(); err != nil {
		t.Fatal(err)
	}
	packs, _ := filepath.Glob(filepath.Join(dir, "packs", "*.pack"))
	if len(packs) != 1 {
		t.Fatalf("packs %q", packs)
	}
	whole, err := os.ReadFile(packs[0])
	if err != nil {
		t.Fatal(err)
	}
	for name, damage := range map[string]func([]byte) []byte{
		"data":      func(b []byte) []byte { b[0] ^= 1; return b },
		"index":     func(b []byte) []byte { b[len(b)-30] ^= 1; return b },
		"truncated": func(b []byte) []byte { return b[:len(b)-1] },
	} {
		if err := os.WriteFile(packs[0], damage(bytes.Clone(whole)), 0o666); err != nil {
			t.Fatal(err)
		}
		c, err := cache.Open(dir)
		if err != nil {
			t.Fatal(err)
		}
		if got, ok := c.Get(keys[0]); ok {
			t.Errorf("%s: Get = %q from a damaged pack", name, got)
		}
	}
}

// TestShortEntryReplaced: a writer that died while creating an entry
// leaves it short, a miss; the next Put replaces it.
func TestShortEntryReplaced(t *testing.T) {
	c, err := cache.Open(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	k := cache.KeyOf([]byte("x"))
	if err := c.Put(k, []byte("whole entry")); err != nil {
		t.Fatal(err)
	}
	s := k.String()
	path := filepath.Join(c.Dir(), s[:2], s)
	whole, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, whole[:len(whole)-4], 0o666); err != nil {
		t.Fatal(err)
	}
	if _, ok := c.Get(k); ok {
		t.Fatal("a short entry hit")
	}
	if err := c.Put(k, []byte("whole entry")); err != nil {
		t.Fatal(err)
	}
	if got, ok := c.Get(k); !ok || string(got) != "whole entry" {
		t.Errorf("Get after Put = %q, %v", got, ok)
	}
}

// BenchmarkPut writes 1,000 new entries of 5 KB, the size of a typical
// file's encoded model: what a first run pays per model stored.
func BenchmarkPut(b *testing.B) {
	data := bytes.Repeat([]byte("model"), 1000)
	b.SetBytes(int64(1000 * len(data)))
	for b.Loop() {
		b.StopTimer()
		c, err := cache.Open(b.TempDir())
		if err != nil {
			b.Fatal(err)
		}
		b.StartTimer()
		for i := range 1000 {
			if err := c.Put(cache.KeyOf(fmt.Append(nil, i)), data); err != nil {
				b.Fatal(err)
			}
		}
	}
}

// BenchmarkPutLater stores the same 1,000 entries as BenchmarkPut in a
// pack, as a first run stores its models.
func BenchmarkPutLater(b *testing.B) {
	data := bytes.Repeat([]byte("model"), 1000)
	b.SetBytes(int64(1000 * len(data)))
	for b.Loop() {
		b.StopTimer()
		c, err := cache.Open(b.TempDir())
		if err != nil {
			b.Fatal(err)
		}
		b.StartTimer()
		for i := range 1000 {
			c.PutLater(cache.KeyOf(fmt.Append(nil, i)), func() ([]byte, error) { return data, nil })
		}
		if err := c.Close(); err != nil {
			b.Fatal(err)
		}
	}
}
