// Package autowatermarkintervalzero implements the rule
// auto-watermark-interval-zero.
package autowatermarkintervalzero

import (
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/flinklint/flinklint/jobgraph"
	"github.com/flinklint/flinklint/jobgraph/flinksql"
	"github.com/flinklint/flinklint/parsers/model"
	"github.com/flinklint/flinklint/rules/internal/report"
	"github.com/flinklint/flinklint/rules/internal/rule"
)

// Analyzer reports a zero auto-watermark interval in jobs that rely on
// periodic watermarks.
var Analyzer = rule.New("auto-watermark-interval-zero", run)

const key = "pipeline.auto-watermark-interval"

// pushDown are the table connectors that implement SupportsWatermarkPushDown:
// their sources generate watermarks periodically, like DataStream sources.
var pushDown = map[string]bool{"kafka": true, "upsert-kafka": true}

func run(pass *analysis.Pass, g *jobgraph.Graph) {
	p := g.Project()
	stmts := flinksql.Statements(p)
	for _, s := range flinksql.Settings(p, stmts, key) {
		if d, ok := s.Duration(p); !ok || d != 0 {
			continue
		}
		if s.Where == "code" && s.Job == nil {
			continue // made on an environment flinklint cannot tell apart (getConfig() inside a class): no job to blame
		}
		gen, found := periodicGenerator(g, stmts, s.AppliesTo)
		if found {
			report.Finding{
				Headline: key + " is 0, so periodic watermarks never advance",
				Help:     help,
				Note:     gen.name + " emits watermarks only periodically, so event-time windows, timers and joins on unbounded input never fire",
				Evidence: gen.evidence,
				Fixes:    fix(pass, s, true),
			}.Span(pass, s.KeyPos, s.KeyEnd)
			continue
		}
		if g.Applies(s) {
			continue // its jobs have no periodic watermarks: processing time, where zero is the documented switch
		}
		if gen, found = usedGenerator(g, stmts, anywhere); found {
			report.Finding{
				Headline: key + " is 0 where no job of the project is seen to use it",
				Help:     help,
				Note: "it turns periodic watermark emission off in every job that uses it, and generators such as " +
					gen.name + " emit watermarks only periodically, so event-time windows, timers and joins never fire",
				Evidence: gen.evidence,
				Fixes:    fix(pass, s, false),
			}.Span(pass, s.KeyPos, s.KeyEnd)
		}
	}
}

// help is the fix of every finding.
const help = "remove the setting (the default is 200 ms) or use a positive interval"

// generator is a periodic watermark generator: its name and where it is.
type generator struct {
	name     string
	evidence []analysis.RelatedInformation
}

// anywhere applies shared configuration to every job.
func anywhere(*model.File, []model.Env) bool { return true }

// periodicGenerator returns a periodic watermark generator of a job that
// a setting applies to, and whether there is one.
func periodicGenerator(g *jobgraph.Graph, stmts []flinksql.Stmt, applies func(*model.File, []model.Env) bool) (generator, bool) {
	p := g.Project()
	for _, n := range p.Calls(jobgraph.PeriodicFactories()...) {
		if periodic(n) && applies(n.File, strategyJob(p, n)) {
			return strategy(n), true
		}
	}
	return usedGenerator(g, stmts, applies)
}

// usedGenerator returns a periodic watermark generator that a job the
// setting applies to runs: a strategy given to its fromSource or
// assignTimestampsAndWatermarks, wherever it is built (a helper's result, a
// constant), or a table WATERMARK of its SQL; and whether there is one.
func usedGenerator(g *jobgraph.Graph, stmts []flinksql.Stmt, applies func(*model.File, []model.Env) bool) (generator, bool) {
	p := g.Project()
	for _, use := range p.Calls("fromSource", "assignTimestampsAndWatermarks") {
		if arg := strategyArg(use); arg != nil && use.Recv != nil {
			if f := g.StrategyOf(arg).Factory; f != nil && periodic(f) && applies(use.File, p.Envs(use.Recv)) {
				return strategy(f), true
			}
		}
	}
	tables := flinksql.NewTables(stmts)
	for _, s := range stmts {
		if s.Table == nil || s.Table.Watermark == nil || !applies(s.Script.File, s.Job) {
			continue
		}
		if e, ok := tables.Option(s, "scan.watermark.emit.strategy"); ok && strings.EqualFold(e.Value, "on-event") {
			continue
		}
		// Without watermark push-down the planner generates the watermarks in
		// a WatermarkAssignerOperator, which emits on every advance when the
		// interval is 0: such tables keep working. Legacy 'connector.type'
		// tables never push watermarks down.
		if c, legacy := tables.Connector(s); legacy || !pushDown[c] {
			continue
		}
		return generator{"the WATERMARK of " + flinksql.Describe(s.Table),
			report.EvidenceSpan(s.Pos, s.End, "table with a periodic WATERMARK here")}, true
	}
	return generator{}, false
}

// periodic reports whether n is a call of a periodic WatermarkStrategy
// factory.
func periodic(n *model.Node) bool {
	return n.Kind == model.Call && model.SimpleName(n.Recv) == "WatermarkStrategy" &&
		slices.Contains(jobgraph.PeriodicFactories(), n.Name)
}

// strategy is the generator of the strategy that factory n creates.
func strategy(n *model.Node) generator {
	return generator{"the watermark strategy " + n.Name, report.Evidence(n, "periodic watermark strategy here")}
}

// strategyArg returns the strategy argument of fromSource(source,
// strategy, name) or assignTimestampsAndWatermarks(strategy), or nil.
func strategyArg(use *model.Node) *model.Node {
	switch {
	case use.Kind != model.Call:
		return nil
	case use.Name == "fromSource" && len(use.Args()) >= 2:
		return use.Args()[1]
	case use.Name == "assignTimestampsAndWatermarks" && len(use.Args()) == 1:
		return use.Args()[0]
	}
	return nil
}

// strategyJob returns the environments of the job a watermark strategy
// is used in: those of the fromSource or assignTimestampsAndWatermarks it
// is passed to, or the method it is built in.
func strategyJob(p *model.Project, create *model.Node) []model.Env {
	top := create
	for o := model.Outer(top); o != nil && jobgraph.StrategyDerives(o.Name); o = model.Outer(top) {
		top = o
	}
	if use := top.Parent; use != nil && use.Kind == model.Call && use.Recv != nil && model.ArgIndex(top) >= 0 {
		if envs := p.Envs(use.Recv); len(envs) > 0 {
			return envs
		}
	}
	return []model.Env{{Scope: model.ScopeOf(create)}}
}
