package keywords_test

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/flinklint/flinklint/parsers/internal/keywords"
)

func TestMatch(t *testing.T) {
	m := keywords.New([]string{"indow(", "WatermarkStrategy", "ideOutput", "dow"})
	for text, want := range map[string]bool{
		"":                                false,
		"stream.window(x)":                true,
		"GlobalWindsCreate()":             false,
		"sideOutputLateData":              true,
		"Watermark Strategy":              false,
		"xxWatermarkStrategyxx":           true,
		"do":                              false,
		"endow":                           true, // a word inside a longer one
		"WatermarkStrateg":                false,
		"WatermarkStratWatermarkStrategy": true, // restarts in the middle of a near match
	} {
		if got := m.Match([]byte(text)); got != want {
			t.Errorf("Match(%q) = %v, want %v", text, got, want)
		}
	}
	if keywords.New(nil).Match([]byte("anything")) {
		t.Error("a matcher of no words matched")
	}
}

func TestGroups(t *testing.T) {
	m := keywords.New([]string{"class", "indow("}, []string{"dow("}, nil, []string{"Strategy"})
	var got []string
	text := "class W { x.window(s); WatermarkStrategy }"
	m.Ends([]byte(text), func(end int, g keywords.Groups) { got = append(got, fmt.Sprintf("%d:%b", end, g)) })
	// window( ends both indow( (group 0) and dow( (group 1) at 19.
	if want := []string{"5:1", "19:11", "40:1000"}; !slices.Equal(got, want) {
		t.Errorf("Ends = %v, want %v", got, want)
	}
}

// TestAgainstContains compares the automaton with bytes.Contains on random
// texts over a small alphabet, where overlaps and near matches abound.
func TestAgainstContains(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	word := func(n int) string {
		b := make([]byte, n)
		for i := range b {
			b[i] = "abc"[r.IntN(3)]
		}
		return string(b)
	}
	for range 2000 {
		var words []string
		for range 1 + r.IntN(4) {
			words = append(words, word(1+r.IntN(4)))
		}
		m := keywords.New(words)
		text := []byte(word(r.IntN(12)))
		want := false
		for _, w := range words {
			want = want || bytes.Contains(text, []byte(w))
		}
		if got := m.Match(text); got != want {
			t.Fatalf("words %q, text %q: Match = %v, want %v", words, text, got, want)
		}
		var ends, wantEnds []int
		m.Ends(text, func(end int, _ keywords.Groups) { ends = append(ends, end) })
		for end := 1; end <= len(text); end++ {
			if slices.ContainsFunc(words, func(w string) bool { return bytes.HasSuffix(text[:end], []byte(w)) }) {
				wantEnds = append(wantEnds, end)
			}
		}
		if !slices.Equal(ends, wantEnds) {
			t.Fatalf("words %q, text %q: Ends at %v, want %v", words, text, ends, wantEnds)
		}
	}
}

func BenchmarkMatch(b *testing.B) {
	words := []string{"indow(", "indowAll(", "ideOutput", "imestampAssigner", "ssignTimestamps", "WatermarkStrategy",
		"withIdleness", "xecuteSql", "sqlQuery", "sqlUpdate", "idle-timeout", "AutoWatermark", "execution.checkpointing."}
	m := keywords.New(words)
	text := bytes.Repeat([]byte("public final class Something { private int window; void run() { return; } }\n"), 4000)
	b.SetBytes(int64(len(text)))
	for b.Loop() {
		if m.Match(text) {
			b.Fatal("matched")
		}
	}
}
