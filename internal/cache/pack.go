package cache

import (
	"encoding/binary"
	"errors"
	"hash/crc32"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"time"
)

// A pack holds the entries PutLater stores in one run, in one file: a file
// system creates a file far more slowly than it appends to one, and a
// first run stores a model per file parsed. (Creating a file of 5 KB took
// 0.6 to 0.8 ms of system time, and 2 to 3 ms of wall time, on the
// project's shared 2-core machine; appending one, a few microseconds.)
//
// Layout: the entries' data, one after another; then the index, a record
// per entry (key, offset, length, CRC-32C of the data); then the trailer:
// the index's offset and record count, the CRC-32C of the index, and
// packMagic. A pack is written under a temporary name in dir/packs and
// renamed into place once whole, so that readers see whole packs only; a
// writer that dies leaves a temporary file, which Trim removes. Each entry
// is checked against its CRC when read.
const (
	packMagic   = "flp1"
	packSuffix  = ".pack"
	recordSize  = len(Key{}) + 8 + 8 + 4
	trailerSize = 8 + 8 + 4 + len(packMagic)
)

// packEntry is where an entry's data is in a pack.
type packEntry struct {
	pack   *openPack
	off, n int64
	crc    uint32
}

type openPack struct {
	f       *os.File
	modTime time.Time // when it was written or last marked used
	marked  bool      // marked used by this process
}

// packs are the packs of a cache directory as this process sees them: those
// there when it first looked, and the one it writes.
type packs struct {
	mu      sync.Mutex
	loaded  bool
	entries map[Key]packEntry
	open    []*openPack
	out     *openPack // the pack being written, under a temporary name
	outEnd  int64
	index   []byte // of out, so far
}

// lookup returns where key's entry is, loading the directory's packs
// the first time.
func (p *packs) lookup(dir string, key Key) (packEntry, bool) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if !p.loaded {
		p.load(dir)
	}
	e, ok := p.entries[key]
	return e, ok
}

// load reads the index of each pack in dir/packs. A pack that does not
// read is passed over.
func (p *packs) load(dir string) {
	p.loaded = true
	if p.entries == nil {
		p.entries = map[Key]packEntry{}
	}
	ents, _ := os.ReadDir(filepath.Join(dir, "packs"))
	for _, e := range ents {
		if !strings.HasSuffix(e.Name(), packSuffix) {
			continue
		}
		f, err := os.Open(filepath.Join(dir, "packs", e.Name()))
		if err != nil {
			continue
		}
		fi, err := f.Stat()
		if err != nil {
			f.Close()
			continue
		}
		op := &openPack{f: f, modTime: fi.ModTime()}
		if readIndex(f, fi.Size(), func(k Key, pe packEntry) { pe.pack = op; p.entries[k] = pe }) != nil {
			f.Close()
			continue
		}
		p.open = append(p.open, op)
	}
}

var errPack = errors.New("cache: malformed pack")

// readIndex calls add for each entry of the pack f, of size bytes.
func readIndex(f *os.File, size int64, add func(Key, packEntry)) error {
	if size < int64(trailerSize) {
		return errPack
	}
	var t [trailerSize]byte
	if _, err := f.ReadAt(t[:], size-int64(trailerSize)); err != nil {
		return err
	}
	off, count := binary.LittleEndian.Uint64(t[0:]), binary.LittleEndian.Uint64(t[8:])
	sum := binary.LittleEndian.Uint32(t[16:])
	indexEnd := uint64(size) - uint64(trailerSize)
	if string(t[20:]) != packMagic || off > indexEnd || (indexEnd-off)/uint64(recordSize) != count || (indexEnd-off)%uint64(recordSize) != 0 {
		return errPack
	}
	index := make([]byte, indexEnd-off)
	if _, err := f.ReadAt(index, int64(off)); err != nil {
		return err
	}
	if crc32.Checksum(index, castagnoli) != sum {
		return errPack
	}
	for r := index; len(r) > 0; r = r[recordSize:] {
		var k Key
		copy(k[:], r)
		at, n := binary.LittleEndian.Uint64(r[32:]), binary.LittleEndian.Uint64(r[40:])
		if at > off || n > off-at || n > MaxEntry {
			return errPack
		}
		add(k, packEntry{off: int64(at), n: int64(n), crc: binary.LittleEndian.Uint32(r[48:])})
	}
	return nil
}

// read returns the data of e, or false if it does not check.
func (e packEntry) read() ([]byte, bool) {
	data := make([]byte, e.n)
	if _, err := e.pack.f.ReadAt(data, e.off); err != nil {
		return nil, false
	}
	return data, crc32.Checksum(data, castagnoli) == e.crc
}

// mark notes that an entry of e's pack was used now: the pack's
// modification time is set, at most once an hour, so that Trim keeps it.
func (p *packs) mark(e packEntry, now time.Time) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if op := e.pack; !op.marked && now.Sub(op.modTime) > markEvery {
		op.marked = true
		_ = os.Chtimes(op.f.Name(), now, now) // best effort: a missed mark only ages the pack
	}
}

// add appends an entry to the pack this process writes, creating it in
// dir/packs first.
func (p *packs) add(dir string, key Key, data []byte) error {
	p.mu.Lock()
	out, end := p.out, p.outEnd
	p.mu.Unlock()
	if out == nil {
		d := filepath.Join(dir, "packs")
		if err := os.MkdirAll(d, 0o777); err != nil {
			return err
		}
		f, err := os.CreateTemp(d, ".tmp-*")
		if err != nil {
			return err
		}
		out, end = &openPack{f: f, marked: true}, 0 // its times are the writer's
	}
	if _, err := out.f.WriteAt(data, end); err != nil {
		return err
	}
	e := packEntry{pack: out, off: end, n: int64(len(data)), crc: crc32.Checksum(data, castagnoli)}
	p.mu.Lock()
	defer p.mu.Unlock()
	p.out, p.outEnd = out, end+e.n
	if p.entries == nil {
		p.entries = map[Key]packEntry{}
	}
	p.entries[key] = e // readable at once, by this process
	p.index = append(p.index, key[:]...)
	p.index = binary.LittleEndian.AppendUint64(p.index, uint64(e.off))
	p.index = binary.LittleEndian.AppendUint64(p.index, uint64(e.n))
	p.index = binary.LittleEndian.AppendUint32(p.index, e.crc)
	return nil
}

// finish writes the index and trailer of the pack this process wrote and
// renames it into place, for other processes to read. The writer's
// goroutine is idle: only it writes the pack.
func (p *packs) finish() error {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.out == nil {
		return nil
	}
	out := p.out
	tail := binary.LittleEndian.AppendUint64(p.index, uint64(p.outEnd))
	tail = binary.LittleEndian.AppendUint64(tail, uint64(len(p.index)/recordSize))
	tail = binary.LittleEndian.AppendUint32(tail, crc32.Checksum(p.index, castagnoli))
	tail = append(tail, packMagic...)
	end := p.outEnd
	p.out, p.outEnd, p.index = nil, 0, nil
	p.open = append(p.open, out) // its entries stay readable here
	name := out.f.Name()
	_, err := out.f.WriteAt(tail, end)
	if err == nil {
		err = os.Rename(name, filepath.Join(filepath.Dir(name), strings.TrimPrefix(filepath.Base(name), ".tmp-")+packSuffix))
	}
	return err
}
