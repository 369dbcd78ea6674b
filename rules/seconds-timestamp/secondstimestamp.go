// Package secondstimestamp implements the rule seconds-timestamp.
package secondstimestamp

import (
	"go/token"
	"slices"

	"golang.org/x/tools/go/analysis"

	"github.com/flinklint/flinklint/jobgraph"
	"github.com/flinklint/flinklint/parsers/model"
	"github.com/flinklint/flinklint/parsers/model/constant"
	"github.com/flinklint/flinklint/rules/internal/report"
	"github.com/flinklint/flinklint/rules/internal/rule"
	"github.com/flinklint/flinklint/rules/internal/units"
)

// Analyzer reports timestamp assigners that return seconds.
var Analyzer = rule.New("seconds-timestamp", run)

// assignerTypes are the interfaces and classes whose extract method returns
// a record's timestamp.
var assignerTypes = []string{
	"TimestampAssigner", "SerializableTimestampAssigner",
	"BoundedOutOfOrdernessTimestampExtractor", "AscendingTimestampExtractor",
	"AssignerWithPeriodicWatermarks", "AssignerWithPunctuatedWatermarks",
}

var extractMethods = []string{"extractTimestamp", "extractAscendingTimestamp"}

// quoted is the most bytes of code a headline quotes.
const quoted = 60

type checker struct {
	pass    *analysis.Pass
	g       *jobgraph.Graph
	project *model.Project
	src     *report.Source
	ducks   map[*model.Node]bool // the Python classes checked as assigners for their use, not their base
}

func run(pass *analysis.Pass, g *jobgraph.Graph) {
	project := g.Project()
	checkSQL(pass, project)
	c := &checker{pass: pass, g: g, project: project, src: report.NewSource(pass), ducks: map[*model.Node]bool{}}
	anchors := c.project.Find(model.Lookup{Calls: []string{"withTimestampAssigner", "assignAscendingTimestamps",
		"registerEventTimeTimer", "registerProcessingTimeTimer"}, Classes: true})
	for _, n := range anchors {
		switch {
		case model.IsCall(n, "withTimestampAssigner", "assignAscendingTimestamps") && len(n.Args()) == 1:
			c.assignerArg(n)
		case model.IsCall(n, "registerEventTimeTimer", "registerProcessingTimeTimer") && n.Recv != nil && len(n.Args()) == 1:
			if culprits := c.inSeconds(n.Args()); culprits != nil {
				report.Finding{
					Headline: "timer set in seconds (" + c.src.Quote(culprits[0], quoted) + ")",
					Help:     "convert the time to milliseconds",
					Note: "Flink expects epoch milliseconds: the time lies in January 1970, so the timer fires " +
						"at the next watermark or at once",
					Evidence: c.evidence(n, "timer registered here", culprits),
					Fixes:    c.fix(culprits),
				}.At(c.pass, n)
			}
		case n.Kind == model.Class && hasExtractMethod(n) && c.isAssigner(n, &model.Walk{}) && !anonymousArg(n):
			for _, m := range n.Body() {
				if m.Kind == model.Method && slices.Contains(extractMethods, m.Name) {
					c.check(m, m, nil, model.Results(m))
				}
			}
		}
	}
}

// hasExtractMethod reports whether the class declares a method that
// returns timestamps: only such a class has results to check, so only its
// supertypes are looked up (which parses the files that declare them).
func hasExtractMethod(class *model.Node) bool {
	return slices.ContainsFunc(class.Body(), func(m *model.Node) bool {
		return m.Kind == model.Method && slices.Contains(extractMethods, m.Name)
	})
}

// assignerArg checks the assigner given to withTimestampAssigner (or the
// function given to the Scala API's assignAscendingTimestamps) when it is a
// lambda, a Scala placeholder function (_.tsSec), a method reference or an
// anonymous class written right there, or such a lambda, placeholder or
// method reference that a helper receives as its parameter and passes on
// (reported where the caller writes it, as the helper's other callers may
// pass milliseconds). Named classes are checked at their declaration, and
// a Python class given here that names no assigner type as its base
// (PyFlink only calls its extract_timestamp) at its method.
func (c *checker) assignerArg(call *model.Node) {
	direct := c.project.Value(call.Args()[0])
	for _, a := range c.g.Origins(call.Args()[0], func(*model.Node) bool { return false }) {
		where := call
		if a != direct { // a caller's argument
			where = a
		}
		c.assigner(call, where, a)
	}
}

