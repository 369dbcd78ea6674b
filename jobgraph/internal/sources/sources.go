// Package sources tells what a Flink Source expression builds: which
// connector, whether it reads several splits at once, whether it is bounded.
package sources

import (
	"strings"

	"github.com/flinklint/flinklint/parsers/model"
)

// multiSplit are the unbounded sources that read many partitions, shards
// or splits per job, whose watermarks the quietest split holds back.
var multiSplit = map[string]bool{
	"KafkaSource": true, "DynamicKafkaSource": true, "KinesisStreamsSource": true, "PulsarSource": true,
}

// fileFormats are the FileSource factories: a FileSource reads the files
// it finds once and ends, unless it is told to monitor the path.
var fileFormats = map[string]bool{"forRecordStreamFormat": true, "forBulkFileFormat": true, "forRecordFileFormat": true}

// Info describes a source.
type Info struct {
	Class      string // KafkaSource, FileSource, ...; "" when unknown
	MultiSplit bool
	// Bounded: the builder was given a stopping point (setBounded...), or
	// it is a FileSource that does not monitorContinuously.
	Bounded bool
}

// Describe resolves src (a variable, a field, a helper method, a builder
// chain, possibly split over several statements) to what it builds.
func Describe(p *model.Project, src *model.Node) Info {
	var info Info
	if d := p.ValueDecl(src); d != nil && (d.Kind == model.Local || d.Kind == model.Method) && multiSplit[d.Type()] {
		info.Class = d.Type() // a parameter or field of a declared source type
	}
	monitored := false
	var w model.Walk // a chain: each link is entered and none left
	for n := src; n != nil && w.Enter(n); {
		if d := p.ValueDecl(n); d != nil && d.Kind == model.Local {
			info.builderCalls(p, d, &monitored) // builder.setBounded(...) as a statement of its own
		}
		v := p.Value(n)
		if v.Kind != model.Call && v.Kind != model.Select {
			break
		}
		info.note(v.Name, &monitored)
		if v.Recv != nil && (v.Name == "builder" && multiSplit[model.SimpleName(v.Recv)] ||
			fileFormats[v.Name] && model.SimpleName(v.Recv) == "FileSource") {
			info.Class = model.SimpleName(v.Recv)
			break
		}
		n = v.Recv
	}
	info.MultiSplit = multiSplit[info.Class]
	if info.Class == "FileSource" && !monitored {
		info.Bounded = true
	}
	return info
}

// builderCalls notes the calls made on the builder variable v.
func (info *Info) builderCalls(p *model.Project, v *model.Node, monitored *bool) {
	for _, r := range p.Refs(v) {
		if o := model.Outer(r); o != nil {
			info.note(o.Name, monitored)
		}
	}
}

// note records what a builder method called name says about the source.
func (info *Info) note(name string, monitored *bool) {
	switch {
	case strings.HasPrefix(name, "setBounded"):
		info.Bounded = true
	case name == "monitorContinuously":
		*monitored = true
	}
}

// testSources create bounded, single-split streams from collections.
var testSources = map[string]bool{
	"fromElements": true, "fromCollection": true, "fromData": true, "fromSequence": true, "fromParallelCollection": true,
}

// IsTestSource reports whether n is a call that creates a stream from a
// collection or a sequence, as tests do.
func IsTestSource(n *model.Node) bool {
	return n != nil && n.Kind == model.Call && testSources[n.Name]
}

// IsFileRead reports whether n reads files once and ends: readTextFile, or
// readFile without FileProcessingMode.PROCESS_CONTINUOUSLY (its default is
// PROCESS_ONCE).
func IsFileRead(p *model.Project, n *model.Node) bool {
	if n == nil || n.Kind != model.Call || n.Name != "readTextFile" && n.Name != "readFile" {
		return false
	}
	for _, a := range n.Args() {
		if model.SimpleName(p.Value(a)) == "PROCESS_CONTINUOUSLY" {
			return false
		}
	}
	return true
}

// IsNoWatermarks reports whether v is WatermarkStrategy.noWatermarks().
func IsNoWatermarks(v *model.Node) bool {
	return model.IsStaticCall(v, "WatermarkStrategy", "noWatermarks")
}

// FiniteFunction reports whether fn creates a legacy SourceFunction of the
// project whose run method has no loop that waits for more input (no while
// or do loop), as test sources that emit a fixed sequence do: such a source
// ends, and its end emits the final watermark.
func FiniteFunction(p *model.Project, fn *model.Node) bool {
	v := p.Value(fn)
	if v.Kind != model.New {
		return false
	}
	class := v.Class()
	if class == nil {
		class = p.ClassNamed(v, v.Name)
	}
	if class == nil {
		return false
	}
	for _, m := range class.Body() {
		if m.Kind != model.Method || m.Name != "run" {
			continue
		}
		finite := true
		model.Inspect(m, func(n *model.Node) bool {
			if model.IsConditionLoop(n) {
				finite = false
			}
			return finite
		})
		return finite
	}
	return false
}
