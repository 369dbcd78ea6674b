// Package cache is flinklint's on-disk store: a directory of entries
// addressed by a Key, the sha256 of what the entry was computed from, as Go's
// build cache is.
//
// The driver keys the lowered model of a file by the file's content digest
// (and flinklint's version), so that a second run over an unchanged project
// decodes models instead of parsing sources. The store is safe for several
// processes at once: a new entry is created in place, exclusively, and an
// existing one is replaced through a temporary file in its shard and a
// rename, so a reader sees the old entry or the whole new one; two writers
// of one key write the same bytes. A corrupt or truncated entry (a full
// disk, a crash while writing) reads as a miss: each carries its length
// and a CRC.
//
// Entries live in dir/xx/<key in hex>, xx being the key's first byte, so
// that no directory grows too large; those stored with PutLater, in a
// pack per process in dir/packs (see packs). Get marks an entry (or its
// pack) used by setting its modification time, at most once an hour; Trim
// removes the entries and packs not used for a week, at most once a day.
//
// A run uses it so: Open(DefaultDir()) (on error, warn once and run
// without); LoadIndex(KeyOf("index", version, root)) before reading files;
// for each file, os.Stat and Index.Lookup: a hit gives the content digest
// (and the driver's bytes) without reading the file; otherwise read it,
// hash it and Index.Set it. Then Get(KeyOf("model", version, path,
// digest)) and model.DecodeFile, or parse and Put model.EncodeFile's bytes
// (on a Put error, report once and stop putting). The path is part of the
// key because the model holds it (and the language follows the name). At
// the end SaveIndex and Trim. Models are stored with PutLater, by a writer
// in the background that the command waits for (Close) once the findings
// are out, so that a first run does not wait for its writes.
package cache

import (
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"fmt"
	"hash"
	"hash/crc32"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"
)

// Key addresses an entry: the sha256 of the inputs it was computed from.
type Key [32]byte

func (k Key) String() string { return hex.EncodeToString(k[:]) }

// Hasher builds a Key from parts. Each part is framed by its length, so
// that ("ab", "c") and ("a", "bc") make different keys.
type Hasher struct{ h hash.Hash }

// NewHasher returns an empty Hasher.
func NewHasher() *Hasher { return &Hasher{h: sha256.New()} }

// Add adds one part.
func (h *Hasher) Add(part []byte) {
	var n [8]byte
	binary.LittleEndian.PutUint64(n[:], uint64(len(part)))
	h.h.Write(n[:])
	h.h.Write(part)
}

// AddString adds one part, as Add does.
func (h *Hasher) AddString(part string) { h.Add([]byte(part)) }

// Sum returns the key of the parts added so far.
func (h *Hasher) Sum() Key {
	var k Key
	h.h.Sum(k[:0])
	return k
}

// KeyOf returns the key of parts, framed as Hasher frames them.
func KeyOf(parts ...[]byte) Key {
	h := NewHasher()
	for _, p := range parts {
		h.Add(p)
	}
	return h.Sum()
}

// MaxEntry is the size of the largest entry Put accepts: a larger one is
// more likely a runaway than worth keeping.
const MaxEntry = 64 << 20

// The timings of use marks and trimming, as Go's build cache has them.
const (
	markEvery = time.Hour          // Get touches an entry at most this often
	trimEvery = 24 * time.Hour     // Trim does work at most this often
	trimAge   = 7 * 24 * time.Hour // entries unused this long are removed
)

// header starts each entry: magic, data length, CRC-32C of the data.
const (
	magic      = "flc1"
	headerSize = len(magic) + 8 + 4
)

var castagnoli = crc32.MakeTable(crc32.Castagnoli)

// Options are the settings of a Cache; the zero value is what flinklint
// uses.
type Options struct {
	// Now returns the current time; nil means time.Now. Tests pass a fake
	// clock to age entries.
	Now func() time.Time
}

