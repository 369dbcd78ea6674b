package cache

import (
	"bytes"
	"encoding/binary"
	"errors"
	"io/fs"
	"time"
)

// Stat is what the file system says of a file without reading it. When it
// is unchanged since the file was last read, so (nearly always) is the file.
type Stat struct {
	Size    int64
	ModTime int64  // ns since the epoch
	Inode   uint64 // 0 where unknown
	CTime   int64  // inode change time, ns; 0 where unknown
}

// StatOf returns the Stat of fi, from os.Stat or os.Lstat.
func StatOf(fi fs.FileInfo) Stat {
	ino, ctime := sysStat(fi)
	return Stat{Size: fi.Size(), ModTime: fi.ModTime().UnixNano(), Inode: ino, CTime: ctime}
}

// racyMargin is how far apart the clock of the file system and ours, and
// the granularity of its timestamps, may be.
const racyMargin = 2 * time.Second

// Index remembers, for each file of a project, its Stat when it was last
// read, the digest of its content, and opaque bytes the driver keeps for
// it (what the keyword prefilter found, the names an unparsed file
// declares), so that an unchanged file need not be read at all.
//
// The rule is git's for its index: a record is trusted only when the file's
// Stat is the same and its modification time is older, by two seconds, than
// the time the run that recorded it began reading files. A file written in
// the same tick as that run read it could change again without its Stat
// changing; such a "racy" record is not trusted, the file is read again,
// and the next run records it as clean.
//
// An Index is not safe for concurrent use; the driver guards it.
type Index struct {
	start   int64 // when this run began, ns
	entries map[string]*indexEntry
}

type indexEntry struct {
	stat   Stat
	seen   int64 // start of the run that recorded it, ns
	digest Key
	data   []byte
	used   bool // looked up and trusted, or set, in this run: kept by Save
}

// LoadIndex returns the index stored under key, or an empty one. It never
// fails: a missing or unreadable index only means the files are read. Call
// it before reading any file: the time it is called is the start of the
// run for the racy rule (see Began for Stats taken before). The key names
// the project and the version of the driver's data, for instance
// KeyOf([]byte("index"), version, absRoot).
func (c *Cache) LoadIndex(key Key) *Index {
	ix := &Index{start: c.now().UnixNano(), entries: map[string]*indexEntry{}}
	if data, ok := c.Get(key); ok {
		if err := ix.decode(data); err != nil {
			ix.entries = map[string]*indexEntry{}
		}
	}
	return ix
}

// Began moves the start of the run back to t, when the driver took the
// Stats it records before it loaded the index (in a walk that began at t).
func (ix *Index) Began(t time.Time) {
	ix.start = min(ix.start, t.UnixNano())
}

// Empty reports whether the index holds no record: it was never saved,
// or could not be read.
func (ix *Index) Empty() bool { return len(ix.entries) == 0 }

// Keep keeps the record of path in the index Save writes, unused in this
// run: an editor's buffer of the file was read instead.
func (ix *Index) Keep(path string) {
	if e := ix.entries[path]; e != nil {
		e.used = true
	}
}

// Lookup returns what was recorded for path when st says the file is
// unchanged and the record is not racy.
func (ix *Index) Lookup(path string, st Stat) (digest Key, data []byte, ok bool) {
	e := ix.entries[path]
	if e == nil || e.stat != st || st.ModTime >= e.seen-int64(racyMargin) {
		return Key{}, nil, false
	}
	e.used = true
	return e.digest, e.data, true
}

// Set records path as read in this run, with the Stat taken before it
// was read, the digest of what was read and the driver's bytes for it.
func (ix *Index) Set(path string, st Stat, digest Key, data []byte) {
	ix.entries[path] = &indexEntry{stat: st, seen: ix.start, digest: digest, data: data, used: true}
}

