package parsers_test

import (
	"fmt"
	"strings"
	"testing"
	"time"
)

// javaChain returns a job passing executeSql a + chain of n pieces that
// concatenate to SELECT f(f(...f(x)...)) with depth calls.
func javaChain(n, depth int) string {
	var b strings.Builder
	b.WriteString("class Job {\n  void run(TableEnvironment tEnv) {\n    tEnv.executeSql(\"SELECT \"")
	for i := range n {
		switch {
		case i < depth:
			b.WriteString(" + \"f(\"")
		case i < 2*depth:
			b.WriteString(" + \")\"")
		default:
			b.WriteString(" + \" \"")
		}
	}
	b.WriteString(" + \"x FROM t\");\n  }\n}\n")
	return b.String()
}

// loadBounded loads the files, failing if the load has not returned after a
// generous time: a bound on hangs, not a speed target.
func loadBounded(t *testing.T, files map[string]string) []string {
	t.Helper()
	var got []string
	done := make(chan struct{})
	go func() {
		defer close(done)
		r, res := load(t, files)
		for _, s := range r.Scripts {
			for _, st := range s.Statements {
				got = append(got, fmt.Sprintf("statement with %d calls", len(st.Calls)))
			}
		}
		for _, p := range res.Problems {
			got = append(got, p.Message)
		}
	}()
	select {
	case <-done:
	case <-time.After(5 * time.Minute):
		t.Fatal("no result after 5 minutes")
	}
	return got
}

// A long + chain of SQL pieces is read whole.
func TestEmbeddedLongChain(t *testing.T) {
	got := loadBounded(t, map[string]string{"Job.java": javaChain(4000, 100)})
	if strings.Join(got, "\n") != "statement with 100 calls" {
		t.Errorf("got %q", got)
	}
}

// Constants that each concatenate the one before ten times would make
// gigabytes of SQL: the call is skipped with a problem that says so, and the
// other calls are read.
func TestEmbeddedConstantBomb(t *testing.T) {
	var b strings.Builder
	b.WriteString("class K {\n  static final String C0 = \"SELECT 1;\";\n")
	for i := 1; i <= 12; i++ {
		fmt.Fprintf(&b, "  static final String C%d = C%d%s;\n", i, i-1, strings.Repeat(fmt.Sprintf(" + C%d", i-1), 9))
	}
	b.WriteString("}\n")
	got := loadBounded(t, map[string]string{
		"K.java":   b.String(),
		"Job.java": "class Job {\n  void run(TableEnvironment tEnv) {\n    tEnv.executeSql(K.C12);\n    tEnv.executeSql(\"SELECT f(x) FROM t\");\n  }\n}\n",
	})
	if len(got) != 2 || got[0] != "statement with 1 calls" || !strings.Contains(got[1], "skipped: too complex") {
		t.Errorf("got %q", got)
	}
}
