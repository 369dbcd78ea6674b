package imports

import (
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/flinklint/flinklint/parsers/model"
)

// pyflinkDuration are the modules that export PyFlink's Duration.
var pyflinkDuration = map[string]bool{"pyflink.common": true, "pyflink.common.time": true}

// Duration returns the name under which code added to f, whose source is
// src, writes the Duration a Flink API takes: java.time.Duration in Java
// and Scala, PyFlink's in Python; with the edit that imports it, the zero
// edit when f imports it already. Java and Scala name it in full where the
// file imports another Duration (Scala's, Joda's); Python takes the alias
// it is imported under. ok is false where a Python file binds another
// Duration (datetime's timedelta under that name, say), or where an import
// is needed and f has no top-level import to place it by.
func Duration(f *model.File, src []byte) (name string, e analysis.TextEdit, ok bool) {
	if f.Lang == model.Python {
		return pythonDuration(f, src)
	}
	imported, taken := false, false // java.time.Duration; another Duration
	for _, im := range f.Imports {
		switch {
		case im.Path == "java.time.Duration" || im.Wildcard && im.Path == "java.time":
			imported = true
		case !im.Wildcard && im.Name() == "Duration":
			taken = true
		}
	}
	switch {
	case imported:
		return "Duration", analysis.TextEdit{}, true
	case taken:
		return "java.time.Duration", analysis.TextEdit{}, true
	}
	e, ok = Add(f, src, "java.time.Duration")
	return "Duration", e, ok
}

// pythonDuration is Duration for a Python file.
func pythonDuration(f *model.File, src []byte) (string, analysis.TextEdit, bool) {
	imported, name := false, "Duration"
	for _, im := range f.Imports {
		switch {
		case im.Wildcard && pyflinkDuration[im.Path]:
			imported = true
		case !im.Wildcard && im.Name() == "Duration" && pyflinkDuration[strings.TrimSuffix(im.Path, ".Duration")]:
			imported, name = true, im.Bound() // Duration, or D after import Duration as D
		case !im.Wildcard && im.Bound() == "Duration":
			return "", analysis.TextEdit{}, false
		}
	}
	if imported {
		return name, analysis.TextEdit{}, true
	}
	e, ok := Add(f, src, "pyflink.common.Duration")
	return name, e, ok
}
