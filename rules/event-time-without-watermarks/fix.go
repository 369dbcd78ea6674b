package eventtimewithoutwatermarks

import (
	"golang.org/x/tools/go/analysis"

	"github.com/flinklint/flinklint/jobgraph"
	"github.com/flinklint/flinklint/parsers/model"
	"github.com/flinklint/flinklint/rules/internal/imports"
	"github.com/flinklint/flinklint/rules/internal/report"
)

// fix replaces the noWatermarks() given to fromSource at the only root of
// a stream with a strategy that generates watermarks, where the fix is
// mechanical: the input never ends and its records carry timestamps (a
// Kafka source's), so the strategy needs no timestamp assigner;
// noWatermarks() is written in the fromSource call; no strategy assigned
// after it is dropped; and its element type is written, where a chained
// call needs it. It writes
// forBoundedOutOfOrderness(Duration.ofSeconds(5)), with
// withIdleness(Duration.ofMinutes(1)) for a source of several splits, so
// that a quiet one does not stop event time (missing-idleness). Unsafe:
// the bound and the idle timeout are choices made for the user, and
// records more than 5 s out of order become late.
func fix(pass *analysis.Pass, g *jobgraph.Graph, roots []jobgraph.Root) []analysis.SuggestedFix {
	if len(roots) != 1 {
		return nil
	}
	r := roots[0]
	create := r.Strategy
	if r.Bounded != jobgraph.No || r.Timestamps != jobgraph.Yes || !model.IsCall(r.Node, "fromSource") || create == nil ||
		!model.IsStaticCall(create, "WatermarkStrategy", "noWatermarks") || !report.Inside(create, r.Node) ||
		discarded(g, r) != nil {
		return nil // a dropped assignTimestampsAndWatermarks: the help says to use the stream it returns
	}
	f := create.File
	chained := model.Outer(create) != nil
	if f.Lang == model.Python && chained {
		return nil // a Python timestamp assigner, which from_source ignores (source-ignores-assigner)
	}
	src := report.Text(pass, f.Token)
	if src == nil {
		return nil
	}
	duration, imported, ok := imports.Duration(f, src)
	if !ok {
		return nil
	}
	multi := g.Source(r.Node.Args()[0]).MultiSplit
	t := ""
	switch {
	case len(create.TypeArgs()) > 0 && f.Lang == model.Scala:
		t = create.TypeArgs()[0] // written after the name, which the edit replaces
	case len(create.TypeArgs()) == 0 && (multi || chained) && f.Lang != model.Python:
		if t = elementType(g.Project(), r.Node.Args()[0]); t == "" {
			return nil
		}
	}
	text := report.Generic(f.Lang, "forBoundedOutOfOrderness", t) + "(" + duration + ".ofSeconds(5))"
	if multi {
		text += ".withIdleness(" + duration + ".ofMinutes(1))"
	}
	edits := []analysis.TextEdit{{Pos: create.NamePos(), End: create.End(), NewText: []byte(model.Spell(f.Lang, text, nil))}}
	if imported.NewText != nil {
		edits = append(edits, imported)
	}
	msg := "Generate watermarks from the records' timestamps, at most 5 s out of order"
	if multi {
		msg += ", with a quiet split idle after 1 min"
	}
	return []analysis.SuggestedFix{report.Unsafe(msg, edits...)}
}

// elementType returns the type of the records the source expression src
// reads, as the code writes it: in the declared type of its variable or
// method (KafkaSource<Click>, Source<Click, ?, ?>), or as the type
// argument of its builder (KafkaSource.<Click>builder()); "" when neither
// says.
func elementType(p *model.Project, src *model.Node) string {
	if d := p.ValueDecl(src); d != nil && (d.Kind == model.Local || d.Kind == model.Method) {
		if args := d.TypeArgs(); len(args) == 1 || len(args) == 3 && d.Type() == "Source" {
			return args[0]
		}
	}
	for v := p.Value(src); v != nil && (v.Kind == model.Call || v.Kind == model.Select); v = v.Recv {
		if args := v.TypeArgs(); len(args) == 1 {
			return args[0]
		}
	}
	return ""
}
