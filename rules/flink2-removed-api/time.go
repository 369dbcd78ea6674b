package flink2removedapi

import (
	"fmt"
	"go/token"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/flinklint/flinklint/parsers/model"
	"github.com/flinklint/flinklint/rules/internal/imports"
	"github.com/flinklint/flinklint/rules/internal/report"
)

// timePackages are the packages of the two Time classes 2.0 removed
// (FLINK-32570, deprecated in 1.19).
var timePackages = []string{"org.apache.flink.streaming.api.windowing.time", "org.apache.flink.api.common.time"}

// durationOf maps the factories of Time to those of java.time.Duration.
var durationOf = map[string]string{
	"milliseconds": "ofMillis", "seconds": "ofSeconds", "minutes": "ofMinutes", "hours": "ofHours", "days": "ofDays", "of": "of",
}

// time reports the first use of Flink's Time in the file, and fixes every
// use when all of them are factory calls.
func (ff *file) time() {
	f := ff.f
	var im model.Import
	imported := false
	for _, pkg := range timePackages {
		if i, ok := importOf(f, pkg, "Time"); ok {
			im, imported = i, true
			break
		}
	}
	qualified := func(n *model.Node) bool {
		return n.Recv != nil && n.Recv.Kind == model.Select && slices.ContainsFunc(timePackages, func(pkg string) bool {
			q := ff.text(n.Recv.Recv)
			return q != "" && (pkg == q || strings.HasSuffix(pkg, "."+q))
		})
	}
	calls := find(f, func(n *model.Node) bool {
		if n.Kind != model.Call || len(n.Args()) == 0 || durationOf[n.Name] == "" || !model.IsStaticCall(n, "Time", n.Name) {
			return false
		}
		return imported && (n.Recv.Kind == model.Ident || qualified(n)) || qualified(n)
	})
	if !imported && len(calls) == 0 {
		return
	}
	fixes := ff.timeFix(calls, im, imported)
	api, help := "Flink's Time class", "use java.time.Duration: Time.seconds(5) is Duration.ofSeconds(5)"
	switch {
	case len(calls) == 0:
		api += ", imported here"
	case fixes == nil:
		help += ", and change the types and values of Time in this file by hand"
	}
	fin := ff.removed(api, help, "every Flink method that took "+timePackages[0]+".Time or "+timePackages[1]+
		".Time takes a java.time.Duration since 1.19 (FLINK-32570)")
	if len(calls) == 0 {
		ff.reportImport(f, im, fin)
		return
	}
	fin.Fixes = fixes
	ff.reportEach(fin, calls)
}

// text returns the source text of n.
func (ff *file) text(n *model.Node) string {
	if n == nil {
		return ""
	}
	return ff.checker.text(ff.f, n.Pos(), n.End())
}

// timeFix rewrites each Time factory call into Duration's, deletes the
// import of Time and imports java.time.Duration. There is none when Time
// appears otherwise (a parameter, field or variable of type Time, a
// method of a Time value), which needs a type changed.
func (ff *file) timeFix(calls []*model.Node, im model.Import, imported bool) []analysis.SuggestedFix {
	f := ff.f
	if len(calls) == 0 {
		return nil
	}
	recvs := map[*model.Node]bool{}
	for _, c := range calls {
		recvs[c.Recv] = true
	}
	other := false
	f.Inspect(func(n *model.Node) bool {
		switch {
		case recvs[n]:
			return false
		case (n.Kind == model.Ident || n.Kind == model.Select) && n.Name == "Time" && model.Outer(n) == nil:
			other = true
		case (n.Kind == model.Local || n.Kind == model.Method) && (n.Type() == "Time" || slices.Contains(n.TypeArgs(), "Time")):
			other = true
		case (n.Kind == model.Call || n.Kind == model.New) && slices.Contains(n.TypeArgs(), "Time"):
			other = true
		case n.Kind == model.Ident && n.Name == "Time":
			other = true
		}
		return true
	})
	if other {
		return nil
	}
	duration := "Duration"
	for _, i := range f.Imports {
		if !i.Wildcard && i.Name() == "Duration" && i.Path != "java.time.Duration" {
			duration = "java.time.Duration" // another Duration is imported
		}
	}
	var edits []analysis.TextEdit
	for _, c := range calls {
		name := durationOf[c.Name]
		if c.Name == "of" {
			if len(c.Args()) != 2 {
				return nil
			}
			// Time.of(n, TimeUnit.X) is Duration.of(n, TimeUnit.X.toChronoUnit())
			edits = append(edits, analysis.TextEdit{Pos: c.Args()[1].End(), End: c.Args()[1].End(), NewText: []byte(".toChronoUnit()")})
		} else if len(c.Args()) != 1 {
			return nil
		}
		end := c.NamePos() + token.Pos(len(c.Name))
		edits = append(edits, analysis.TextEdit{Pos: c.Pos(), End: end, NewText: []byte(duration + "." + name)})
	}
	if imported {
		start, end, _, ok := ff.importLine(f, im)
		if !ok || im.Wildcard {
			return nil
		}
		edits = append(edits, analysis.TextEdit{Pos: start, End: end})
	}
	if duration == "Duration" {
		e, ok := imports.Add(f, ff.source(f), "java.time.Duration")
		if !ok {
			return nil
		}
		if e.Pos.IsValid() {
			edits = append(edits, e)
		}
	}
	n := len(calls)
	what := "this call"
	if n > 1 {
		what = fmt.Sprintf("the %d calls of the file", n)
	}
	return []analysis.SuggestedFix{report.Safe("Use java.time.Duration in "+what+" (Time.seconds(5) is Duration.ofSeconds(5))", edits...)}
}

