// Package flink2removedapi implements the rule flink2-removed-api: the APIs
// Flink 2.0 removed, in a project whose build targets Flink 2.x (see
// rules/internal/flinkversion), each reported at every site that uses it
// (or at its import when nothing else names it), with its replacement, and
// fixed where the rewrite is mechanical.
package flink2removedapi

import (
	"cmp"
	"fmt"
	"go/token"
	"path/filepath"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/flinklint/flinklint/internal/config"
	"github.com/flinklint/flinklint/jobgraph"
	"github.com/flinklint/flinklint/parsers/model"
	"github.com/flinklint/flinklint/rules/internal/flinkversion"
	"github.com/flinklint/flinklint/rules/internal/lines"
	"github.com/flinklint/flinklint/rules/internal/report"
	"github.com/flinklint/flinklint/rules/internal/rule"
)

// Analyzer reports APIs removed in Flink 2.0 in projects that target 2.x.
var Analyzer = rule.New("flink2-removed-api", run, config.Analyzer)

type checker struct {
	pass *analysis.Pass
	p    *model.Project
	src  map[string][]byte
	// characteristic is the one value every setStreamTimeCharacteristic
	// of the project sets (EventTime, ProcessingTime, IngestionTime); ""
	// when none is set, or they differ. A file that sets it has its own.
	characteristic string
}

// file is one source file being checked, with the target of its build.
type file struct {
	*checker
	f      *model.File
	target flinkversion.Target
	// kafkaGone says the build's Kafka connector has no FlinkKafkaConsumer
	// (4.x, or whatever the build takes for Flink 2.x).
	kafkaGone bool
}

func run(pass *analysis.Pass, g *jobgraph.Graph) {
	p := g.Project()
	versions := flinkversion.New(pass, pass.ResultOf[config.Analyzer].(*config.Finder))
	c := &checker{pass: pass, p: p, src: map[string][]byte{}}
	c.characteristic = c.characteristicIn(p.Calls("setStreamTimeCharacteristic"))
	for _, f := range p.Files() {
		switch {
		case f.Lang == model.Java || f.Lang == model.Scala || f.Lang == model.Python:
		case f.Lang == model.Config && filepath.Base(f.Path) == "flink-conf.yaml":
		default:
			continue
		}
		t := versions.For(f.Path)
		if !applies(t) {
			continue
		}
		kafkaGone := true
		ff := &file{checker: c, f: f, target: t, kafkaGone: kafkaGone}
		if t.Flink == "" || t.FlinkMajor() < 2 { // only the Kafka connector is 4.x
			ff.kafka()
			continue
		}
		ff.check()
	}
}

// applies reports whether the rule has anything to say about a file whose
// build has the target t: Flink 2.x, or a Kafka connector of 4.x, which
// has no FlinkKafkaConsumer.
func applies(t flinkversion.Target) bool {
	return t.FlinkMajor() >= 2 || t.KafkaMajor() >= 4
}

// Applies returns whether the rule can report on the file at path, for a
// driver's prefilter: the rule's keywords need count only there, as in a
// project that targets Flink 1.x it reports nothing (and nearly every
// Flink file of it holds one). read reads build files; cfg is the
// configuration, whose flink-version setting overrides the build.
func Applies(read func(string) ([]byte, error), cfg *config.Finder) func(path string) bool {
	versions := flinkversion.Shared(read, cfg)
	return func(path string) bool { return applies(versions.For(path)) }
}

func (ff *file) check() {
	if ff.f.Lang == model.Config {
		ff.flinkConf()
		return
	}
	if ff.f.Lang != model.Python {
		ff.time()
		ff.timeWindow()
		ff.legacyAssigners()
		ff.legacyFunctions()
		ff.scalaAPI()
		ff.dataSet()
		ff.openConfiguration()
		ff.idlenessConstructor()
		ff.parameterTool()
	}
	ff.timeCharacteristic()
	ff.kafka()
	ff.addSourceSink()
}

// why says why the API is gone for this file: the version its build
// targets and the file that says so.
func (ff *file) why() string {
	t := ff.target
	if t.Configured {
		return fmt.Sprintf("flink-version %s in %s", t.Flink, filepath.Base(t.From))
	}
	return fmt.Sprintf("%s targets Flink %s", filepath.Base(t.From), t.Flink)
}

// removed is the finding for an API that Flink 2.0 removed: the headline
// names it and why it is gone for this file; help says what replaces it;
// note is the fact behind the removal.
func (ff *file) removed(api, help, note string) report.Finding {
	return report.Finding{Headline: fmt.Sprintf("Flink 2.0 removed %s (%s)", api, ff.why()), Help: help, Note: note}
}

