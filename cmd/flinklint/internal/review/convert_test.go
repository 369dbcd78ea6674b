package review

import (
	"go/token"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"

	"github.com/flinklint/flinklint/analyzer"
	"github.com/flinklint/flinklint/rules"
)

// job has two fixable findings on one line, after non-ASCII text.
const job = `package demo;

import java.time.Duration;
import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.connector.kafka.source.KafkaSource;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.streaming.api.windowing.assigners.TumblingEventTimeWindows;

public class Job {
    public static void main(String[] args) throws Exception {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();
        KafkaSource<Event> source = KafkaSource.<Event>builder().build();
        env.fromSource(source,
                /* größe */ WatermarkStrategy.<Event>forBoundedOutOfOrderness(Duration.ofSeconds(5))
                        .withTimestampAssigner((e, ts) -> e.getTimestamp().getEpochSecond()),
                "clicks")
                .keyBy(e -> e.getUser()).window(TumblingEventTimeWindows.of(Duration.ofMinutes(1))).sum("n");
    }
}
`

func analyze(t *testing.T, root string) *analyzer.Result {
	t.Helper()
	var as []*analysis.Analyzer
	for _, r := range rules.All {
		as = append(as, r.Analyzer)
	}
	res, err := analyzer.Run([]string{root}, as)
	if err != nil {
		t.Fatal(err)
	}
	return res
}

// TestFromResult checks paths, character columns, severities, docs URLs,
// and that each fix, as whole lines, gives the file its edits give it.
func TestFromResult(t *testing.T) {
	for _, eol := range []string{"\n", "\r\n"} {
		root := t.TempDir()
		src := strings.ReplaceAll(job, "\n", eol)
		path := filepath.Join(root, "src", "Job.java")
		os.MkdirAll(filepath.Dir(path), 0o755)
		os.WriteFile(path, []byte(src), 0o644)
		res := analyze(t, root)
		findings := FromResult(res, root)
		if len(findings) != len(res.Diagnostics) || len(findings) < 2 {
			t.Fatalf("eol %q: %d findings from %d diagnostics: %+v", eol, len(findings), len(res.Diagnostics), findings)
		}
		fixes := 0
		for i, f := range findings {
			d := res.Diagnostics[i]
			if f.Path != "src/Job.java" || f.Line != d.Position.Line || f.DocsURL == "" || f.Severity == 0 || f.Rule != d.Rule {
				t.Errorf("eol %q: finding %+v of %+v", eol, f, d)
			}
			line := strings.Split(src, eol)[f.Line-1]
			if want := len([]rune(line[:d.Position.Column-1])) + 1; f.Column != want {
				t.Errorf("eol %q: %s: column %d, want %d characters (byte column %d)", eol, f.Rule, f.Column, want, d.Position.Column)
			}
			endLine := strings.Split(src, eol)[f.EndLine-1]
			if want := len([]rune(endLine[:d.EndPos.Column-1])) + 1; f.EndLine != d.EndPos.Line || f.EndColumn != want {
				t.Errorf("eol %q: %s: end %d:%d, want %d:%d", eol, f.Rule, f.EndLine, f.EndColumn, d.EndPos.Line, want)
			}
			if len(d.SuggestedFixes) == 0 {
				if f.Fix != nil {
					t.Errorf("%s: a fix where the rule offers none", f.Rule)
				}
				continue
			}
			if f.Fix == nil {
				t.Errorf("eol %q: %s: no fix", eol, f.Rule)
				continue
			}
			fixes++
			if got, want := replaceLines(strings.ReplaceAll(src, "\r\n", "\n"), f.Fix), strings.ReplaceAll(applyEdits(t, res, src, d), "\r\n", "\n"); got != want {
				t.Errorf("eol %q: %s: the fix as lines %d-%d gives\n%s\nits edits give\n%s", eol, f.Rule, f.Fix.StartLine, f.Fix.EndLine, got, want)
			}
		}
		if fixes < 2 {
			t.Errorf("eol %q: %d fixes, want the two of missing-idleness and seconds-timestamp", eol, fixes)
		}
		// A file changed since it was analyzed gets no fix: its lines are not the ones the edits point into.
		os.WriteFile(path, []byte("// changed\n"+src), 0o644)
		for _, f := range FromResult(res, root) {
			if f.Fix != nil {
				t.Errorf("eol %q: %s: a fix for a file changed since", eol, f.Rule)
			}
		}
	}
}

