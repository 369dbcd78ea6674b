package lateoutput

import (
	"slices"
	"testing"
)

// typeNames gives the classes a written type names, by the first segment
// of a dotted name, wildcards included as "_" (Scala) for nameable to
// refuse.
func TestTypeNames(t *testing.T) {
	for typ, want := range map[string][]string{
		"Tuple2<String, Long>":             {"Tuple2", "String", "Long"},
		"Map<a.b.Click, Outer.Inner>":      {"Map", "a", "Outer"},
		"(String, Long)":                   {"String", "Long"},
		"Foo[_]":                           {"Foo", "_"},
		"Tuple2<T, Long>":                  {"Tuple2", "T", "Long"},
		"My_Event$1":                       {"My_Event$1"},
		"? extends Tuple2<String, byte[]>": {"extends", "Tuple2", "String", "byte"},
	} {
		if got := typeNames(typ); !slices.Equal(got, want) {
			t.Errorf("typeNames(%q) = %q, want %q", typ, got, want)
		}
	}
}

// quote writes a label that Java, Scala and Python read alike, and no
// escape one of them lacks (Go's \a, \x07).
func TestQuote(t *testing.T) {
	for label, want := range map[string]string{
		"late-data":    `"late-data"`,
		`say "late"`:   `"say \"late\""`,
		"späte":        `"späte"`,
		"bell\a":       `"late"`,
		"tab\tor\nnew": `"late"`,
	} {
		if got := quote(label); got != want {
			t.Errorf("quote(%q) = %s, want %s", label, got, want)
		}
	}
}

// group returns the bracketed group a method's or class's header starts
// with, nested brackets included.
func TestGroup(t *testing.T) {
	for text, want := range map[string]string{
		"<T extends Comparable<T>> void f(": "<T extends Comparable<T>>",
		"<K, V> Map<K, V> f(":               "<K, V>",
		"<unclosed":                         "",
	} {
		if got := group([]byte(text), '<', '>'); got != want {
			t.Errorf("group(%q) = %q, want %q", text, got, want)
		}
	}
}
