package lowertest

import (
	"errors"
	"fmt"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/flinklint/flinklint/parsers/internal/lowering"
	"github.com/flinklint/flinklint/parsers/model"
)

// Shape is a hostile input: one construct nested or chained n times, in a
// file of each language.
type Shape struct {
	Name                string
	java, scala, python func(n int) string
}

// Source returns the shape, n levels deep, as a file in lang (Java or
// Scala).
func (s Shape) Source(lang model.Lang, n int) []byte {
	switch lang {
	case model.Scala:
		return []byte(s.scala(n))
	case model.Python:
		return []byte(s.python(n))
	}
	return []byte(s.java(n))
}

// nest returns open n times, then 1, then closing n times.
func nest(open, closing string, n int) string {
	return strings.Repeat(open, n) + "1" + strings.Repeat(closing, n)
}

func javaField(e string) string   { return "class A {\n  Object y = " + e + ";\n}\n" }
func scalaField(e string) string  { return "object A {\n  val y = " + e + "\n}\n" }
func pythonField(e string) string { return "class A:\n    y = " + e + "\n" }

// pythonNested nests n classes by indentation, Python's only way to nest
// statements.
func pythonNested(n int) string {
	var b strings.Builder
	for i := range n {
		b.WriteString(strings.Repeat(" ", i) + "class A:\n")
	}
	b.WriteString(strings.Repeat(" ", n) + "y = 1\n")
	return b.String()
}

// Shapes lists the nesting and chaining shapes that are costly for a parser
// or a recursive lowering.
func Shapes() []Shape {
	return []Shape{
		{"chain",
			func(n int) string { return javaField("x" + strings.Repeat(".a()", n)) },
			func(n int) string { return scalaField("x" + strings.Repeat(".a()", n)) },
			func(n int) string { return pythonField("x" + strings.Repeat(".a()", n)) }},
		{"calls",
			func(n int) string { return javaField(nest("f(", ")", n)) },
			func(n int) string { return scalaField(nest("f(", ")", n)) },
			func(n int) string { return pythonField(nest("f(", ")", n)) }},
		{"parens",
			func(n int) string { return javaField(nest("(", ")", n)) },
			func(n int) string { return scalaField(nest("(", ")", n)) },
			func(n int) string { return pythonField(nest("(", ")", n)) }},
		{"concat",
			func(n int) string { return javaField(`"a"` + strings.Repeat(` + "a"`, n)) },
			func(n int) string { return scalaField(`"a"` + strings.Repeat(` + "a"`, n)) },
			func(n int) string { return pythonField(`"a"` + strings.Repeat(` + "a"`, n)) }},
		{"lambdas",
			func(n int) string { return javaField(strings.Repeat("x -> ", n) + "1") },
			func(n int) string { return scalaField(strings.Repeat("x => ", n) + "1") },
			func(n int) string { return pythonField(strings.Repeat("lambda x: ", n) + "1") }},
		{"blocks",
			func(n int) string { return javaField(nest("() -> { return ", "; }", n)) },
			func(n int) string { return scalaField(nest("{ ", " }", n)) },
			func(n int) string { return pythonField(nest("[", "]", n)) }},
		{"anonymous",
			func(n int) string { return javaField(nest("new A() { Object f = ", "; }", n)) },
			func(n int) string { return scalaField(nest("new A { val f = ", " }", n)) },
			pythonNested},
	}
}

// Bench measures p on every shape, 1,000 to 8,000 levels deep, written in
// lang (Java or Scala), and on 1 MiB of ordinary code for comparison. The
// too-complex metric is 1 where the file was skipped for exceeding the
// per-file budget.
func Bench(b *testing.B, p Parser, lang model.Lang) {
	run := func(name string, src []byte) {
		b.Run(name, func(b *testing.B) {
			b.SetBytes(int64(len(src)))
			skipped := 0.0
			for b.Loop() {
				if _, err := Lower(p, "Hostile", string(src)); errors.Is(err, lowering.ErrTooComplex) {
					skipped = 1
				} else if err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(skipped, "too-complex")
		})
	}
	run("ordinary/1MiB", Large(lang, 1<<20))
	for _, s := range Shapes() {
		for n := 1000; n <= 8000; n *= 2 {
			run(fmt.Sprintf("%s/%d", s.Name, n), s.Source(lang, n))
		}
	}
}

// Seeds returns the contents of the files named *ext below the testdata
// directories of the module, for fuzz targets to start from.
func Seeds(tb testing.TB, ext string) [][]byte {
	tb.Helper()
	root, err := moduleRoot()
	if err != nil {
		tb.Fatal(err)
	}
	var out [][]byte
	err = filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && strings.HasPrefix(d.Name(), ".") && path != root {
			return filepath.SkipDir
		}
		if !d.Type().IsRegular() || filepath.Ext(path) != ext || !strings.Contains(filepath.ToSlash(path), "/testdata/") {
			return nil
		}
		src, err := os.ReadFile(path)
		out = append(out, src)
		return err
	})
	if err != nil {
		tb.Fatal(err)
	}
	if len(out) == 0 {
		tb.Fatalf("no %s files in the module's testdata", ext)
	}
	return out
}

// moduleRoot returns the directory of the go.mod above the working directory.
func moduleRoot() (string, error) {
	dir, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir, nil
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", errors.New("no go.mod above the working directory")
		}
		dir = parent
	}
}

