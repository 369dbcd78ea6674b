package analyzer

import (
	"go/token"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"
)

// touchResult is a result with one finding in Defaults.java, on line 2,
// whose evidence is lines 2 to 3 of Defaults.java (the strategy) and line 4
// of Job.java (the source it feeds).
func touchResult(t *testing.T) *Result {
	t.Helper()
	fset := token.NewFileSet()
	file := func(name string, lines int) *token.File {
		tf := fset.AddFile(name, -1, lines*10)
		for l := 1; l < lines; l++ {
			tf.AddLine(l * 10)
		}
		return tf
	}
	defaults, job := file("/p/Defaults.java", 5), file("/p/Job.java", 6)
	at := func(tf *token.File, line, col int) token.Pos { return tf.LineStart(line) + token.Pos(col-1) }
	d := Diagnostic{Rule: "missing-idleness", Diagnostic: analysis.Diagnostic{
		Pos: at(defaults, 2, 3), End: at(defaults, 2, 8), Message: "withIdleness missing\nhelp: add it",
		Related: []analysis.RelatedInformation{
			{Pos: at(defaults, 2, 1), End: at(defaults, 3, 9), Message: "watermark strategy defined here"},
			{Pos: at(job, 4, 5), End: at(job, 4, 9), Message: "feeds fromSource here"},
		},
	}}
	d.resolve(fset)
	return &Result{Fset: fset, Diagnostics: []Diagnostic{d}}
}

// lines touches the given lines of the given files.
func lines(touched map[string][]int) Touch {
	return func(path string, from, to int) int {
		for _, l := range touched[path] {
			if from <= l && l <= to {
				return l
			}
		}
		return 0
	}
}

func TestKeepTouchingOwnLine(t *testing.T) {
	res := touchResult(t)
	res.KeepTouching(lines(map[string][]int{"/p/Defaults.java": {2}}))
	if len(res.Diagnostics) != 1 || res.Diagnostics[0].Position.Line != 2 || len(res.Diagnostics[0].Evidence) != 2 {
		t.Fatalf("the finding on a touched line must stay as it is: %+v", res.Diagnostics)
	}
}

func TestKeepTouchingNothing(t *testing.T) {
	res := touchResult(t)
	res.KeepTouching(lines(map[string][]int{"/p/Job.java": {1, 5}, "/p/Defaults.java": {4}}))
	if len(res.Diagnostics) != 0 {
		t.Fatalf("no line of the finding or its evidence was touched: %+v", res.Diagnostics)
	}
}

// A change to a line of the strategy other than the finding's own (the
// line next to a deleted .withIdleness) keeps the finding, moved there.
func TestKeepTouchingEvidenceSameFile(t *testing.T) {
	res := touchResult(t)
	res.KeepTouching(lines(map[string][]int{"/p/Defaults.java": {3}}))
	if len(res.Diagnostics) != 1 {
		t.Fatalf("want the finding kept through its evidence, got %+v", res.Diagnostics)
	}
	d := res.Diagnostics[0]
	if d.Position.Filename != "/p/Defaults.java" || d.Position.Line != 3 || d.Position.Column != 1 {
		t.Errorf("moved to %s, want Defaults.java:3:1", d.Position)
	}
	if got := d.Text().Headline; got != "withIdleness missing (found above)" {
		t.Errorf("headline %q", got)
	}
	if d.Text().Help != "add it" {
		t.Errorf("help lost: %q", d.Message)
	}
	if e := d.Evidence[0]; e.Label != "found here" || e.Position.Line != 2 || e.Position.Column != 3 {
		t.Errorf("first evidence %+v, want the finding's own place", e)
	}
}

// A change to the job's source line, in another file, keeps the finding in
// the unchanged Defaults.java, moved to the source line.
func TestKeepTouchingEvidenceOtherFile(t *testing.T) {
	res := touchResult(t)
	res.KeepTouching(lines(map[string][]int{"/p/Job.java": {4}}))
	if len(res.Diagnostics) != 1 {
		t.Fatalf("want the finding kept through its evidence, got %+v", res.Diagnostics)
	}
	d := res.Diagnostics[0]
	if d.Position.Filename != "/p/Job.java" || d.Position.Line != 4 || d.Position.Column != 5 || d.EndPos.Column != 9 {
		t.Errorf("moved to %s-%s, want the source's range on Job.java:4", d.Position, d.EndPos)
	}
	if got := d.Text().Headline; !strings.HasSuffix(got, "(found in Defaults.java)") {
		t.Errorf("headline %q does not say where the finding is", got)
	}
	if len(d.Evidence) != 3 || d.Evidence[2].Label != "feeds fromSource here" {
		t.Errorf("evidence %+v", d.Evidence)
	}
}

// A moved finding keeps where it was found, for baselines, and no fix:
// its fix edits a place the run was not asked about.
func TestKeepTouchingMovedKeepsNoFix(t *testing.T) {
	res := touchResult(t)
	res.Diagnostics[0].SuggestedFixes = []analysis.SuggestedFix{{Message: "add it"}}
	res.KeepTouching(lines(map[string][]int{"/p/Job.java": {4}}))
	d := res.Diagnostics[0]
	if len(d.SuggestedFixes) != 0 {
		t.Errorf("a moved finding kept its fix: %+v", d.SuggestedFixes)
	}
	if f := d.Found(); f.Filename != "/p/Defaults.java" || f.Line != 2 {
		t.Errorf("Found() = %s, want Defaults.java:2", f)
	}
	kept := touchResult(t)
	kept.KeepTouching(lines(map[string][]int{"/p/Defaults.java": {2}}))
	if f := kept.Diagnostics[0].Found(); f != kept.Diagnostics[0].Position {
		t.Errorf("Found() of a finding not moved = %s", f)
	}
}