// replaceLines applies a whole-line fix to src.
func replaceLines(src string, fix *Fix) string {
	lines := strings.SplitAfter(src, "\n")
	return strings.Join(slices.Concat(lines[:fix.StartLine-1], []string{fix.Text}, lines[fix.EndLine:]), "")
}

// applyEdits applies d's first fix's edits to src, the file's text.
func applyEdits(t *testing.T, res *analyzer.Result, src string, d analyzer.Diagnostic) string {
	t.Helper()
	edits := slices.Clone(d.SuggestedFixes[0].TextEdits)
	slices.SortFunc(edits, func(a, b analysis.TextEdit) int { return int(b.Pos - a.Pos) })
	for _, e := range edits {
		tf := res.Fset.File(e.Pos)
		end := e.End
		if !end.IsValid() {
			end = e.Pos
		}
		src = src[:tf.Offset(e.Pos)] + string(e.NewText) + src[tf.Offset(end):]
	}
	return src
}

func TestRelPath(t *testing.T) {
	root := t.TempDir()
	for name, want := range map[string]string{
		filepath.Join(root, "a", "b.sql"):  "a/b.sql",
		filepath.Join(root, "..", "x.sql"): filepath.ToSlash(filepath.Join(root, "..", "x.sql")),
	} {
		if got := relPath(root, name); got != want {
			t.Errorf("relPath(%q) = %q, want %q", name, got, want)
		}
	}
}

// TestFromResultEvidence: the message's parts and the evidence, with its
// paths relative to the root, reach the finding.
func TestFromResultEvidence(t *testing.T) {
	root := t.TempDir()
	pos := func(name string, line int) token.Position {
		return token.Position{Filename: filepath.Join(root, "src", name), Line: line, Column: 3}
	}
	d := analyzer.Diagnostic{
		Diagnostic: analysis.Diagnostic{Message: "`withIdleness` missing\nhelp: add it\nnote: idle partitions stall"},
		Rule:       "missing-idleness", Position: pos("StreamDefaults.java", 12), EndPos: pos("StreamDefaults.java", 12),
		Evidence: []analyzer.Evidence{
			{Label: "strategy defined here", Position: pos("StreamDefaults.java", 12), EndPos: pos("StreamDefaults.java", 14)},
			{Label: "feeds `fromSource` here", Position: pos("Job.java", 24)}, // no end
		},
	}
	fs := FromResult(&analyzer.Result{Fset: token.NewFileSet(), Diagnostics: []analyzer.Diagnostic{d}}, root)
	want := Finding{Path: "src/StreamDefaults.java", Line: 12, Column: 3, EndLine: 12, EndColumn: 3, Rule: "missing-idleness",
		Severity: rules.Warning, Message: "`withIdleness` missing", Help: "add it", Note: "idle partitions stall",
		Related: []Related{
			{Path: "src/StreamDefaults.java", Line: 12, EndLine: 14, Label: "strategy defined here"},
			{Path: "src/Job.java", Line: 24, EndLine: 24, Label: "feeds `fromSource` here"},
		}}
	if len(fs) != 1 {
		t.Fatalf("findings %+v", fs)
	}
	fs[0].DocsURL = ""
	if !reflect.DeepEqual(fs[0], want) {
		t.Errorf("finding\n%+v\nwant\n%+v", fs[0], want)
	}
}
