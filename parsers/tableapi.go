package parsers

import (
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/flinklint/flinklint/parsers/internal/literal"
	"github.com/flinklint/flinklint/parsers/model"
)

// A TableDescriptor is the Table API's CREATE TABLE:
//
//	TableDescriptor.forConnector("kafka")
//	    .schema(Schema.newBuilder()
//	        .column("ts", DataTypes.BIGINT())
//	        .columnByExpression("rowtime", "TO_TIMESTAMP_LTZ(ts, 3)")
//	        .watermark("rowtime", "rowtime - INTERVAL '5' SECOND")
//	        .build())
//	    .option("topic", "clicks")
//	    .build()
//
// Its expressions are SQL text and its options are a WITH clause, so it is
// lowered into the CREATE TABLE it stands for, with every byte of the
// expressions and options at its place in the code, and the rules read it
// as they read SQL.

// descriptorUse says what a call does with the TableDescriptor it is given.
type descriptorUse struct {
	arg  int                 // the descriptor's argument
	kind model.StatementKind // CreateTable: it names the table; Query: it reads it; Insert: it writes it
}

// descriptorUses are the calls that take a TableDescriptor, in Java and
// Scala and in PyFlink: a descriptor that no call is given to defines no
// table of any job.
var descriptorUses = map[string]descriptorUse{
	"createTemporaryTable": {1, model.CreateTable}, "create_temporary_table": {1, model.CreateTable},
	"createTable": {1, model.CreateTable}, "create_table": {1, model.CreateTable},
	"from": {0, model.Query}, "from_descriptor": {0, model.Query},
	"executeInsert": {0, model.Insert}, "execute_insert": {0, model.Insert},
	"insertInto": {0, model.Insert}, "addInsert": {0, model.Insert}, "add_insert": {0, model.Insert},
}

// tableAPI lowers the TableDescriptors given to descriptorUses into
// scripts of one CREATE TABLE each, followed by the query or insert the
// call stands for, so that a table read or written by the Table API is
// read or written as in SQL. The script's Call is the call the descriptor
// is given to, which decides the job it belongs to.
func (r *Survey) tableAPI(p *model.Project) []*model.Script {
	var out []*model.Script
	for _, n := range p.Calls(slices.Collect(maps.Keys(descriptorUses))...) {
		use := descriptorUses[n.Name]
		if n.Kind != model.Call || n.Recv == nil || len(n.Args()) <= use.arg {
			continue
		}
		desc := descriptor(p, n.Args()[use.arg])
		if desc == nil {
			continue
		}
		a := &sqlAssembler{p: p}
		name := fmt.Sprintf("%s%d", model.Computed, desc.Pos()) // a table of its own, named nowhere
		if use.kind == model.CreateTable {
			if t, known, err := a.text(n.Args()[0], 0); err == nil && known && !strings.ContainsAny(t.S, "` \n") {
				name = t.S
			}
		}
		text, err := a.ddl(desc, name)
		if err != nil {
			r.add(Problem{Pos: p.Fset.Position(desc.Pos()), Message: err.Error()})
			continue
		}
		stmts, _, err := parseSQL(text)
		if err != nil || len(stmts) != 1 || stmts[0].Table == nil {
			continue
		}
		switch use.kind {
		case model.Query:
			stmts = append(stmts, &model.Statement{Kind: model.Query, Pos: n.Pos(), End: n.End(), Reads: []string{name}})
		case model.Insert:
			stmts = append(stmts, &model.Statement{Kind: model.Insert, Pos: n.Pos(), End: n.End(), Name: name})
		}
		stmts[0].Table.Descriptor = desc
		out = append(out, &model.Script{File: n.File, Call: n, Statements: stmts})
	}
	return out
}

// descriptor returns the TableDescriptor.forConnector call (for_connector
// in PyFlink) that the expression n builds a descriptor from, following
// names, or nil.
func descriptor(p *model.Project, n *model.Node) *model.Node {
	w := model.Walk{Once: true} // d = d.toBuilder().build() must not loop
	for c := p.Value(n); c != nil && c.Kind == model.Call && w.Enter(c); c = p.Value(c.Recv) {
		if (model.IsStaticCall(c, "TableDescriptor", "forConnector") || model.IsStaticCall(c, "TableDescriptor", "for_connector")) && len(c.Args()) == 1 {
			return c
		}
		if c.Recv == nil {
			return nil
		}
	}
	return nil
}

// ddl returns the CREATE TABLE that the descriptor built from the
// forConnector call desc stands for. Expressions built with the
// Expression DSL ($("ts").minus(...)) and values computed at run time
// become model.Computed, which the rules read as unknown.
func (a *sqlAssembler) ddl(desc *model.Node, name string) (literal.Text, error) {
	var t literal.Builder
	t.Add("CREATE TABLE `"+name+"` (", desc.Pos())
	var options []*model.Node // option and format calls, in order
	for c := model.Outer(desc); c != nil && c.Kind == model.Call; c = model.Outer(c) {
		switch {
		case c.Name == "schema" && len(c.Args()) == 1:
			if err := a.schema(&t, c.Args()[0]); err != nil {
				return literal.Text{}, err
			}
		case c.Name == "option" && len(c.Args()) == 2, c.Name == "format" && len(c.Args()) == 1:
			options = append(options, c)
		}
	}
	t.Add(") WITH ('connector' = ", desc.NamePos())
	if err := a.quoted(&t, desc.Args()[0]); err != nil {
		return literal.Text{}, err
	}
	for _, o := range options {
		t.Add(", ", o.NamePos())
		key := "'format'"
		if o.Name == "option" {
			key = "'" + a.optionKey(o.Args()[0]) + "'"
		}
		t.Add(key+" = ", o.Args()[0].Pos())
		if err := a.quoted(&t, o.Args()[len(o.Args())-1]); err != nil {
			return literal.Text{}, err
		}
	}
	t.Add(")", desc.End())
	return t.Text(), nil
}

