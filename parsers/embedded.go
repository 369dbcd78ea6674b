package parsers

import (
	"fmt"
	"go/token"
	"strings"

	"github.com/flinklint/flinklint/parsers/internal/literal"
	"github.com/flinklint/flinklint/parsers/model"
	"github.com/flinklint/flinklint/parsers/sql"
)

// sqlMethods take Flink SQL text as their first argument: the
// TableEnvironment and StatementSet methods.
var sqlMethods = map[string]bool{
	"executeSql": true, "sqlQuery": true, "addInsertSql": true, "sqlUpdate": true, "explainSql": true,
}

// embedded reads the SQL passed to sqlMethods in the project's code.
// Literals, text blocks, + concatenations and constants (also from other
// files) are followed; every character keeps the position it has in the
// source, so findings point into the string literal.
func (r *Result) embedded(p *model.Project) []*model.Script {
	var out []*model.Script
	for _, f := range p.Files() {
		if f.Lang != model.Java && f.Lang != model.Scala {
			continue
		}
		f.Inspect(func(n *model.Node) bool {
			if n.Kind != model.Call || !sqlMethods[n.Name] || n.Recv == nil || len(n.Args) == 0 {
				return true
			}
			text, known := sqlText(p, n.Args[0], 0)
			if !known {
				return true
			}
			stmts, notes, err := parseSQL(text)
			if err != nil {
				r.add(Problem{Pos: p.Fset.Position(n.Pos), Message: err.Error()})
				return true
			}
			// Text computed at run time may well read fine then: no notes.
			if !strings.Contains(text.S, model.Computed) {
				for _, note := range notes {
					r.add(Problem{Pos: p.Fset.Position(note.Pos), Message: "SQL: " + note.Message})
				}
			}
			out = append(out, &model.Script{File: f, Call: n, Statements: stmts})
			return true
		})
	}
	return out
}

// parseSQL parses SQL found in code. A panic in the SQL front end becomes an
// error for that string, so one odd string cannot end the run.
func parseSQL(text literal.Text) (stmts []*model.Statement, notes []sql.Note, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("internal error while reading the SQL of this call, skipped: %v", r)
		}
	}()
	stmts, notes = sql.Parse(text.S, text.At)
	return stmts, notes, nil
}

// sqlText returns the text of a string expression with the position of each
// byte, and whether any of it is known; what is computed at run time
// becomes model.Computed. Concatenations nest as deep as they are
// long, so depth counts only the constants followed.
func sqlText(p *model.Project, n *model.Node, depth int) (text literal.Text, known bool) {
	switch {
	case n.Kind == model.String && n.Raw != "":
		if strings.HasSuffix(n.File.Path, ".java") {
			return literal.Java(n.Raw, n.Pos), true
		}
		return literal.Scala(n.Raw, n.Pos, false), true
	case model.IsCall(n, "stripMargin") && n.Recv != nil && n.Recv.Kind == model.String && len(n.Args) == 0:
		return literal.Scala(n.Recv.Raw, n.Recv.Pos, true), true
	case model.IsStaticCall(n, "String", "format") && len(n.Args) > 0:
		t, known := sqlText(p, n.Args[0], depth)
		return literal.Format(t), known
	case model.IsCall(n, "formatted") && n.Recv != nil: // Java 15's "...".formatted(args)
		t, known := sqlText(p, n.Recv, depth)
		return literal.Format(t), known
	case n.Kind == model.Binary && n.Name == "+":
		left, lknown := sqlText(p, n.Args[0], depth)
		right, rknown := sqlText(p, n.Args[1], depth)
		left.Append(right)
		return left, lknown || rknown
	case (n.Kind == model.Ident || n.Kind == model.Select || n.Kind == model.Call) && depth < 16:
		if v := p.Value(n); v != n {
			return sqlText(p, v, depth+1)
		}
	}
	pos := make([]token.Pos, len(model.Computed))
	for i := range pos {
		pos[i] = n.Pos
	}
	return literal.Text{S: model.Computed, Pos: pos}, false
}

// optionKeys maps the ConfigOption constants of Flink that rules care about
// to their keys.
var optionKeys = map[string]string{
	"TABLE_EXEC_SOURCE_IDLE_TIMEOUT": "table.exec.source.idle-timeout",
	"AUTO_WATERMARK_INTERVAL":        "pipeline.auto-watermark-interval",
}

// codeSettings reads configuration set in code: tableEnv.getConfig().set(
// "key", "value"), configuration.setString("key", "value"),
// conf.set(PipelineOptions.AUTO_WATERMARK_INTERVAL, Duration.ZERO) and
// env.getConfig().setAutoWatermarkInterval(ms).
func codeSettings(p *model.Project) []*model.Configured {
	var out []*model.Configured
	for _, f := range p.Files() {
		f.Inspect(func(n *model.Node) bool {
			if n.Kind != model.Call || n.Recv == nil {
				return true
			}
			var key string
			var value *model.Node
			switch {
			case (n.Name == "set" || n.Name == "setString") && len(n.Args) == 2:
				k := p.Value(n.Args[0])
				switch {
				case k.Kind == model.String && strings.Contains(k.Value, ".") && !strings.ContainsAny(k.Value, " \t\n"):
					key = k.Value
				case k.Kind == model.Select:
					key = optionKeys[k.Name]
				}
				value = n.Args[1]
			case n.Name == "setAutoWatermarkInterval" && len(n.Args) == 1:
				key, value = "pipeline.auto-watermark-interval", n.Args[0]
			}
			if key == "" {
				return true
			}
			c := &model.Configured{Setting: model.Setting{Key: key, KeyPos: n.Args[0].Pos, KeyEnd: n.Args[0].End, ValuePos: value.Pos}, File: f, Call: n}
			if v := p.Value(value); v.Kind == model.String {
				c.Value = v.Value
			} else {
				c.ValueNode = value
			}
			out = append(out, c)
			return true
		})
	}
	return out
}
