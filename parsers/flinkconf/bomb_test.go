package flinkconf

import (
	"fmt"
	"go/token"
	"strconv"
	"strings"
	"testing"
	"time"
)

// An alias bomb, a few lines that expand to gigabytes, is refused quickly.
func TestAliasBomb(t *testing.T) {
	for _, src := range []string{
		// 9 aliases a level: more than the 50 aliases snakeyaml-engine allows.
		"a: &a [x,x,x,x,x,x,x,x,x]\nb: &b [*a,*a,*a,*a,*a,*a,*a,*a,*a]\nc: &c [*b,*b,*b,*b,*b,*b,*b,*b,*b]\n" +
			"d: &d [*c,*c,*c,*c,*c,*c,*c,*c,*c]\ne: &e [*d,*d,*d,*d,*d,*d,*d,*d,*d]\nf: &f [*e,*e,*e,*e,*e,*e,*e,*e,*e]\n",
		// 2 aliases a level for 24 levels: within the alias limit, but 2^24 items.
		func() string {
			var b strings.Builder
			b.WriteString("l0: &l0 [x, x]\n")
			for i := 1; i <= 24; i++ {
				b.WriteString(strings.NewReplacer("I", strconv.Itoa(i), "P", strconv.Itoa(i-1)).Replace("lI: &lI [*lP, *lP]\n"))
			}
			return b.String()
		}(),
	} {
		fset := token.NewFileSet()
		tf := fset.AddFile("config.yaml", -1, len(src))
		tf.SetLinesForContent([]byte(src))
		if _, err := Parse(tf, []byte(src), ConfigYAML); err == nil {
			t.Errorf("no error for a bomb of %d bytes", len(src))
		}
	}
}

// deep are files whose lists and maps nest n deep, counting the top-level
// mapping.
var deep = []struct {
	name string
	gen  func(n int) string
}{
	{"flow-lists", func(n int) string { return "a: " + strings.Repeat("[", n-1) + strings.Repeat("]", n-1) + "\n" }},
	{"flow-maps", func(n int) string { return "a: " + strings.Repeat("{a: ", n-1) + "1" + strings.Repeat("}", n-1) + "\n" }},
	{"block-lists", func(n int) string { return "a:\n" + strings.Repeat("- ", n-1) + "x\n" }},
	{"block-maps", func(n int) string {
		var b strings.Builder
		for i := range n {
			b.WriteString(strings.Repeat(" ", i) + "a:\n")
		}
		return b.String() + strings.Repeat(" ", n) + "x\n"
	}},
	{"kubernetes", func(n int) string {
		return "apiVersion: flink.apache.org/v1beta1\nkind: FlinkDeployment\nspec:\n  flinkConfiguration:\n    a: " +
			strings.Repeat("{a: ", n-3) + "1" + strings.Repeat("}", n-3) + "\n"
	}},
}

// parseBounded parses src, failing the test if the parse has not returned
// after a generous time: a bound on hangs, not a speed target.
func parseBounded(t testing.TB, src string, kind Kind) ([]Option, error) {
	t.Helper()
	var opts []Option
	var err error
	done := make(chan struct{})
	go func() {
		defer close(done)
		fset := token.NewFileSet()
		tf := fset.AddFile("config.yaml", -1, len(src))
		tf.SetLinesForContent([]byte(src))
		opts, err = Parse(tf, []byte(src), kind)
	}()
	select {
	case <-done:
	case <-time.After(2 * time.Minute):
		t.Fatalf("no result after 2 minutes for %d bytes", len(src))
	}
	return opts, err
}

func kindOf(src string) Kind {
	if strings.Contains(src, "FlinkDeployment") {
		return Kubernetes
	}
	return ConfigYAML
}

// Lists and maps nested up to maxNesting are read; one level more, or
// yaml.v3's own limit many times over, is refused with an error that names
// the line and says why.
func TestNestingBomb(t *testing.T) {
	for _, d := range deep {
		t.Run(d.name, func(t *testing.T) {
			kind := kindOf(d.gen(maxNesting))
			if _, err := parseBounded(t, d.gen(maxNesting), kind); err != nil {
				t.Errorf("nested %d deep: %v", maxNesting, err)
			}
			for _, n := range []int{maxNesting + 1, 20_000} {
				if d.name == "block-maps" && n > maxNesting+1 {
					continue // quadratic in size by its nature
				}
				_, err := parseBounded(t, d.gen(n), kind)
				ours := n == maxNesting+1 // deeper still, yaml.v3 may refuse it first
				if err == nil || !strings.HasPrefix(err.Error(), "line ") ||
					!strings.Contains(err.Error(), "too complex: lists and maps nested more than 100 deep") && (ours || !strings.Contains(err.Error(), "max depth")) {
					t.Errorf("nested %d deep: err = %v", n, err)
				}
			}
		})
	}
}

// Long files are read whole.
func TestLongFiles(t *testing.T) {
	const n = 100_000
	var flat, nested strings.Builder
	nested.WriteString("table:\n")
	for i := range n {
		fmt.Fprintf(&flat, "table.k%d: %d\n", i, i)
		fmt.Fprintf(&nested, "  k%d: %d\n", i, i)
	}
	for _, c := range []struct {
		src  string
		kind Kind
	}{{flat.String(), FlinkConf}, {flat.String(), ConfigYAML}, {nested.String(), ConfigYAML}} {
		opts, err := parseBounded(t, c.src, c.kind)
		if err != nil || len(opts) != n || opts[n-1].Key != fmt.Sprintf("table.k%d", n-1) {
			t.Errorf("%v: %d options, err %v", c.kind, len(opts), err)
		}
	}
}

// BenchmarkNesting parses files nested 1k to 8k deep, all refused; the
// time per operation should grow linearly.
func BenchmarkNesting(b *testing.B) {
	for _, d := range deep {
		if d.name == "block-maps" {
			continue
		}
		for _, n := range []int{1000, 2000, 4000, 8000} {
			src := d.gen(n)
			b.Run(fmt.Sprintf("%s/%dk", d.name, n/1000), func(b *testing.B) {
				b.SetBytes(int64(len(src)))
				b.ReportAllocs()
				for b.Loop() {
					_, _ = parseBounded(b, src, kindOf(src))
				}
			})
		}
	}
}
