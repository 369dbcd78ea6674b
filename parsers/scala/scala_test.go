package scala_test

import (
	"reflect"
	"strings"
	"testing"

	"github.com/flinklint/flinklint/parsers/internal/lowering/lowertest"
	"github.com/flinklint/flinklint/parsers/model"
	"github.com/flinklint/flinklint/parsers/scala"
)

func lower(t *testing.T, src string) *model.File {
	t.Helper()
	p := scala.NewParser()
	defer p.Close()
	f, err := lowertest.Lower(p, "Job.scala", src)
	if err != nil {
		t.Fatal(err)
	}
	return f
}

func TestModelScala2(t *testing.T) {
	f := lower(t, `package a.b
import org.apache.flink.streaming.api.scala._
import com.acme.Tags.{Late, Early => E}
object Job {
  val Late = OutputTag[Event]("late")
  def strategy = WatermarkStrategy.forBoundedOutOfOrderness[Event](Duration.ofSeconds(5))
  def main(args: Array[String]): Unit = {
    val w = ks.window(GlobalWindows.create)
    w.trigger(CountTrigger.of(5)).reduce((a, b) => a + b)
    ds.map(_.x).print
    xs map { e => e.ts / 1000 }
  }
}
`)
	want := `Class Job static @4:8
  Local Late static @5:7
    Call OutputTag [Event] @5:14
      String "late"
  Method strategy static @6:7
    Call forBoundedOutOfOrderness [Event] @6:36
      Ident WatermarkStrategy @6:18
      Call ofSeconds @6:77
        Ident Duration @6:68
        Number "5"
  Method main :Unit static @7:7
    Local args :Array @7:12
    Block
      Local w @8:9
        Call window @8:16
          Ident ks @8:13
          Select create @8:37
            Ident GlobalWindows @8:23
      Call reduce stmt @9:35
        Call trigger @9:7
          Ident w @9:5
          Call of @9:28
            Ident CountTrigger @9:15
            Number "5"
        Lambda
          Local a @9:43
          Local b @9:46
          Binary + @9:54
            Ident a @9:52
            Ident b @9:56
      Select print stmt @10:17
        Call map @10:8
          Ident ds @10:5
          Select x @10:14
            Ident _ @10:12
      Call map stmt @11:8
        Ident xs @11:5
        Lambda
          Local e @11:14
          Binary / @11:24
            Select ts @11:21
              Ident e @11:19
            Number "1000"
`
	if got := lowertest.Outline(f); got != want {
		t.Errorf("got:\n%s\nwant:\n%s", got, want)
	}
	if f.Package != "a.b" {
		t.Errorf("package = %q", f.Package)
	}
	var imports []string
	for _, im := range f.Imports {
		imports = append(imports, im.Path)
	}
	if want := []string{"org.apache.flink.streaming.api.scala", "com.acme.Tags.Late", "com.acme.Tags.Early"}; !reflect.DeepEqual(imports, want) {
		t.Errorf("imports = %q, want %q", imports, want)
	}
}

func TestModelScala3(t *testing.T) {
	f := lower(t, `object Job:
  val tag = new OutputTag[E]("late") {}
  def run(ks: KeyedStream[E, String]): Unit =
    val w = ks.window(GlobalWindows.create())
    w.sum(1)
  def f(x: Long): Long =
    val s = x / 1000
    s
  ds.map: e =>
    e.ts
`)
	got := lowertest.Outline(f)
	for _, want := range []string{
		"New OutputTag [E] @2:17",
		"Call window @4:16",
		"Call sum stmt @5:7", // the last expression of a Unit method is a statement
		"Local s @7:9",
		"Ident s @8:5",
		"Call map stmt @9:6",
		"Lambda\n      Local e @9:11",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("missing %q in:\n%s", want, got)
		}
	}
	if len(f.Errors) != 0 {
		t.Errorf("errors at %v", f.Errors)
	}
}

func TestCommentsAndStrings(t *testing.T) {
	f := lower(t, `object Job {
  // ks.window(GlobalWindows.create()).sum(1)
  /* ks.window(GlobalWindows.create()).sum(1) */
  val a = "ks.window(GlobalWindows.create())"
  val b = """ks.window(
    |GlobalWindows.create())""".stripMargin
  val c = s"${x}.window(y)"
  ks.countWindow(5)
}`)
	if got, want := lowertest.Calls(f), []string{"stripMargin@6:33", "countWindow@8:6"}; !reflect.DeepEqual(got, want) {
		t.Errorf("calls = %v, want %v", got, want)
	}
}

