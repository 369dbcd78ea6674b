package analyzer

import (
	"slices"

	"github.com/flinklint/flinklint/internal/config"
)

// Configure applies the run's configuration (o.Config) to res, file by
// file: nothing is reported on an excluded file, neither findings nor
// problems other than internal errors (it is read only for the names it
// declares, and a syntax error in generated code is not the team's to
// fix); a rule the configuration disables there loses its findings there;
// a severity it sets becomes the finding's (its Category, as rules set
// it). It runs after the flinklint:ignore directives were applied, so a
// directive that silences a finding of a disabled rule is not stale.
//
// The error is that of a configuration file that cannot be loaded,
// whichever analyzed file it applies to, with or without findings: a typo
// in a configuration must not go unnoticed because its files are clean.
// res is unchanged then.
func (o Options) Configure(res *Result) error {
	return o.configure(res, map[string]config.Effective{})
}

// configure is Configure with the configurations of the files looked up
// so far, by file, which it adds to: a Session configures each of its
// results with those of its whole run.
func (o Options) configure(res *Result, effective map[string]config.Effective) error {
	if o.Config == nil {
		return nil
	}
	var err error
	lookup := func(name string) config.Effective {
		e, ok := effective[name]
		if !ok {
			var lerr error
			e, lerr = o.Config.For(name)
			if err == nil {
				err = lerr
			}
			effective[name] = e
		}
		return e
	}
	var unknown []string
	for name := range res.Digests {
		if _, ok := effective[name]; !ok {
			unknown = append(unknown, name)
		}
	}
	slices.Sort(unknown) // the first error, whichever the map's order
	for _, name := range unknown {
		lookup(name)
	}
	diags := make([]Diagnostic, 0, len(res.Diagnostics)) // the findings are copied once, with no room to spare
	for _, d := range res.Diagnostics {
		e := lookup(d.Position.Filename)
		if e.Excluded || !e.Enabled(d.Rule, true) {
			continue
		}
		if sev := e.Severity(d.Rule, ""); sev != "" {
			d.Category = sev
		}
		diags = append(diags, d)
	}
	problems := slices.DeleteFunc(slices.Clone(res.Problems), func(p Problem) bool {
		return p.Pos.Filename != "" && !p.Internal && lookup(p.Pos.Filename).Excluded
	})
	if err == nil {
		err = o.Config.Err() // files whose configuration only the cache's key looked up
	}
	if err != nil {
		return err
	}
	res.Diagnostics, res.Problems = diags, problems
	return nil
}
