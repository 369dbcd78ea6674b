package model

import (
	"encoding/binary"
	"fmt"
	"hash/maphash"
	"math"
	"slices"
	"strings"
)

// Pending indexes the files that were not parsed up front by the names
// they declare, found by a scan of their text, so that looking such a name
// up parses them first. It may list files parsed up front too: load
// returns nil for those.
//
// A file of few names is indexed exactly, in Types and Methods; one of
// more, such as a generated class of thousands of getters, by a Filter of
// its own, so that what is kept of a file the prefilter passes over is
// bounded whatever it declares.
type Pending struct {
	Paths   []string  // the files, by number: a run may list 100,000
	Types   Names     // the files that declare a type name
	Methods Names     // the files that may declare a method name
	Filters []*Filter // the files of many names, by number
	// Confirm, when not nil, says whether a file whose filter may hold a
	// type (or a method) name does declare it, by a new scan of its
	// text: a false positive then costs that scan, not a parse, and the
	// files parsed are those an exact index would list, so that what
	// rules see does not depend on the filters.
	Confirm func(file int32, method bool, name string) bool
	// Holds, when not nil, says whether the text of a file holds one of
	// words (see Project.MethodsHolding); nil holds every word.
	Holds func(file int32, words []string) bool
}

// files returns the numbers of the files that may declare a type (or a
// method) named name, in order: those indexed exactly and those whose
// filter may hold the name.
func (p *Pending) files(method bool, name string) []int32 {
	exact := p.Types.Files(name)
	if method {
		exact = p.Methods.Files(name)
	}
	h := hashName(method, name)
	var out []int32
	for _, f := range p.Filters {
		if f.has(h) && (p.Confirm == nil || p.Confirm(f.File, method, name)) {
			out = append(out, f.File)
		}
	}
	if out == nil {
		return exact
	}
	out = append(out, exact...)
	slices.Sort(out)
	return out
}

// Names indexes files by the names they declare. A run may index 100,000
// files and a few hundred thousand names, so it keeps no string or map
// entry per name: the names are bytes of one text, found through a table
// of their numbers by hash, and the files of all names are one list,
// ordered by name. A name costs its bytes and 13 to 19 more, and 4 a
// file, where a map of strings took about 60 and a list per name of
// several files: 21.8 MB became 11.9 MB on 100,000 generated files. The zero
// Names is empty and ready to use.
type Names struct {
	text  []byte   // the names, one after another
	ends  []uint32 // where name number i ends in text; it starts where i-1 ends
	slots []uint32 // open addressing by hash: 1 + a name's number, 0 empty
	// pairs are name<<32 | file, as Add is called, and counts the files of
	// each name; Sort places them in files, where those of name i are
	// files[starts[i]:starts[i+1]].
	pairs  []uint64
	counts []uint32
	starts []uint32
	files  []int32
}

// Add records that file number file declares name, once for each name of
// the file. Files may be added in any order; call Sort once all are.
func (x *Names) Add(name []byte, file int32) {
	i, ok := find(x, name)
	if !ok {
		i = x.insert(name)
		x.counts = append(x.counts, 0)
	}
	x.counts[i]++
	x.pairs = append(x.pairs, uint64(i)<<32|uint64(uint32(file)))
}

// Sort puts the files of each name in the order of their numbers and
// makes them the index Files reads. The pairs are placed by name (a
// counting sort), then each name's files sorted: a survey adds them
// nearly in order.
func (x *Names) Sort() {
	x.starts = make([]uint32, len(x.counts)+1)
	for i, n := range x.counts {
		x.starts[i+1] = x.starts[i] + n
	}
	x.files = make([]int32, len(x.pairs))
	next := x.counts // reused: the next place of each name's files
	copy(next, x.starts)
	for _, p := range x.pairs {
		i := p >> 32
		x.files[next[i]] = int32(uint32(p))
		next[i]++
	}
	for i := range x.counts {
		slices.Sort(x.files[x.starts[i]:x.starts[i+1]])
	}
	x.pairs, x.counts = nil, nil
}

// Files returns the numbers of the files that declare name, in order.
func (x *Names) Files(name string) []int32 {
	i, ok := find(x, name)
	if !ok || x.starts == nil {
		return nil
	}
	return x.files[x.starts[i]:x.starts[i+1]:x.starts[i+1]]
}

// String lists the names and their files in the order of the names.
func (x *Names) String() string {
	var names []string
	for i := range x.ends {
		names = append(names, string(x.name(uint32(i))))
	}
	slices.Sort(names)
	var b strings.Builder
	for _, n := range names {
		fmt.Fprintf(&b, "%s %v\n", n, x.Files(n))
	}
	return b.String()
}

// name returns the bytes of name number i.
func (x *Names) name(i uint32) []byte {
	start := uint32(0)
	if i > 0 {
		start = x.ends[i-1]
	}
	return x.text[start:x.ends[i]]
}

// find returns the number of name in x, and whether it is indexed; a
// name of either type, so that neither Add nor Files copies it.
func find[T string | []byte](x *Names, name T) (uint32, bool) {
	if len(x.slots) == 0 {
		return 0, false
	}
	mask := uint64(len(x.slots) - 1)
	for s := slotHash(name) & mask; ; s = (s + 1) & mask {
		n := x.slots[s]
		if n == 0 {
			return 0, false
		}
		if have := x.name(n - 1); len(have) == len(name) && equal(have, name) {
			return n - 1, true
		}
	}
}

