// Package missingidleness implements the rule missing-idleness.
package missingidleness

import (
	"fmt"
	"go/token"
	"path/filepath"

	"golang.org/x/tools/go/analysis"

	"github.com/flinklint/flinklint/parsers/model"
	"github.com/flinklint/flinklint/rules/internal/flinksql"
	"github.com/flinklint/flinklint/rules/internal/flow"
	"github.com/flinklint/flinklint/rules/internal/report"
	"github.com/flinklint/flinklint/rules/internal/rule"
	"github.com/flinklint/flinklint/rules/internal/sources"
)

// Analyzer reports watermark strategies without idleness on inputs where a
// quiet split or input stalls event time.
var Analyzer = rule.New("missing-idleness", run)

// generating are the WatermarkStrategy factories whose watermarks follow
// the data, and so stop when the data stops.
var generating = map[string]bool{"forBoundedOutOfOrderness": true, "forMonotonousTimestamps": true, "forGenerator": true}

// strategyMethods return a new strategy built on their receiver.
var strategyMethods = map[string]bool{"withTimestampAssigner": true, "withIdleness": true, "withWatermarkAlignment": true}

// combining merge streams; the result's watermark is the minimum of the
// inputs' watermarks.
var combining = map[string]bool{"union": true, "connect": true, "join": true, "coGroup": true, "intervalJoin": true}

// passThrough are operations after which a stream still carries the
// watermarks of its input.
var passThrough = map[string]bool{
	"map": true, "filter": true, "flatMap": true, "process": true, "keyBy": true, "name": true, "uid": true,
	"setParallelism": true, "returns": true, "rebalance": true, "shuffle": true, "rescale": true, "forward": true,
}

type checker struct {
	pass *analysis.Pass
	p    *model.Project
}

func run(pass *analysis.Pass, p *model.Project) {
	stmts := flinksql.Statements(p)
	global := flinksql.Settings(p, stmts, "table.exec.source.idle-timeout")
	checkSQL(pass, p, stmts, global)
	checkTableAPI(pass, p, global)
	c := &checker{pass: pass, p: p}
	for _, f := range c.p.Files() {
		f.Inspect(func(n *model.Node) bool {
			if n.Kind == model.Call && generating[n.Name] && model.SimpleName(n.Recv) == "WatermarkStrategy" {
				c.check(n)
			}
			return true
		})
	}
}

// check follows the strategy that create starts to where it is used.
func (c *checker) check(create *model.Node) {
	top := create
	for o := model.Outer(top); o != nil && strategyMethods[o.Name]; o = model.Outer(top) {
		if o.Name == "withIdleness" {
			return
		}
		top = o
	}
	var targets []*model.Node
	if !c.targets(top, &targets) {
		return // idleness is added on some path, maybe in another statement
	}
	for _, t := range targets {
		if why := c.why(t); why != "" {
			report.At(c.pass, create, "this watermark strategy has no withIdleness and "+why+
				"; while an input is idle its watermark stays behind and holds back event time downstream, "+
				"so event-time windows and timers stop firing; add .withIdleness(...) with a timeout "+
				"longer than the normal pauses of an input", c.fix(create)...)
			return
		}
	}
}

// targets collects the fromSource and assignTimestampsAndWatermarks calls
// the strategy v flows into. It returns false when withIdleness is applied
// to it somewhere on the way.
func (c *checker) targets(v *model.Node, out *[]*model.Node) bool {
	for _, u := range flow.Downstream(c.p, v, func(n *model.Node) bool { return strategyMethods[n.Name] }) {
		switch u.Kind {
		case flow.Receiver:
			if u.At.Name == "withIdleness" {
				return false
			}
		case flow.Argument:
			i := model.ArgIndex(u.Value)
			if model.IsCall(u.At, "fromSource") && i == 1 || model.IsCall(u.At, "assignTimestampsAndWatermarks") && i == 0 {
				*out = append(*out, u.At)
			}
		}
	}
	return true
}

// why says how a stream fed by the strategy at target can go idle, or ""
// when it cannot matter.
func (c *checker) why(target *model.Node) string {
	if target.Name == "fromSource" {
		info := sources.Describe(c.p, target.Args[0])
		if info.Bounded {
			return ""
		}
		if info.MultiSplit {
			return fmt.Sprintf("feeds fromSource at %s, a %s whose partitions or splits can each go quiet "+
				"(and a subtask with none assigned never emits a watermark)", c.where(target), info.Class)
		}
	} else if target.Recv != nil && c.bounded(target.Recv) {
		return "" // without a receiver the stream is this object, inherited from DataStream: unknown
	}
	if at := c.combined(target); at != nil {
		return fmt.Sprintf("feeds a stream that is combined with another by %s at %s, whose watermark is the "+
			"minimum of both inputs", at.Name, c.where(at))
	}
	return ""
}