func TestSyntaxErrors(t *testing.T) {
	// A brace-style given ... with { } on one line is known not to parse,
	// even repaired (../shared/parsing-facts.md).
	f := lower(t, `object Broken {
  val sym = 'legacySymbol
  given Ordering[Int] with { def compare(a: Int, b: Int) = a - b }
}

object Job {
  def ok(ks: KeyedStream[E, String]) = ks.window(GlobalWindows.create()).sum(1)
}`)
	if len(f.Errors) == 0 {
		t.Error("no syntax error recorded")
	}
	if calls := strings.Join(lowertest.Calls(f), " "); !strings.Contains(calls, "window@7:43") {
		t.Errorf("the call after the errors is missing: %s", calls)
	}
}

// The Table API's $("col") and $"col" parse, and the model keeps the $.
func TestDollarIdentifier(t *testing.T) {
	f := lower(t, `object T {
  t.select($("a"), $"b").where($"x" === 1)
  val s = s"$x ${y} $$"
  // $("c")
  val c = '$'
  def f(x: Int) = x.window(w)
}`)
	if len(f.Errors) != 0 {
		t.Errorf("syntax errors at %v", f.Errors)
	}
	got := lowertest.Outline(f)
	for _, want := range []string{"Call $ @2:12", `String "a"`, "Call window @6:21"} {
		if !strings.Contains(got, want) {
			t.Errorf("missing %q in:\n%s", want, got)
		}
	}
}

// Valid Scala that tree-sitter-scala rejects, measured on real Flink
// projects, is repaired before parsing without moving a byte: the file has
// no syntax errors, and names and positions are those of the source.
func TestRepairedShapes(t *testing.T) {
	for name, tc := range map[string]struct{ src, want string }{
		"symbol": {`object T {
  val r = t.select('*).window(w)
}`, "window@2:24"},
		"enum as a name": {`class S(val enum: E) {
  def q(enum: Enum[_]): String =
    enum.getClass.getName + enum.name()
  def f = x.window(w)
}`, "window@4:13"},
		"end as a name": {`object P {
  LOG.debug(s"cost ${end - start} ms")
  ks.window(w)
}`, "window@3:6"},
		"typed lambda in braces": {`object T {
  val s = env.fromElements(1, 2).map { t: Int => t }.window(w)
  f({
    x: Option[Long] => x.window(v)
  })
}`, "window@2:54 window@4:26"},
		"= on the next line": {`class E extends A {
  override def extractTimestamp(e: (String, Long), p: Long): Long
      = e._2
  val x: Long
    = ks.window(w)
}`, "window@5:10"},
		"abstract procedure": {`trait F {
  @throws[Exception]
  def process(ctx: Context, out: Collector[OUT])

  /** doc */
  def g = ks.window(w)
}`, "window@6:14"},
		"guard over two lines": {`object O {
  for (x <- xs if a.nonEmpty &&
    b.equals(x)) {
    ks.window(w)
  }
}`, "window@4:8"},
		"type arguments after extends": {`class T
  extends K
    [Long, (Long, Long)] {
  ks.window(w)
}`, "window@4:6"},
		"lone semicolon": {`package a

;

object O { ks.window(w) }`, "window@5:15"},
		"first member indented deeper": {`class W
    extends R[(String, Int)] with C{
   var last: ValueState[Int] = _
  // comment
  override def f(v: Int) = ks.window(w)
}`, "window@5:31"},
		"lambda body on the next line in arguments": {`class K {
  val s = c.fold(
      t =>
        throw new R(s"x ${c.job}", t),
      identity
    )
  val w = ks.window(w)
}`, "window@7:14"},
		"given with braces": {`object O {
  given Ordering[Int] with {
    def compare(a: Int, b: Int) = a - b
  }
  val w = ks.window(w)
}`, "window@5:14"},
		"a member indented less": {`class P(j: J) {

  def a = j
 def b = ks.window(w)
}`, "window@4:13"},
	} {
		f := lower(t, tc.src)
		if len(f.Errors) != 0 {
			t.Errorf("%s: syntax errors at %v", name, f.Errors)
		}
		var windows []string
		for _, c := range lowertest.Calls(f) {
			if strings.HasPrefix(c, "window@") {
				windows = append(windows, c)
			}
		}
		if got := strings.Join(windows, " "); got != tc.want {
			t.Errorf("%s: calls %q, want %q", name, got, tc.want)
		}
	}
}
