package parsers_test

import (
	"fmt"
	"go/token"
	"maps"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"

	"github.com/flinklint/flinklint/analyzer"
	"github.com/flinklint/flinklint/analyzer/analyzertest"
	"github.com/flinklint/flinklint/parsers"
	"github.com/flinklint/flinklint/parsers/model"
)

// load runs the parse pass alone over the given files, with no prefilter,
// and returns its result.
func load(t *testing.T, files map[string]string) (*parsers.Result, *analyzer.Result) {
	t.Helper()
	return loadWith(t, analyzer.Options{}, files)
}

func loadWith(t *testing.T, opts analyzer.Options, files map[string]string) (*parsers.Result, *analyzer.Result) {
	t.Helper()
	dir := analyzertest.WriteFiles(t, files)
	var got *parsers.Result
	probe := &analysis.Analyzer{
		Name:     "probe",
		Doc:      "keeps the parse result",
		Requires: []*analysis.Analyzer{parsers.Analyzer},
		Run: func(pass *analysis.Pass) (any, error) {
			got = pass.ResultOf[parsers.Analyzer].(*parsers.Result)
			return nil, nil
		},
	}
	res, err := opts.Run([]string{dir}, []*analysis.Analyzer{probe})
	if err != nil {
		t.Fatal(err)
	}
	return got, res
}

func paths(fs []*model.File) []string {
	var out []string
	for _, f := range fs {
		out = append(out, filepath.Base(f.Path))
	}
	return out
}

// find returns the first node of the project's files that match.
func find(p *model.Project, match func(*model.Node) bool) *model.Node {
	var found *model.Node
	for _, f := range p.Files() {
		f.Inspect(func(n *model.Node) bool {
			if found == nil && match(n) {
				found = n
			}
			return found == nil
		})
	}
	return found
}

const job = `package jobs;
import static consts.Tags.LATE_ID;
import consts.Durations;
class Job {
  void run(KeyedStream<E, String> ks) {
    ks.window(Windows.ASSIGNER).sideOutputLateData(new OutputTag<E>(LATE_ID){}).allowedLateness(Durations.IDLE).sum(1);
  }
}`

// Files without a keyword are not parsed until a rule resolves a name they
// declare; then they are, and only they, whether the survey indexed their
// names exactly or, for files of many names (getters), by a filter.
func TestPrefilterAndLazyLoading(t *testing.T) {
	var getters strings.Builder
	for i := range 600 {
		fmt.Fprintf(&getters, "long getF%d() { return %[1]d; }\n", i)
	}
	for _, pad := range []string{"", getters.String()} {
		files := map[string]string{
			"jobs/Job.java":         job,
			"jobs/Windows.java":     "package jobs; class Windows { static final Object ASSIGNER = GlobalWindows.create(); }",
			"consts/Tags.java":      `package consts; public class Tags { ` + pad + `public static final String LATE_ID = "late"; }`,
			"consts/Durations.java": "package consts; public class Durations { " + pad + "public static final Duration IDLE = Duration.ofSeconds(0); }",
			"util/Strings.java":     "package util; class Strings { " + pad + "static String trim(String s) { return s.trim(); } }",
		}
		res, _ := loadWith(t, analyzer.Options{Keywords: []string{"indow(", "GlobalWindows"}}, files)
		if got := strings.Join(paths(res.Files()), " "); got != "Job.java Windows.java" {
			t.Fatalf("parsed up front: %s, want Job.java Windows.java", got)
		}
		p := res.Project
		window := find(p, func(n *model.Node) bool { return model.IsCall(n, "window") })
		if v := p.Value(window.Args()[0]); !model.IsStaticCall(v, "GlobalWindows", "create") {
			t.Errorf("Windows.ASSIGNER resolved to %v", model.Format(v))
		}
		tag := find(p, func(n *model.Node) bool { return model.Constructs(n, "OutputTag") })
		if v := p.Value(tag.Args()[0]); v.Kind != model.String || v.Value() != "late" {
			t.Errorf("static import LATE_ID resolved to %v", model.Format(v))
		}
		lateness := find(p, func(n *model.Node) bool { return model.IsCall(n, "allowedLateness") })
		if v := p.Value(lateness.Args()[0]); !model.IsStaticCall(v, "Duration", "ofSeconds") {
			t.Errorf("Durations.IDLE resolved to %v", model.Format(v))
		}
		if got := strings.Join(paths(p.Files()), " "); got != "Job.java Windows.java Tags.java Durations.java" {
			t.Errorf("parsed after resolving: %s", got)
		}
		upFront, onDemand := len(files["jobs/Job.java"])+len(files["jobs/Windows.java"]), len(files["consts/Tags.java"])+len(files["consts/Durations.java"])
		if s := res.Stats(); s.ParsedBytes != int64(upFront) || s.LoadedBytes != int64(onDemand) {
			t.Errorf("%d bytes parsed up front and %d on demand, want %d and %d", s.ParsedBytes, s.LoadedBytes, upFront, onDemand)
		}
		p.Methods("getG0") // declared nowhere
		if got := strings.Join(paths(p.Files()), " "); got != "Job.java Windows.java Tags.java Durations.java" {
			t.Errorf("parsed after looking up a method declared nowhere: %s", got)
		}
		if pad != "" && len(p.Methods("getF599")) != 3 {
			t.Errorf("%d methods getF599, want 3", len(p.Methods("getF599")))
		}
	}
}

