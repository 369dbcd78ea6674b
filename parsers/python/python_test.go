package python_test

import (
	"testing"

	"github.com/flinklint/flinklint/parsers/internal/lowering/lowertest"
	"github.com/flinklint/flinklint/parsers/python"
)

func lower(t *testing.T, name, src string) string {
	t.Helper()
	p := python.NewParser()
	defer p.Close()
	f, err := lowertest.Lower(p, name, src)
	if err != nil {
		t.Fatal(err)
	}
	return lowertest.Outline(f)
}

// TestModel lowers the shapes PyFlink jobs are written in: chains split
// with backslashes and parentheses, keyword arguments in any order,
// methods of a class (self left out), reassignments, implicit string
// concatenation, f-strings and Python's operators.
func TestModel(t *testing.T) {
	src := `from pyflink.common import Duration, WatermarkStrategy
from jobs.common import STRATEGY as S, late_tag
import pyflink.datastream.window as w


class MyAssigner(TimestampAssigner):
    @staticmethod
    def helper(x):
        return x

    def extract_timestamp(self, value, record_timestamp) -> int:
        return int(value[1]) // 1000


def pipeline_job(env: StreamExecutionEnvironment):
    ws = WatermarkStrategy \
        .for_bounded_out_of_orderness(Duration.of_seconds(5)) \
        .with_idleness(Duration.of_millis(0))
    ws = ws.with_timestamp_assigner(MyAssigner())
    ds = (env.from_source(source_name="k", source=src, watermark_strategy=ws)
          # a comment
          .key_by(lambda e: e[0])
          .window(TumblingEventTimeWindows.of(Time.seconds(5))))
    t_env.execute_sql(r"SELECT '\d' FROM t" "WHERE a = 1" + tail)
    t_env.execute_sql(f"SELECT {col} FROM {tbl!r}")
    x = None if a and not b else True
`
	if got := lower(t, "jobs/job.py", src); got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
}

const want = `Class job static
  Class MyAssigner <: TimestampAssigner @6:7
    Method helper static @8:9
      Local x @8:16
      Block
        Return
          Ident x @9:16
    Method extractTimestamp :int @11:9
      Local value @11:33
      Local recordTimestamp @11:40
      Block
        Return
          Binary / @12:30
            Call int @12:16
              Index
                Ident value @12:20
                Number "1"
            Number "1000"
  Method pipelineJob static @15:5
    Local env :StreamExecutionEnvironment @15:18
    Block
      Local ws @16:5
        Call withIdleness @18:10
          Call forBoundedOutOfOrderness @17:10
            Ident WatermarkStrategy @16:10
            Call ofSeconds @17:48
              Ident Duration @17:39
              Number "5"
          Call ofMillis @18:33
            Ident Duration @18:24
            Number "0"
      Assign = stmt
        Ident ws @19:5
        Call withTimestampAssigner @19:13
          Ident ws @19:10
          Call MyAssigner @19:37
      Local ds @20:5
        Call window @23:12
          Call keyBy @22:12
            Call fromSource @20:15
              Ident env @20:11
              Ident src @20:51
              Ident ws @20:75
              String "k"
            Lambda
              Local e @22:26
              Index
                Ident e @22:29
                Number "0"
          Call of @23:44
            Ident TumblingEventTimeWindows @23:19
            Call seconds @23:52
              Ident Time @23:47
              Number "5"
      Call executeSql stmt @24:11
        Ident tEnv @24:5
        Binary + @24:59
          Binary + @24:45
            String "SELECT '\\d' FROM t"
            String "WHERE a = 1"
          Ident tail @24:61
      Call executeSql stmt @25:11
        Ident tEnv @25:5
        String "SELECT flinklint_unknown FROM flinklint_unknown"
          Ident col @25:33
          Other interpolation
            Ident tbl @25:44
            Other type_conversion
      Local x @26:5
        Other conditional_expression
          Ident null @26:9
          Binary && @26:19
            Ident a @26:17
            Unary !
              Ident b @26:27
          Ident true @26:34
`

// TestImports: a module imported whole, with or without an alias, and a
// member imported under an alias are lowered as the names they stand for,
// so that they resolve across files.
func TestImports(t *testing.T) {
	got := lower(t, "job.py", `import jobs.common
import jobs.other as o
from jobs.common import STRATEGY as S, late_tag
x = jobs.common.STRATEGY
y = o.ZERO
z = S
`)
	want := `Class job static
  Local x @4:1
    Select STRATEGY @4:17
      Ident common @4:5
  Local y @5:1
    Select ZERO @5:7
      Ident other @5:5
  Local z @6:1
    Ident STRATEGY @6:5
`
	if got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
}

// TestUnpacking: a, b = f() holds f()'s value in a variable of its own,
// and each name takes its element, so that a tuple a helper returns is
// followed into the names it is unpacked to.
func TestUnpacking(t *testing.T) {
	got := lower(t, "job.py", `def make(env):
    return env.from_source(k, ws, "k").map(f), env
ds, env2 = make(env)
ds = make(env)[0]
`)
	want := `Class job static
  Method make static @1:5
    Local env @1:10
    Block
      Return
        Tuple
          Call map @2:40
            Call fromSource @2:16
              Ident env @2:12
              Ident k @2:28
              Ident ws @2:31
              String "k"
            Ident f @2:44
          Ident env @2:48
  Local ds, env2 @3:1
    Call make @3:12
      Ident env @3:17
  Local ds @3:1
    Index
      Ident ds, env2 @3:12
      Number "0"
  Local env2 @3:5
    Index
      Ident ds, env2 @3:12
      Number "1"
  Assign = stmt
    Ident ds @4:1
    Index
      Call make @4:6
        Ident env @4:11
      Number "0"
`
	if got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
}