// assigner checks the assigner a given to call, reporting at where.
func (c *checker) assigner(call, where, a *model.Node) {
	var set *model.Node // the call, when the assigner is written apart from it
	if where != call {
		set = call
	}
	if placeholder(a) {
		c.check(where, a, set, []*model.Node{a})
		return
	}
	switch a.Kind {
	case model.Lambda:
		c.check(where, a, set, model.Results(a))
	case model.MethodRef:
		if units.NamesSeconds(a.Name) {
			c.report(where, nil, set, []*model.Node{a})
			return
		}
		for _, m := range c.project.Methods(a.Name) {
			c.check(where, nil, set, model.Results(m))
		}
	case model.New:
		if a == call.Args()[0] && a.Class() != nil {
			for _, m := range a.Class().Body() {
				if m.Kind == model.Method && slices.Contains(extractMethods, m.Name) {
					c.check(call, m, nil, model.Results(m))
				}
			}
		}
	case model.Call:
		if a.File.Lang == model.Python && a.Recv == nil {
			c.duck(a)
		}
	}
}

// duck checks the extract method of the Python class that the call a
// instantiates, when the class names no assigner type among its bases (one
// that does is checked at its declaration), once per class.
func (c *checker) duck(a *model.Node) {
	class := c.project.ClassNamed(a, a.Name)
	if class == nil || class.Kind != model.Class || c.ducks[class] || c.isAssigner(class, &model.Walk{}) {
		return
	}
	c.ducks[class] = true
	for _, m := range class.Body() {
		if m.Kind == model.Method && slices.Contains(extractMethods, m.Name) {
			c.check(m, m, nil, model.Results(m))
		}
	}
}

// placeholder reports whether e is a Scala function written with an
// underscore: a member chain on _, or arithmetic on one (_.ts / 1000).
func placeholder(e *model.Node) bool {
	for e != nil {
		switch e.Kind {
		case model.Ident:
			return e.Name == "_"
		case model.Call, model.Select:
			e = e.Recv
		case model.Binary:
			if len(e.Args()) != 2 {
				return false
			}
			e = e.Args()[0]
		default:
			return false
		}
	}
	return false
}

// anonymousArg reports whether class is the body of a new ... { } written
// as the argument of withTimestampAssigner, which assignerArg checks.
func anonymousArg(class *model.Node) bool {
	nw := class.Parent
	return class.Name == "" && nw != nil && nw.Kind == model.New && model.IsCall(nw.Parent, "withTimestampAssigner")
}

// isAssigner reports whether class implements or extends an assigner type,
// directly or through classes of the project (which may extend each other
// in a cycle while they are being edited).
func (c *checker) isAssigner(class *model.Node, w *model.Walk) bool {
	if !w.Enter(class) {
		return false
	}
	defer w.Leave(class)
	for _, s := range class.Supers() {
		if slices.Contains(assignerTypes, s) {
			return true
		}
		for _, super := range c.project.Classes(s) {
			if c.isAssigner(super, w) {
				return true
			}
		}
	}
	return false
}

// check reports at where when one of the results is in seconds. body is the
// lambda or method the results belong to: a fix only edits code inside it.
// set is the withTimestampAssigner call that a helper's caller passes the
// assigner to, or nil.
func (c *checker) check(where, body, set *model.Node, results []*model.Node) {
	if culprits := c.inSeconds(results); culprits != nil {
		c.report(where, body, set, culprits)
	}
}

// inSeconds returns the parts of the values that make them numbers of
// seconds, each result and each branch of a conditional on its own, so that
// one fix converts all of them and a second -fix finds nothing left.
func (c *checker) inSeconds(values []*model.Node) []*model.Node {
	var out []*model.Node
	for _, v := range values {
		for _, b := range branches(v) {
			if s := c.seconds(b, &model.Walk{}); s != nil && !slices.Contains(out, s) {
				out = append(out, s)
			}
		}
	}
	return out
}

// branches returns the expressions whose value e takes: the branches of a
// conditional, or e itself.
func branches(e *model.Node) []*model.Node {
	if e == nil || e.Kind != model.Other || (e.Name != "ternary_expression" && e.Name != "if_expression") || len(e.Body()) < 2 {
		return []*model.Node{e}
	}
	var out []*model.Node
	for _, b := range e.Body()[1:] {
		out = append(out, branches(b)...)
	}
	return out
}