// seed seeds the hash of the Names table, so that no repository can be
// written whose names take one run of its slots (quadratic Adds and
// lookups), as hashName, the same in every run, would let one. Nothing
// depends on the order of the slots.
var seed = maphash.MakeSeed()

// slotHash is the hash of a name in a Names table.
func slotHash[T string | []byte](name T) uint64 {
	switch n := any(name).(type) {
	case string:
		return maphash.String(seed, n)
	default:
		return maphash.Bytes(seed, n.([]byte))
	}
}

// equal reports whether a and b, of the same length, hold the same bytes.
func equal[T string | []byte](a []byte, b T) bool {
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// insert indexes name, which is not indexed yet, and returns its number;
// the table grows to keep at most 3 slots in 4 taken.
func (x *Names) insert(name []byte) uint32 {
	i := uint32(len(x.ends))
	x.text = append(x.text, name...)
	x.ends = append(x.ends, uint32(len(x.text)))
	if 4*len(x.ends) > 3*len(x.slots) {
		x.slots = make([]uint32, max(2*len(x.slots), 64))
		for j := range x.ends {
			x.place(uint32(j))
		}
		return i
	}
	x.place(i)
	return i
}

// place puts name number i in the first free slot from its hash on.
func (x *Names) place(i uint32) {
	mask := uint64(len(x.slots) - 1)
	s := slotHash(x.name(i)) & mask
	for x.slots[s] != 0 {
		s = (s + 1) & mask
	}
	x.slots[s] = i + 1
}

// Filter is a Bloom filter of the type and method names of one file.
type Filter struct {
	File int32 // the file's number in Pending.Paths
	bits []uint64
	k    uint32 // bits set per name
}

// Filter sizes: about bitsPerName bits a name, for a false-positive rate
// near 1 in 2,000, up to maxFilterBits, where a file of 48,000 names (3
// MB of getters and setters) has 11 bits a name and a rate near 1 in 200.
const (
	bitsPerName   = 16
	maxFilterBits = (64 << 10) * 8 // 64 KB
)

// NewFilter returns an empty filter for a file of about n names.
func NewFilter(file int32, n int) *Filter {
	m := min(max(n, 1)*bitsPerName, maxFilterBits)
	words := (m + 63) / 64
	k := math.Round(float64(words*64) / float64(max(n, 1)) * math.Ln2)
	return &Filter{File: file, bits: make([]uint64, words), k: uint32(min(max(k, 1), 16))}
}

// AppendFilter appends f's bits to b, for FilterOf: a driver may keep a
// file's filter between runs instead of its names.
func (f *Filter) AppendFilter(b []byte) []byte {
	b = binary.AppendUvarint(b, uint64(f.k))
	b = binary.AppendUvarint(b, uint64(len(f.bits)))
	for _, w := range f.bits {
		b = binary.LittleEndian.AppendUint64(b, w)
	}
	return b
}

// FilterOf returns the filter of file number file that AppendFilter wrote
// at the start of b, and the rest of b; nil if b does not start with one.
func FilterOf(file int32, b []byte) (*Filter, []byte) {
	k, n := binary.Uvarint(b)
	if n <= 0 || k < 1 || k > 16 {
		return nil, nil
	}
	b = b[n:]
	words, n := binary.Uvarint(b)
	if n <= 0 || words < 1 || words > maxFilterBits/64 || uint64(len(b)-n) < words*8 {
		return nil, nil
	}
	b = b[n:]
	f := &Filter{File: file, bits: make([]uint64, words), k: uint32(k)}
	for i := range f.bits {
		f.bits[i] = binary.LittleEndian.Uint64(b[8*i:])
	}
	return f, b[8*words:]
}

// AddType adds the name of a type the file declares.
func (f *Filter) AddType(name []byte) { f.add(hashName(false, name)) }

// AddMethod adds the name of a method the file may declare.
func (f *Filter) AddMethod(name []byte) { f.add(hashName(true, name)) }

func (f *Filter) add(h uint64) {
	for i := range f.k {
		b := f.bit(h, i)
		f.bits[b/64] |= 1 << (b % 64)
	}
}

func (f *Filter) has(h uint64) bool {
	for i := range f.k {
		if b := f.bit(h, i); f.bits[b/64]&(1<<(b%64)) == 0 {
			return false
		}
	}
	return true
}

// bit returns the i-th bit of the name of hash h, by double hashing.
func (f *Filter) bit(h uint64, i uint32) uint64 {
	g := uint32(h) + i*uint32(h>>32|1)
	return uint64(g) * uint64(len(f.bits)*64) >> 32
}

// hashName hashes a name and its kind, the same in every run (FNV-1a,
// mixed as MurmurHash3 finishes), so that which files a lookup parses
// does not change from run to run.
func hashName[T string | []byte](method bool, name T) uint64 {
	h := uint64(14695981039346656037)
	if method {
		h ^= 1
		h *= 1099511628211
	}
	for i := 0; i < len(name); i++ {
		h ^= uint64(name[i])
		h *= 1099511628211
	}
	h ^= h >> 33
	h *= 0xff51afd7ed558ccd
	h ^= h >> 33
	h *= 0xc4ceb9fe1a85ec53
	h ^= h >> 33
	return h
}
