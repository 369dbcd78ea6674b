// Package constant folds the integer and duration expressions that rules
// compare against zero: 1000, 60 * 1000, Duration.ofSeconds(0),
// Time.minutes(1), and names that stand for them anywhere in the project.
package constant

import (
	"math"
	"strconv"
	"strings"

	"github.com/flinklint/flinklint/parsers/model"
)

// Int returns the value of an integer expression.
func Int(p *model.Project, n *model.Node) (int64, bool) {
	n = p.Value(n)
	switch n.Kind {
	case model.Number:
		return parseInt(n.Value)
	case model.Unary:
		if v, ok := Int(p, n.Args[0]); ok && n.Name == "-" {
			return -v, true
		} else if ok && n.Name == "+" {
			return v, true
		}
	case model.Binary:
		a, ok1 := Int(p, n.Args[0])
		b, ok2 := Int(p, n.Args[1])
		if !ok1 || !ok2 {
			return 0, false
		}
		switch n.Name {
		case "+":
			return a + b, true
		case "-":
			return a - b, true
		case "*":
			return a * b, true
		case "/":
			if b != 0 {
				return a / b, true
			}
		}
	}
	return 0, false
}

func parseInt(lit string) (int64, bool) {
	s := strings.TrimRight(strings.ReplaceAll(lit, "_", ""), "lL")
	v, err := strconv.ParseInt(s, 0, 64)
	return v, err == nil
}

// unitMillis maps the factory methods of java.time.Duration and of Flink's
// Time to the length of their unit in milliseconds.
var unitMillis = map[string]map[string]int64{
	"Duration": {"ofMillis": 1, "ofSeconds": 1000, "ofMinutes": 60_000, "ofHours": 3_600_000, "ofDays": 86_400_000},
	"Time":     {"milliseconds": 1, "seconds": 1000, "minutes": 60_000, "hours": 3_600_000, "days": 86_400_000},
}

// DurationMillis returns the length in milliseconds of a java.time.Duration
// or Flink Time expression, or of a plain number of milliseconds.
// Nanosecond durations round toward zero, so ofNanos(1) is 0 ms; callers
// that ask "is it zero" should use IsZeroDuration.
func DurationMillis(p *model.Project, n *model.Node) (int64, bool) {
	n = p.Value(n)
	if n.Kind == model.Select && n.Name == "ZERO" && model.SimpleName(n.Recv) == "Duration" {
		return 0, true
	}
	if n.Kind != model.Call || n.Recv == nil {
		return Int(p, n)
	}
	units := unitMillis[model.SimpleName(n.Recv)]
	if units == nil || len(n.Args) != 1 {
		return 0, false
	}
	if n.Name == "ofNanos" {
		v, ok := Int(p, n.Args[0])
		return v / 1_000_000, ok
	}
	unit, ok := units[n.Name]
	if !ok {
		return 0, false
	}
	v, ok := Int(p, n.Args[0])
	if !ok || v > math.MaxInt64/unit || v < math.MinInt64/unit {
		return 0, false
	}
	return v * unit, true
}
