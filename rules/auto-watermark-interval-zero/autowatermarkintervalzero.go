// Package autowatermarkintervalzero implements the rule
// auto-watermark-interval-zero.
package autowatermarkintervalzero

import (
	"fmt"
	"path/filepath"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/flinklint/flinklint/parsers/model"
	"github.com/flinklint/flinklint/rules/internal/flinksql"
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

// periodic are the WatermarkStrategy factories whose generators emit only
// in onPeriodicEmit.
var periodic = map[string]bool{"forBoundedOutOfOrderness": true, "forMonotonousTimestamps": true}

func run(pass *analysis.Pass, p *model.Project) {
	stmts := flinksql.Statements(p)
	var zeros []flinksql.Site
	for _, s := range flinksql.Settings(p, stmts, key) {
		d, ok := s.Duration(p)
		if ok && d == 0 {
			zeros = append(zeros, s)
		}
	}
	if len(zeros) == 0 {
		return
	}
	generator := periodicGenerator(pass, p, stmts)
	if generator == "" {
		return // no periodic watermarks: a processing-time job, where zero is the documented switch
	}
	for _, s := range zeros {
		report.Span(pass, s.KeyPos, s.KeyEnd, "", fmt.Sprintf("%s is 0, which turns periodic watermark emission "+
			"off, but %s emits watermarks only periodically: no watermark ever advances, so event-time windows, "+
			"timers and joins on unbounded input never fire; remove the setting (the default is 200 ms) or use "+
			"a positive interval", key, generator))
	}
}

// periodicGenerator describes a periodic watermark generator of the
// project, or returns "" when there is none.
func periodicGenerator(pass *analysis.Pass, p *model.Project, stmts []flinksql.Stmt) string {
	for _, f := range p.Files() {
		var found *model.Node
		f.Inspect(func(n *model.Node) bool {
			if found == nil && n.Kind == model.Call && periodic[n.Name] && model.SimpleName(n.Recv) == "WatermarkStrategy" {
				found = n
			}
			return found == nil
		})
		if found != nil {
			pos := pass.Fset.Position(found.NamePos)
			return fmt.Sprintf("the watermark strategy %s at %s:%d", found.Name, filepath.Base(pos.Filename), pos.Line)
		}
	}
	tables := flinksql.NewTables(stmts)
	for _, s := range stmts {
		if s.Table == nil || s.Table.Watermark == nil {
			continue
		}
		if e, ok := tables.Option(s.Table, "scan.watermark.emit.strategy"); ok && strings.EqualFold(e.Value, "on-event") {
			continue
		}
		// Without watermark push-down the planner generates the watermarks in
		// a WatermarkAssignerOperator, which emits on every advance when the
		// interval is 0: such tables keep working. Legacy 'connector.type'
		// tables never push watermarks down.
		if c, legacy := tables.Connector(s.Table); legacy || !pushDown[c] {
			continue
		}
		pos := pass.Fset.Position(s.Table.Watermark.Pos)
		return fmt.Sprintf("the WATERMARK of %s at %s:%d", flinksql.Describe(s.Table), filepath.Base(pos.Filename), pos.Line)
	}
	return ""
}