// Cache is an open cache directory. Its methods are safe for concurrent
// use, by goroutines and by other processes.
type Cache struct {
	dir string
	now func() time.Time
	// stamp says whether a written file's times must be set to now: only
	// with a fake clock, since the file system sets them to the real one.
	stamp bool
	later writer
	packs packs
}

// DefaultDir returns flinklint's cache directory: flinklint under the
// user's cache directory ($XDG_CACHE_HOME or ~/.cache on Linux).
func DefaultDir() (string, error) {
	d, err := os.UserCacheDir()
	if err != nil {
		return "", err
	}
	return filepath.Join(d, "flinklint"), nil
}

// Open opens the cache in dir, creating it as needed, with the zero
// Options.
func Open(dir string) (*Cache, error) { return Options{}.Open(dir) }

// Open opens the cache in dir, creating it as needed. It fails when dir
// cannot be created or written; the driver then warns once and runs
// without a cache.
func (o Options) Open(dir string) (*Cache, error) {
	now, stamp := o.Now, o.Now != nil
	if now == nil {
		now = time.Now
	}
	if err := os.MkdirAll(dir, 0o777); err != nil {
		return nil, fmt.Errorf("cache: %w", err)
	}
	// Writable? A temporary file tells, where a permission check would not
	// (read-only mounts, ACLs).
	f, err := os.CreateTemp(dir, ".probe-*")
	if err != nil {
		return nil, fmt.Errorf("cache: directory not writable: %w", err)
	}
	f.Close()
	os.Remove(f.Name())
	readme := filepath.Join(dir, "README")
	if _, err := os.Stat(readme); errors.Is(err, fs.ErrNotExist) {
		_ = os.WriteFile(readme, []byte("This directory holds cached data from flinklint.\nIt may be removed at any time; flinklint recreates what it needs.\n"), 0o666)
	}
	return &Cache{dir: dir, now: now, stamp: stamp}, nil
}

// Dir returns the directory of the cache.
func (c *Cache) Dir() string { return c.dir }

func (c *Cache) path(key Key) string {
	s := key.String()
	return filepath.Join(c.dir, s[:2], s)
}

// Get returns the data stored under key. It never fails: an entry that is
// missing, unreadable or corrupt is a miss.
func (c *Cache) Get(key Key) ([]byte, bool) {
	if c.later.pending(key) {
		c.Wait() // what this process put, it reads back
	}
	if e, ok := c.packs.lookup(c.dir, key); ok {
		if data, ok := e.read(); ok {
			c.packs.mark(e, c.now())
			return data, true
		}
	}
	p := c.path(key)
	f, err := os.Open(p)
	if err != nil {
		return nil, false
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil || fi.Size() < int64(headerSize) || fi.Size() > int64(headerSize+MaxEntry) {
		return nil, false
	}
	buf := make([]byte, fi.Size())
	if _, err := io.ReadFull(f, buf); err != nil {
		return nil, false
	}
	data, ok := unwrap(buf)
	if !ok {
		return nil, false
	}
	if now := c.now(); now.Sub(fi.ModTime()) > markEvery {
		_ = os.Chtimes(p, now, now) // best effort: a missed mark only ages the entry
	}
	return data, true
}

// unwrap checks an entry's header and returns its data.
func unwrap(buf []byte) ([]byte, bool) {
	if len(buf) < headerSize || string(buf[:len(magic)]) != magic {
		return nil, false
	}
	n := binary.LittleEndian.Uint64(buf[len(magic):])
	sum := binary.LittleEndian.Uint32(buf[len(magic)+8:])
	data := buf[headerSize:]
	if n != uint64(len(data)) || crc32.Checksum(data, castagnoli) != sum {
		return nil, false
	}
	return data, true
}

// ErrTooLarge is returned by Put for data over MaxEntry bytes.
var ErrTooLarge = errors.New("cache: entry too large")

// Put stores data under key, replacing any entry there. An error means the
// cache is not usable (a full disk, a directory gone read-only): the
// driver reports it once and stops using the cache for the run.
func (c *Cache) Put(key Key, data []byte) error {
	if len(data) > MaxEntry {
		return ErrTooLarge
	}
	buf := make([]byte, headerSize, headerSize+len(data))
	copy(buf, magic)
	binary.LittleEndian.PutUint64(buf[len(magic):], uint64(len(data)))
	binary.LittleEndian.PutUint32(buf[len(magic)+8:], crc32.Checksum(data, castagnoli))
	buf = append(buf, data...)
	if err := c.write(c.path(key), buf); err != nil {
		return fmt.Errorf("cache: %w", err)
	}
	return nil
}

// write stores an entry at path. A new one is created in place,
// exclusively: a reader meanwhile, or after a crash, finds it short, a
// miss. One already there (from a crash, or another process) is replaced
// through a temporary file, so that readers see it or the whole new one.
// A shard directory is made when the first entry goes into it.
func (c *Cache) write(path string, entry []byte) error {
	err := createNew(path, entry)
	if errors.Is(err, fs.ErrNotExist) {
		if err = os.MkdirAll(filepath.Dir(path), 0o777); err == nil {
			err = createNew(path, entry)
		}
	}
	if errors.Is(err, fs.ErrExist) {
		return c.writeAtomic(path, entry)
	}
	if err == nil && c.stamp {
		err = os.Chtimes(path, c.now(), c.now())
	}
	return err
}

// createNew writes a file that must not exist yet; on an error it leaves
// none, or a short one.
func createNew(path string, data []byte) error {
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o666)
	if err != nil {
		return err
	}
	_, err = f.Write(data)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		os.Remove(path)
	}
	return err
}

