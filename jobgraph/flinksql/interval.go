package flinksql

import (
	"math"
	"strconv"
	"strings"
	"time"

	"github.com/flinklint/flinklint/parsers/model"
)

// intervalUnits are the lengths of the single-field interval qualifiers
// of Flink SQL, singular and plural.
var intervalUnits = map[string]time.Duration{
	"MILLISECOND": time.Millisecond, "SECOND": time.Second, "MINUTE": time.Minute, "HOUR": time.Hour,
	"DAY": 24 * time.Hour, "WEEK": 7 * 24 * time.Hour,
}

// Interval returns the length of a day-time interval literal written as
// the whole of tokens: INTERVAL '5' MINUTE, INTERVAL '0.5' SECOND,
// INTERVAL '10' SECONDS, INTERVAL '1' DAY(2), INTERVAL '-1' HOUR. It
// reports false for anything else, such as the two-field INTERVAL '1:30'
// MINUTE TO SECOND or a year-month interval.
func Interval(tokens []model.SQLToken) (time.Duration, bool) {
	if len(tokens) < 3 || !strings.EqualFold(tokens[0].Text, "INTERVAL") || tokens[0].Kind != model.SQLIdent {
		return 0, false
	}
	i, sign := 1, 1.0
	if tokens[i].Kind == model.SQLPunct && tokens[i].Text == "-" && len(tokens) > 3 {
		i, sign = 2, -1
	}
	lit := tokens[i]
	if lit.Kind != model.SQLString && lit.Kind != model.SQLNumber {
		return 0, false
	}
	unitTok := tokens[i+1]
	unit, ok := intervalUnits[strings.TrimSuffix(strings.ToUpper(unitTok.Text), "S")]
	if unitTok.Kind != model.SQLIdent || !ok {
		return 0, false
	}
	if rest := tokens[i+2:]; len(rest) > 0 && !precision(rest) {
		return 0, false
	}
	v, err := strconv.ParseFloat(strings.TrimSpace(lit.Text), 64)
	if err != nil || math.IsInf(v, 0) || math.IsNaN(v) {
		return 0, false
	}
	d := sign * v * float64(unit)
	if math.Abs(d) > math.MaxInt64/2 {
		return 0, false
	}
	return time.Duration(math.Round(d)), true
}

// precision reports whether tokens are a precision: (3).
func precision(tokens []model.SQLToken) bool {
	return len(tokens) == 3 && tokens[0].Text == "(" && tokens[1].Kind == model.SQLNumber && tokens[2].Text == ")"
}
