package windowing

import "github.com/flinklint/flinklint/parsers/model"

// AssignerName names the window's assigner the way the job writes it, for
// a message: "TumblingEventTimeWindows" for
// TumblingEventTimeWindows.of(...) or new TumblingEventTimeWindows(...),
// the method's name for countWindow and timeWindow.
// It never returns "".
func (w *Window) AssignerName() string {
	a := w.Assigner
	if (a.Kind == model.Call || a.Kind == model.Select) && a.Recv != nil && a != w.Call {
		if n := model.SimpleName(a.Recv); n != "" {
			return n
		}
	}
	switch a.Kind {
	case model.Call, model.Select, model.New, model.Ident:
		if a.Name != "" {
			return a.Name
		}
	}
	return "the window's assigner" // an expression (cond ? a : b), or one flinklint cannot name
}
