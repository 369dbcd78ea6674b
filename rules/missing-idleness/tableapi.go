package missingidleness

import (
	"fmt"

	"golang.org/x/tools/go/analysis"

	"github.com/flinklint/flinklint/internal/config"
	"github.com/flinklint/flinklint/jobgraph"
	"github.com/flinklint/flinklint/jobgraph/flinksql"
	"github.com/flinklint/flinklint/parsers/model"
	"github.com/flinklint/flinklint/rules/internal/report"
)

// checkTableAPI reports tables described in code, the Table API's
// counterpart of CREATE TABLE: TableDescriptor.forConnector("kafka") with a
// schema that declares a watermark and no idle timeout.
func checkTableAPI(pass *analysis.Pass, g *jobgraph.Graph, global []flinksql.Site, cl clusters) {
	p := g.Project()
	reported := map[*model.Node]bool{} // a schema shared by several tables is reported once
	for _, n := range p.Calls("forConnector") {
		if model.IsStaticCall(n, "TableDescriptor", "forConnector") && len(n.Args) == 1 {
			checkDescriptor(pass, g, global, n, reported, cl.of(n.File))
		}
	}
}

// checkDescriptor reports the table that the descriptor built from
// TableDescriptor.forConnector call n describes, unless its watermark is in
// reported.
func checkDescriptor(pass *analysis.Pass, g *jobgraph.Graph, global []flinksql.Site, n *model.Node, reported map[*model.Node]bool, set config.Settings) {
	p := g.Project()
	conn := p.Value(n.Args[0])
	if conn.Kind != model.String || !logConnector(conn.Value, set) || set.IdleTimeoutValue > 0 {
		return
	}
	var watermark *model.Node
	top := n
	for c := model.Outer(n); c != nil; c = model.Outer(c) {
		top = c
		switch {
		case model.IsCall(c, "option") && len(c.Args) == 2:
			if k := p.Value(c.Args[0]); k.Kind == model.String && (k.Value == "scan.watermark.idle-timeout" || k.Value == "scan.bounded.mode") ||
				k.Kind == model.Select && (k.Name == "SCAN_WATERMARK_IDLE_TIMEOUT" || k.Name == "SCAN_BOUNDED_MODE") {
				return
			}
		case model.IsCall(c, "schema") && len(c.Args) == 1:
			watermark = schemaWatermark(p, c.Args[0])
		}
	}
	if watermark == nil || reported[watermark] || onlyWritten(g, top) || enabledIn(p, global, n.File, descriptorEnvs(g, top)) {
		return
	}
	reported[watermark] = true
	report.At(pass, watermark, fmt.Sprintf("the table described by TableDescriptor.forConnector(%q) has a "+
		"watermark and no idle timeout: a partition without new records holds the table's watermark back, "+
		"so event-time windows and joins on it stop producing results; add "+
		".option(\"scan.watermark.idle-timeout\", \"1 min\") (Flink 1.18+) or set table.exec.source.idle-timeout",
		conn.Value))
}

// sinkTargets take a TableDescriptor as their first argument and write to
// the table it describes.
var sinkTargets = map[string]bool{"executeInsert": true, "insertInto": true, "addInsert": true}

// onlyWritten reports whether the descriptor desc is only the target of
// inserts: Flink generates watermarks only where it reads a table, so a
// sink's watermark declaration is never used.
func onlyWritten(g *jobgraph.Graph, desc *model.Node) bool {
	uses := g.Uses(desc)
	for _, u := range uses {
		if u.Kind != jobgraph.Argument || u.At.Kind != model.Call || !sinkTargets[u.At.Name] || model.ArgIndex(u.Value) != 0 {
			return false
		}
	}
	return len(uses) > 0
}

// descriptorEnvs returns the environments of the calls the descriptor desc
// is given to (tEnv.createTemporaryTable("t", desc), tEnv.from(desc)), so
// that a setting counts only for the job that reads the table. With none
// seen (the descriptor leaves through a helper's result) it returns nil and
// settings count by file. A descriptor shared by several jobs counts as
// configured when one of them is: precision first.
func descriptorEnvs(g *jobgraph.Graph, desc *model.Node) []model.Env {
	p := g.Project()
	var envs []model.Env
	for _, u := range g.Uses(desc) {
		if u.Kind == jobgraph.Argument && u.At.Kind == model.Call && u.At.Recv != nil {
			envs = append(envs, p.Envs(u.At.Recv)...)
		}
	}
	return envs
}

// schemaWatermark returns the watermark call of a Schema builder chain.
func schemaWatermark(p *model.Project, schema *model.Node) *model.Node {
	for c := p.Value(schema); c != nil && (c.Kind == model.Call || c.Kind == model.Select); c = c.Recv {
		if c.Name == "watermark" {
			return c
		}
	}
	return nil
}
