package model

import "strings"

// Camel maps a Python snake_case name to the model's camelCase vocabulary,
// in which rules name Flink's API: with_idleness is withIdleness,
// for_bounded_out_of_orderness forBoundedOutOfOrderness. Only names of
// lowercase words joined by single underscores are mapped, each word after
// the first starting with a letter; others (STRATEGY, _private, TumblingEventTimeWindows, of)
// are returned as they are, so that Snake(Camel(s)) == s for every s that
// Camel changes.
func Camel(s string) string {
	if !strings.Contains(s, "_") || !isSnake(s) {
		return s
	}
	b := make([]byte, 0, len(s))
	up := false
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c == '_':
			up = true
		case up:
			b = append(b, c-'a'+'A')
			up = false
		default:
			b = append(b, c)
		}
	}
	return string(b)
}

// isSnake reports whether s is lowercase words of letters and digits joined
// by single underscores, each starting with a letter.
func isSnake(s string) bool {
	for _, w := range strings.Split(s, "_") {
		if w == "" || w[0] < 'a' || w[0] > 'z' {
			return false
		}
		for i := 0; i < len(w); i++ {
			if c := w[i]; (c < 'a' || c > 'z') && (c < '0' || c > '9') {
				return false
			}
		}
	}
	return true
}

// Snake is the inverse of Camel for a lowerCamel word: withIdleness is
// with_idleness. A word that does not start with a lowercase letter, or has
// no uppercase one, is returned as it is.
func Snake(w string) string {
	if w == "" || w[0] < 'a' || w[0] > 'z' || strings.ToLower(w) == w {
		return w
	}
	var b strings.Builder
	for i := 0; i < len(w); i++ {
		if c := w[i]; 'A' <= c && c <= 'Z' {
			b.WriteByte('_')
			b.WriteByte(c - 'A' + 'a')
		} else {
			b.WriteByte(c)
		}
	}
	return b.String()
}

// Spell writes text that names Flink's API in the model's vocabulary (a
// message, or code a fix inserts) the way a file of language lang spells
// it: for Python every lowerCamel word becomes snake_case
// (".withIdleness(Duration.ofMinutes(1))" is
// ".with_idleness(Duration.of_minutes(1))"), except text in double quotes
// (an exception's message, a tag id), the names of metrics, which Python
// jobs report under the same names, and the words keep says to keep (a
// name the file itself writes in camelCase); keep may be nil. Other
// languages get text unchanged.
func Spell(lang Lang, text string, keep func(word string) bool) string {
	if lang != Python {
		return text
	}
	var b strings.Builder
	quoted := false
	for i := 0; i < len(text); {
		if text[i] == '"' {
			quoted = !quoted
		}
		if quoted || !isWordByte(text[i]) || i > 0 && isWordByte(text[i-1]) {
			b.WriteByte(text[i])
			i++
			continue
		}
		j := i
		for j < len(text) && isWordByte(text[j]) {
			j++
		}
		w := text[i:j]
		if !metrics[w] && (keep == nil || !keep(w)) {
			w = Snake(w)
		}
		b.WriteString(w)
		i = j
	}
	return b.String()
}

// metrics are the names of Flink metrics that messages cite.
var metrics = map[string]bool{
	"numLateRecordsDropped": true, "currentInputWatermark": true, "currentOutputWatermark": true,
	"watermarkLag": true, "currentEmitEventTimeLag": true,
}

func isWordByte(c byte) bool {
	return c == '_' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9'
}
