package missingidleness

import (
	"fmt"
	"go/token"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/flinklint/flinklint/jobgraph/flinksql"
	"github.com/flinklint/flinklint/parsers/model"
	"github.com/flinklint/flinklint/rules/internal/report"
)

// logConnectors read unbounded logs split into partitions or shards.
var logConnectors = map[string]bool{"kafka": true, "upsert-kafka": true, "kinesis": true, "pulsar": true, "upsert-pulsar": true}

// checkSQL reports CREATE TABLEs with a WATERMARK on a log connector that
// neither they nor the job's configuration (global) give an idle timeout.
//
// The settings can name more log connectors, say that the clusters set a
// global idle timeout (then the rule trusts it, unless it is zero, which
// turns idleness off), and give the Flink version: before 1.18 no
// per-table timeout is suggested.
func checkSQL(pass *analysis.Pass, p *model.Project, stmts []flinksql.Stmt, global []flinksql.Site, cl clusters) {
	tables := flinksql.NewTables(stmts)
	reported := map[token.Pos]bool{} // a TableDescriptor given to two tables is one watermark
	for _, s := range stmts {
		t := s.Table
		if t == nil || t.Watermark == nil || reported[t.Watermark.Pos] {
			continue
		}
		if read, written, templated := usage(stmts, s); written && !read && !templated {
			continue // a sink: no source reads it, so its watermark is never generated
		}
		conn, legacy := tables.Connector(s)
		set := cl.of(s.Script.File)
		if !logConnector(conn, set) || set.IdleTimeoutValue > 0 {
			continue
		}
		if b, ok := tables.Option(s, "scan.bounded.mode"); ok && !strings.EqualFold(b.Value, "unbounded") {
			continue
		}
		if _, ok := tables.Option(s, "scan.watermark.idle-timeout"); ok || hinted(stmts, s) || enabledIn(p, global, s.Script.File, s.Job) {
			continue
		}
		var notes []string // what makes a timeout the table seems to have no timeout
		if _, ok := tables.Option(s, "scan.idle-timeout"); ok {
			notes = append(notes, "'scan.idle-timeout' is a vendor option, not Apache Flink's: Apache Flink's connector rejects it as unsupported")
		}
		// A SET statement works where a SQL client or runner reads the
		// script; TableEnvironment.executeSql refuses one ("Unsupported SQL
		// query!"), so SQL held in code sets the option in code.
		setGlobal := "SET 'table.exec.source.idle-timeout' = '1 min'"
		if s.Script.Call != nil {
			setGlobal = `getConfig().set("table.exec.source.idle-timeout", "1 min") on its TableEnvironment`
		}
		perTable := "set 'scan.watermark.idle-timeout' in its WITH clause"
		if t.Descriptor != nil {
			perTable = `add .option("scan.watermark.idle-timeout", "1 min") to its TableDescriptor`
		}
		fix := perTable + " (Flink 1.18+) or " + setGlobal
		switch {
		case set.IdleTimeout != "":
			notes = append(notes, "the clusters' table.exec.source.idle-timeout, "+set.IdleTimeout+" in the flinklint settings, turns idleness off")
		case !perTableTimeout(set):
			fix = setGlobal + " (Flink " + set.FlinkVersion + ", which the project targets, has no per-table 'scan.watermark.idle-timeout')"
		}
		if legacy {
			// Legacy tables know no per-table timeout; the planner's watermark
			// assigner reads the global one.
			fix = setGlobal + " (legacy 'connector.type' tables have no per-table timeout)"
		}
		if len(notes) == 0 {
			notes = append(notes, "a partition without new records holds the table's watermark back, so event-time windows and joins on it stop producing results")
		}
		reported[t.Watermark.Pos] = true
		report.Finding{
			Headline: fmt.Sprintf("%s has a WATERMARK on '%s' and no idle timeout", report.Clip(flinksql.Describe(t), 40), report.Clip(conn, 16)),
			Help:     fix,
			Note:     strings.Join(notes, ", and "),
			Evidence: slices.Concat(report.EvidenceSpan(s.Pos, s.End, "table created here"),
				connectorEvidence(tables, s), zeroEvidence(p, global, s)),
		}.Span(pass, t.Watermark.Pos, t.Watermark.Pos+token.Pos(len("WATERMARK")))
	}
}

// connectorEvidence is where the connector of the table that s creates is
// set, when that is not in s: in the table it is LIKE.
func connectorEvidence(tables flinksql.Tables, s flinksql.Stmt) []analysis.RelatedInformation {
	o, ok := tables.Option(s, "connector")
	if !ok {
		o, ok = tables.Option(s, "connector.type")
	}
	if !ok || o.KeyPos >= s.Pos && o.KeyPos < s.End {
		return nil
	}
	return report.EvidenceSpan(o.KeyPos, o.ValuePos+token.Pos(len(o.Value)), "connector set here")
}

// zeroEvidence is where a table.exec.source.idle-timeout of zero, which
// turns idleness off, applies to the job of s: a positive value there
// fixes the finding.
func zeroEvidence(p *model.Project, global []flinksql.Site, s flinksql.Stmt) []analysis.RelatedInformation {
	var out []analysis.RelatedInformation
	for _, g := range global {
		if d, ok := g.Duration(p); ok && d == 0 && g.AppliesTo(s.Script.File, s.Job) {
			out = append(out, report.EvidenceSpan(g.KeyPos, g.KeyEnd, "idle timeout of 0 set here")...)
		}
	}
	return out
}

// usage reports whether the job of the table that t creates reads it and
// inserts into it, by unqualified name, and whether some query of that job
// reads a table whose name is filled in at run time (FROM ${TABLE}, or a
// name computed in code), which may be any of them. A same-named table of
// another job says nothing about this one.
func usage(stmts []flinksql.Stmt, t flinksql.Stmt) (read, written, templated bool) {
	name := last(t.Table.Name)
	for _, s := range stmts {
		if len(s.Reads) == 0 && s.Kind != model.Insert || !flinksql.SameJob(t.Job, s.Job) {
			continue
		}
		for _, r := range s.Reads {
			read = read || last(r) == name
			templated = templated || strings.HasPrefix(r, "$") || strings.Contains(r, model.Computed)
		}
		written = written || s.Kind == model.Insert && last(s.Name) == name
	}
	return read, written, templated
}

func last(name string) string { return name[strings.LastIndex(name, ".")+1:] }

// hinted reports whether a query of its job gives the table that t creates
// an idle timeout in an OPTIONS hint.
func hinted(stmts []flinksql.Stmt, t flinksql.Stmt) bool {
	table := t.Table.Name
	for _, s := range stmts {
		if len(s.Hints) == 0 || !flinksql.SameJob(t.Job, s.Job) {
			continue
		}
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

// enabledIn reports whether a positive table.exec.source.idle-timeout
// applies to a job in file f that runs on the environments job.
func enabledIn(p *model.Project, global []flinksql.Site, f *model.File, job []model.Env) bool {
	for _, g := range global {
		if !g.AppliesTo(f, job) {
			continue
		}
		if d, ok := g.Duration(p); ok && d > 0 {
			return true
		}
	}
	return false
}
