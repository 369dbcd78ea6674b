package message

import "testing"

func TestRoundTrip(t *testing.T) {
	for _, p := range []Parts{
		{Headline: "h"},
		{Headline: "h", Help: "do x"},
		{Headline: "h", Note: "Flink does y"},
		{Headline: "h", Help: "do x", Note: "Flink does y"},
		{Headline: "h: with a colon", Help: "help: nested words", Note: "n"},
	} {
		if got := Parse(p.String()); got != p {
			t.Errorf("Parse(%q) = %+v, want %+v", p.String(), got, p)
		}
	}
}

func TestParseOneLine(t *testing.T) {
	const msg = "the idle timeout is zero: WatermarkStrategy.withIdleness throws"
	if got := Parse(msg); got.Headline != msg || got.Help != "" || got.Note != "" {
		t.Errorf("Parse(%q) = %+v", msg, got)
	}
}