// report reports at where that culprits (the first quoted) make a timestamp
// a number of seconds.
func (c *checker) report(where, body, set *model.Node, culprits []*model.Node) {
	f := report.Finding{
		Headline: "timestamp assigner returns seconds (" + c.src.Quote(culprits[0], quoted) + ")",
		Help:     "convert the timestamp to milliseconds",
		Note: "Flink expects epoch milliseconds: every timestamp lands in January 1970, and windows and " +
			"out-of-orderness bounds span 1000 times the event time intended",
		Evidence: slices.Concat(c.evidence(where, "timestamp assigner here", culprits),
			report.Evidence(set, "passed to withTimestampAssigner here")),
	}
	if body != nil && !slices.ContainsFunc(culprits, func(n *model.Node) bool { return !report.Inside(n, body) }) {
		f.Fixes = c.fix(culprits)
	}
	f.At(c.pass, where)
}

// evidence is the whole of at, when the finding sits on its name, and the
// culprits written outside it (in a variable, a method, another file).
func (c *checker) evidence(at *model.Node, label string, culprits []*model.Node) []analysis.RelatedInformation {
	var ev []analysis.RelatedInformation
	if at.NamePos().IsValid() {
		ev = report.Evidence(at, label)
	}
	for _, n := range culprits {
		ev = append(ev, report.EvidenceApart(n, at, "seconds come from here")...)
	}
	return ev
}

// fix converts every culprit to milliseconds, or returns nil when one of
// them has no fix. The fix is safe when every culprit is an epoch-second
// method of java.time, whose unit the API itself states; a division by
// 1000 may divide microseconds, and a name may lie, so the others are not.
func (c *checker) fix(culprits []*model.Node) []analysis.SuggestedFix {
	var edits []analysis.TextEdit
	declare := report.Safe
	for _, n := range culprits {
		e, ok := c.convert(n)
		if !ok {
			return nil
		}
		if !model.IsCall(n, "getEpochSecond", "toEpochSecond") && !pyEpochSeconds(n) {
			declare = report.Unsafe
		}
		edits = append(edits, e)
	}
	return []analysis.SuggestedFix{declare("Convert the timestamp to milliseconds", edits...)}
}

// pyEpochSeconds reports whether n is a function of Python's time or
// calendar module that the documentation states returns epoch seconds.
func pyEpochSeconds(n *model.Node) bool {
	return n.File != nil && n.File.Lang == model.Python && (model.IsStaticCall(n, "time", "time") ||
		model.IsStaticCall(n, "time", "mktime") || model.IsStaticCall(n, "calendar", "timegm"))
}

// convert converts the culprit to milliseconds: getEpochSecond() becomes
// toEpochMilli(), x / 1000 becomes x, anything else is multiplied by 1000L.
// The result must not read as seconds again, so that the fix is idempotent:
// a division that initializes a variable named in seconds stays, and the
// variable's single read is multiplied instead; there is no fix when the
// dividend is in seconds itself, nor for a culprit in a sum or a difference.
func (c *checker) convert(culprit *model.Node) (analysis.TextEdit, bool) {
	if culprit.Kind == model.Binary && culprit.Name == "/" && len(culprit.Args()) == 2 {
		v := culprit.Parent
		if v == nil || v.Kind != model.Local || v.Init != culprit || !units.NamesSeconds(v.Name) {
			if c.seconds(culprit.Args()[0], &model.Walk{}) != nil {
				return analysis.TextEdit{}, false
			}
			return analysis.TextEdit{Pos: culprit.Pos(), End: culprit.End(), NewText: []byte(c.src.Text(culprit.Args()[0]))}, true
		}
		refs := c.project.Refs(v)
		if len(refs) != 1 {
			return analysis.TextEdit{}, false
		}
		culprit = refs[0]
	}
	p := culprit.Parent
	for pyConversion(p) { // int(time.time()) + 60
		p = p.Parent
	}
	if p != nil && p.Kind == model.Binary && (p.Name == "+" || p.Name == "-") {
		return analysis.TextEdit{}, false // e.sec + 60: the other operand is in seconds too, and only the author knows
	}
	if culprit.Kind == model.Call && culprit.Name == "getEpochSecond" && len(culprit.Args()) == 0 {
		return analysis.TextEdit{Pos: culprit.NamePos(), End: culprit.NamePos() + token.Pos(len(culprit.Name)), NewText: []byte("toEpochMilli")}, true
	}
	times := " * 1000L"
	if culprit.File != nil && culprit.File.Lang == model.Python {
		times = " * 1000" // Python's integers do not overflow
	}
	return analysis.TextEdit{Pos: culprit.End(), End: culprit.End(), NewText: []byte(times)}, true
}

