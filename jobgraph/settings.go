package jobgraph

import (
	"fmt"
	"slices"
	"strings"

	"github.com/flinklint/flinklint/jobgraph/flinksql"
	"github.com/flinklint/flinklint/jobgraph/internal/sources"
	"github.com/flinklint/flinklint/parsers/model"
	"github.com/flinklint/flinklint/parsers/model/constant"
)

// jobSettings are the settings of a job's event time that its facts name:
// the fact, and the configuration key that sets it anywhere (SET, code,
// configuration files).
var jobSettings = []struct {
	fact, key string
	duration  bool // a number in code is milliseconds
}{
	{"autoWatermarkInterval", "pipeline.auto-watermark-interval", true},
	{"idleTimeout", "table.exec.source.idle-timeout", true},
	{"runtimeMode", "execution.runtime-mode", false},
	{"parallelism", "parallelism.default", false},
}

// envSetters set a job's runtime mode and default parallelism on its
// environment, by the fact they set.
var envSetters = map[string]string{"setRuntimeMode": "runtimeMode", "setParallelism": "parallelism"}

// settings adds to each job the settings that apply to it, as facts: the
// values set where it applies, each once, several joined by " | ".
func (b *builder) settings(jobs []*Job) {
	p := b.g.p
	stmts := flinksql.Statements(p)
	sites := map[string][]flinksql.Site{}
	for _, s := range jobSettings {
		sites[s.fact] = flinksql.Settings(p, stmts, s.key)
	}
	var setters []*model.Node
	for _, c := range p.Calls("setRuntimeMode", "setParallelism") {
		if c.Kind == model.Call && len(c.Args()) == 1 && c.Recv != nil && sources.IsEnvironment(p, c.Recv) {
			setters = append(setters, c)
		}
	}
	for _, j := range jobs {
		if j.File == nil {
			continue
		}
		for _, s := range jobSettings {
			var values []string
			for _, site := range sites[s.fact] {
				if site.AppliesTo(j.File, j.envs) {
					values = append(values, b.settingValue(s.duration, site.Value, site.ValueNode))
				}
			}
			for _, c := range setters {
				if envSetters[c.Name] == s.fact && (j.envs == nil && c.File == j.File || model.AnySame(p.Envs(c.Recv), j.envs)) {
					values = append(values, b.settingValue(s.duration, "", c.Args()[0]))
				}
			}
			slices.Sort(values)
			j.add(s.fact, strings.Join(slices.Compact(values), " | "))
		}
	}
}

// settingValue writes a setting's value for a reader: the string it is
// set to, or the value of the expression (a duration, a number, an enum
// constant such as BATCH) as far as it folds.
func (b *builder) settingValue(duration bool, text string, value *model.Node) string {
	if value == nil {
		return text
	}
	p := b.g.p
	v := p.Value(value)
	if d, ok := constant.Duration(p, value); ok && duration {
		return d.String()
	}
	if n, ok := constant.Int(p, value); ok && !duration {
		return fmt.Sprint(n)
	}
	switch {
	case v.Kind == model.Ident:
		return "from " + v.Written() // a parameter: the value its callers give
	case model.SimpleName(v) != "":
		return model.SimpleName(v) // RuntimeExecutionMode.BATCH
	}
	return "not constant"
}

// Applies reports whether a setting applies to some job of the project. One
// that applies to none (made in a factory or helper nobody in the project
// calls, or a configuration file beside no job) is shared configuration:
// the jobs it is for are built outside the project.
func (g *Graph) Applies(s flinksql.Site) bool {
	for _, j := range g.Jobs() {
		if j.File != nil && s.AppliesTo(j.File, j.envs) {
			return true
		}
	}
	return false
}