func TestResolution(t *testing.T) {
	res, _ := load(t, map[string]string{
		"Job.java": `class Job {
  private static final Duration BOUND = Duration.ofSeconds(5);
  private final OutputTag<E> tag = new OutputTag<E>("late"){};
  static WatermarkStrategy<E> strategy() {
    WatermarkStrategy<E> ws = WatermarkStrategy.forBoundedOutOfOrderness(BOUND);
    return ws;
  }
  void run() {
    use(strategy(), this.tag, tag, Helpers.window());
    int BOUND = 3; // shadows the field from here on
    use(BOUND);
  }
}`,
		"Helpers.scala": `object Helpers {
  def window = GlobalWindows.create()
}`,
	})
	p := res.Project
	var uses []*model.Node
	for _, f := range p.Files() {
		f.Inspect(func(n *model.Node) bool {
			if model.IsCall(n, "use") {
				uses = append(uses, n)
			}
			return true
		})
	}
	args := uses[0].Args()
	if v := p.Value(args[0]); !model.IsStaticCall(v, "WatermarkStrategy", "forBoundedOutOfOrderness") {
		t.Errorf("strategy() resolved to %s", model.Format(v))
	} else if b := p.Value(v.Args()[0]); !model.IsStaticCall(b, "Duration", "ofSeconds") {
		t.Errorf("BOUND resolved to %s", model.Format(b))
	}
	for _, a := range args[1:3] {
		if v := p.Value(a); !model.Constructs(v, "OutputTag") {
			t.Errorf("%s resolved to %s", a.Name, model.Format(v))
		}
	}
	if v := p.Value(args[3]); !model.IsStaticCall(v, "GlobalWindows", "create") {
		t.Errorf("Helpers.window resolved to %s", model.Format(v))
	}
	if v := p.Value(uses[1].Args()[0]); v.Kind != model.Number || v.Value() != "3" {
		t.Errorf("shadowed BOUND resolved to %s", model.Format(v))
	}
	field := find(p, func(n *model.Node) bool { return n.Kind == model.Local && n.Name == "tag" })
	if refs := p.Refs(field); len(refs) != 2 {
		t.Errorf("tag has %d references, want 2 (this.tag and tag)", len(refs))
	}
}