// Refresh records path as read in this run, like Set, and keeps the
// driver's bytes of its earlier record when the digest is the same: a file
// touched but not changed keeps what the driver learned of its content.
// It returns the bytes kept, nil if none.
func (ix *Index) Refresh(path string, st Stat, digest Key) []byte {
	var data []byte
	if e := ix.entries[path]; e != nil && e.digest == digest {
		data = e.data
	}
	ix.Set(path, st, digest, data)
	return data
}

// DropData drops the driver's bytes of every record and keeps the Stats
// and digests: an index too large to save (ErrTooLarge) saves without them.
func (ix *Index) DropData() {
	for _, e := range ix.entries {
		e.data = nil
	}
}

// SaveIndex stores ix under key. Only the records used in this run are
// kept, so those of deleted files go.
func (c *Cache) SaveIndex(key Key, ix *Index) error {
	return c.Put(key, ix.encode())
}

const indexVersion = 1

func (ix *Index) encode() []byte {
	b := []byte{indexVersion}
	for path, e := range ix.entries {
		if !e.used {
			continue
		}
		b = binary.AppendUvarint(b, uint64(len(path)))
		b = append(b, path...)
		b = binary.AppendVarint(b, e.stat.Size)
		b = binary.AppendVarint(b, e.stat.ModTime)
		b = binary.AppendUvarint(b, e.stat.Inode)
		b = binary.AppendVarint(b, e.stat.CTime)
		b = binary.AppendVarint(b, e.seen)
		b = append(b, e.digest[:]...)
		b = binary.AppendUvarint(b, uint64(len(e.data)))
		b = append(b, e.data...)
	}
	return b
}

var errIndex = errors.New("cache: malformed index or record")

func (ix *Index) decode(b []byte) error {
	if len(b) == 0 || b[0] != indexVersion {
		return errIndex
	}
	r := NewReader(b[1:])
	for r.Len() > 0 && r.err == nil {
		path := string(r.Bytes())
		e := &indexEntry{}
		e.stat.Size = r.Varint()
		e.stat.ModTime = r.Varint()
		e.stat.Inode = r.Uvarint()
		e.stat.CTime = r.Varint()
		e.seen = r.Varint()
		copy(e.digest[:], r.Next(len(e.digest)))
		if d := r.Bytes(); len(d) > 0 {
			e.data = bytes.Clone(d) // not the whole index's buffer
		}
		ix.entries[path] = e
	}
	return r.err
}

// Reader reads data written with encoding/binary's Append functions (the
// index, and the records drivers keep in it), remembering the first
// error: after one, every read returns zero values.
type Reader struct {
	b   []byte
	err error
}

// NewReader returns a Reader of b.
func NewReader(b []byte) *Reader { return &Reader{b: b} }

// Err returns an error if a read ran past the end of the data or found a
// malformed number, else nil.
func (r *Reader) Err() error { return r.err }

// Len returns how many bytes are left to read.
func (r *Reader) Len() int { return len(r.b) }

func (r *Reader) fail() {
	r.err, r.b = errIndex, nil
}

// Uvarint reads a binary.AppendUvarint number.
func (r *Reader) Uvarint() uint64 {
	v, n := binary.Uvarint(r.b)
	if n <= 0 {
		r.fail()
		return 0
	}
	r.b = r.b[n:]
	return v
}

// Varint reads a binary.AppendVarint number.
func (r *Reader) Varint() int64 {
	v, n := binary.Varint(r.b)
	if n <= 0 {
		r.fail()
		return 0
	}
	r.b = r.b[n:]
	return v
}

// Next reads the next n bytes, a slice of the data.
func (r *Reader) Next(n int) []byte {
	if n < 0 || n > len(r.b) {
		r.fail()
		return nil
	}
	v := r.b[:n:n]
	r.b = r.b[n:]
	return v
}

// Bytes reads bytes written after their length as a Uvarint, a slice of
// the data.
func (r *Reader) Bytes() []byte {
	n := r.Uvarint()
	if n > uint64(len(r.b)) {
		r.fail()
		return nil
	}
	return r.Next(int(n))
}
