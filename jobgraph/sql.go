package jobgraph

import (
	"fmt"
	"path/filepath"
	"slices"
	"strings"

	"github.com/flinklint/flinklint/jobgraph/flinksql"
	"github.com/flinklint/flinklint/parsers/model"
)

// windowFunctions are the SQL functions that window a query by time:
// the window table functions and the group windows of older versions.
var windowFunctions = map[string]bool{
	"TUMBLE": true, "HOP": true, "CUMULATE": true, "SESSION": true,
}

// sqlGroup is the SQL of one environment, or of the .sql scripts of one
// directory (which the rules, too, take for one job's: the SQL client reads
// them one after the other): the tables and views its statements declare,
// by name, for the queries that read them.
type sqlGroup struct {
	envs   []model.Env
	file   bool // a .sql script: one job
	tables map[string]*Node
	reads  []reads
	// values are a script's INSERT ... VALUES statements, one node per
	// target table: a script that loads test rows is one picture, not one
	// node per row.
	values map[string]*valuesNode
}

// valuesNode counts the INSERT ... VALUES statements of one target.
type valuesNode struct {
	node  *Node
	count int
}

// reads are the tables and views a query or view reads, and the target
// of an INSERT.
type reads struct {
	query  *Node
	names  []string
	target string
}

// sqlJobs builds the jobs of the project's SQL: a .sql script is one job;
// in code, each INSERT given to executeSql is one, and the INSERTs added
// to one StatementSet are one.
func (b *builder) sqlJobs() []*Job {
	p := b.g.p
	var groups []*sqlGroup
	groupOf := func(s *model.Script) *sqlGroup {
		envs := flinksql.ScriptJob(p, s)
		for _, g := range groups {
			if g.file == (s.Call == nil) && flinksql.SameJob(g.envs, envs) {
				return g // .sql scripts of one directory, read one after the other, share their tables
			}
		}
		g := &sqlGroup{envs: envs, file: s.Call == nil, tables: map[string]*Node{}, values: map[string]*valuesNode{}}
		groups = append(groups, g)
		return g
	}
	var out []*Job
	sets := map[*sqlGroup]*Job{} // the job of a group's addInsertSql calls
	for _, s := range p.Scripts {
		g := groupOf(s)
		var script *Job
		if g.file {
			script = &Job{Name: filepath.Base(s.File.Path), File: s.File, SQL: true, envs: g.envs}
			out = append(out, script)
		}
		for _, st := range s.Statements {
			n := b.statement(g, s, st)
			if n == nil {
				continue
			}
			switch {
			case script != nil:
				script.Nodes = append(script.Nodes, n)
			case n.Kind == Query && st.Kind != model.CreateView && st.Kind != model.Query:
				j := sets[g]
				if s.Call.Name != "addInsertSql" || j == nil {
					j = &Job{Name: n.Label, Execute: s.Call, File: s.File, Pos: s.Call.NamePos(), SQL: true, envs: g.envs}
					out = append(out, j)
				}
				if s.Call.Name == "addInsertSql" {
					sets[g] = j
				}
				j.Nodes = append(j.Nodes, n)
			}
		}
	}
	for _, g := range groups {
		b.link(g)
	}
	for _, j := range out {
		b.upstream(j)
		if j.Pos == 0 && len(j.Nodes) > 0 {
			j.Pos = j.Nodes[0].Pos
		}
		b.close(j)
	}
	return out
}

