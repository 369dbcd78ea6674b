package flow_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/flinklint/flinklint/analyzer/analyzertest"
	"github.com/flinklint/flinklint/jobgraph/internal/flow"
	"github.com/flinklint/flinklint/parsers/model"
)

// job returns a Java job with a windowed stream stored back into its
// variable n times, and a stream passed around a ring of n helper methods
// that call each other, each with a call through which Origins walks.
func job(n int) string {
	var b strings.Builder
	b.WriteString("class Job {\n  void reassigned(KeyedStream<String, String> ks) {\n" +
		"    WindowedStream<String, String, GlobalWindow> w = ks.window(GlobalWindows.create());\n")
	for range n {
		b.WriteString("    w = w.allowedLateness(Time.seconds(1));\n")
	}
	b.WriteString("    w.reduce((a, c) -> a);\n  }\n")
	b.WriteString("  void start(StreamExecutionEnvironment env) { ring0(env.fromElements(\"a\")); }\n")
	for i := range n {
		fmt.Fprintf(&b, "  void ring%d(DataStream<String> s) { ring%d(s.map(x -> x)); s.assignTimestampsAndWatermarks(null); }\n", i, (i+1)%n)
	}
	b.WriteString("}\n")
	return b.String()
}

// walks finds the window call and the assignTimestampsAndWatermarks calls
// of the job and calls f with them.
func walks(t testing.TB, n int, f func(p *model.Project, window *model.Node, assigns []*model.Node)) {
	t.Helper()
	analyzertest.WithProject(t, map[string]string{"Job.java": job(n)}, func(p *model.Project) {
		var window *model.Node
		var assigns []*model.Node
		for _, file := range p.Files() {
			file.Inspect(func(c *model.Node) bool {
				switch {
				case model.IsCall(c, "window"):
					window = c
				case model.IsCall(c, "assignTimestampsAndWatermarks"):
					assigns = append(assigns, c)
				}
				return true
			})
		}
		if window == nil || len(assigns) != n {
			t.Fatalf("the job has no window call or %d assignTimestampsAndWatermarks calls, want %d", len(assigns), n)
		}
		f(p, window, assigns)
	})
}

var through = func(c *model.Node) bool { return c.Name == "allowedLateness" || c.Name == "map" }

// A stream stored back into its own variable and a ring of helpers end the
// walks, each use and origin counted once.
func TestCycles(t *testing.T) {
	walks(t, 3, func(p *model.Project, window *model.Node, assigns []*model.Node) {
		var lateness, reduce int
		for _, u := range flow.Downstream(p, window, through) {
			if u.Kind == flow.Receiver {
				switch u.At.Name {
				case "allowedLateness":
					lateness++
				case "reduce":
					reduce++
				}
			}
		}
		if lateness != 3 || reduce != 1 {
			t.Errorf("Downstream found %d allowedLateness and %d reduce calls, want 3 and 1", lateness, reduce)
		}
		for _, a := range assigns {
			os := flow.Origins(p, a.Recv, through)
			if len(os) != 1 || !model.IsCall(os[0], "fromElements") {
				t.Errorf("Origins of the stream of %s: got %d origins, want fromElements alone", model.Format(a), len(os))
			}
		}
	})
}

// BenchmarkCycles follows a stream stored back into its variable n times,
// and walks back from every helper of a ring of n to the stream's origin.
func BenchmarkCycles(b *testing.B) {
	for _, n := range []int{10, 100, 1000} {
		b.Run(fmt.Sprintf("reassigned/n=%d", n), func(b *testing.B) {
			walks(b, n, func(p *model.Project, window *model.Node, _ []*model.Node) {
				for b.Loop() {
					flow.Downstream(p, window, through)
				}
			})
		})
		b.Run(fmt.Sprintf("ring/n=%d", n), func(b *testing.B) {
			walks(b, n, func(p *model.Project, _ *model.Node, assigns []*model.Node) {
				for b.Loop() {
					flow.Origins(p, assigns[0].Recv, through)
				}
			})
		})
	}
}

// A variable assigned again reads, at each place, the value the statements
// before it settle; a write in a branch or a loop settles nothing.
func TestReaching(t *testing.T) {
	src := `class Job {
  void run(StreamExecutionEnvironment env, boolean b) {
    DataStream<String> s = env.fromElements("a");
    s.print();
    s = s.map(x -> x);
    s.print();
    if (b) {
      s = s.filter(x -> true);
    }
    s.print();
    DataStream<String> once = env.fromElements("b");
    once.print();
    DataStream<String> l = env.fromElements("c");
    while (b) {
      l.print();
      l = l.map(x -> x);
    }
    DataStream<String> u = env.fromElements("d");
    u = u.map(x -> x);
    u = u.keyBy(x -> x).map(x -> x);
    u.print();
    DataStream<String> e = env.fromElements("e");
    for (String x : java.util.List.of("f")) {
      e.print();
      e = e.map(y -> y);
    }
  }
}
`
	analyzertest.WithProject(t, map[string]string{"Job.java": src}, func(p *model.Project) {
		var got []string
		for _, file := range p.Files() {
			file.Inspect(func(c *model.Node) bool {
				if model.IsCall(c, "print") || model.IsCall(c, "map", "keyBy") && c.Recv != nil && c.Recv.Name == "u" {
					value := "unsettled"
					if v := flow.Reaching(p, c.Recv); v != nil {
						value = v.Name
					}
					got = append(got, c.Recv.Name+"="+value)
				}
				return true
			})
		}
		// once is never assigned again: Value follows it, Reaching need not;
		// the u read in u = u.map(...) holds the value before the write
		want := []string{"s=fromElements", "s=map", "s=unsettled", "once=unsettled", "l=unsettled",
			"u=fromElements", "u=map", "u=map", "e=unsettled"}
		if strings.Join(got, "; ") != strings.Join(want, "; ") {
			t.Errorf("Reaching: got %q, want %q", got, want)
		}
	})
}
