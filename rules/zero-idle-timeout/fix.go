package zeroidletimeout

import (
	"golang.org/x/tools/go/analysis"

	"github.com/flinklint/flinklint/jobgraph/flinksql"
	"github.com/flinklint/flinklint/parsers/model"
	"github.com/flinklint/flinklint/rules/internal/imports"
	"github.com/flinklint/flinklint/rules/internal/report"
	"github.com/flinklint/flinklint/rules/internal/settings"
)

// The fixes write a timeout of one minute, as missing-idleness's does: long
// enough that a partition is not marked idle in a normal pause, short
// enough that a quiet one holds the windows back for a minute only. They
// are unsafe: the timeout is a choice made for the user, and with it a
// source that was never idle (or a job that failed) now is.
const (
	oneMinute = "1 min"
	fixNote   = "Use a positive idle timeout of one minute; tune it"
)

// durationFix writes Duration.ofMinutes(1) (Duration.of_minutes(1) in
// Python) in place of the timeout expression arg, with the import of
// Duration where the file needs one and without those that only arg used
// (ChronoUnit in Duration.of(0, ChronoUnit.MINUTES)). The names arg refers
// to stay defined, unused where only arg used them.
func durationFix(pass *analysis.Pass, arg *model.Node) []analysis.SuggestedFix {
	f := arg.File
	src := report.Text(pass, f.Token)
	if src == nil {
		return nil
	}
	name, imported, ok := imports.Duration(f, src)
	if !ok {
		return nil
	}
	text := model.Spell(f.Lang, name+".ofMinutes(1)", nil)
	edits := []analysis.TextEdit{{Pos: arg.Pos(), End: arg.End(), NewText: []byte(text)}}
	if imported.NewText != nil {
		edits = append(edits, imported)
	}
	edits = append(edits, imports.Unused(f, src, f.Token.Offset(arg.Pos()), f.Token.Offset(arg.End()), text)...)
	return []analysis.SuggestedFix{report.Unsafe(fixNote, edits...)}
}

// settingFix writes '1 min' in place of a zero timeout written out as
// text, between the value's quotes ('1min' for a bare SQL value, which a
// space would end); and Duration.ofMinutes(1) in place of a Duration given
// to a typed option in Java or Scala, conf.set(TABLE_EXEC_SOURCE_IDLE_TIMEOUT,
// Duration.ZERO). A value held in a constant, or a number given to
// setLong, gets no fix.
func settingFix(pass *analysis.Pass, p *model.Project, s flinksql.Site) []analysis.SuggestedFix {
	if s.ValueNode != nil {
		if typedOption(p, s) {
			return durationFix(pass, s.ValueNode)
		}
		return nil
	}
	text := oneMinute
	if s.File.Lang == model.SQL && settings.Bare(pass, s.Setting) {
		text = "1min"
	}
	e, ok := settings.Replace(pass, s.Setting, text)
	if !ok {
		return nil
	}
	return []analysis.SuggestedFix{report.Unsafe(fixNote, e)}
}

// typedOption reports whether s is set in Java or Scala with set(option,
// value) on a ConfigOption rather than a string key, so that its value is
// a Duration.
func typedOption(p *model.Project, s flinksql.Site) bool {
	c := s.Call
	if c == nil || c.Name != "set" || len(c.Args()) != 2 || s.File.Lang != model.Java && s.File.Lang != model.Scala {
		return false
	}
	return p.Value(c.Args()[0]).Kind != model.String
}
