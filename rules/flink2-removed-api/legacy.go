package flink2removedapi

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/flinklint/flinklint/parsers/model"
	"github.com/flinklint/flinklint/rules/internal/imports"
	"github.com/flinklint/flinklint/rules/internal/report"
)

// uses returns the sites of the classes of pkg in the file: declarations
// of classes extending one of them, then instantiations (an anonymous
// class's included), then other mentions; and the import that brings in the
// first class found. imported is false when the file imports none of them.
func (ff *file) uses(pkg string, classes []string) (sites []*model.Node, im model.Import, imported bool) {
	f := ff.f
	var names []string
	for _, cls := range classes {
		if i, ok := importOf(f, pkg, cls); ok {
			if !imported {
				im, imported = i, true
			}
			names = append(names, cls)
		}
	}
	if !imported {
		return nil, im, false
	}
	extends := find(f, func(n *model.Node) bool {
		anonymous := n.Parent != nil && n.Parent.Kind == model.New && n.Parent.Class() == n // its new is the site
		return n.Kind == model.Class && !anonymous && slices.ContainsFunc(n.Supers(), func(s string) bool { return slices.Contains(names, s) })
	})
	news := find(f, func(n *model.Node) bool {
		return n.Kind == model.New && slices.Contains(names, n.Name) || n.Kind == model.Call && n.Recv == nil && slices.Contains(names, n.Name) ||
			n.Kind == model.Call && n.Recv != nil && n.Recv.Kind == model.Ident && slices.Contains(names, n.Recv.Name)
	})
	return append(extends, news...), im, true
}

// reportAt reports f at each site, its fixes (edits of the imports) with
// the first, or at the import when there is no site.
func (ff *file) reportAt(sites []*model.Node, im model.Import, f report.Finding) {
	if len(sites) == 0 {
		ff.reportImport(ff.f, im, f)
		return
	}
	ff.reportEach(f, sites)
}

// legacyAssigners reports the pre-1.11 timestamp assigners, removed in 2.0.
func (ff *file) legacyAssigners() {
	type group struct {
		pkg     string
		classes []string
	}
	for _, g := range []group{
		{"org.apache.flink.streaming.api.functions", []string{"AssignerWithPeriodicWatermarks", "AssignerWithPunctuatedWatermarks", "AscendingTimestampExtractor", "IngestionTimeExtractor", "TimestampAssigner"}},
		{"org.apache.flink.streaming.api.functions.timestamps", []string{"BoundedOutOfOrdernessTimestampExtractor", "AscendingTimestampExtractor"}},
	} {
		sites, im, ok := ff.uses(g.pkg, g.classes)
		if !ok {
			continue
		}
		if im.Wildcard && len(sites) == 0 {
			continue
		}
		finding := func(cls string) report.Finding {
			return ff.removed(cls, assignerHelp(cls), fmt.Sprintf("Flink 2.0 removed %s.%s with "+
				"assignTimestampsAndWatermarks(AssignerWith...)", g.pkg, cls))
		}
		if len(sites) == 0 {
			ff.reportImport(ff.f, im, finding(im.Name()))
		}
		for _, n := range sites {
			f := finding(classAt(n, g.classes))
			f.Evidence = used(n)
			f.At(ff.pass, n)
		}
	}
}

// assignerHelp says which WatermarkStrategy replaces the legacy assigner
// cls.
func assignerHelp(cls string) string {
	switch cls {
	case "BoundedOutOfOrdernessTimestampExtractor":
		return "use WatermarkStrategy.<T>forBoundedOutOfOrderness(Duration.ofSeconds(n)).withTimestampAssigner((e, ts) -> ...)"
	case "AscendingTimestampExtractor":
		return "use WatermarkStrategy.<T>forMonotonousTimestamps().withTimestampAssigner((e, ts) -> ...)"
	}
	return "use a WatermarkStrategy: withTimestampAssigner((e, ts) -> ...) for extractTimestamp, " +
		"and a WatermarkGenerator for custom watermarks"
}

// classAt returns the class of classes that the site n uses: the one a
// class declaration extends, the one an instantiation or a static call
// names.
func classAt(n *model.Node, classes []string) string {
	switch {
	case n.Kind == model.Class:
		for _, s := range n.Supers() {
			if slices.Contains(classes, s) {
				return s
			}
		}
	case n.Kind == model.Call && n.Recv != nil:
		return n.Recv.Name
	}
	return n.Name
}

