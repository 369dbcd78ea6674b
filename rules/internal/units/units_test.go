package units_test

import (
	"testing"

	"github.com/flinklint/flinklint/rules/internal/units"
)

func TestNames(t *testing.T) {
	for _, tc := range []struct {
		name            string
		seconds, millis bool
	}{
		{"createdSec", true, false},
		{"eventTimeSeconds", true, false},
		{"EPOCH_SECS", true, false},
		{"ts_s", true, false},
		{"getUnixTime", true, false},
		{"epoch", true, false},
		{"ts_sec", true, false},
		{"tsMillis", false, true},
		{"event_time_ms", false, true},
		{"epochMs", false, true},
		{"getTimestampMilliseconds", false, true},
		{"timestamp", false, false},
		{"nanoseconds", false, false},
		{"secondary", false, false},
		{"msg", false, false},
	} {
		if got := units.NamesSeconds(tc.name); got != tc.seconds {
			t.Errorf("NamesSeconds(%q) = %v", tc.name, got)
		}
		if got := units.NamesMillis(tc.name); got != tc.millis {
			t.Errorf("NamesMillis(%q) = %v", tc.name, got)
		}
	}
}