// timeWindow reports timeWindow and timeWindowAll, removed in 2.0
// (deprecated since 1.12). Which window they made depended on the time
// characteristic; the fix writes the window out when the project sets the
// characteristic to one value.
func (ff *file) timeWindow() {
	f := ff.f
	if !flinkFile(f) {
		return
	}
	calls := find(f, func(n *model.Node) bool {
		return model.IsCall(n, "timeWindow", "timeWindowAll") && n.Recv != nil && (len(n.Args()) == 1 || len(n.Args()) == 2)
	})
	if len(calls) == 0 {
		return
	}
	characteristic := ff.characteristic
	sets := find(f, func(n *model.Node) bool { return model.IsCall(n, "setStreamTimeCharacteristic") })
	if len(sets) > 0 {
		characteristic = ff.characteristicIn(sets)
	}
	evidence := ff.characteristicEvidence(sets, characteristic)
	for _, c := range calls {
		var f report.Finding
		switch characteristic {
		case "EventTime", "ProcessingTime":
			a := assigner(strings.TrimSuffix(characteristic, "Time"), len(c.Args()))
			f = ff.removed(c.Name, fmt.Sprintf("write out the window it made: %s(%s.of(...))", windowOf(c.Name), a),
				fmt.Sprintf("%s made the window the time characteristic asked for, %s in this project", c.Name, characteristic))
			f.Fixes = ff.timeWindowFix(c, a)
		default:
			f = ff.removed(c.Name, fmt.Sprintf("write the window out, as %s(%s.of(size)), or %s if the job "+
				"used processing time", windowOf(c.Name), assigner("Event", len(c.Args())), assigner("Processing", len(c.Args()))),
				c.Name+" made event-time windows since Flink 1.12, unless setStreamTimeCharacteristic(ProcessingTime) was called")
		}
		f.Evidence = slices.Concat(evidence, used(c))
		f.At(ff.pass, c)
	}
}

// characteristicEvidence is where the time characteristic that timeWindow
// follows is set: the file's setStreamTimeCharacteristic calls, or else the
// project's when they all set characteristic.
func (ff *file) characteristicEvidence(sets []*model.Node, characteristic string) []analysis.RelatedInformation {
	if len(sets) == 0 && characteristic != "" {
		sets = ff.p.Calls("setStreamTimeCharacteristic")
	}
	var out []analysis.RelatedInformation
	for _, n := range sets {
		out = append(out, report.Evidence(n, "time characteristic set here")...)
	}
	return out
}

func windowOf(name string) string {
	if name == "timeWindowAll" {
		return "windowAll"
	}
	return "window"
}

// assigner names the window assigner timeWindow made: kind is Event or
// Processing; two arguments make a sliding window.
func assigner(kind string, args int) string {
	if args == 2 {
		return "Sliding" + kind + "TimeWindows"
	}
	return "Tumbling" + kind + "TimeWindows"
}

// timeWindowFix writes the call c, timeWindow(size[, slide]), as
// window(a.of(size[, slide])), importing the assigner a.
func (ff *file) timeWindowFix(c *model.Node, a string) []analysis.SuggestedFix {
	edits := []analysis.TextEdit{
		{Pos: c.NamePos(), End: c.Args()[0].Pos(), NewText: []byte(windowOf(c.Name) + "(" + a + ".of(")},
		{Pos: c.Args()[len(c.Args())-1].End(), End: c.Args()[len(c.Args())-1].End(), NewText: []byte(")")},
	}
	e, ok := imports.Add(ff.f, ff.source(ff.f), "org.apache.flink.streaming.api.windowing.assigners."+a)
	if !ok {
		return nil
	}
	if e.Pos.IsValid() {
		edits = append(edits, e)
	}
	return []analysis.SuggestedFix{report.Safe("Write the window out: "+a+", as timeWindow made it", edits...)}
}

