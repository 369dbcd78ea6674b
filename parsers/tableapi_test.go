package parsers_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/flinklint/flinklint/parsers/model"
)

// A TableDescriptor is lowered into the CREATE TABLE it stands for, each
// piece at its place in the code, and the call it is given to says what
// the job does with the table.
func TestTableDescriptor(t *testing.T) {
	src := `class Job {
  void run(TableEnvironment tEnv, Table t) {
    tEnv.createTemporaryTable("clicks", TableDescriptor.forConnector("kafka")
        .schema(Schema.newBuilder()
            .column("ts", DataTypes.BIGINT())
            .columnByExpression("rowtime", "TO_TIMESTAMP_LTZ(ts, 3)")
            .watermark("rowtime", $("rowtime").minus(lit(5).seconds()))
            .build())
        .option(KafkaConnectorOptions.SCAN_BOUNDED_MODE, ScanBoundedMode.LATEST_OFFSET)
        .format("json")
        .build());
    t.executeInsert(TableDescriptor.forConnector("print").build());
    TableDescriptor.forConnector("unused").build();
  }
}
`
	r, _ := load(t, map[string]string{"Job.java": src})
	var got []string
	for _, s := range r.Scripts {
		for _, st := range s.Statements {
			got = append(got, describe(r.Project, st))
		}
	}
	want := []string{
		"CREATE TABLE clicks: ts BIGINT, rowtime AS TO_TIMESTAMP_LTZ ( ts , 3 ) at 6:45; WATERMARK FOR rowtime AS flinklint_unknown at 7:14; " +
			"connector=kafka scan.bounded.mode=latest-offset format=json",
		"CREATE TABLE flinklint_unknown*; connector=print",
		"INSERT flinklint_unknown*",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("got\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// describe prints a lowered statement: its columns, watermark and options,
// with the line and column of what rules report on.
func describe(p *model.Project, st *model.Statement) string {
	name := func(n string) string {
		if strings.HasPrefix(n, model.Computed) {
			return model.Computed + "*"
		}
		return n
	}
	if st.Table == nil {
		return "INSERT " + name(st.Name)
	}
	var cols, opts []string
	for _, c := range st.Table.Columns {
		if c.Computed != nil {
			pos := p.Fset.Position(c.Computed.Pos)
			cols = append(cols, fmt.Sprintf("%s AS %s at %d:%d", c.Name, tokens(c.Computed), pos.Line, pos.Column))
		} else {
			cols = append(cols, c.Name+" "+c.Type)
		}
	}
	s := "CREATE TABLE " + name(st.Table.Name) + ": " + strings.Join(cols, ", ")
	if w := st.Table.Watermark; w != nil {
		pos := p.Fset.Position(w.Pos)
		s += fmt.Sprintf("; WATERMARK FOR %s AS %s at %d:%d", w.Column, tokens(w.Expr), pos.Line, pos.Column)
	}
	for _, o := range st.Table.Options {
		opts = append(opts, o.Key+"="+o.Value)
	}
	if len(cols) == 0 {
		s = strings.TrimSuffix(s, ": ")
	}
	return s + "; " + strings.Join(opts, " ")
}

// tokens joins the tokens of an expression with spaces.
func tokens(e *model.SQLExpr) string {
	var texts []string
	for _, t := range e.Tokens {
		texts = append(texts, t.Text)
	}
	return strings.Join(texts, " ")
}

// A descriptor or schema built from itself (which javac rejects) is
// followed once: the load ends.
func TestTableDescriptorSelfReference(t *testing.T) {
	got := loadBounded(t, map[string]string{"Job.java": `class Job { void f(TableEnvironment tEnv) {
  TableDescriptor d = d.toBuilder().build(); tEnv.createTemporaryTable("t", d);
  Schema s = s.toBuilder().build();
  tEnv.createTemporaryTable("u", TableDescriptor.forConnector("kafka").schema(s).build());
} }`})
	if strings.Join(got, "\n") != "statement with 0 calls" {
		t.Errorf("got %q", got)
	}
}