// legacy function classes: the SourceFunction and SinkFunction APIs. 2.0
// moved those it kept to a legacy package (deprecated); the others are
// gone.
var (
	sourcePkg     = "org.apache.flink.streaming.api.functions.source"
	sinkPkg       = "org.apache.flink.streaming.api.functions.sink"
	fileSinkPkg   = "org.apache.flink.streaming.api.functions.sink.filesystem"
	movedSources  = []string{"SourceFunction", "RichSourceFunction", "ParallelSourceFunction", "RichParallelSourceFunction", "FromElementsFunction", "FromIteratorFunction", "FromSplittableIteratorFunction", "InputFormatSourceFunction", "SocketTextStreamFunction", "StatefulSequenceSource", "ContinuousFileMonitoringFunction", "FileMonitoringFunction", "FileReadFunction"}
	goneSources   = []string{"MessageAcknowledgingSourceBase", "MultipleIdsMessageAcknowledgingSourceBase"}
	movedSinks    = []string{"SinkFunction", "RichSinkFunction", "PrintSinkFunction", "DiscardingSink", "TwoPhaseCommitSinkFunction", "SocketClientSink", "OutputFormatSinkFunction"}
	goneSinks     = []string{"WriteSinkFunction", "WriteSinkFunctionByMillis", "WriteFormat", "WriteFormatAsCsv", "WriteFormatAsText"}
	movedFileSink = []string{"StreamingFileSink"}
)

// legacyFunctions reports the SourceFunction and SinkFunction classes of
// their 1.x packages: one finding for the sources and one for the sinks.
// The fix imports the classes 2.0 kept from their legacy packages.
func (ff *file) legacyFunctions() {
	type group struct {
		pkg         string
		moved, gone []string
		api, what   string
		instead     string
	}
	for _, g := range []group{
		{sourcePkg, movedSources, goneSources, "the SourceFunction API", "SourceFunction API",
			"implement the Source API (FLIP-27) and read it with env.fromSource(source, strategy, name)"},
		{sinkPkg, movedSinks, goneSinks, "the SinkFunction API", "SinkFunction API (Sink V1 included)",
			"write a Sink V2 (org.apache.flink.api.connector.sink2) and attach it with sinkTo"},
		{fileSinkPkg, movedFileSink, nil, "StreamingFileSink", "StreamingFileSink", "use FileSink (flink-connector-files) with sinkTo"},
	} {
		sites, im, ok := ff.uses(g.pkg, slices.Concat(g.moved, g.gone))
		if !ok {
			continue
		}
		if im.Wildcard && len(sites) == 0 {
			continue
		}
		help := g.instead
		fixes := ff.legacyImportFix(g.pkg, g.moved, g.gone)
		if len(fixes) > 0 {
			help += fmt.Sprintf(", or for now import %s from %s.legacy, where 2.x keeps it deprecated",
				strings.Join(ff.importedOf(g.pkg, g.moved), ", "), g.pkg)
		}
		f := ff.removed(g.api, help, fmt.Sprintf("Flink 2.0 removed the %s of %s", g.what, g.pkg))
		f.Fixes = fixes
		ff.reportAt(sites, im, f)
	}
}

// importedOf returns the classes of pkg among classes that the file
// imports by name.
func (ff *file) importedOf(pkg string, classes []string) []string {
	var out []string
	for _, im := range ff.f.Imports {
		for _, cls := range classes {
			if im.Path == pkg+"."+cls || strings.HasPrefix(im.Path, pkg+"."+cls+".") {
				out = append(out, cls)
			}
		}
	}
	return slices.Compact(out)
}

// legacyImportFix rewrites the imports of the classes 2.0 moved to pkg's
// legacy package, keeping the file's import order (imports.Replace); none
// when the file imports one that is gone, or the package's wildcard.
func (ff *file) legacyImportFix(pkg string, moved, gone []string) []analysis.SuggestedFix {
	var renames []imports.Rename
	for _, im := range ff.f.Imports {
		if im.Wildcard && im.Path == pkg {
			return nil
		}
		for _, cls := range gone {
			if im.Path == pkg+"."+cls {
				return nil
			}
		}
		for _, cls := range moved {
			if im.Path == pkg+"."+cls || strings.HasPrefix(im.Path, pkg+"."+cls+".") {
				start, end, text, ok := ff.importLine(ff.f, im)
				if !ok {
					return nil
				}
				i := strings.Index(text, pkg+".")
				if i < 0 {
					return nil
				}
				full := ff.checker.text(ff.f, start, end)
				lead := full[:len(full)-len(strings.TrimLeft(full, " \t"))]
				newText := lead + text[:i] + pkg + ".legacy." + text[i+len(pkg)+1:] + "\n"
				renames = append(renames, imports.Rename{Start: start, End: end, Path: pkg + ".legacy." + im.Path[len(pkg)+1:], NewText: newText})
			}
		}
	}
	if len(renames) == 0 {
		return nil
	}
	edits := imports.Replace(ff.f, ff.source(ff.f), renames)
	return []analysis.SuggestedFix{report.Safe("Import the deprecated classes from "+pkg+".legacy, where Flink 2.x keeps them", edits...)}
}