// source returns the bytes of the file.
func (c *checker) source(f *model.File) []byte {
	if b, ok := c.src[f.Path]; ok {
		return b
	}
	b := report.Text(c.pass, f.Token)
	c.src[f.Path] = b
	return b
}

// text returns the source text of [pos, end).
func (c *checker) text(f *model.File, pos, end token.Pos) string {
	src := c.source(f)
	tf := f.Token
	if src == nil || tf == nil || !pos.IsValid() || !end.IsValid() {
		return ""
	}
	a, b := tf.Offset(pos), tf.Offset(end)
	if a < 0 || b > len(src) || a > b {
		return ""
	}
	return string(src[a:b])
}

// reportEach reports f at each site: one finding per site, so that each
// has its own review comment, SARIF result and baseline entry. The fixes
// are the file's whole fix (every site and the import edits, which no
// site's rewrite can go without): they go with the first site only, and
// the others say so in their help, so that applying any one suggestion
// never leaves a site without its import.
func (ff *file) reportEach(f report.Finding, sites []*model.Node) {
	var seen []*model.Node
	for _, n := range sites {
		if !slices.Contains(seen, n) {
			seen = append(seen, n)
		}
	}
	slices.SortStableFunc(seen, func(a, b *model.Node) int { return cmp.Compare(at(a), at(b)) })
	for i, n := range seen {
		site := f
		site.Evidence = slices.Concat(f.Evidence, used(n))
		if i > 0 {
			site.Fixes = nil
			if len(f.Fixes) > 0 {
				site.Help += fmt.Sprintf("; the fix at line %d covers this site", ff.pass.Fset.Position(at(seen[0])).Line)
			}
		}
		site.At(ff.pass, n)
	}
}

// used is the evidence of a site that is an expression, a call or a new,
// all of which the finding on its name stands for; a class that extends a
// removed class has none.
func used(n *model.Node) []analysis.RelatedInformation {
	if n.Kind != model.Call && n.Kind != model.New {
		return nil
	}
	return report.Evidence(n, "used here")
}

// at returns where a finding on n is reported.
func at(n *model.Node) token.Pos {
	if n.NamePos().IsValid() {
		return n.NamePos()
	}
	return n.Pos()
}

// find returns the nodes of the file for which keep is true, in order.
func find(f *model.File, keep func(n *model.Node) bool) []*model.Node {
	var out []*model.Node
	f.Inspect(func(n *model.Node) bool {
		if keep(n) {
			out = append(out, n)
		}
		return true
	})
	slices.SortStableFunc(out, func(a, b *model.Node) int { return cmp.Compare(at(a), at(b)) })
	return out
}

// importOf returns the import of the file that brings in class cls of
// package pkg: the class itself (or a member of it), or the package's
// wildcard.
func importOf(f *model.File, pkg, cls string) (model.Import, bool) {
	for _, im := range f.Imports {
		full := pkg + "." + cls
		if im.Path == full || strings.HasPrefix(im.Path, full+".") || im.Wildcard && im.Path == pkg {
			return im, true
		}
	}
	return model.Import{}, false
}

// importLine returns the span of the line of an import, newline included,
// and its text, when the line holds nothing but that one import.
func (c *checker) importLine(f *model.File, im model.Import) (token.Pos, token.Pos, string, bool) {
	return lines.Import(f, c.source(f), im)
}

// reportImport reports f on the import im.
func (c *checker) reportImport(file *model.File, im model.Import, f report.Finding) {
	tf := file.Token
	if tf == nil || !im.End.IsValid() {
		return
	}
	start := tf.LineStart(tf.Line(im.End))
	src := c.source(file)
	if src != nil {
		o := tf.Offset(start)
		for o < len(src) && (src[o] == ' ' || src[o] == '\t') {
			o++
		}
		start = tf.Pos(o)
	}
	f.Span(c.pass, start, im.End)
}

// statementLine returns the span of the whole line(s) of the statement n
// (a call whose value is discarded), newline included, when nothing else is
// on them.
func (c *checker) statementLine(n *model.Node) (token.Pos, token.Pos, bool) {
	return lines.Whole(n.File.Token, c.source(n.File), n.File.Lang, n.Pos(), n.End())
}

// flinkFile reports whether a Java or Scala file imports from Flink, so
// that a name such as Time or addSource is Flink's.
func flinkFile(f *model.File) bool {
	for _, im := range f.Imports {
		if strings.HasPrefix(im.Path, "org.apache.flink.") || strings.HasPrefix(im.Path, "pyflink.") || im.Path == "pyflink" {
			return true
		}
	}
	return false
}

func tokenPos(i int) token.Pos { return token.Pos(i) }
