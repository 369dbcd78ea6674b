package model

import (
	"encoding/binary"
	"math"
	"slices"
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
	h := hashName(method, []byte(name))
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

// Names indexes files by the names they declare. A name of one file, as
// most are (a class's name), takes no list: a run may index 100,000 files,
// and a list would about double what such a name costs. The zero Names is
// empty and ready to use.
type Names struct {
	one map[string]int32 // a name of one file -> its number
	// many maps a name of several files to their numbers, through a
	// pointer, so that adding one stores no key again: storing one makes
	// a string of the name, which lookups do without.
	many map[string]*[]int32
}

// Add records that file number file declares name, once for each name of
// the file. Files may be added in any order; call Sort once all are.
func (x *Names) Add(name []byte, file int32) {
	if fs := x.many[string(name)]; fs != nil {
		*fs = append(*fs, file)
		return
	}
	first, ok := x.one[string(name)]
	if !ok {
		if x.one == nil {
			x.one = map[string]int32{}
		}
		x.one[string(name)] = file
		return
	}
	delete(x.one, string(name))
	if x.many == nil {
		x.many = map[string]*[]int32{}
	}
	x.many[string(name)] = &[]int32{first, file}
}

// Sort puts the files of each name in the order of their numbers.
func (x *Names) Sort() {
	for _, fs := range x.many {
		slices.Sort(*fs)
	}
}

// Files returns the numbers of the files that declare name, in order.
func (x *Names) Files(name string) []int32 {
	if f, ok := x.one[name]; ok {
		return []int32{f}
	}
	if fs := x.many[name]; fs != nil {
		return *fs
	}
	return nil
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
func hashName(method bool, name []byte) uint64 {
	h := uint64(14695981039346656037)
	if method {
		h ^= 1
		h *= 1099511628211
	}
	for _, c := range name {
		h ^= uint64(c)
		h *= 1099511628211
	}
	h ^= h >> 33
	h *= 0xff51afd7ed558ccd
	h ^= h >> 33
	h *= 0xc4ceb9fe1a85ec53
	h ^= h >> 33
	return h
}