// statement makes the node of the statement st: a table, a view or a
// query; nil for settings and what the graph does not draw.
func (b *builder) statement(g *sqlGroup, s *model.Script, st *model.Statement) *Node {
	n := &Node{File: s.File, Pos: st.Pos, End: st.End}
	switch st.Kind {
	case model.CreateTable:
		t := st.Table
		n.Kind, n.Label, n.Pos = Table, "table "+tableName(t.Name), t.NamePos
		if c, ok := t.Option("connector"); ok {
			n.add("connector", c.Value)
			if t.Descriptor != nil && strings.Contains(t.Name, model.Computed) {
				n.Label = "TableDescriptor " + c.Value // given to executeInsert or from unnamed
			}
		}
		if w := t.Watermark; w != nil {
			n.add("watermark", w.Column+" AS "+exprText(w.Expr))
		}
		for _, o := range []struct{ key, fact string }{
			{"scan.watermark.idle-timeout", "idleTimeout"}, {"scan.bounded.mode", "boundedMode"},
			{"scan.watermark.alignment.group", "alignmentGroup"},
		} {
			if v, ok := t.Option(o.key); ok {
				n.add(o.fact, v.Value)
			}
		}
		g.tables[strings.ToLower(t.Name)] = b.add(n)
		return n
	case model.CreateView:
		n.Kind, n.Label = Query, "view "+tableName(st.Name)
		g.tables[strings.ToLower(st.Name)] = n
	case model.Insert:
		n.Kind, n.Label = Query, "INSERT INTO "+tableName(st.Name)
		if g.file && len(st.Reads) == 0 {
			key := strings.ToLower(st.Name)
			if v := g.values[key]; v != nil {
				v.count++
				v.node.Facts = []Fact{{"statements", fmt.Sprint(v.count)}}
				return nil
			}
			n.Label += " VALUES"
			g.values[key] = &valuesNode{node: n, count: 1}
		}
	case model.Query:
		if len(st.Reads) == 0 && !slices.ContainsFunc(st.Calls, func(c *model.SQLCall) bool { return windowFunctions[c.Name] }) {
			return nil // SELECT 1, a generator's SELECT: no stream in, nothing to draw
		}
		n.Kind, n.Label = Query, "SELECT"
	case model.StatementSet:
		n.Kind, n.Label = Query, "STATEMENT SET"
		for _, in := range st.Body {
			if m := b.statement(g, s, in); m != nil {
				b.edge(m, n, "")
			}
		}
	default:
		return nil
	}
	var windows []string
	for _, c := range st.Calls {
		if windowFunctions[c.Name] && !strings.Contains(strings.Join(windows, ","), c.Name) {
			windows = append(windows, c.Name)
		}
	}
	n.add("windows", strings.Join(windows, ", "))
	b.add(n)
	r := reads{query: n, names: st.Reads}
	if st.Kind == model.Insert {
		r.target = st.Name
	}
	g.reads = append(g.reads, r)
	return n
}

// link draws the edges of a group's queries: from each table or view read
// to the query, and from an INSERT to its target table. A name no
// statement of the group declares becomes an unknown node.
func (b *builder) link(g *sqlGroup) {
	table := func(q *Node, name string) *Node {
		t := g.tables[strings.ToLower(name)]
		if t == nil {
			t = b.add(&Node{Kind: UnknownNode, Label: "table " + name + " (declared elsewhere)", File: q.File, Pos: q.Pos, End: q.Pos})
			g.tables[strings.ToLower(name)] = t
		}
		return t
	}
	for _, r := range g.reads {
		for _, name := range r.names {
			b.edge(table(r.query, name), r.query, "")
		}
		if r.target != "" {
			b.edge(r.query, table(r.query, r.target), "")
		}
	}
}

// upstream adds to the SQL job j the tables and views its queries read,
// and the tables its INSERTs write.
func (b *builder) upstream(j *Job) {
	in := map[*Node]bool{}
	for _, n := range j.Nodes {
		in[n] = true
	}
	for k := 0; k < len(j.Nodes); k++ { // j.Nodes grows as it is read
		n := j.Nodes[k]
		for _, i := range b.in[n] {
			if from := b.edges[i].From; !in[from] {
				in[from] = true
				j.Nodes = append(j.Nodes, from)
			}
		}
		if n.Kind != Query {
			continue
		}
		for _, i := range b.out[n] {
			if to := b.edges[i].To; !in[to] && to.Kind != Query {
				in[to] = true
				j.Nodes = append(j.Nodes, to)
			}
		}
	}
}

// tableName writes a table's name for a reader: a name the code computes
// ($table, %s) has a placeholder that means nothing to one.
func tableName(name string) string {
	if strings.Contains(name, model.Computed) {
		return "(named in code)"
	}
	return name
}

// tight are the tokens written without a space before them.
var tight = map[string]bool{")": true, ",": true, ".": true}

// exprText writes an SQL expression back from its tokens.
func exprText(e *model.SQLExpr) string {
	if e == nil {
		return ""
	}
	var sb strings.Builder
	for i, t := range e.Tokens {
		if i > 0 && !tight[t.Text] && e.Tokens[i-1].Text != "(" && e.Tokens[i-1].Text != "." {
			sb.WriteByte(' ')
		}
		if t.Kind == model.SQLString {
			sb.WriteString("'" + strings.ReplaceAll(t.Text, "'", "''") + "'")
			continue
		}
		sb.WriteString(t.Text)
	}
	return sb.String()
}
