package parsers

import (
	"bytes"
	"encoding/binary"
	"strings"

	"github.com/flinklint/flinklint/internal/cache"
	"github.com/flinklint/flinklint/parsers/internal/keywords"
	"github.com/flinklint/flinklint/parsers/model"
)

// A survey record is what the survey learns of a file by reading it,
// besides its digest: a driver keeps it between runs (Options.Remember,
// Options.Recall) so that a rerun need not read a file unchanged since.
// It holds what the file's text says, never what depends on other files:
// the prefilter's groups the file holds, not whether it passes, since a
// gated group counts for a file or not by its build files (Gated.For),
// which the survey asks again every run.
type record struct {
	binary   bool // holds NUL bytes: skipped, and nothing else is set
	invalid  bool // not valid UTF-8
	editable bool // its text is its bytes (see Survey.Digests)
	size     int  // of its text
	held     keywords.Groups
	ignores  []*Ignore
	// The names the file declares (see names), or, for more than
	// exactNames, a filter of them.
	types, methods [][]byte
	filter         *model.Filter
}

// maxRecord bounds the record of a file: the largest filter
// (model.NewFilter), with room for some directives. A file whose record
// would be larger is not recorded, and read in every run.
const maxRecord = 80 << 10

// recordVersion is the first part of a record's prefix: a change to the
// format, or to what the survey finds in a text, changes it.
const recordVersion = "flinklint survey record 1"

// The flags of a record.
const (
	recordBinary = 1 << iota
	recordInvalid
	recordEditable
	recordFilter
)

// recordPrefix returns the prefix of the records of a prefilter: they
// hold what its matcher found, so a prefilter of other words, or another
// flinklint build (salt), takes none of them.
func recordPrefix(salt []byte, all bool, groups [][]string) []byte {
	h := cache.NewHasher()
	h.AddString(recordVersion)
	h.Add(salt)
	if all {
		h.AddString("no prefilter")
	}
	for _, g := range groups {
		h.AddString("group")
		for _, w := range g {
			h.AddString(w)
		}
	}
	k := h.Sum()
	return k[:16]
}

// encode returns r as a record of the prefilter f, or nil if it would be
// larger than maxRecord. It writes the record in buf first, and returns
// buf grown for the next record.
func (f *prefilter) encode(r *record, buf []byte) (rec, grown []byte) {
	b := buf[:0]
	b = append(b, f.prefix...)
	var flags byte
	if r.binary {
		flags |= recordBinary
	}
	if r.invalid {
		flags |= recordInvalid
	}
	if r.editable {
		flags |= recordEditable
	}
	if r.filter != nil {
		flags |= recordFilter
	}
	b = append(b, flags)
	b = binary.AppendUvarint(b, uint64(r.size))
	b = binary.AppendUvarint(b, uint64(r.held))
	b = binary.AppendUvarint(b, uint64(len(r.ignores)))
	for _, ig := range r.ignores {
		b = binary.AppendVarint(b, int64(ig.Line))
		b = binary.AppendVarint(b, int64(ig.End))
		b = binary.AppendVarint(b, int64(ig.At))
		b = appendString(b, strings.Join(ig.Rules, ","))
		b = appendString(b, ig.Reason)
		if len(b) > maxRecord {
			return nil, b
		}
	}
	if r.filter != nil {
		b = r.filter.AppendFilter(b)
	} else {
		for _, list := range [][][]byte{r.types, r.methods} {
			b = binary.AppendUvarint(b, uint64(len(list)))
			for _, name := range list {
				b = binary.AppendUvarint(b, uint64(len(name)))
				b = append(b, name...)
			}
		}
	}
	if len(b) > maxRecord {
		return nil, b
	}
	return bytes.Clone(b), b
}

func appendString(b []byte, s string) []byte {
	b = binary.AppendUvarint(b, uint64(len(s)))
	return append(b, s...)
}

// decode returns the record in data of file number file, at path; nil if
// data is not a record of f. Names are slices of data.
func (f *prefilter) decode(file int32, path string, data []byte) *record {
	rest, ok := bytes.CutPrefix(data, f.prefix)
	if !ok || len(rest) == 0 || len(data) > maxRecord {
		return nil
	}
	flags := rest[0]
	r := &record{binary: flags&recordBinary != 0, invalid: flags&recordInvalid != 0, editable: flags&recordEditable != 0}
	rd := cache.NewReader(rest[1:])
	r.size = int(rd.Uvarint())
	r.held = keywords.Groups(rd.Uvarint())
	n := rd.Uvarint()
	if n > uint64(rd.Len()) {
		return nil
	}
	for range n {
		ig := &Ignore{Path: path, Line: int(rd.Varint()), End: int(rd.Varint()), At: int(rd.Varint())}
		if rules := string(rd.Bytes()); rules != "" {
			ig.Rules = strings.Split(rules, ",")
		}
		ig.Reason = string(rd.Bytes())
		r.ignores = append(r.ignores, ig)
	}
	if flags&recordFilter != 0 {
		var tail []byte
		if r.filter, tail = model.FilterOf(file, rd.Next(rd.Len())); r.filter == nil || len(tail) > 0 {
			return nil
		}
	} else {
		r.types, r.methods = readNames(rd), readNames(rd)
	}
	if rd.Err() != nil || rd.Len() > 0 || r.size < 0 || r.size > MaxFileSize {
		return nil
	}
	return r
}

// readNames reads a list of names that encode wrote.
func readNames(rd *cache.Reader) [][]byte {
	n := rd.Uvarint()
	if n > uint64(rd.Len()) {
		rd.Next(-1) // fails rd
		return nil
	}
	list := make([][]byte, 0, n)
	for range n {
		list = append(list, rd.Bytes())
	}
	return list
}
