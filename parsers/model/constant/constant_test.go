package constant_test

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/flinklint/flinklint/analyzer/analyzertest"
	"github.com/flinklint/flinklint/parsers/model"
	"github.com/flinklint/flinklint/parsers/model/constant"
)

// fold parses each expression as the argument of a call in a Java file
// (with a constants class beside it) and folds it.
func fold(t *testing.T, exprs []string) []string {
	t.Helper()
	var out []string
	probe(t, exprs, cycles(60), func(p *model.Project, arg *model.Node) {
		d, ok := constant.Duration(p, arg)
		out = append(out, fmt.Sprintf("%v %v", d, ok))
	})
	return out
}

// probe writes each expression as the argument of a call in a Java file,
// beside a constants class and the class cyclic, and calls f with the
// project and each argument in turn.
func probe(t testing.TB, exprs []string, cyclic string, f func(p *model.Project, arg *model.Node)) {
	t.Helper()
	var b strings.Builder
	b.WriteString("class Job { void f() {\n")
	for _, e := range exprs {
		fmt.Fprintf(&b, "  probe(%s); // window\n", e)
	}
	b.WriteString("} }\n")
	files := map[string]string{
		"Job.java":    b.String(),
		"Consts.java": "class Consts { static final long MINUTE = 60 * 1000L; static final Duration IDLE = Duration.ofSeconds(-1); }",
		"Cycles.java": cyclic,
	}
	analyzertest.WithProject(t, files, func(p *model.Project) {
		for _, file := range p.Files() {
			file.Inspect(func(n *model.Node) bool {
				if model.IsCall(n, "probe") {
					f(p, n.Args()[0])
				}
				return true
			})
		}
	})
}

// cycles declares constants that refer to themselves, and a chain of links
// constants whose fold doubles its work at every link:
// EXP0 = EXP1 + EXP1, EXP1 = EXP2 + EXP2...
func cycles(links int) string {
	var b strings.Builder
	b.WriteString("class Cycles {\n" +
		"  static final long LOOP_A = LOOP_B; static final long LOOP_B = LOOP_A;\n" +
		"  static final long GROW_A = GROW_B + 1; static final long GROW_B = GROW_A * 2;\n" +
		"  static final long NEG = -NEG;\n" +
		"  static final Time T1 = T2; static final Time T2 = Time.milliseconds(T1.toDuration().toMillis());\n" +
		"  static final Duration D1 = D2.toDuration(); static final Duration D2 = D1.toDuration();\n")
	for i := range links {
		fmt.Fprintf(&b, "  static final long EXP%d = EXP%d + EXP%d;\n", i, i+1, i+1)
	}
	fmt.Fprintf(&b, "  static final long EXP%d = 0;\n}\n", links)
	return b.String()
}

func TestDuration(t *testing.T) {
	cases := []struct {
		expr string
		want time.Duration
		ok   bool
	}{
		{"Duration.ZERO", 0, true},
		{"Duration.ofMillis(1500)", 1500 * time.Millisecond, true},
		{"Duration.ofSeconds(60 - 60)", 0, true},
		{"Duration.ofMinutes(-2)", -2 * time.Minute, true},
		{"Duration.ofNanos(1)", time.Nanosecond, true},
		{"Duration.of(3, ChronoUnit.HOURS)", 3 * time.Hour, true},
		{"Duration.parse(\"PT0S\")", 0, true},
		{"Time.seconds(0).toDuration()", 0, true},
		{"Time.minutes(1)", time.Minute, true},
		{"Consts.MINUTE", time.Minute, true}, // a plain number is milliseconds
		{"Consts.IDLE", -time.Second, true},
		{"1_000L", time.Second, true},
		{"Duration.ofDays(Long.MAX_VALUE)", 0, false},
		{"config.getIdle()", 0, false},
		{"Duration.ofSeconds(n)", 0, false},
		// Definitions that refer to themselves fold to nothing, and a fold
		// whose work doubles at every link gives up at model.MaxSteps.
		{"Cycles.LOOP_A", 0, false},
		{"Cycles.GROW_A", 0, false},
		{"Cycles.NEG", 0, false},
		{"Cycles.T1", 0, false},
		{"Cycles.D1", 0, false},
		{"Cycles.EXP0", 0, false},
		{"Cycles.EXP50", 0, true},
	}
	exprs := make([]string, len(cases))
	for i, c := range cases {
		exprs[i] = c.expr
	}
	got := fold(t, exprs)
	for i, c := range cases {
		if want := fmt.Sprintf("%v %v", c.want, c.ok); got[i] != want {
			t.Errorf("%s folds to %s, want %s", c.expr, got[i], want)
		}
	}
}

// BenchmarkDoubling folds EXP0 of a chain whose work doubles at every link:
// model.MaxSteps caps the cost, which stops growing with the chain.
func BenchmarkDoubling(b *testing.B) {
	for _, links := range []int{8, 12, 16, 32, 64} {
		b.Run(fmt.Sprintf("links=%d", links), func(b *testing.B) {
			probe(b, []string{"Cycles.EXP0"}, cycles(links), func(p *model.Project, arg *model.Node) {
				for b.Loop() {
					constant.Int(p, arg)
				}
			})
		})
	}
}
