// Package constant folds the integer and duration expressions that rules
// compare: 1000, 60 * 1000, Duration.ofSeconds(0), Time.minutes(1), and
// names that stand for them anywhere in the project.
package constant

import (
	"math"
	"strconv"
	"strings"
	"time"

	"github.com/flinklint/flinklint/parsers/model"
)

// Int returns the value of an integer expression.
func Int(p *model.Project, n *model.Node) (int64, bool) {
	f := folder{p: p}
	return f.int(n)
}

// folder folds the expressions of one query. Its walk refuses a definition
// that is being folded already, so recursive constants (A = B + 1;
// B = A + 1) fold to nothing instead of overflowing the stack.
type folder struct {
	p    *model.Project
	walk model.Walk
}

// value follows n to its definition, entering the walk when it moved;
// ok is false when the walk refuses it. Call leave(n, v) once done with v.
func (f *folder) value(n *model.Node) (v *model.Node, ok bool) {
	if n == nil {
		return nil, false
	}
	v = f.p.Value(n)
	return v, v == n || f.walk.Enter(v)
}

// leave ends folding the definition v that value returned for n.
func (f *folder) leave(n, v *model.Node) {
	if v != n {
		f.walk.Leave(v)
	}
}

func (f *folder) int(e *model.Node) (int64, bool) {
	n, ok := f.value(e)
	if !ok {
		return 0, false
	}
	defer f.leave(e, n)
	switch n.Kind {
	case model.Number:
		return parseInt(n.Value())
	case model.Unary:
		if len(n.Args()) != 1 {
			return 0, false
		}
		if v, ok := f.int(n.Args()[0]); ok && n.Name == "-" {
			return -v, true
		} else if ok && n.Name == "+" {
			return v, true
		}
	case model.Binary:
		if len(n.Args()) != 2 {
			return 0, false
		}
		a, ok1 := f.int(n.Args()[0])
		b, ok2 := f.int(n.Args()[1])
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

// units maps the factory methods of java.time.Duration and of Flink's Time
// (and the ChronoUnit and TimeUnit constants) to the length of their unit.
var units = map[string]map[string]time.Duration{
	"Duration": {"ofNanos": time.Nanosecond, "ofMillis": time.Millisecond, "ofSeconds": time.Second,
		"ofMinutes": time.Minute, "ofHours": time.Hour, "ofDays": 24 * time.Hour},
	"Time": {"milliseconds": time.Millisecond, "seconds": time.Second, "minutes": time.Minute,
		"hours": time.Hour, "days": 24 * time.Hour},
	"ChronoUnit": {"NANOS": time.Nanosecond, "MICROS": time.Microsecond, "MILLIS": time.Millisecond,
		"SECONDS": time.Second, "MINUTES": time.Minute, "HOURS": time.Hour, "DAYS": 24 * time.Hour},
	"TimeUnit": {"NANOSECONDS": time.Nanosecond, "MICROSECONDS": time.Microsecond, "MILLISECONDS": time.Millisecond,
		"SECONDS": time.Second, "MINUTES": time.Minute, "HOURS": time.Hour, "DAYS": 24 * time.Hour},
}

// Duration returns the length of a java.time.Duration or Flink Time
// expression: Duration.ZERO, Duration.ofSeconds(n), Duration.of(n,
// ChronoUnit.X), Duration.parse("PT0S"), Time.seconds(n), t.toDuration(),
// and names that stand for them. A plain number counts as milliseconds, as
// in allowedLateness(long) and setAutoWatermarkInterval(long).
func Duration(p *model.Project, n *model.Node) (time.Duration, bool) {
	f := folder{p: p}
	return f.duration(n)
}

func (f *folder) duration(e *model.Node) (time.Duration, bool) {
	n, ok := f.value(e)
	if !ok {
		return 0, false
	}
	defer f.leave(e, n)
	if n.Kind == model.Select && n.Name == "ZERO" && model.SimpleName(n.Recv) == "Duration" {
		return 0, true
	}
	if n.Kind != model.Call || n.Recv == nil {
		v, ok := f.int(n)
		return scale(v, time.Millisecond, ok)
	}
	class := model.SimpleName(n.Recv)
	switch {
	case n.Name == "toDuration" && len(n.Args()) == 0: // Flink's Time.toDuration()
		return f.duration(n.Recv)
	case class == "Duration" && n.Name == "of" && len(n.Args()) == 2, class == "Time" && n.Name == "of" && len(n.Args()) == 2:
		unit := f.p.Value(n.Args()[1])
		if unit.Kind != model.Select {
			return 0, false
		}
		v, ok := f.int(n.Args()[0])
		return scale(v, units[model.SimpleName(unit.Recv)][unit.Name], ok)
	case class == "Duration" && n.Name == "parse" && len(n.Args()) == 1:
		s := f.p.Value(n.Args()[0])
		if s.Kind != model.String || !strings.HasPrefix(strings.ToUpper(strings.TrimPrefix(s.Value(), "-")), "P") {
			return 0, false
		}
		if strings.Trim(s.Value(), "-PTDHMS0.ptdhms") == "" { // only zeros
			return 0, true
		}
		if strings.HasPrefix(s.Value(), "-") {
			return -1, true
		}
		return 1, true // positive; the exact length does not matter to the rules
	case len(n.Args()) == 1:
		v, ok := f.int(n.Args()[0])
		return scale(v, units[class][n.Name], ok)
	}
	return 0, false
}

// scale multiplies v by unit, failing on overflow and on an unknown unit.
func scale(v int64, unit time.Duration, ok bool) (time.Duration, bool) {
	if !ok || unit == 0 || v > math.MaxInt64/int64(unit) || v < math.MinInt64/int64(unit) {
		return 0, false
	}
	return time.Duration(v) * unit, true
}