// characteristicOf returns the TimeCharacteristic constant a
// setStreamTimeCharacteristic call passes (EventTime), "" when unknown.
func (c *checker) characteristicOf(n *model.Node) string {
	if len(n.Args()) != 1 {
		return ""
	}
	v := c.p.Value(n.Args()[0])
	if v.Kind == model.Select && v.Recv != nil && model.SimpleName(v.Recv) == "TimeCharacteristic" {
		switch name := v.Name; name {
		case "EventTime", "ProcessingTime", "IngestionTime":
			return name
		case "EVENT_TIME":
			return "EventTime"
		case "PROCESSING_TIME":
			return "ProcessingTime"
		case "INGESTION_TIME":
			return "IngestionTime"
		}
	}
	return ""
}

// characteristicIn returns the characteristic every one of the
// setStreamTimeCharacteristic calls sets, "" when there is none or they
// differ.
func (c *checker) characteristicIn(calls []*model.Node) string {
	out := ""
	for _, n := range calls {
		v := c.characteristicOf(n)
		if v == "" || out != "" && out != v {
			return ""
		}
		out = v
	}
	return out
}

// timeCharacteristic reports setStreamTimeCharacteristic and
// TimeCharacteristic, removed in 2.0 (deprecated since 1.12).
func (ff *file) timeCharacteristic() {
	f := ff.f
	im, imported := importOf(f, "org.apache.flink.streaming.api", "TimeCharacteristic")
	if !imported {
		for _, pkg := range []string{"pyflink.datastream", "pyflink.datastream.time_characteristic"} {
			if im, imported = importOf(f, pkg, "TimeCharacteristic"); imported {
				break
			}
		}
	}
	calls := find(f, func(n *model.Node) bool {
		return model.IsCall(n, "setStreamTimeCharacteristic", "getStreamTimeCharacteristic") && n.Recv != nil
	})
	if len(calls) == 0 && !imported || !flinkFile(f) {
		return
	}
	api := "TimeCharacteristic"
	if len(calls) == 0 {
		api += ", imported here"
	}
	fin := ff.removed(api, "delete the call: for processing time use processing-time windows and timers, "+
		"or env.getConfig().setAutoWatermarkInterval(0) to stop periodic watermarks", "event time is the default since Flink 1.12")
	if len(calls) == 0 {
		ff.reportImport(f, im, fin)
		return
	}
	fin.Fixes = ff.characteristicFix(calls, im, imported)
	ff.reportEach(fin, calls)
}

// characteristicFix deletes setStreamTimeCharacteristic(EventTime), which
// sets what is the default since 1.12, and writes
// setStreamTimeCharacteristic(ProcessingTime), which also turned periodic
// watermarks off, as getConfig().setAutoWatermarkInterval(0); it deletes the
// import when nothing else names TimeCharacteristic. Unsafe for
// ProcessingTime: timeWindow and the like no longer follow it.
func (ff *file) characteristicFix(calls []*model.Node, im model.Import, imported bool) []analysis.SuggestedFix {
	f := ff.f
	safe := true
	var edits []analysis.TextEdit
	args := map[*model.Node]bool{}
	for _, c := range calls {
		if c.Name != "setStreamTimeCharacteristic" || !c.Stmt && model.Outer(c) != nil {
			return nil
		}
		start, end, ok := ff.statementLine(c)
		if !ok {
			return nil
		}
		switch ff.characteristicOf(c) {
		case "EventTime":
			edits = append(edits, analysis.TextEdit{Pos: start, End: end})
		case "ProcessingTime":
			safe = false
			recv := ff.text(c.Recv)
			if recv == "" {
				return nil
			}
			edits = append(edits, analysis.TextEdit{Pos: c.Pos(), End: c.End(), NewText: []byte(model.Spell(f.Lang, recv+".getConfig().setAutoWatermarkInterval(0)", nil))})
		default:
			return nil
		}
		args[c.Args()[0]] = true
	}
	others := find(f, func(n *model.Node) bool {
		return (n.Kind == model.Ident || n.Kind == model.Select) && n.Name == "TimeCharacteristic" && !inside(n, args)
	})
	if imported && len(others) == 0 {
		start, end, _, ok := ff.importLine(f, im)
		if !ok || im.Wildcard {
			return nil
		}
		edits = append(edits, analysis.TextEdit{Pos: start, End: end})
	}
	if safe {
		return []analysis.SuggestedFix{report.Safe("Delete setStreamTimeCharacteristic(EventTime): event time is the default", edits...)}
	}
	return []analysis.SuggestedFix{report.Unsafe("Replace setStreamTimeCharacteristic with what it did: EventTime is the default, "+
		"ProcessingTime turned periodic watermarks off (setAutoWatermarkInterval(0)); windows must name processing time themselves", edits...)}
}

// inside reports whether n lies in one of the nodes of set.
func inside(n *model.Node, set map[*model.Node]bool) bool {
	for m := n; m != nil; m = m.Parent {
		if set[m] {
			return true
		}
	}
	return false
}