// addSourceSink reports addSource and addSink as information: 2.x keeps
// them, for the legacy classes only.
func (ff *file) addSourceSink() {
	if !flinkFile(ff.f) {
		return
	}
	calls := find(ff.f, func(n *model.Node) bool {
		return model.IsCall(n, "addSource", "addSink") && n.Recv != nil && len(n.Args()) >= 1
	})
	for _, c := range calls {
		legacy, instead := "SourceFunction", "move to env.fromSource(source, strategy, name) with a Source"
		if c.Name == "addSink" {
			legacy, instead = "SinkFunction", "move to sinkTo(sink) with a Sink V2"
		}
		report.Finding{
			Headline: fmt.Sprintf("%s takes only a legacy %s in Flink 2.x (%s)", c.Name, legacy, ff.why()),
			Help:     instead,
			Note:     fmt.Sprintf("Flink 2.x keeps %s for the deprecated %s of its legacy package only", c.Name, legacy),
			Evidence: used(c),
			Severity: report.Info,
		}.At(ff.pass, c)
	}
}

// kafka reports FlinkKafkaConsumer and FlinkKafkaProducer, which
// flink-connector-kafka 4.0 (the first for Flink 2.x) removed.
func (ff *file) kafka() {
	f := ff.f
	for _, cls := range []string{"FlinkKafkaConsumer", "FlinkKafkaProducer"} {
		var im model.Import
		imported := false
		for _, i := range f.Imports {
			name := i.Name()
			if strings.HasPrefix(name, cls) && strings.Trim(name[len(cls):], "0123456789") == "" &&
				(strings.HasPrefix(i.Path, "org.apache.flink.streaming.connectors.kafka.") || strings.HasPrefix(i.Path, "pyflink.datastream.connectors")) {
				im, imported = i, true
				break
			}
		}
		if !imported {
			continue
		}
		sites := find(f, func(n *model.Node) bool {
			return (n.Kind == model.New || n.Kind == model.Call && n.Recv == nil) && n.Name == im.Name()
		})
		instead := "use KafkaSource with env.fromSource(source, strategy, name)"
		if cls == "FlinkKafkaProducer" {
			instead = "use KafkaSink with sinkTo(sink)"
		}
		note := "the connector for Flink 2.x dropped the legacy Kafka consumer and producer (FLINK-36848)"
		headline := fmt.Sprintf("flink-connector-kafka %s removed %s", ff.target.Kafka, im.Name())
		if ff.target.KafkaMajor() < 4 { // the build names no connector 4.x: Flink 2.x takes one
			headline = fmt.Sprintf("flink-connector-kafka 4.0 removed %s (%s)", im.Name(), ff.why())
			note = "4.0 is the first connector for Flink 2.x, and dropped the legacy Kafka consumer and producer (FLINK-36848)"
		}
		ff.reportAt(sites, im, report.Finding{Headline: headline, Help: instead, Note: note})
	}
}

// scalaAPI reports the Scala DataStream and DataSet APIs, removed in 2.0.
func (ff *file) scalaAPI() {
	for _, im := range ff.f.Imports {
		if im.Path == "org.apache.flink.streaming.api.scala" || strings.HasPrefix(im.Path, "org.apache.flink.streaming.api.scala.") ||
			im.Path == "org.apache.flink.api.scala" || strings.HasPrefix(im.Path, "org.apache.flink.api.scala.") {
			ff.reportImport(ff.f, im, ff.removed("its Scala APIs", "call the Java DataStream API from Scala "+
				"(org.apache.flink.streaming.api.datastream, with explicit TypeInformation), or a community Scala "+
				"wrapper such as flink-scala-api", "Flink 2.0 removed org.apache.flink.streaming.api.scala, "+
				"org.apache.flink.api.scala and flink-streaming-scala"))
			return
		}
	}
}