// optionKey returns the key an option(...) call names: a string ("topic")
// or an option constant; model.Computed when none is known.
func (a *sqlAssembler) optionKey(arg *model.Node) string {
	if k := a.p.Value(arg); k.Kind == model.String && !strings.ContainsAny(k.Value(), "'\n") {
		return k.Value()
	}
	if k := optionKey(a.p, arg); k != "" {
		return k
	}
	return model.Computed
}

// schema writes the columns and the watermark of a Schema builder chain,
// Schema.newBuilder()...build() (new_builder in PyFlink).
func (a *sqlAssembler) schema(t *literal.Builder, n *model.Node) error {
	var calls []*model.Node
	w := model.Walk{Once: true} // s = s.toBuilder().build() must not loop
	for c := a.p.Value(n); c != nil && c.Kind == model.Call && w.Enter(c); c = a.p.Value(c.Recv) {
		calls = append(calls, c)
		if c.Recv == nil {
			break
		}
	}
	slices.Reverse(calls)
	first := true
	for _, c := range calls {
		if len(c.Args()) < 2 {
			continue
		}
		var err error
		switch c.Name {
		case "column", "columnByMetadata", "column_by_metadata":
			err = a.column(t, c, first)
		case "columnByExpression", "column_by_expression", "watermark":
			err = a.expression(t, c, first)
		default:
			continue
		}
		if err != nil {
			return err
		}
		first = false
	}
	return nil
}

// column writes a physical or metadata column: its name, its type
// (DataTypes.BIGINT() or a type string) and METADATA FROM the key.
func (a *sqlAssembler) column(t *literal.Builder, c *model.Node, first bool) error {
	if !first {
		t.Add(", ", c.NamePos())
	}
	if err := a.identifier(t, c.Args()[0]); err != nil {
		return err
	}
	t.Add(" "+a.dataType(c.Args()[1]), c.Args()[1].Pos())
	if c.Name != "column" {
		t.Add(" METADATA", c.NamePos())
		if len(c.Args()) > 2 {
			if k := a.p.Value(c.Args()[2]); k.Kind == model.String {
				t.Add(" FROM ", c.Args()[2].Pos())
				return a.quoted(t, c.Args()[2])
			}
		}
	}
	return nil
}

// expression writes a computed column ("name AS expr") or the watermark
// ("WATERMARK FOR column AS expr"), the WATERMARK keyword at the name of
// the watermark call.
func (a *sqlAssembler) expression(t *literal.Builder, c *model.Node, first bool) error {
	if !first {
		t.Add(", ", c.NamePos())
	}
	if c.Name == "watermark" {
		t.Add("WATERMARK FOR ", c.NamePos())
	}
	if err := a.identifier(t, c.Args()[0]); err != nil {
		return err
	}
	t.Add(" AS ", c.Args()[1].Pos())
	s, _, err := a.text(c.Args()[1], 0) // an Expression DSL argument is model.Computed
	t.Append(s)
	return err
}

// identifier writes a column name in backquotes.
func (a *sqlAssembler) identifier(t *literal.Builder, n *model.Node) error {
	return a.enclosed(t, n, "`")
}

// quoted writes a string value as a SQL string literal.
func (a *sqlAssembler) quoted(t *literal.Builder, n *model.Node) error {
	if v := a.p.Value(n); v.Kind == model.Select && v.Name == strings.ToUpper(v.Name) {
		// An enum constant such as ScanBoundedMode.LATEST_OFFSET.
		t.Add("'"+strings.ReplaceAll(strings.ToLower(v.Name), "_", "-")+"'", n.Pos())
		return nil
	}
	return a.enclosed(t, n, "'")
}

// enclosed writes the string expression n between quotes q; text computed
// at run time, or holding q or a line break, becomes model.Computed.
func (a *sqlAssembler) enclosed(t *literal.Builder, n *model.Node, q string) error {
	s, known, err := a.text(n, 0)
	if err != nil {
		return err
	}
	if !known || strings.ContainsAny(s.S, q+"\n") {
		t.Add(q+model.Computed+q, n.Pos())
		return nil
	}
	t.Add(q, n.Pos())
	t.Append(s)
	t.Add(q, n.End())
	return nil
}

// dataType returns the SQL type that a column's type argument names:
// DataTypes.TIMESTAMP(3) is TIMESTAMP(3), a string is itself.
func (a *sqlAssembler) dataType(n *model.Node) string {
	v := a.p.Value(n)
	if v.Kind == model.String && !strings.ContainsAny(v.Value(), ",`'\n") {
		return v.Value()
	}
	for ; v != nil && v.Kind == model.Call; v = v.Recv {
		if model.IsStaticCall(v, "DataTypes", v.Name) {
			s := strings.ToUpper(v.Name)
			if len(v.Args()) == 1 {
				if p := a.p.Value(v.Args()[0]); p.Kind == model.Number {
					s += "(" + p.Value() + ")"
				}
			}
			return s
		}
	}
	return "STRING"
}