// Trim removes the entries not used for a week, and temporary files left
// by writers that died. It does the work at most once a day, whichever
// process calls it: the driver calls it at the end of each run. Entries
// that vanish meanwhile (another process trimming) are no error.
func (c *Cache) Trim() error {
	now := c.now()
	stamp := filepath.Join(c.dir, "trim.txt")
	if b, err := os.ReadFile(stamp); err == nil {
		if t, err := strconv.ParseInt(strings.TrimSpace(string(b)), 10, 64); err == nil && now.Sub(time.Unix(t, 0)) < trimEvery {
			return nil
		}
	}
	// Stamp first: a concurrent run then skips the walk.
	if err := c.writeAtomic(stamp, []byte(strconv.FormatInt(now.Unix(), 10)+"\n")); err != nil {
		return fmt.Errorf("cache: %w", err)
	}
	cutoff := now.Add(-trimAge)
	for i := range 257 {
		shard := filepath.Join(c.dir, fmt.Sprintf("%02x", i))
		if i == 256 {
			shard = filepath.Join(c.dir, "packs")
		}
		ents, err := os.ReadDir(shard)
		if err != nil {
			continue
		}
		for _, e := range ents {
			fi, err := e.Info()
			if err != nil {
				continue
			}
			old := fi.ModTime().Before(cutoff)
			tmp := strings.HasPrefix(e.Name(), ".tmp-") && now.Sub(fi.ModTime()) > trimEvery
			if old || tmp {
				os.Remove(filepath.Join(shard, e.Name()))
			}
		}
	}
	return nil
}

// writeAtomic writes data to path through a temporary file in the same
// directory and a rename, so that readers see the old file or the whole
// new one.
func (c *Cache) writeAtomic(path string, data []byte) error {
	f, err := os.CreateTemp(filepath.Dir(path), ".tmp-*")
	if err != nil {
		return err
	}
	_, err = f.Write(data)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil && c.stamp {
		err = os.Chtimes(f.Name(), c.now(), c.now())
	}
	if err == nil {
		err = os.Rename(f.Name(), path)
	}
	if err != nil {
		os.Remove(f.Name())
	}
	return err
}