// Check parses src with p and fails when the front end broke its contract:
// it must return a file or an error wrapping lowering.ErrTooComplex, and
// every position of the model must lie inside the file. The parse runs
// under a generous bound, so that a hang fails the test instead of stalling
// it; the bound is not a speed target.
func Check(t *testing.T, p Parser, name string, src []byte) (*model.File, error) {
	t.Helper()
	type result struct {
		f   *model.File
		err error
	}
	done := make(chan result, 1)
	go func() {
		f, err := Lower(p, name, string(src))
		done <- result{f, err}
	}()
	var r result
	select {
	case r = <-done:
	case <-time.After(2*lowering.Budget(len(src)) + time.Minute):
		t.Fatalf("parsing %d bytes does not finish", len(src))
	}
	if r.err != nil {
		if !errors.Is(r.err, lowering.ErrTooComplex) {
			t.Fatalf("Parse: %v", r.err)
		}
		return nil, r.err
	}
	if err := positions(r.f); err != nil {
		t.Fatal(err)
	}
	return r.f, nil
}

// positions returns an error for the first position of f outside the file.
func positions(f *model.File) error {
	tf := f.Token
	inside := func(what string, p token.Pos) error {
		if p != token.NoPos && (p < token.Pos(tf.Base()) || p > token.Pos(tf.Base()+tf.Size())) {
			return fmt.Errorf("%s at %d, outside the file [%d, %d]", what, p, tf.Base(), tf.Base()+tf.Size())
		}
		return nil
	}
	var err error
	f.Inspect(func(n *model.Node) bool {
		for _, p := range []token.Pos{n.Pos(), n.End(), n.NamePos()} {
			if err == nil {
				err = inside(n.Kind.String()+" "+n.Name, p)
			}
		}
		if err == nil && n.End() < n.Pos() {
			err = fmt.Errorf("%v %s ends before it starts", n.Kind, n.Name)
		}
		return err == nil
	})
	for _, p := range f.Errors {
		if err == nil {
			err = inside("syntax error", p)
		}
	}
	for _, im := range f.Imports {
		if err == nil {
			err = inside("import "+im.Path, im.End)
		}
	}
	return err
}

// Large returns an ordinary job file of at least size bytes in lang (Java
// or Scala): one class with many methods of typical pipeline code, the kind
// of file that must parse within the per-file budget whatever its size.
func Large(lang model.Lang, size int) []byte {
	method, head, tail := javaMethod, "class Large {\n", "}\n"
	switch lang {
	case model.Scala:
		method, head, tail = scalaMethod, "object Large {\n", "}\n"
	case model.Python:
		method, head, tail = pythonMethod, "", ""
	}
	var b strings.Builder
	b.WriteString(head)
	for i := 0; b.Len() < size; i++ {
		fmt.Fprintf(&b, method, i)
	}
	b.WriteString(tail)
	return []byte(b.String())
}

const javaMethod = `  // Job %[1]d reads clicks and counts them per user and minute.
  void job%[1]d(StreamExecutionEnvironment env, KafkaSource<Event> source) {
    DataStream<Event> events = env.fromSource(source,
        WatermarkStrategy.<Event>forBoundedOutOfOrderness(Duration.ofSeconds(5)).withIdleness(Duration.ofMinutes(1)), "clicks");
    events.keyBy(e -> e.userId).window(TumblingEventTimeWindows.of(Time.minutes(1)))
        .allowedLateness(Time.seconds(10)).reduce((a, b) -> a.merge(b)).print();
    String sql = "SELECT user_id, COUNT(*) " + "FROM clicks " + "WHERE n = " + %[1]d;
    for (int i = 0; i < %[1]d; i++) {
      if (i %% 2 == 0) { events = events.union(events); } else { tableEnv.executeSql(sql); }
    }
  }
`

const scalaMethod = `  // Job %[1]d reads clicks and counts them per user and minute.
  def job%[1]d(env: StreamExecutionEnvironment, source: KafkaSource[Event]): Unit = {
    val events = env.fromSource(source,
      WatermarkStrategy.forBoundedOutOfOrderness[Event](Duration.ofSeconds(5)).withIdleness(Duration.ofMinutes(1)), "clicks")
    events.keyBy(_.userId).window(TumblingEventTimeWindows.of(Time.minutes(1)))
      .allowedLateness(Time.seconds(10)).reduce((a, b) => a.merge(b)).print()
    val sql = s"""SELECT user_id, COUNT(*)
                 |FROM clicks WHERE n = ${%[1]d}""".stripMargin
    for (i <- 0 until %[1]d) {
      if (i %% 2 == 0) events.union(events) else tableEnv.executeSql(sql)
    }
  }
`

const pythonMethod = `# Job %[1]d reads clicks and counts them per user and minute.
def job%[1]d(env, source):
    events = env.from_source(source,
        WatermarkStrategy.for_bounded_out_of_orderness(Duration.of_seconds(5)).with_idleness(Duration.of_minutes(1)), "clicks")
    events.key_by(lambda e: e.user_id).window(TumblingEventTimeWindows.of(Time.minutes(1))) \\
        .allowed_lateness(10000).reduce(lambda a, b: a.merge(b)).print()
    sql = f"""SELECT user_id, COUNT(*)
              FROM clicks WHERE n = {%[1]d}"""
    for i in range(%[1]d):
        if i %% 2 == 0:
            events = events.union(events)
        else:
            t_env.execute_sql(sql)

`
