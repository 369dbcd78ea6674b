package diagnose

import (
	"encoding/binary"
	"encoding/hex"
	"math/bits"
)

// vertexID returns the id Flink gives the vertex whose chain starts with
// the operator of this uid: Guava's murmur3_128 (seed 0) of the uid's
// UTF-8 bytes, as StreamGraphHasherV2.generateUserSpecifiedHash makes it,
// in hex.
func vertexID(uid string) string {
	h1, h2 := murmur3x64128([]byte(uid))
	var b [16]byte
	binary.LittleEndian.PutUint64(b[:8], h1)
	binary.LittleEndian.PutUint64(b[8:], h2)
	return hex.EncodeToString(b[:])
}

// murmur3x64128 is MurmurHash3_x64_128 with seed 0.
func murmur3x64128(data []byte) (uint64, uint64) {
	const c1, c2 = 0x87c37b91114253d5, 0x4cf5ad432745937f
	var h1, h2 uint64
	n := len(data)
	for len(data) >= 16 {
		k1 := binary.LittleEndian.Uint64(data)
		k2 := binary.LittleEndian.Uint64(data[8:])
		h1 ^= bits.RotateLeft64(k1*c1, 31) * c2
		h1 = (bits.RotateLeft64(h1, 27)+h2)*5 + 0x52dce729
		h2 ^= bits.RotateLeft64(k2*c2, 33) * c1
		h2 = (bits.RotateLeft64(h2, 31)+h1)*5 + 0x38495ab5
		data = data[16:]
	}
	var k1, k2 uint64
	for i := len(data) - 1; i >= 8; i-- {
		k2 ^= uint64(data[i]) << (8 * (i - 8))
	}
	for i := min(len(data), 8) - 1; i >= 0; i-- {
		k1 ^= uint64(data[i]) << (8 * i)
	}
	if len(data) > 8 {
		h2 ^= bits.RotateLeft64(k2*c2, 33) * c1
	}
	if len(data) > 0 {
		h1 ^= bits.RotateLeft64(k1*c1, 31) * c2
	}
	h1 ^= uint64(n)
	h2 ^= uint64(n)
	h1 += h2
	h2 += h1
	h1, h2 = fmix64(h1), fmix64(h2)
	h1 += h2
	h2 += h1
	return h1, h2
}

func fmix64(k uint64) uint64 {
	k ^= k >> 33
	k *= 0xff51afd7ed558ccd
	k ^= k >> 33
	k *= 0xc4ceb9fe1a85ec53
	k ^= k >> 33
	return k
}
