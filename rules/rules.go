// Package rules is the registry of flinklint's rules: every rule's Analyzer
// and its default severity, found by rule id.
package rules

import (
	"fmt"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/flinklint/flinklint/internal/config"
	"github.com/flinklint/flinklint/parsers"

	assignaftersource "github.com/flinklint/flinklint/rules/assign-after-source"
	autowatermarkintervalzero "github.com/flinklint/flinklint/rules/auto-watermark-interval-zero"
	boundexceedswindow "github.com/flinklint/flinklint/rules/bound-exceeds-window"
	eventtimewithoutwatermarks "github.com/flinklint/flinklint/rules/event-time-without-watermarks"
	flink2removedapi "github.com/flinklint/flinklint/rules/flink2-removed-api"
	globalwindownotrigger "github.com/flinklint/flinklint/rules/global-window-no-trigger"
	ineffectivelateness "github.com/flinklint/flinklint/rules/ineffective-lateness"
	"github.com/flinklint/flinklint/rules/internal/flinkversion"
	invalidduration "github.com/flinklint/flinklint/rules/invalid-duration"
	kafkarecordtimestamp "github.com/flinklint/flinklint/rules/kafka-record-timestamp"
	latedatadropped "github.com/flinklint/flinklint/rules/late-data-dropped"
	latetagunread "github.com/flinklint/flinklint/rules/late-tag-unread"
	latenessintoappendsink "github.com/flinklint/flinklint/rules/lateness-into-append-sink"
	missingidleness "github.com/flinklint/flinklint/rules/missing-idleness"
	secondstimestamp "github.com/flinklint/flinklint/rules/seconds-timestamp"
	sourceignoresassigner "github.com/flinklint/flinklint/rules/source-ignores-assigner"
	unevenunionidleness "github.com/flinklint/flinklint/rules/uneven-union-idleness"
	zeroidletimeout "github.com/flinklint/flinklint/rules/zero-idle-timeout"
)

// Severity is how serious a finding is.
type Severity uint8

// The severities, from least to most serious.
const (
	Info Severity = iota + 1
	Warning
	Error
)

func (s Severity) String() string {
	switch s {
	case Info:
		return "info"
	case Warning:
		return "warning"
	case Error:
		return "error"
	}
	return "unknown"
}

// ParseSeverity reads a severity name.
func ParseSeverity(s string) (Severity, error) {
	for _, v := range []Severity{Info, Warning, Error} {
		if strings.EqualFold(s, v.String()) {
			return v, nil
		}
	}
	return 0, fmt.Errorf("unknown severity %q (want error, warning or info)", s)
}

// Rule is a registered rule. Severity is the severity of its findings,
// unless a finding's Diagnostic.Category names another one (error, warning
// or info): zero-idle-timeout, for one, reports a crash in DataStream code
// as an error and a silent no-op in SQL as a warning.
type Rule struct {
	*analysis.Analyzer
	Severity Severity
	// Keywords are the words without one of which a Java or Scala file
	// cannot hold what the rule reports on or starts from (a word may be
	// part of a name: "indow(" is in window(, countWindow( and
	// timeWindow(). A word written with a leading "." counts only in the
	// name of a method called on something, after a "." or "::" or, in
	// Scala, infix: ".indow(" is in ks.window( and ks window(, not in
	// def window( or new TimeWindow( (parsers.Options.Keywords). They are
	// the parse's prefilter: a file with no keyword of a rule that runs is
	// parsed only if a rule resolves a name it declares, and most files of
	// a project hold none. A keyword that is too narrow loses findings;
	// one that is too wide costs time.
	Keywords []string
	// Applies, when not nil, says for which files the Keywords count: those
	// whose build targets what the rule is about (flink2-removed-api's
	// words are in nearly every Flink file, and count only in projects
	// that target Flink 2.x). It reads build files with read; cfg is the
	// run's configuration.
	Applies func(read func(string) ([]byte, error), cfg *config.Finder) func(path string) bool
}

// Summary returns the first line of the rule's documentation.
func (r Rule) Summary() string {
	s, _, _ := strings.Cut(r.Doc, "\n")
	return s
}

// Keyword groups that several rules share. Code passes Flink SQL to the
// TableEnvironment and StatementSet methods of sqlCalls, or describes a
// table whose expressions are SQL with a TableDescriptor, and configuration
// to Configuration and TableConfig setters by the key or option constant of
// settings. Windows and SQL are calls on a stream or an environment:
// Flink's own sources declare window( and test planners name their
// variables sqlQuery, where no rule starts.
var (
	windows   = []string{".indow(", ".indowAll("} // ks.window(, countWindow(, timeWindowAll( ...
	sqlCalls  = []string{".xecuteSql", ".sqlQuery", ".sqlUpdate", ".nsertSql", ".xplainSql", "TableDescriptor"}
	strategy  = []string{"WatermarkStrategy"}
	idleness  = []string{"withIdleness", "idle-timeout", "IDLE_TIMEOUT", "TableDescriptor"}
	interval  = []string{"AutoWatermark", "auto-watermark", "AUTO_WATERMARK"}
	durations = []string{"table.exec.", "execution.checkpointing.", "scan.watermark."}
)

