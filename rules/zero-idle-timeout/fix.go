package zeroidletimeout

import (
	"golang.org/x/tools/go/analysis"

	"github.com/flinklint/flinklint/jobgraph/flinksql"
	"github.com/flinklint/flinklint/parsers/model"
	"github.com/flinklint/flinklint/rules/internal/imports"
	"github.com/flinklint/flinklint/rules/internal/pystrategy"
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
// Python) in place of the timeout expression arg.
func durationFix(pass *analysis.Pass, arg *model.Node) []analysis.SuggestedFix {
	text, edits, ok := minute(pass, arg)
	if !ok {
		return nil
	}
	edits = append(edits, analysis.TextEdit{Pos: arg.Pos(), End: arg.End(), NewText: []byte(text)})
	return []analysis.SuggestedFix{report.Unsafe(fixNote, edits...)}
}

// idlenessFix is durationFix on the timeout of the withIdleness call n,
// except in Python after with_timestamp_assigner, which a with_idleness
// there drops (pystrategy): the fix then moves the call before it, or
// gives none where it cannot.
func idlenessFix(pass *analysis.Pass, n *model.Node) []analysis.SuggestedFix {
	if !pystrategy.AfterAssigner(n) {
		return durationFix(pass, n.Args()[0])
	}
	text, edits, ok := minute(pass, n.Args()[0])
	if !ok {
		return nil
	}
	moved, ok := pystrategy.MoveBefore(report.Text(pass, n.File.Token), n, model.Spell(model.Python, ".withIdleness("+text+")", nil))
	if !ok {
		return nil
	}
	return []analysis.SuggestedFix{report.Unsafe(fixNote+", before with_timestamp_assigner, which it would drop", append(edits, moved...)...)}
}

// minute is Duration.ofMinutes(1) spelt for the file of the timeout
// expression arg that it replaces, with the edits that import Duration
// where the file needs it and delete the imports that only arg used
// (ChronoUnit in Duration.of(0, ChronoUnit.MINUTES)). The names arg
// refers to stay defined, unused where only arg used them.
func minute(pass *analysis.Pass, arg *model.Node) (text string, edits []analysis.TextEdit, ok bool) {
	f := arg.File
	src := report.Text(pass, f.Token)
	if src == nil {
		return "", nil, false
	}
	name, imported, ok := imports.Duration(f, src)
	if !ok {
		return "", nil, false
	}
	text = model.Spell(f.Lang, name+".ofMinutes(1)", nil)
	if imported.NewText != nil {
		edits = append(edits, imported)
	}
	return text, append(edits, imports.Unused(f, src, f.Token.Offset(arg.Pos()), f.Token.Offset(arg.End()), text)...), true
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