// seconds returns the part of e that makes its value a number of seconds,
// or nil. w guards the walk through variables and getters, which may refer
// to each other in a cycle.
func (c *checker) seconds(e *model.Node, w *model.Walk) *model.Node {
	if e == nil || !w.Enter(e) {
		return nil
	}
	defer w.Leave(e)
	switch e.Kind {
	case model.Binary:
		if len(e.Args()) != 2 {
			return nil
		}
		l, r := e.Args()[0], e.Args()[1]
		switch e.Name {
		case "/":
			if c.isThousand(r) {
				return e
			}
		case "*":
			if c.isThousand(l) || c.isThousand(r) {
				return nil
			}
			return cmpOr(c.seconds(l, w), c.seconds(r, w))
		case "+", "-":
			return cmpOr(c.seconds(l, w), c.seconds(r, w))
		}
		return nil
	case model.Unary:
		if len(e.Args()) != 1 {
			return nil
		}
		return c.seconds(e.Args()[0], w)
	case model.Other:
		if (e.Name == "ternary_expression" || e.Name == "if_expression") && len(e.Body()) > 1 {
			for _, b := range e.Body()[1:] {
				if s := c.seconds(b, w); s != nil {
					return s
				}
			}
		}
		return nil
	case model.Block:
		return c.seconds(e.Init, w)
	case model.Call, model.Select, model.Ident:
		if e.File != nil && e.File.Lang == model.Python {
			if s, known := c.python(e, w); known {
				return s
			}
		}
		return c.named(e, w)
	}
	return nil
}

// python answers for the calls of Python's standard library whose unit is
// known: time.time(), time.mktime() and calendar.timegm() return epoch
// seconds, as does the timestamp() of a datetime; time.time_ns() returns
// nanoseconds and time.monotonic() no epoch time at all; int(), round(),
// float() and math.floor() keep their argument's unit. known is false for
// other expressions.
func (c *checker) python(e *model.Node, w *model.Walk) (s *model.Node, known bool) {
	switch {
	case pyConversion(e):
		return c.seconds(e.Args()[0], w), true
	case len(e.Args()) == 0 && (model.IsStaticCall(e, "time", "time")),
		len(e.Args()) == 1 && (model.IsStaticCall(e, "time", "mktime") || model.IsStaticCall(e, "calendar", "timegm")):
		return e, true
	case model.IsStaticCall(e, "time", "timeNs"), model.IsStaticCall(e, "time", "monotonic"),
		model.IsStaticCall(e, "time", "perfCounter"), model.IsStaticCall(e, "time", "monotonicNs"):
		return nil, true
	case model.IsCall(e, "timestamp") && e.Recv != nil && len(e.Args()) == 0 && c.datetime(e.Recv, w),
		model.IsStaticCall(e, "datetime", "timestamp") && len(e.Args()) == 1: // datetime.timestamp(dt)
		return e, true
	}
	return nil, false
}

// pyConversion reports whether e is a Python call that converts a number
// without changing its unit: int(x), round(x), float(x), math.floor(x).
func pyConversion(e *model.Node) bool {
	if e == nil || e.Kind != model.Call || len(e.Args()) == 0 || e.File == nil || e.File.Lang != model.Python {
		return false
	}
	switch {
	case e.Recv == nil:
		return (e.Name == "int" || e.Name == "float") && len(e.Args()) == 1 || e.Name == "round"
	case model.SimpleName(e.Recv) == "math":
		return len(e.Args()) == 1 && (e.Name == "floor" || e.Name == "ceil" || e.Name == "trunc")
	}
	return false
}

// datetimeMakers are calls that only make datetimes, whatever their
// receiver (datetime, a pandas Timestamp, dateutil's parser).
var datetimeMakers = map[string]bool{
	"fromisoformat": true, "strptime": true, "fromtimestamp": true, "utcfromtimestamp": true, "utcnow": true,
	"toPydatetime": true, "isoparse": true, "toDatetime": true, // pandas.to_datetime
}

// datetimeClasses are the receivers whose now(), today(), parse() or
// constructor make a datetime.
var datetimeClasses = map[string]bool{"datetime": true, "Timestamp": true, "parser": true, "pendulum": true, "arrow": true}

