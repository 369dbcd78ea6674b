package diagnose

import "testing"

// The ids a Flink 1.20.3 cluster gave the vertices of operators with these
// uids (testdata/flink/diagnose's jobs).
func TestVertexID(t *testing.T) {
	for uid, want := range map[string]string{
		"orders":       "bc4197a480c92c793190a9f8c0afc54c",
		"order-totals": "64d13d9aa16aa0e7527f2a20c03a2a05",
		"trades":       "97564f2dab7d632090d3dc5584f85b21",
		"trade-totals": "0b4e8915fa031df96bb04bc281aeadf6",
	} {
		if got := vertexID(uid); got != want {
			t.Errorf("vertexID(%q) = %s, want %s", uid, got, want)
		}
	}
}

// Known MurmurHash3_x64_128 outputs (seed 0), across the tail lengths.
func TestMurmur3(t *testing.T) {
	for in, want := range map[string][2]uint64{
		"":      {0, 0},
		"hello": {0xcbd8a7b341bd9b02, 0x5b1e906a48ae1d19},
		"The quick brown fox jumps over the lazy dog": {0xe34bbc7bbc071b6c, 0x7a433ca9c49a9347},
	} {
		h1, h2 := murmur3x64128([]byte(in))
		if h1 != want[0] || h2 != want[1] {
			t.Errorf("murmur3(%q) = %x %x, want %x %x", in, h1, h2, want[0], want[1])
		}
	}
}
