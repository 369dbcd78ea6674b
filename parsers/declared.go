package parsers

import (
	"crypto/sha256"
	"encoding/binary"

	"github.com/flinklint/flinklint/internal/cache"
)

// declSum sums a digest of what each file declares, lane by lane, so that
// the order in which the survey's workers add the files does not count.
type declSum [4]uint64

// add adds the names the record r of the file at path declares.
func (d *declSum) add(path string, r *record) {
	h := sha256.New()
	h.Write([]byte(path))
	for _, group := range [][][]byte{r.types, r.methods} {
		h.Write([]byte{0})
		for _, name := range group {
			h.Write(name)
			h.Write([]byte{0})
		}
	}
	if r.filter != nil {
		h.Write(r.filter.AppendFilter(nil))
	}
	sum := h.Sum(nil)
	for i := range d {
		d[i] += binary.LittleEndian.Uint64(sum[8*i:])
	}
}

// Declarations identifies what the files of the survey declare, the index
// through which a unit resolves names declared in other units' files: a
// driver may reuse what a unit found before only while it is unchanged,
// for a name a file comes to declare may be resolved there by a unit that
// never read the file.
func (s *Survey) Declarations() cache.Key {
	var k cache.Key
	for i, v := range s.declSum {
		binary.LittleEndian.PutUint64(k[8*i:], v)
	}
	return k
}
