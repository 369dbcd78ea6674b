package flink2removedapi

import (
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/flinklint/flinklint/parsers/model"
	"github.com/flinklint/flinklint/rules/internal/imports"
	"github.com/flinklint/flinklint/rules/internal/report"
)

// openConfiguration reports open(Configuration) in Flink functions: 2.0
// removed RichFunction#open(Configuration) (FLIP-344), so with @Override
// it no longer compiles, and without it is never called.
func (ff *file) openConfiguration() {
	f := ff.f
	if _, ok := importOf(f, "org.apache.flink.configuration", "Configuration"); !ok {
		return
	}
	for _, m := range find(f, func(n *model.Node) bool {
		return n.Kind == model.Method && n.Name == "open" && len(n.Params()) == 1 && n.Params()[0].Type() == "Configuration"
	}) {
		if !ff.flinkFunction(m.Parent, 0) {
			continue
		}
		f := ff.removed("RichFunction#open(Configuration)", "override open(OpenContext openContext) "+
			"(org.apache.flink.api.common.functions.OpenContext) instead", "with @Override this method no longer "+
			"compiles, and without it Flink never calls it, so what it sets up stays unset (FLIP-344)")
		f.Fixes = ff.openFix(m)
		f.At(ff.pass, m)
	}
}

// functionSupers are the Flink classes whose open(Configuration) 2.0
// removed, by simple name: rich functions and process functions.
func functionSuper(s string) bool {
	return strings.HasPrefix(s, "Rich") || strings.HasSuffix(s, "ProcessFunction") || strings.HasSuffix(s, "ProcessWindowFunction") ||
		s == "AbstractRichFunction" || s == "RichFunction" || strings.HasSuffix(s, "ProcessAllWindowFunction") ||
		s == "KeyedCoProcessFunction" || s == "CoProcessFunction" || s == "ProcessJoinFunction" || s == "RichAsyncFunction"
}

// flinkFunction reports whether the class (or anonymous class) c extends a
// Flink function with open(Configuration), directly or through classes of
// the project.
func (ff *file) flinkFunction(c *model.Node, depth int) bool {
	if c == nil || depth > 8 {
		return false
	}
	if c.Kind == model.New {
		return functionSuper(c.Name) || ff.projectSuper(c, c.Name, depth)
	}
	if c.Kind != model.Class {
		if c.Parent != nil && c.Parent.Kind == model.New && c.Parent.Class() == c {
			return ff.flinkFunction(c.Parent, depth)
		}
		return false
	}
	for _, s := range c.Supers() {
		if functionSuper(s) || ff.projectSuper(c, s, depth) {
			return true
		}
	}
	return false
}

func (ff *file) projectSuper(at *model.Node, name string, depth int) bool {
	d := ff.p.ClassNamed(at, name)
	return d != nil && d != at && ff.flinkFunction(d, depth+1)
}

// openFix changes the parameter's type to OpenContext when the method only
// passes the parameter on to super.open (or never reads it).
func (ff *file) openFix(m *model.Node) []analysis.SuggestedFix {
	param := m.Params()[0]
	for _, r := range ff.p.Refs(param) {
		call := r.Parent
		if call == nil || !model.IsCall(call, "open") || call.Recv == nil || call.Recv.Name != "super" {
			return nil
		}
	}
	text := ff.checker.text(ff.f, param.Pos(), param.End())
	i := strings.Index(text, "Configuration")
	if i < 0 || strings.Count(text, "Configuration") != 1 {
		return nil
	}
	pos := param.Pos() + tokenPos(i)
	edits := []analysis.TextEdit{{Pos: pos, End: pos + tokenPos(len("Configuration")), NewText: []byte("OpenContext")}}
	e, ok := imports.Add(ff.f, ff.source(ff.f), "org.apache.flink.api.common.functions.OpenContext")
	if !ok {
		return nil
	}
	if e.Pos.IsValid() {
		edits = append(edits, e)
	}
	return []analysis.SuggestedFix{report.Safe("Override open(OpenContext) instead", edits...)}
}
