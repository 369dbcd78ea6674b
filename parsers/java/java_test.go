package java_test

import (
	"reflect"
	"strings"
	"testing"

	"github.com/flinklint/flinklint/parsers/internal/lowering/lowertest"
	"github.com/flinklint/flinklint/parsers/java"
)

func lower(t *testing.T, src string) string {
	t.Helper()
	p := java.NewParser()
	defer p.Close()
	f, err := lowertest.Lower(p, "Job.java", src)
	if err != nil {
		t.Fatal(err)
	}
	return lowertest.Outline(f)
}

func TestModel(t *testing.T) {
	got := lower(t, `package a.b;
class Job {
  static final OutputTag<String> LATE = new OutputTag<String>("late"){};
  void run(KeyedStream<E, String> ks) {
    var w = ks.window(GlobalWindows.create());
    w.trigger(t).reduce((a, b) -> a.merge(b));
    WatermarkStrategy.<E>forMonotonousTimestamps().withTimestampAssigner(E::ts);
    long s = (long) (x / 1000);
  }
}
`)
	want := `Class Job @2:7
  Local LATE :OutputTag [String] static @3:34
    New OutputTag [String] @3:45
      String "late"
      Class <: OutputTag
  Method run :void @4:8
    Local ks :KeyedStream @4:35
    Block
      Local w @5:9
        Call window @5:16
          Ident ks @5:13
          Call create @5:37
            Ident GlobalWindows @5:23
      Call reduce stmt @6:18
        Call trigger @6:7
          Ident w @6:5
          Ident t @6:15
        Lambda
          Local a @6:26
          Local b @6:29
          Call merge @6:37
            Ident a @6:35
            Ident b @6:43
      Call withTimestampAssigner stmt @7:52
        Call forMonotonousTimestamps [E] @7:26
          Ident WatermarkStrategy @7:5
        MethodRef ts @7:77
          Ident E @7:74
      Local s :long @8:10
        Binary / @8:24
          Ident x @8:22
          Number "1000"
`
	if got != want {
		t.Errorf("got:\n%s\nwant:\n%s", got, want)
	}
}

// Comments and string contents must never produce calls.
func TestCommentsAndStrings(t *testing.T) {
	p := java.NewParser()
	defer p.Close()
	f, err := lowertest.Lower(p, "Job.java", `class Job {
  // ks.window(GlobalWindows.create()).reduce(f);
  /* ks.window(GlobalWindows.create()).reduce(f); */
  /** {@code ks.window(GlobalWindows.create())} */
  String a = "ks.window(GlobalWindows.create())";
  String b = """
      ks.window(GlobalWindows.create())
      """;
  char c = '(';
  void f() { ks.countWindow(5); }
}`)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := lowertest.Calls(f), []string{"countWindow@10:17"}; !reflect.DeepEqual(got, want) {
		t.Errorf("calls = %v, want %v", got, want)
	}
}

// A file with a syntax error still yields what can be read around it.
func TestSyntaxErrors(t *testing.T) {
	p := java.NewParser()
	defer p.Close()
	f, err := lowertest.Lower(p, "Job.java", `class Job {
  void broken() { ks.window(GlobalWindows.create()).reduce(f) +++ ; }
  void fine() {
    ks.window(GlobalWindows.create()).sum(1);
  }
}`)
	if err != nil {
		t.Fatal(err)
	}
	if len(f.Errors) == 0 {
		t.Error("no syntax error recorded")
	}
	calls := strings.Join(lowertest.Calls(f), " ")
	for _, c := range []string{"window@2:22", "window@4:8", "sum@4:39"} {
		if !strings.Contains(calls, c) {
			t.Errorf("call %s missing from %s", c, calls)
		}
	}
}

func TestStringValues(t *testing.T) {
	got := lower(t, "class J { String a = \"x\\ty\\\"z\"; String b = \"\"\"\n    SELECT 1   \n  \"\"\"; }")
	for _, want := range []string{`String "x\ty\"z"`, `String "  SELECT 1\n"`} {
		if !strings.Contains(got, want) {
			t.Errorf("missing %s in:\n%s", want, got)
		}
	}
}
