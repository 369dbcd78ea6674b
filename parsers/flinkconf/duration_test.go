package flinkconf

import (
	"errors"
	"math"
	"testing"
	"time"
)

const flinkUnits = "DAYS: (d | day | days), HOURS: (h | hour | hours), " +
	"MINUTES: (min | m | minute | minutes), SECONDS: (s | sec | secs | second | seconds), " +
	"MILLISECONDS: (ms | milli | millis | millisecond | milliseconds), " +
	"MICROSECONDS: (µs | micro | micros | microsecond | microseconds), " +
	"NANOSECONDS: (ns | nano | nanos | nanosecond | nanoseconds)"

func TestParseDuration(t *testing.T) {
	for _, c := range []struct {
		in   string
		want time.Duration
	}{
		// No unit: milliseconds.
		{"60000", time.Minute},
		{"0", 0},
		{"007", 7 * time.Millisecond},
		// Every label of every unit, with and without a space.
		{"3d", 72 * time.Hour}, {"3 day", 72 * time.Hour}, {"3 days", 72 * time.Hour},
		{"2h", 2 * time.Hour}, {"2 hour", 2 * time.Hour}, {"2hours", 2 * time.Hour},
		{"1min", time.Minute}, {"1 min", time.Minute}, {"1 minute", time.Minute}, {"1 minutes", time.Minute},
		{"1m", time.Minute}, {"10 m", 10 * time.Minute}, // since Flink 1.15 (FLINK-24886)
		{"60 s", time.Minute}, {"60sec", time.Minute}, {"60 secs", time.Minute}, {"60 second", time.Minute}, {"60 seconds", time.Minute},
		{"5ms", 5 * time.Millisecond}, {"5 milli", 5 * time.Millisecond}, {"5 millis", 5 * time.Millisecond},
		{"5 millisecond", 5 * time.Millisecond}, {"5 milliseconds", 5 * time.Millisecond},
		{"7µs", 7 * time.Microsecond}, {"7 micro", 7 * time.Microsecond}, {"7 micros", 7 * time.Microsecond},
		{"7 microsecond", 7 * time.Microsecond}, {"7 microseconds", 7 * time.Microsecond},
		{"9ns", 9}, {"9 nano", 9}, {"9 nanos", 9}, {"9 nanosecond", 9}, {"9 nanoseconds", 9},
		{"0 ms", 0}, {"0s", 0}, {"0 min", 0},
		// Case-insensitive labels, Java-style trimming.
		{"1 MIN", time.Minute}, {"1 Day", 24 * time.Hour}, {"1 MS", time.Millisecond}, {"1 µS", time.Microsecond},
		{"      155      ", 155 * time.Millisecond},
		{"      155      ms   ", 155 * time.Millisecond},
		{"\t1\n min\r\n", time.Minute},
		// The largest time.Duration.
		{"9223372036854775807 ns", math.MaxInt64},
		{"106751 d", 106751 * 24 * time.Hour},
	} {
		got, err := ParseDuration(c.in)
		if err != nil || got != c.want {
			t.Errorf("ParseDuration(%q) = %v, %v; want %v", c.in, got, err, c.want)
		}
	}
}

func TestParseDurationInvalid(t *testing.T) {
	unit := func(label string) string {
		return "Time interval unit label '" + label + "' does not match any of the recognized units: " + flinkUnits
	}
	for _, c := range []struct{ in, err string }{
		{"", "argument is an empty- or whitespace-only string"},
		{"   \t ", "argument is an empty- or whitespace-only string"},
		{"-1 ms", "text does not start with a number"},
		{"+1 ms", "text does not start with a number"},
		{"PT1M", "text does not start with a number"}, // ISO-8601 only in newer 2.x releases
		{"ms", "text does not start with a number"},
		{"foobar or fubar or foo bazz", "text does not start with a number"},
		{".5 s", "text does not start with a number"},
		{"1.5 s", unit(".5 s")},
		{"1 mi", unit("mi")},
		{"16 gjah", unit("gjah")},
		{"16 16 17 18 ms", unit("16 17 18 ms")},
		{"1 us", unit("us")},
		{"1 μs", unit("μs")}, // Greek mu, not the micro sign
		{"1 m s", unit("m s")},
		{"1_000 ms", unit("_000 ms")},
		{"100000000000000000000000000000000 ms", "The value '100000000000000000000000000000000' cannot be represented as Duration (numeric overflow)."},
		{"100000000000000000 h", "The value '100000000000000000' cannot be represented as Duration (numeric overflow)."},
	} {
		got, err := ParseDuration(c.in)
		if err == nil || err.Error() != c.err {
			t.Errorf("ParseDuration(%q) = %v, %v; want error %q", c.in, got, err, c.err)
		}
		if errors.Is(err, ErrDurationRange) {
			t.Errorf("ParseDuration(%q): error %v wraps ErrDurationRange", c.in, err)
		}
	}
}

// Durations Flink accepts (java.time.Duration) but time.Duration cannot hold.
func TestParseDurationRange(t *testing.T) {
	for _, in := range []string{"9223372036854775808 ns", "9223372036854775807 ms", "1000000 d", "9223372036854775807000001 ns"} {
		got, err := ParseDuration(in)
		if !errors.Is(err, ErrDurationRange) || got != math.MaxInt64 {
			t.Errorf("ParseDuration(%q) = %v, %v; want the largest duration and ErrDurationRange", in, got, err)
		}
	}
}
