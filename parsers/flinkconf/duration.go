package flinkconf

import (
	"errors"
	"fmt"
	"math"
	"math/big"
	"strings"
	"time"
)

// durationUnits are Flink's time unit labels in TimeUtils.TimeUnit order.
// The label "m" for minutes exists since Flink 1.15 (FLINK-24886); 1.12 to
// 1.14 reject "1m".
var durationUnits = []struct {
	name   string
	unit   time.Duration
	labels []string
}{
	{"DAYS", 24 * time.Hour, []string{"d", "day", "days"}},
	{"HOURS", time.Hour, []string{"h", "hour", "hours"}},
	{"MINUTES", time.Minute, []string{"min", "m", "minute", "minutes"}},
	{"SECONDS", time.Second, []string{"s", "sec", "secs", "second", "seconds"}},
	{"MILLISECONDS", time.Millisecond, []string{"ms", "milli", "millis", "millisecond", "milliseconds"}},
	{"MICROSECONDS", time.Microsecond, []string{"µs", "micro", "micros", "microsecond", "microseconds"}},
	{"NANOSECONDS", time.Nanosecond, []string{"ns", "nano", "nanos", "nanosecond", "nanoseconds"}},
}

var unitByLabel, allUnits = func() (map[string]time.Duration, string) {
	m := map[string]time.Duration{}
	var all []string
	for _, u := range durationUnits {
		for _, l := range u.labels {
			m[l] = u.unit
		}
		all = append(all, u.name+": ("+strings.Join(u.labels, " | ")+")")
	}
	return m, strings.Join(all, ", ")
}()

// ErrDurationRange is wrapped by ParseDuration's error for a duration that
// Flink accepts (java.time.Duration holds about 292 billion years) but
// time.Duration cannot hold (about 292 years).
var ErrDurationRange = errors.New("duration is out of time.Duration's range")

// ParseDuration parses a duration the way Flink's TimeUtils.parseDuration
// does (flink-core/src/main/java/org/apache/flink/util/TimeUtils.java):
//
//	duration = number [ space ] [ unit ]     after trimming
//	number   = digit { digit }               no sign, no decimals
//	unit     = d | day | days
//	         | h | hour | hours
//	         | min | m | minute | minutes
//	         | s | sec | secs | second | seconds
//	         | ms | milli | millis | millisecond | milliseconds
//	         | µs | micro | micros | microsecond | microseconds
//	         | ns | nano | nanos | nanosecond | nanoseconds
//
// Units are case-insensitive and a missing unit means milliseconds, so
// "60000", "60 s", "1min", "1m" and "1 MIN" are all one minute. Trimming and
// the space take any characters <= ' ', as Java's String.trim does. "-1 ms"
// and "1.5 s" are errors, and so is ISO-8601 ("PT1M"): the text must start
// with a digit.
//
// This is the grammar of Flink 1.15 to 2.0. Flink 1.12 to 1.14 reject the
// label "m" ("1m"); later 2.x releases fall back to java.time.Duration.parse,
// so "PT1M" works there.
//
// A value too large for java.time.Duration is an error as in Flink; one that
// fits there but not in time.Duration is an error wrapping ErrDurationRange,
// returned with the largest time.Duration. Other error messages are Flink's.
func ParseDuration(s string) (time.Duration, error) {
	t := trimJava(s)
	if t == "" {
		return 0, errors.New("argument is an empty- or whitespace-only string")
	}
	i := 0
	for i < len(t) && '0' <= t[i] && t[i] <= '9' {
		i++
	}
	number, label := t[:i], strings.ToLower(trimJava(t[i:]))
	if number == "" {
		return 0, errors.New("text does not start with a number")
	}
	unit := time.Millisecond
	if label != "" {
		u, ok := unitByLabel[label]
		if !ok {
			return 0, errors.New("Time interval unit label '" + label + "' does not match any of the recognized units: " + allUnits)
		}
		unit = u
	}
	// Flink 2.x parses the number as a BigInteger and fails only when the
	// whole seconds overflow a long (1.x failed past Long.MAX_VALUE units).
	nanos, _ := new(big.Int).SetString(number, 10)
	nanos.Mul(nanos, big.NewInt(int64(unit)))
	if !nanos.IsInt64() {
		secs := new(big.Int).Quo(nanos, big.NewInt(int64(time.Second)))
		if !secs.IsInt64() {
			return 0, errors.New("The value '" + number + "' cannot be represented as Duration (numeric overflow).")
		}
		return math.MaxInt64, fmt.Errorf("%w: '%s'", ErrDurationRange, t)
	}
	return time.Duration(nanos.Int64()), nil
}
