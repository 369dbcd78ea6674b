package graphout

import "github.com/flinklint/flinklint/rules"

// colours are the fill and the stroke of a node with findings, by its
// worst severity: the same in every format, so that a reader learns them
// once.
var colours = map[rules.Severity]struct{ fill, stroke string }{
	rules.Error:   {"#ffebee", "#c62828"},
	rules.Warning: {"#fff3e0", "#e65100"},
	rules.Info:    {"#e3f2fd", "#1565c0"},
}

// kindFills tint the kinds a reader looks for first: where data comes in,
// where it waits for event time, where it goes out.
var kindFills = map[string]string{
	"source": "#e8f5e9",
	"table":  "#e8f5e9",
	"window": "#ede7f6",
	"sink":   "#eceff1",
}

// noteWidth is the characters of a finding's message on one line of a
// note, where the format does not wrap text itself.
const noteWidth = 60