// All lists every rule, sorted by id.
var All = []Rule{
	{assignaftersource.Analyzer, Warning, words([]string{"ssignTimestamps"}), nil},
	// The environments: a zero that no job of the project is seen to use is
	// reported, so the rule must see the project's jobs, processing-time ones
	// included.
	{autowatermarkintervalzero.Analyzer, Error, words(interval, strategy, windows, sqlCalls,
		[]string{"ExecutionEnvironment", "TableEnvironment"}), nil},
	{boundexceedswindow.Analyzer, Warning, words(sqlCalls, []string{"OutOfOrderness", "ssignTimestamps"}), nil},
	{eventtimewithoutwatermarks.Analyzer, Error, words(windows, []string{"EventTimeTimer", "noWatermarks", "addSource",
		"socketTextStream", "fromElements", "fromCollection", "fromSequence", "readTextFile"}), nil},
	{flink2removedapi.Analyzer, Error, []string{"windowing.time", "common.time", "imeWindow", "TimeCharacteristic",
		"AssignerWith", "Extractor", "functions.TimestampAssigner", "functions.source", "functions.sink", "addSource",
		"addSink", "FlinkKafka", "api.scala", "api.java.ExecutionEnvironment", "api.java.DataSet", "api.java.*",
		"flink.configuration.", "WatermarksWithIdleness", "ParameterTool"}, flink2removedapi.Applies},
	{globalwindownotrigger.Analyzer, Error, windows, nil},
	{ineffectivelateness.Analyzer, Warning, windows, nil},
	{invalidduration.Analyzer, Error, words(durations, idleness, interval, sqlCalls), nil},
	{kafkarecordtimestamp.Analyzer, Info, words([]string{"fromSource", "ssignTimestamps", "ProducerRecord",
		"KafkaRecordSerializationSchema", "setWriteTimestampToKafka"}), nil},
	{latedatadropped.Analyzer, Info, windows, nil},
	{latetagunread.Analyzer, Warning, words(windows, []string{"ideOutput"}), nil},
	{latenessintoappendsink.Analyzer, Warning, words(windows, []string{"llowedLateness"}), nil},
	{missingidleness.Analyzer, Warning, words(strategy, idleness, sqlCalls, []string{"ssignTimestamps", "fromSource"}), nil},
	{secondstimestamp.Analyzer, Warning, words(sqlCalls, []string{"imestampAssigner", "ssignAscendingTimestamps",
		"xtractTimestamp", "xtractAscendingTimestamp", "TimestampExtractor", "TimeTimer("}), nil},
	{sourceignoresassigner.Analyzer, Error, []string{"imestampAssigner"}, nil},
	// A DataStream join is windowed or an intervalJoin.
	{unevenunionidleness.Analyzer, Warning, words(windows, []string{".union(", ".connect(", ".intervalJoin(", ".oGroup("}), nil},
	{zeroidletimeout.Analyzer, Error, words(idleness, sqlCalls), nil},
}

func words(groups ...[]string) []string { return slices.Concat(groups...) }

// Analyzers returns the analyzers of the rules, to run.
func Analyzers(rs []Rule) []*analysis.Analyzer {
	out := make([]*analysis.Analyzer, len(rs))
	for i, r := range rs {
		out[i] = r.Analyzer
	}
	return out
}

// Keywords returns the keywords of the rules, each once: the prefilter of a
// run of those rules.
func Keywords(rs []Rule) []string {
	var out []string
	for _, r := range rs {
		if r.Applies == nil {
			out = append(out, r.Keywords...)
		}
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// BuildVersions returns what reads the Flink and Kafka versions the
// build files name for the rules of a run (shared with Rule.Applies
// through cfg), for a driver that keeps what it found between runs while
// no build file changes (analyzer.Options.Build): Targets encodes it,
// Recall takes it back.
func BuildVersions(read func(string) ([]byte, error), cfg *config.Finder) interface {
	Targets() []byte
	Recall([]byte)
} {
	return flinkversion.Shared(read, cfg)
}

// Gated returns the keywords of the rules that count only where the rule
// applies (Rule.Applies), for the prefilter of a run of those rules.
func Gated(rs []Rule, read func(string) ([]byte, error), cfg *config.Finder) []parsers.Gated {
	var out []parsers.Gated
	for _, r := range rs {
		if r.Applies != nil {
			out = append(out, parsers.Gated{Words: r.Keywords, For: r.Applies(read, cfg)})
		}
	}
	return out
}

// ByID returns the rule with the given id.
func ByID(id string) (Rule, bool) {
	for _, r := range All {
		if r.Name == id {
			return r, true
		}
	}
	return Rule{}, false
}
