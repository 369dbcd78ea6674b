package parsers

import (
	"fmt"
	"go/token"

	"github.com/flinklint/flinklint/parsers/flinkconf"
	"github.com/flinklint/flinklint/parsers/model"
	"github.com/flinklint/flinklint/parsers/sql"
)

// manifestScript reads the SQL a Kubernetes manifest passes to a SQL runner
// (flinkconf.ManifestSQL) as the script of f, so that the rules read it as
// they read a .sql file, at its exact places in the YAML. The statements
// of every such string of the file make one script: the runner reads them
// as one job. A panic here becomes a problem for the file, as in parse.
func (w *worker) manifestScript(f *model.File, src []byte) {
	defer func() {
		if r := recover(); r != nil {
			w.add(Problem{Pos: token.Position{Filename: f.Path}, Internal: true,
				Message: fmt.Sprintf("internal error while reading the SQL of the manifest, SQL skipped: %v", r)})
		}
	}()
	var stmts []*model.Statement
	for _, s := range flinkconf.ManifestSQL(src) {
		pos := func(off int) token.Pos { return f.Token.Pos(s.Offsets[min(max(off, 0), len(s.Offsets)-1)]) }
		st, notes := sql.Parse(s.Text, pos)
		stmts = append(stmts, st...)
		for _, n := range notes {
			w.add(Problem{Pos: w.fset.Position(n.Pos), Message: "SQL: " + n.Message})
		}
	}
	if len(stmts) > 0 {
		f.Script = &model.Script{File: f, Statements: stmts}
	}
}
