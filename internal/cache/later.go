package cache

import "sync"

// laterQueue bounds the entries waiting for the writer: a slow disk then
// slows the run down rather than holding every model of it in memory.
const laterQueue = 64

// writer stores entries in the background, one goroutine for the cache,
// started with the first PutLater.
type writer struct {
	started sync.Once
	queue   chan laterEntry
	mu      sync.Mutex // guards the fields below
	keys    map[Key]int
	waiting sync.WaitGroup
	failed  bool // a write failed: none is tried after it
}

type laterEntry struct {
	key    Key
	encode func() ([]byte, error)
}

// PutLater stores under key, in the background and in the pack of the
// entries this process stores (see packs), the data encode returns;
// an entry encode fails on is left out. It returns at once unless
// laterQueue entries are waiting. After a write fails (a full disk), no
// other is tried: the driver learns of it from its own Put of the run's
// result. encode must not depend on what its caller changes afterwards:
// lowered models do not change, so it may encode one.
func (c *Cache) PutLater(key Key, encode func() ([]byte, error)) {
	w := &c.later
	w.mu.Lock()
	if w.failed {
		w.mu.Unlock()
		return
	}
	if w.keys == nil {
		w.keys = map[Key]int{}
	}
	w.keys[key]++
	w.waiting.Add(1)
	w.mu.Unlock()
	w.start(c)
	w.queue <- laterEntry{key, encode}
}

// Wait waits until the entries given to PutLater are stored (or left
// out), readable by this process.
func (c *Cache) Wait() { c.later.waiting.Wait() }

// Close waits for the entries given to PutLater and makes them readable by
// other processes: the command calls it after writing its findings. The
// cache stays usable; later entries go into another pack.
func (c *Cache) Close() error {
	c.Wait()
	return c.packs.finish()
}

// start starts the goroutine that stores the queued entries, once.
func (w *writer) start(c *Cache) {
	w.started.Do(func() {
		w.queue = make(chan laterEntry, laterQueue)
		go func() {
			for e := range w.queue {
				w.store(c, e)
			}
		}()
	})
}

// store encodes and writes one entry, unless a write has failed.
func (w *writer) store(c *Cache, e laterEntry) {
	defer w.waiting.Done()
	defer w.done(e.key)
	w.mu.Lock()
	failed := w.failed
	w.mu.Unlock()
	if failed {
		return
	}
	data, err := e.encode()
	if err != nil {
		return
	}
	if len(data) > MaxEntry {
		return
	}
	if err := c.packs.add(c.dir, e.key, data); err != nil {
		w.mu.Lock()
		w.failed = true
		w.mu.Unlock()
	}
}

// done forgets that key is waiting to be stored.
func (w *writer) done(key Key) {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.keys[key]--; w.keys[key] == 0 {
		delete(w.keys, key)
	}
}

// pending says whether an entry for key waits to be stored.
func (w *writer) pending(key Key) bool {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.keys[key] > 0
}