// dataSet reports the DataSet API, removed in 2.0.
func (ff *file) dataSet() {
	sites, im, ok := ff.uses("org.apache.flink.api.java", []string{"ExecutionEnvironment", "DataSet", "LocalEnvironment", "RemoteEnvironment"})
	if !ok {
		return
	}
	envs := find(ff.f, func(n *model.Node) bool {
		return model.IsStaticCall(n, "ExecutionEnvironment", "getExecutionEnvironment") ||
			model.IsStaticCall(n, "ExecutionEnvironment", "createLocalEnvironment") ||
			model.IsStaticCall(n, "ExecutionEnvironment", "createRemoteEnvironment")
	})
	sites = append(envs, sites...)
	if im.Wildcard && len(sites) == 0 {
		return
	}
	ff.reportAt(sites, im, ff.removed("the DataSet API", "use the DataStream API in batch mode "+
		"(env.setRuntimeMode(RuntimeExecutionMode.BATCH)) or the Table API",
		"Flink 2.0 removed the DataSet API: org.apache.flink.api.java.ExecutionEnvironment, DataSet and their operators"))
}

// idlenessConstructor reports new WatermarksWithIdleness(generator,
// timeout): 2.0 added the clock argument (FLINK-35886).
func (ff *file) idlenessConstructor() {
	for _, n := range find(ff.f, func(n *model.Node) bool {
		return model.Constructs(n, "WatermarksWithIdleness") && len(n.Args()) == 2
	}) {
		f := ff.removed("WatermarksWithIdleness(generator, timeout)", "pass the input activity clock too, "+
			"new WatermarksWithIdleness<>(generator, timeout, context.getInputActivityClock()), "+
			"or use WatermarkStrategy.withIdleness(timeout)", "Flink 2.0 added the clock to the constructor (FLINK-35886)")
		f.Evidence = used(n)
		f.At(ff.pass, n)
	}
}

// parameterTool reports ParameterTool's old package: 2.0 moved it to
// org.apache.flink.util. The fix rewrites the import.
func (ff *file) parameterTool() {
	const old = "org.apache.flink.api.java.utils"
	for _, im := range ff.f.Imports {
		cls := im.Name()
		if im.Wildcard || !strings.HasPrefix(im.Path, old+".") || !slices.Contains([]string{"ParameterTool", "MultipleParameterTool", "AbstractParameterTool"}, cls) {
			continue
		}
		var fixes []analysis.SuggestedFix
		if start, end, text, ok := ff.importLine(ff.f, im); ok {
			full := ff.checker.text(ff.f, start, end)
			lead := full[:len(full)-len(strings.TrimLeft(full, " \t"))]
			newText := lead + strings.Replace(text, old+".", "org.apache.flink.util.", 1) + "\n"
			fixes = append(fixes, report.Safe("Import "+cls+" from org.apache.flink.util",
				imports.Replace(ff.f, ff.source(ff.f), []imports.Rename{{Start: start, End: end, Path: "org.apache.flink.util." + cls, NewText: newText}})...))
		}
		ff.reportImport(ff.f, im, report.Finding{
			Headline: fmt.Sprintf("%s moved to org.apache.flink.util (%s)", cls, ff.why()),
			Help:     "import org.apache.flink.util." + cls,
			Note:     fmt.Sprintf("%s.%s is gone in Flink 2.0", old, cls),
			Fixes:    fixes,
		})
	}
}

// flinkConf reports a flink-conf.yaml: 2.0 reads only config.yaml.
func (ff *file) flinkConf() {
	f := ff.f
	if f.Token == nil {
		return
	}
	if ff.readByProject(f.Path) {
		return
	}
	pos, end := f.Token.Pos(0), f.Token.Pos(0)
	if len(f.Config) > 0 {
		pos, end = f.Config[0].KeyPos, f.Config[0].KeyEnd
	}
	report.Finding{
		Headline: fmt.Sprintf("Flink 2.0 no longer reads flink-conf.yaml (%s)", ff.why()),
		Help: "convert this file to config.yaml with bin/migrate-config-file.sh of a Flink 2.x distribution, " +
			"or rename it and check that every value is valid YAML",
		Note: "Flink 2.0 reads only config.yaml, in standard YAML, so the settings of this file are silently lost",
	}.Span(ff.pass, pos, end)
}

// readByProject reports whether a script or program beside the
// configuration file names flink-conf.yaml: the project reads the file
// itself (apache/flink-connector-kafka's copy of pyflink_gateway_server.py
// reads env.java.opts from it), so whether Flink reads it does not settle
// that its settings are lost.
func (ff *file) readByProject(path string) bool {
	dir := filepath.Dir(path)
	entries, err := os.ReadDir(dir)
	if err != nil {
		return false
	}
	for _, e := range entries {
		switch filepath.Ext(e.Name()) {
		case ".py", ".sh", ".java", ".scala":
		default:
			continue
		}
		if src, err := ff.pass.ReadFile(filepath.Join(dir, e.Name())); err == nil && bytes.Contains(src, []byte("flink-conf.yaml")) {
			return true
		}
	}
	return false
}
