// Package units tells from names whether a value is in seconds or
// milliseconds: createdSec, ts_s, epochMillis, event_time_ms.
package units

import (
	"strings"
	"unicode"
)

// NamesSeconds reports whether an identifier says its value is in seconds:
// createdSec, eventTimeSeconds, ts_s, EPOCH_SECS, getUnixTime, epoch.
func NamesSeconds(name string) bool {
	name = strings.TrimPrefix(name, "get")
	if strings.HasSuffix(name, "_s") || strings.HasSuffix(name, "_S") {
		return true
	}
	words := splitWords(name)
	if len(words) == 0 {
		return false
	}
	switch words[len(words)-1] {
	case "sec", "secs", "second", "seconds":
		return true
	}
	switch strings.Join(words, "") {
	case "epoch", "unixtime", "unixts", "unixtimestamp", "epochsec":
		return true
	}
	return false
}

// splitWords splits camelCase and snake_case identifiers into lower-case
// words.
func splitWords(name string) []string {
	var words []string
	var cur []rune
	rs := []rune(name)
	for i, r := range rs {
		switch {
		case r == '_' || unicode.IsDigit(r):
			if len(cur) > 0 {
				words, cur = append(words, string(cur)), nil
			}
			continue
		case unicode.IsUpper(r) && len(cur) > 0 && (unicode.IsLower(rs[i-1]) || i+1 < len(rs) && unicode.IsLower(rs[i+1])):
			words, cur = append(words, string(cur)), nil
		}
		cur = append(cur, unicode.ToLower(r))
	}
	if len(cur) > 0 {
		words = append(words, string(cur))
	}
	return words
}

// NamesMillis reports whether an identifier says its value is in
// milliseconds: tsMillis, event_time_ms, epochMs, createdAtMilli.
func NamesMillis(name string) bool {
	words := splitWords(strings.TrimPrefix(name, "get"))
	if len(words) == 0 {
		return false
	}
	switch words[len(words)-1] {
	case "ms", "milli", "millis", "millisecond", "milliseconds":
		return true
	}
	return false
}
