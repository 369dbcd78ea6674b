package windowing

import (
	"time"

	"github.com/flinklint/flinklint/parsers/model"
	"github.com/flinklint/flinklint/parsers/model/constant"
)

// Span is how long an event-time window lasts before it can fire.
type Span struct {
	Length time.Duration
	// Gap is set for session windows: Length is then the gap of
	// inactivity that closes a session.
	Gap bool
}

// EventTimeSpan returns the size of an event-time window (the size of a
// tumbling or sliding one, the gap of a session window; timeWindow's
// first argument), folded through constants and helpers. It reports false
// for other kinds of window, dynamic gaps, and sizes it cannot fold.
func (w *Window) EventTimeSpan(p *model.Project) (Span, bool) {
	if w.Kind != EventTime {
		return Span{}, false
	}
	a := w.Assigner
	var size *model.Node
	gap := false
	switch {
	case a == w.Call: // timeWindow(size[, slide]) under the EventTime characteristic
		if len(a.Args()) > 0 {
			size = a.Args()[0]
		}
	case a.Kind == model.Call && a.Recv != nil && len(a.Args()) > 0:
		switch a.Name {
		case "of":
			size = a.Args()[0]
		case "withGap":
			size, gap = a.Args()[0], true
		}
	}
	if size == nil {
		return Span{}, false
	}
	d, ok := constant.Duration(p, size)
	if !ok || d <= 0 {
		return Span{}, false
	}
	return Span{Length: d, Gap: gap}, true
}
