package missingidleness

import (
	"fmt"
	"go/token"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/flinklint/flinklint/parsers/model"
	"github.com/flinklint/flinklint/rules/internal/flinksql"
	"github.com/flinklint/flinklint/rules/internal/report"
)

// logConnectors read unbounded logs split into partitions or shards.
var logConnectors = map[string]bool{"kafka": true, "upsert-kafka": true, "kinesis": true, "pulsar": true, "upsert-pulsar": true}

// checkSQL reports CREATE TABLEs with a WATERMARK on a log connector that
// neither they nor the job's configuration (global) give an idle timeout.
func checkSQL(pass *analysis.Pass, p *model.Project, stmts []flinksql.Stmt, global []flinksql.Site) {
	tables := flinksql.NewTables(stmts)
	read, written, templated := usage(stmts)
	for _, s := range stmts {
		t := s.Table
		if t == nil || t.Watermark == nil {
			continue
		}
		if written[last(t.Name)] && !read[last(t.Name)] && !templated {
			continue // a sink: no source reads it, so its watermark is never generated
		}
		conn, legacy := tables.Connector(t)
		if !logConnectors[conn] {
			continue
		}
		if b, ok := tables.Option(t, "scan.bounded.mode"); ok && !strings.EqualFold(b.Value, "unbounded") {
			continue
		}
		if _, ok := tables.Option(t, "scan.watermark.idle-timeout"); ok || hinted(stmts, t.Name) || enabled(p, global, s.Script.File) {
			continue
		}
		vendor := ""
		if _, ok := tables.Option(t, "scan.idle-timeout"); ok {
			vendor = " ('scan.idle-timeout' is a vendor option, not Apache Flink's: Apache Flink's connector rejects it as unsupported)"
		}
		from, fix := "'"+conn+"'", "set 'scan.watermark.idle-timeout' in its WITH clause (Flink 1.18+) or SET 'table.exec.source.idle-timeout' = '1 min'"
		if legacy {
			// Legacy tables know no per-table timeout; the planner's watermark
			// assigner reads the global one.
			from += " (legacy 'connector.type')"
			fix = "SET 'table.exec.source.idle-timeout' = '1 min' (legacy 'connector.type' tables have no per-table timeout)"
		}
		report.Span(pass, t.Watermark.Pos, t.Watermark.Pos+token.Pos(len("WATERMARK")), "", fmt.Sprintf("%s has a WATERMARK and reads "+
			"from %s with no idle timeout%s: a partition without new records holds the table's watermark back, "+
			"so event-time windows and joins on it stop producing results; %s", flinksql.Describe(t), from, vendor, fix))
	}
}

// usage returns the tables the statements read and those they insert into,
// by unqualified name, and whether some query reads a table whose name is
// filled in at run time (FROM ${TABLE}, or a name computed in code), which
// may be any of them.
func usage(stmts []flinksql.Stmt) (read, written map[string]bool, templated bool) {
	read, written = map[string]bool{}, map[string]bool{}
	for _, s := range stmts {
		for _, r := range s.Reads {
			read[last(r)] = true
			templated = templated || strings.HasPrefix(r, "$") || strings.Contains(r, model.Computed)
		}
		if s.Kind == model.Insert {
			written[last(s.Name)] = true
		}
	}
	return read, written, templated
}

func last(name string) string { return name[strings.LastIndex(name, ".")+1:] }

// hinted reports whether a query gives table an idle timeout in an
// OPTIONS hint.
func hinted(stmts []flinksql.Stmt, table string) bool {
	for _, s := range stmts {
		for _, h := range s.Hints {
			if h.Table != table && !strings.HasSuffix(table, "."+h.Table) {
				continue
			}
			for _, o := range h.Options {
				if o.Key == "scan.watermark.idle-timeout" {
					return true
				}
			}
		}
	}
	return false
}

// enabled reports whether a positive table.exec.source.idle-timeout applies
// to the SQL of file f.
func enabled(p *model.Project, global []flinksql.Site, f *model.File) bool {
	for _, g := range global {
		if !g.AppliesTo(f) {
			continue
		}
		if d, ok := g.Duration(p); ok && d > 0 {
			return true
		}
	}
	return false
}