func TestProblems(t *testing.T) {
	big := "class Big { /* Watermark */ }" + strings.Repeat(" ", int(parsers.MaxFileSize))
	_, res := load(t, map[string]string{
		"Binary.java": "class B { Watermark w; }\x00\x01",
		"Latin1.java": "class L { String s = \"caf\xe9\"; Watermark w; }",
		"Big.java":    big,
		"Broken.java": "class Broken { void f() { ks.window(GlobalWindows.create()).sum(1) } }",
		"Fine.java":   "class Fine { void f() { ks.window(w); } }",
	})
	var got []string
	for _, p := range res.Problems {
		got = append(got, filepath.Base(p.Pos.Filename)+": "+p.Message)
	}
	want := []string{
		"Big.java: skipped: 4194333 bytes is more than the 4194304-byte limit",
		"Binary.java: skipped: binary file (it contains NUL bytes)",
		"Broken.java: syntax error (1 in the file); findings around it may be missing",
		"Latin1.java: not valid UTF-8: analyzed as is; text in messages may be garbled",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("problems:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	if res.Files != 3 {
		t.Errorf("files read = %d, want 3 (Broken, Fine, Latin1)", res.Files)
	}
}

func TestDeclaredNames(t *testing.T) {
	src := `package a;
public final class Consts { }
interface Tags {}
enum Mode { A }
record Pair(int a) {}
object Config { }
trait Helpers
sealed trait X extends Y
class Subclass extends Object // Subclass and X, not Object or Y
String s = "myclass Foo";
String t = "cannot cast class java.lang.Long"; // text: the names of none
// keeps the record table-level, the enum value, the object state. (See class Spec)`
	got := scanNames(parsers.DeclaredNames, src)
	if want := "Consts Tags Mode Pair Config Helpers X Subclass"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}

// sqlPositions lists where the SQL read from code puts each table's
// watermark and first option, each setting's key and value, and each
// hint's first option, as file:line:column.
func sqlPositions(p *model.Project) []string {
	at := func(pos token.Pos) string {
		q := p.Fset.Position(pos)
		return fmt.Sprintf("%s:%d:%d", filepath.Base(q.Filename), q.Line, q.Column)
	}
	var got []string
	for _, s := range p.Scripts {
		for _, st := range s.Statements {
			switch {
			case st.Table != nil:
				got = append(got, "watermark "+at(st.Table.Watermark.Pos), "option "+at(st.Table.Options[0].ValuePos))
			case st.Setting != nil:
				got = append(got, st.Setting.Key+"="+st.Setting.Value+" "+at(st.Setting.KeyPos)+" value "+at(st.Setting.ValuePos))
			}
			for _, h := range st.Hints {
				got = append(got, "hint "+h.Table+" "+at(h.Options[0].KeyPos))
			}
		}
	}
	return got
}

// SQL in code keeps the exact line and column of each character: in a text
// block after its indentation is stripped, across + concatenations with a
// constant of another file, and in a Scala stripMargin string.
func TestEmbeddedSQLPositions(t *testing.T) {
	res, _ := load(t, map[string]string{
		"Job.java": "class Job {\n" +
			"  void run(TableEnvironment tEnv) {\n" +
			"    tEnv.executeSql(\"\"\"\n" +
			"        CREATE TABLE t (\n" +
			"          ts TIMESTAMP(3),\n" +
			"          WATERMARK FOR ts AS ts\n" +
			"        ) WITH ('connector' = 'kafka')\n" +
			"        \"\"\");\n" +
			"    tEnv.executeSql(\"SET 'a' = \" + Keys.TIMEOUT + \";\\tSET 'b' = '2'\");\n" +
			"    String unused = \"SET 'not' = 'sql'\";\n" +
			"  }\n" +
			"}\n",
		"Keys.java": "class Keys { static final String TIMEOUT = \"'1 min'\"; }",
		"Job.scala": "object Job {\n" +
			"  def run(tEnv: TableEnvironment): Unit =\n" +
			"    tEnv.sqlQuery(\"\"\"SELECT 1\n" +
			"      |FROM t /*+ OPTIONS('k' = 'v') */\"\"\".stripMargin)\n" +
			"}\n",
	})
	got := sqlPositions(res.Project)
	want := []string{
		"watermark Job.java:6:11",
		"option Job.java:7:31",
		"a=1 min Job.java:9:26 value Keys.java:1:45",
		"b=2 Job.java:9:59 value Job.java:9:65",
		"hint t Job.scala:4:27",
	}
	slices.Sort(got)
	slices.Sort(want)
	if !slices.Equal(got, want) {
		t.Errorf("positions:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// SQL in Python strings keeps exact positions too: triple-quoted, raw,
// implicit concatenation with a constant of another module, f-strings
// (whose fields are read like constants unless converted or formatted) and
// str.format (whose placeholders are unknown text).
func TestEmbeddedSQLPositionsPython(t *testing.T) {
	res, _ := load(t, map[string]string{
		"jobs/job.py": "from jobs.keys import TIMEOUT\n" +
			"def run(t_env, topic):\n" +
			"    t_env.execute_sql(\"\"\"\n" +
			"        CREATE TABLE t (\n" +
			"          ts TIMESTAMP(3),\n" +
			"          WATERMARK FOR ts AS ts\n" +
			"        ) WITH ('connector' = 'kafka', 'topic' = '{}')\n" +
			"        \"\"\".format(topic))\n" +
			"    t_env.execute_sql(r\"SET 'a' = \" + TIMEOUT + \";\\tSET\" \" 'b' = '2'\")\n" +
			"    t_env.sql_query(f\"SELECT {c} FROM t /*+ OPTIONS('k' = 'v') */\")\n" +
			"    t_env.execute_sql(f\"SET 'c' = {TIMEOUT}\")\n" +
			"    t_env.execute_sql(f\"SET 'd' = {TIMEOUT!r}\")\n",
		"jobs/keys.py": "TIMEOUT = \"'1 min'\"\n",
	})
	got := sqlPositions(res.Project)
	want := []string{
		"watermark job.py:6:11",
		"option job.py:7:31",
		"a=1 min job.py:9:29 value keys.py:1:12",
		"b=2 job.py:9:60 value job.py:9:66",
		"hint t job.py:10:53",
		"c=1 min job.py:11:29 value keys.py:1:12",
		"d=" + model.Computed + " job.py:12:29 value job.py:12:35",
	}
	slices.Sort(got)
	slices.Sort(want)
	if !slices.Equal(got, want) {
		t.Errorf("positions:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// A long + chain nests one Binary per piece; all of it is SQL text.
func TestLongConcatenation(t *testing.T) {
	var b strings.Builder
	b.WriteString("class Job { void run(TableEnvironment tEnv) { tEnv.executeSql(\"CREATE TABLE t (\"")
	for i := range 40 {
		fmt.Fprintf(&b, " + \"c%d INT, \"", i)
	}
	b.WriteString(" + \"ts TIMESTAMP(3), WATERMARK FOR ts AS ts) WITH ('connector' = 'kafka')\"); } }")
	res, r := load(t, map[string]string{"Job.java": b.String()})
	if len(r.Problems) != 0 {
		t.Errorf("problems: %v", r.Problems)
	}
	if got := res.Project.Scripts[0].Statements[0].Table; got == nil || len(got.Columns) != 41 || got.Watermark == nil {
		t.Errorf("table not read whole: %+v", got)
	}
}

func TestDeclaredMethods(t *testing.T) {
	src := `package a;
public class Event {
  public long getTs() { return createdSec; }
  static <T> List<T> items(int n) { return new ArrayList<>(n); }
  int[] counts (int n) { if (n > 0) { throw new IllegalStateException("x"); } return helper(n); }
  Event() { this(1); super.run(); x.call(); y = compute(2); }
  @Override public String toString() { return String.format("%s", a); }
}
object Helpers { def strategy(b: Long) = WatermarkStrategy.forBoundedOutOfOrderness(b); def bound: Long = 5 }
`
	got := scanNames(parsers.DeclaredMethods, src)
	// strategy twice: a name and "(" after a word, and a name after def.
	if want := "getTs items counts toString strategy strategy bound"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}

// scanNames returns the names scan finds in src, separated by spaces.
func scanNames(scan func(src []byte, add func(name []byte)), src string) string {
	var names []string
	scan([]byte(src), func(name []byte) { names = append(names, string(name)) })
	return strings.Join(names, " ")
}

// The scans of the survey allocate nothing: what it keeps of a file is
// what its index takes, not a copy of every name the file declares.
func TestDeclaredScansAllocateNothing(t *testing.T) {
	var b strings.Builder
	b.WriteString("package a;\npublic class Bean {\n")
	for i := range 1000 {
		fmt.Fprintf(&b, "  long f%d;\n  public long getF%[1]d() { return f%[1]d; }\n  def setF%[1]d(v: Long) = ()\n  class C%[1]d {}\n", i)
	}
	src := []byte(b.String())
	n := 0
	count := func([]byte) { n++ }
	for _, scan := range []func([]byte, func([]byte)){parsers.DeclaredNames, parsers.DeclaredMethods} {
		if allocs := testing.AllocsPerRun(3, func() { scan(src, count) }); allocs > 0 {
			t.Errorf("%d allocations per scan of %d names", int(allocs), n)
		}
	}
}

// The prefilter's keywords are matched in Python files as Python spells
// them: AutoWatermark as auto_watermark, xecuteSql as xecute_sql.
func TestPrefilterPython(t *testing.T) {
	files := map[string]string{
		"conf.py":  "env.get_config().set_auto_watermark_interval(0)\n",
		"sql.py":   "t_env.execute_sql(DDL)\n",
		"other.py": "print('hello')\n",
	}
	read := func(p string) ([]byte, error) { return []byte(files[p]), nil }
	s := parsers.Options{Keywords: []string{"AutoWatermark", "xecuteSql"}}.Survey([]string{"conf.py", "sql.py", "other.py"}, read)
	for path, want := range map[string]bool{"conf.py": true, "sql.py": true, "other.py": false} {
		if got := s.Size(path) > 0; got != want {
			t.Errorf("%s passes the prefilter: %t, want %t", path, got, want)
		}
	}
}

// Gated words pass a file only where their For accepts it: a rule about
// Flink 2.x projects has its words count there alone.
func TestPrefilterGated(t *testing.T) {
	files := map[string]string{
		"v1/Job.java": "import org.apache.flink.configuration.Configuration;\n",
		"v2/Job.java": "import org.apache.flink.configuration.Configuration;\n",
		"v2/Win.java": "ds.window(w);\n",
	}
	read := func(p string) ([]byte, error) { return []byte(files[p]), nil }
	gated := parsers.Gated{Words: []string{"flink.configuration."}, For: func(p string) bool { return strings.HasPrefix(p, "v2/") }}
	s := parsers.Options{Keywords: []string{"indow("}, Gated: []parsers.Gated{gated}}.Survey([]string{"v1/Job.java", "v2/Job.java", "v2/Win.java"}, read)
	for path, want := range map[string]bool{"v1/Job.java": false, "v2/Job.java": true, "v2/Win.java": true} {
		if got := s.Size(path) > 0; got != want {
			t.Errorf("%s passes the prefilter: %t, want %t", path, got, want)
		}
	}
}

// A keyword with a leading "." passes a file only where it is in the name
// of a method called on something: after a dot, over blanks and Java's
// type arguments, in a method reference, or infix in Scala; not where
// the name is declared, or called on nothing (a method of the class
// itself), or only named.
func TestCallKeywords(t *testing.T) {
	files := map[string]struct {
		src  string
		pass bool
	}{
		"Dot.java":       {"ks.window(w).reduce(f);", true},
		"Broken.java":    {"ks\n    .countWindow(5)\n    .reduce(f);", true},
		"TypeArgs.java":  {"ks.<TimeWindow>window(w);", true},
		"Ref.java":       {"statements.forEach(tEnv::executeSql);", true},
		"Infix.scala":    {"val r = ks window(GlobalWindows.create())", true},
		"InfixSQL.scala": {`val t = tEnv sqlQuery "SELECT 1"`, true},
		"Job.py":         {"t_env.execute_sql(ddl)", true},
		"Lambda.scala":   {"val f = (ks: KeyedStream) => window(ks)", false},
		"Decl.java":      {"public WindowedStream<T, K, W> window(WindowAssigner a) { return new TimeWindow(0, 1); }", false},
		"Decl.scala":     {"def window(a: Assigner) = new TimeWindow(0, 1)\nval sqlQuery = \"SELECT 1\"", false},
		"Bare.java":      {"return window(GlobalWindows.create()).trigger(t);", false},
		"Arrow.java":     {"f = ks -> window(ks);", false},
		"Named.java":     {"util.verifyPlan(sqlQuery, expected);", false},
	}
	paths := slices.Collect(maps.Keys(files))
	read := func(p string) ([]byte, error) { return []byte(files[p].src), nil }
	s := parsers.Options{Keywords: []string{".indow(", ".xecuteSql", ".sqlQuery"}}.Survey(paths, read)
	for p, f := range files {
		if got := s.Size(p) > 0; got != f.pass {
			t.Errorf("%s passed: %v, want %v", p, got, f.pass)
		}
	}
}