// bounded reports whether every input the stream s comes from ends: test
// sources, bounded connectors, and sources of the project that read a
// finite collection.
func (c *checker) bounded(s *model.Node) bool {
	for _, o := range flow.Origins(c.p, s, func(n *model.Node) bool { return passThrough[n.Name] }) {
		switch {
		case sources.IsTestSource(o):
		case model.IsCall(o, "fromSource") && len(o.Args) > 0 && sources.Describe(c.p, o.Args[0]).Bounded:
		case model.IsCall(o, "addSource") && len(o.Args) > 0 && sources.FiniteFunction(c.p, o.Args[0]):
		default:
			return false
		}
	}
	return true
}

// combined returns the union, connect or join that the stream s flows into.
func (c *checker) combined(s *model.Node) *model.Node {
	for _, u := range flow.Downstream(c.p, s, func(n *model.Node) bool { return passThrough[n.Name] }) {
		switch {
		case u.Kind == flow.Receiver && combining[u.At.Name]:
			return u.At
		case u.Kind == flow.Argument && model.IsCall(u.At, "union", "connect", "join", "coGroup", "intervalJoin"):
			return u.At
		}
	}
	return nil
}

// declaredAs returns the variable or method whose declared type the
// strategy chain that starts with create is assigned to or returned as.
func declaredAs(create *model.Node) *model.Node {
	n := create
	for o := model.Outer(n); o != nil && strategyMethods[o.Name]; o = model.Outer(n) {
		n = o
	}
	switch p := n.Parent; {
	case p != nil && p.Kind == model.Local && p.Init == n && p.Type == "WatermarkStrategy":
		return p
	case p != nil && p.Kind == model.Return && p.Init == n:
		if m := model.Enclosing(p, model.Method); m != nil && m.Type == "WatermarkStrategy" {
			return m
		}
	case p != nil && p.Kind == model.Method && p.Init == n && p.Type == "WatermarkStrategy":
		return p
	}
	return nil
}

func (c *checker) where(n *model.Node) string {
	pos := c.pass.Fset.Position(n.NamePos)
	return fmt.Sprintf("%s:%d", filepath.Base(pos.Filename), pos.Line)
}

// fix adds .withIdleness(Duration.ofMinutes(1)) right after the factory
// call, and imports java.time.Duration where needed (or names it in full
// where the file imports another Duration). A call on the factory's
// result stops Java and Scala from inferring its type argument from the
// context, so the fix writes the type argument out, taken from the declared
// type of the variable or method the strategy is assigned to; without one
// there is no fix.
func (c *checker) fix(create *model.Node) []analysis.SuggestedFix {
	f := create.File
	imported, taken := false, false // java.time.Duration; another Duration (Scala's, Joda's)
	for _, im := range f.Imports {
		switch {
		case im.Path == "java.time.Duration" || im.Wildcard && im.Path == "java.time":
			imported = true
		case !im.Wildcard && im.Name() == "Duration":
			taken = true
		}
	}
	duration := "Duration"
	if taken && !imported {
		duration, imported = "java.time.Duration", true
	}
	edits := []analysis.TextEdit{{Pos: create.End, End: create.End, NewText: []byte(".withIdleness(" + duration + ".ofMinutes(1))")}}
	if len(create.TypeArgs) == 0 {
		decl := declaredAs(create)
		if decl == nil || len(decl.TypeArgs) != 1 {
			return nil
		}
		if f.Lang == model.Java {
			edits = append(edits, analysis.TextEdit{Pos: create.NamePos, End: create.NamePos, NewText: []byte("<" + decl.TypeArgs[0] + ">")})
		} else {
			end := create.NamePos + token.Pos(len(create.Name))
			edits = append(edits, analysis.TextEdit{Pos: end, End: end, NewText: []byte("[" + decl.TypeArgs[0] + "]")})
		}
	}
	if !imported {
		if len(f.Imports) == 0 {
			return nil // no import to add ours after: leave the edit to the user
		}
		line := "\nimport java.time.Duration"
		if f.Lang == model.Java {
			line += ";"
		}
		end := f.Imports[len(f.Imports)-1].End
		edits = append(edits, analysis.TextEdit{Pos: end, End: end, NewText: []byte(line)})
	}
	return []analysis.SuggestedFix{{Message: "Add withIdleness(Duration.ofMinutes(1)); tune the timeout", TextEdits: edits}}
}