// datetime reports whether the Python expression e is visibly a datetime
// (or a pandas Timestamp), whose timestamp() returns epoch seconds: made
// by one of the calls above, or derived from one by astimezone() or
// replace(), or a field of a record (see recordField). A context
// (ctx.timestamp() is milliseconds) is not.
func (c *checker) datetime(e *model.Node, w *model.Walk) bool {
	if c.recordField(e) {
		return true
	}
	v := c.project.Value(e)
	if v == nil || v.Kind != model.Call || !w.Enter(v) {
		return false
	}
	defer w.Leave(v)
	switch {
	case datetimeMakers[v.Name]:
		return true
	case v.Name == "now" || v.Name == "today" || v.Name == "parse" || v.Name == "combine":
		return datetimeClasses[model.SimpleName(v.Recv)]
	case v.Name == "datetime" || v.Name == "Timestamp": // datetime(2024, 1, 1), datetime.datetime(...), pd.Timestamp(...)
		return v.Recv == nil || datetimeClasses[model.SimpleName(v.Recv)] || model.SimpleName(v.Recv) == "pd"
	case v.Name == "astimezone" || v.Name == "replace":
		return v.Recv != nil && c.datetime(v.Recv, w)
	}
	return false
}

// recordField reports whether the Python expression e is an attribute or
// an item of a parameter (value.created_at, value[2], value["ts"]): a field
// of the record an assigner or a function receives, on which timestamp()
// is a datetime's (PyFlink hands a TIMESTAMP field as a datetime) or a
// pandas Timestamp's, in seconds either way. Not when a class of the
// project has a method timestamp, which such a field might hold.
func (c *checker) recordField(e *model.Node) bool {
	v, steps := c.project.Value(e), 0
	for ; v != nil && (v.Kind == model.Select && v.Recv != nil || v.Kind == model.Index && len(v.Args()) == 2); steps++ {
		if v.Kind == model.Select {
			v = c.project.Value(v.Recv)
		} else {
			v = c.project.Value(v.Args()[0])
		}
	}
	if steps == 0 || v == nil || v.Kind != model.Ident {
		return false
	}
	for range c.project.EachMethod("timestamp") {
		return false
	}
	d := c.project.ValueDecl(v)
	return d != nil && d.Kind == model.Local && d.Parent != nil && slices.Contains(d.Parent.Params(), d)
}

func (c *checker) named(e *model.Node, w *model.Walk) *model.Node {
	switch e.Name {
	case "getEpochSecond", "toEpochSecond", "toSeconds", "getSeconds":
		return e
	case "toEpochMilli", "getTime", "currentTimeMillis", "toMillis", "toInstant":
		return nil
	}
	if d := c.project.Decl(e); d != nil {
		var found *model.Node
		switch d.Kind {
		case model.Local:
			found = c.seconds(d.Init, w)
		case model.Method:
			found = c.anyResult(d, w)
		}
		if found != nil {
			return c.through(e, found)
		}
	}
	if len(e.Args()) == 0 && units.NamesSeconds(e.Name) {
		return e
	}
	if e.Kind == model.Call && len(e.Args()) == 0 && e.Recv != nil && c.project.Decl(e) == nil {
		// A getter of a class in the project, whatever the receiver's type:
		// seconds only when every method of that name returns seconds. The
		// first that does not settles it, before files declaring the others
		// are parsed.
		some := false
		for m := range c.project.EachMethod(e.Name) {
			if len(m.Params()) > 0 || c.anyResult(m, w) == nil {
				return nil
			}
			some = true
		}
		if some {
			return e
		}
	}
	return nil
}

// through makes a reference the culprit when what it refers to is in
// seconds, so that the message quotes the code of the assigner.
func (c *checker) through(ref, found *model.Node) *model.Node {
	if found == nil {
		return nil
	}
	if ref.File == found.File && ref.Pos() <= found.Pos() && found.End() <= ref.End() {
		return found
	}
	if enclosingFn(ref) == enclosingFn(found) {
		return found // a local of the same lambda or method
	}
	return ref
}

func enclosingFn(n *model.Node) *model.Node {
	for p := n.Parent; p != nil; p = p.Parent {
		if p.Kind == model.Lambda || p.Kind == model.Method {
			return p
		}
	}
	return nil
}

func (c *checker) anyResult(m *model.Node, w *model.Walk) *model.Node {
	for _, r := range model.Results(m) {
		if s := c.seconds(r, w); s != nil {
			return s
		}
	}
	return nil
}

func (c *checker) isThousand(n *model.Node) bool {
	v, ok := constant.Int(c.project, n)
	return ok && v == 1000
}

func cmpOr(a, b *model.Node) *model.Node {
	if a != nil {
		return a
	}
	return b
}
