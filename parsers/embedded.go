package parsers

import (
	"fmt"
	"go/token"
	"maps"
	"slices"
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
func (r *Survey) embedded(p *model.Project) []*model.Script {
	var out []*model.Script
	for _, n := range p.Calls(slices.Collect(maps.Keys(sqlMethods))...) {
		if n.Kind != model.Call || n.Recv == nil || len(n.Args()) == 0 {
			continue
		}
		text, known, err := (&sqlAssembler{p: p}).text(n.Args()[0], 0)
		if err != nil {
			r.add(Problem{Pos: p.Fset.Position(n.Pos()), Message: err.Error()})
			continue
		}
		if !known {
			continue
		}
		stmts, notes, err := parseSQL(text)
		if err != nil {
			r.add(Problem{Pos: p.Fset.Position(n.Pos()), Message: err.Error(), Internal: true})
			continue
		}
		// Text computed at run time may well read fine then: no notes.
		if !strings.Contains(text.S, model.Computed) {
			for _, note := range notes {
				r.add(Problem{Pos: p.Fset.Position(note.Pos), Message: "SQL: " + note.Message})
			}
		}
		out = append(out, &model.Script{File: n.File, Call: n, Statements: stmts})
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

// The SQL assembled for one call is bounded: constants built from other
// constants may double the text at each of the maxConstDepth levels
// followed, a thousand times over when each concatenates a thousand. Past
// a bound the call's SQL is skipped with a problem saying so.
const (
	maxConstDepth = 16      // constants followed into constants
	maxSQLPieces  = 100_000 // literals, constants and concatenations visited
	maxSQLBytes   = 4 << 20 // bytes of text
)

// sqlAssembler assembles the SQL text of one call, counting the pieces it
// visits against maxSQLPieces, format strings included.
type sqlAssembler struct {
	p       *model.Project
	visited int
}

// text returns the text of a string expression with the position of each
// byte, and whether any of it is known; what is computed at run time
// becomes model.Computed. A + concatenation nests as deep as it is long, so
// it is walked with an explicit stack, not recursion, and the text is built
// once (appending piece by piece would copy it again for every piece). It
// returns an error when the text passes the bounds above.
func (a *sqlAssembler) text(n *model.Node, depth int) (literal.Text, bool, error) {
	type piece struct {
		n     *model.Node
		depth int
	}
	var b strings.Builder
	var pos []token.Pos
	known := false
	stack := []piece{{n, depth}}
	for len(stack) > 0 {
		if a.visited++; a.visited > maxSQLPieces {
			return literal.Text{}, false, fmt.Errorf("SQL of this call skipped: too complex (more than %d pieces concatenated)", maxSQLPieces)
		}
		top := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if n := top.n; n.Kind == model.Binary && n.Name == "+" {
			stack = append(stack, piece{n.Args()[1], top.depth}, piece{n.Args()[0], top.depth})
			continue
		}
		if v := follow(a.p, top.n, top.depth); v != nil {
			stack = append(stack, piece{v, top.depth + 1})
			continue
		}
		t, k, err := a.leaf(top.n, top.depth)
		if err != nil {
			return literal.Text{}, false, err
		}
		if b.Len()+len(t.S) > maxSQLBytes {
			return literal.Text{}, false, fmt.Errorf("SQL of this call skipped: too complex (its text is longer than %d MiB)", maxSQLBytes>>20)
		}
		b.WriteString(t.S)
		pos = append(pos, t.Pos...)
		known = known || k
	}
	return literal.Text{S: b.String(), Pos: pos}, known, nil
}

// follow returns the value of a name or method whose value is followed, or
// nil.
func follow(p *model.Project, n *model.Node, depth int) *model.Node {
	if depth >= maxConstDepth || n.Kind != model.Ident && n.Kind != model.Select && n.Kind != model.Call ||
		isStringCall(n) {
		return nil
	}
	if v := p.Value(n); v != n {
		return v
	}
	return nil
}

// isStringCall reports whether n is one of the calls on strings whose text
// sqlAssembler.leaf computes.
func isStringCall(n *model.Node) bool {
	return model.IsCall(n, "stripMargin") && n.Recv != nil && n.Recv.Kind == model.String && len(n.Args()) == 0 ||
		model.IsStaticCall(n, "String", "format") && len(n.Args()) > 0 ||
		model.IsCall(n, "formatted") && n.Recv != nil ||
		pyFormat(n) != nil
}

// pyFormat returns the format string of a Python str.format call
// ("... {} ...".format(x)) or % formatting ("... %s ..." % x), or nil.
func pyFormat(n *model.Node) *model.Node {
	if n.File == nil || n.File.Lang != model.Python {
		return nil
	}
	switch {
	case model.IsCall(n, "format") && n.Recv != nil:
		return n.Recv
	case n.Kind == model.Binary && n.Name == "%" && len(n.Args()) == 2:
		return n.Args()[0]
	}
	return nil
}

// leaf returns the text of what is not a concatenation: a literal, a
// stripMargin or format call (whose format string may be a concatenation
// of its own, counted as a constant level), or model.Computed.
func (a *sqlAssembler) leaf(n *model.Node, depth int) (literal.Text, bool, error) {
	switch {
	case n.Kind == model.String && n.Raw() != "":
		switch n.File.Lang {
		case model.Java:
			return literal.Java(n.Raw(), n.Pos()), true, nil
		case model.Python:
			t := literal.Python(n.Raw(), n.Pos())
			if len(n.Args()) > 0 {
				return a.fields(t, n.Args(), depth)
			}
			return t, true, nil
		}
		return literal.Scala(n.Raw(), n.Pos(), false), true, nil
	case !isStringCall(n) || depth >= maxConstDepth:
	case model.IsCall(n, "stripMargin"):
		return literal.Scala(n.Recv.Raw(), n.Recv.Pos(), true), true, nil
	case pyFormat(n) != nil:
		f := pyFormat(n)
		t, known, err := a.text(f, depth+1)
		if n.Kind == model.Binary { // "%s" % x
			return literal.Format(t), known, err
		}
		return literal.PyFormat(t), known, err
	default: // String.format(f, args), or Java 15's f.formatted(args)
		f := n.Recv
		if model.IsStaticCall(n, "String", "format") {
			f = n.Args()[0]
		}
		t, known, err := a.text(f, depth+1)
		return literal.Format(t), known, err
	}
	pos := make([]token.Pos, len(model.Computed))
	for i := range pos {
		pos[i] = n.Pos()
	}
	return literal.Text{S: model.Computed, Pos: pos}, false, nil
}

// fields fills the replacement fields of a decoded f-string t, each
// model.Computed in its text, with the text of the expressions args (a
// constant, a helper's result), as a constant level. When the count of
// fields and expressions differ, t is returned as it is.
func (a *sqlAssembler) fields(t literal.Text, args []*model.Node, depth int) (literal.Text, bool, error) {
	if strings.Count(t.S, model.Computed) != len(args) || depth >= maxConstDepth {
		return t, true, nil
	}
	var b strings.Builder
	var pos []token.Pos
	rest := 0
	for _, arg := range args {
		i := rest + strings.Index(t.S[rest:], model.Computed)
		b.WriteString(t.S[rest:i])
		pos = append(pos, t.Pos[rest:i]...)
		f, _, err := a.text(arg, depth+1)
		if err != nil {
			return literal.Text{}, false, err
		}
		b.WriteString(f.S)
		pos = append(pos, f.Pos...)
		rest = i + len(model.Computed)
	}
	b.WriteString(t.S[rest:])
	pos = append(pos, t.Pos[rest:]...)
	return literal.Text{S: b.String(), Pos: pos}, true, nil
}

// optionKeys maps the ConfigOption constants of Flink that rules care about
// to their keys: configuration options, and the connector options a
// TableDescriptor's option(...) may name (KafkaConnectorOptions.TOPIC).
var optionKeys = map[string]string{
	"TABLE_EXEC_SOURCE_IDLE_TIMEOUT": "table.exec.source.idle-timeout",
	"AUTO_WATERMARK_INTERVAL":        "pipeline.auto-watermark-interval",
	"SCAN_WATERMARK_IDLE_TIMEOUT":    "scan.watermark.idle-timeout",
	"SCAN_BOUNDED_MODE":              "scan.bounded.mode",
	"SCAN_STARTUP_MODE":              "scan.startup.mode",
	"TOPIC":                          "topic",
	"CONNECTOR":                      "connector",
	"FORMAT":                         "format",
}

// setters set a configuration key to a value: Configuration.set(option,
// value), setString(key, value), setLong(key, ms), TableConfig.set(...).
var setters = map[string]bool{"set": true, "setString": true, "setLong": true, "setInteger": true}

// optionKey returns the key that the first argument of a setter names: a
// string such as "table.exec.source.idle-timeout", a ConfigOption constant
// (ExecutionConfigOptions.TABLE_EXEC_SOURCE_IDLE_TIMEOUT, also statically
// imported) or its key(); "" when it names none.
func optionKey(p *model.Project, arg *model.Node) string {
	k := p.Value(arg)
	if model.IsCall(k, "key") && len(k.Args()) == 0 && k.Recv != nil {
		k = p.Value(k.Recv)
	}
	switch {
	case k.Kind == model.String && strings.Contains(k.Value(), ".") && !strings.ContainsAny(k.Value(), " \t\n"):
		return k.Value()
	case k.Kind == model.Select || k.Kind == model.Ident:
		return optionKeys[k.Name]
	}
	return ""
}

// codeSettings reads configuration set in code: tableEnv.getConfig().set(
// "key", "value"), configuration.setString("key", "value"),
// conf.set(PipelineOptions.AUTO_WATERMARK_INTERVAL, Duration.ZERO),
// conf.setString(TABLE_EXEC_SOURCE_IDLE_TIMEOUT.key(), "30 s") and
// env.getConfig().setAutoWatermarkInterval(ms). Which job a setting belongs
// to is the environment it is made on (model.Project.Envs).
func codeSettings(p *model.Project) []*model.Configured {
	var out []*model.Configured
	for _, n := range p.Calls(append(slices.Collect(maps.Keys(setters)), "setAutoWatermarkInterval")...) {
		if n.Kind != model.Call || n.Recv == nil {
			continue
		}
		var key string
		var value *model.Node
		switch {
		case setters[n.Name] && len(n.Args()) == 2:
			key, value = optionKey(p, n.Args()[0]), n.Args()[1]
		case n.Name == "setAutoWatermarkInterval" && len(n.Args()) == 1:
			key, value = "pipeline.auto-watermark-interval", n.Args()[0]
		}
		if key == "" {
			continue
		}
		c := &model.Configured{Setting: model.Setting{Key: key, KeyPos: n.Args()[0].Pos(), KeyEnd: n.Args()[0].End(), ValuePos: value.Pos()}, File: n.File, Call: n}
		if v := p.Value(value); v.Kind == model.String {
			c.Value = v.Value()
		} else {
			c.ValueNode = value
		}
		out = append(out, c)
	}
	return out
}
