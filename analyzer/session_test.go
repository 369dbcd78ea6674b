package analyzer_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/flinklint/flinklint/analyzer"
	"github.com/flinklint/flinklint/internal/config"
	"github.com/flinklint/flinklint/rules"
)

// A session updated with buffers finds what a whole run with the same
// buffers finds: edits that reach other files (a strategy's helper, a
// constant), a syntax error, and buffers closed again; with the example
// project in one unit, and in a unit per file, where the helper and the
// constant are parsed on demand by the jobs' units.
func TestSessionUpdate(t *testing.T) {
	dir, err := filepath.Abs("../testdata/example")
	if err != nil {
		t.Fatal(err)
	}
	java := filepath.Join(dir, "src/main/java/com/example")
	watermarks := filepath.Join(java, "common/Watermarks.java")
	constants := filepath.Join(java, "common/JobConstants.java")
	checkout := filepath.Join(java, "jobs/CheckoutMonitorJob.java")
	scala := filepath.Join(dir, "src/main/scala/com/example/jobs/TopPagesJob.scala")
	edits := []struct {
		name, path, old, new string
	}{
		{"helper loses its idleness", watermarks, ".withIdleness(JobConstants.SOURCE_IDLE_TIMEOUT)", ""},
		{"helper in seconds", watermarks, "toEpochMilli()", "getEpochSecond()"},
		{"job fixed", checkout, "getEpochSecond()", "toEpochMilli()"},
		{"constant zero", constants, "SOURCE_IDLE_TIMEOUT =", "SOURCE_IDLE_TIMEOUT = java.time.Duration.ZERO; static final Object UNUSED ="},
		{"syntax error", scala, "object", "object {{"},
		{"all closed", "", "", ""},
	}
	analyzers := rules.Analyzers(rules.All)
	options := func(unitBytes int64, overlay map[string][]byte) analyzer.Options {
		return analyzer.Options{UnitBytes: unitBytes, Overlay: overlay, Config: config.NewFinder("", nil),
			Keywords: rules.Keywords(rules.All)}
	}
	for _, unitBytes := range []int64{0, 1} {
		sess, _, err := options(unitBytes, nil).Session([]string{dir}, analyzers)
		if err != nil {
			t.Fatal(err)
		}
		overlay := map[string][]byte{}
		updated := 0
		for _, e := range edits {
			if e.path == "" {
				overlay = nil
			} else {
				text := overlay[e.path]
				if text == nil {
					if text, err = os.ReadFile(e.path); err != nil {
						t.Fatal(err)
					}
				}
				if !strings.Contains(string(text), e.old) {
					t.Fatalf("%s: %q not in %s", e.name, e.old, e.path)
				}
				overlay[e.path] = []byte(strings.Replace(string(text), e.old, e.new, 1))
			}
			want, err := options(unitBytes, overlay).Run([]string{dir}, analyzers)
			if err != nil {
				t.Fatal(err)
			}
			got, ok := sess.Update(overlay)
			if ok {
				updated++
			} else if sess, got, err = options(unitBytes, overlay).Session([]string{dir}, analyzers); err != nil {
				t.Fatal(err)
			}
			if g, w := outcome(t, got), outcome(t, want); g != w {
				t.Errorf("unit bytes %d, %s (updated: %v): lines only in the session's, then only in the whole run's:\n%s\n%s",
					unitBytes, e.name, ok, only(g, w), only(w, g))
			}
		}
		if updated != len(edits) { // none moves a file between units
			t.Errorf("unit bytes %d: %d of %d edits updated the session, the rest made a whole run", unitBytes, updated, len(edits))
		}
		newJob := map[string][]byte{filepath.Join(java, "jobs/NewJob.java"): []byte(newJobText)}
		if _, ok := sess.Update(newJob); ok {
			t.Errorf("unit bytes %d: a buffer of a file the session does not have updated it", unitBytes)
		}
		_, res, err := options(unitBytes, newJob).Session([]string{dir}, analyzers)
		if err != nil {
			t.Fatal(err)
		}
		if got := outcome(t, res); !strings.Contains(got, "NewJob.java:5:") {
			t.Errorf("unit bytes %d: a whole run with an unsaved new file finds nothing in it:\n%s", unitBytes, got)
		}
	}
}

// newJobText is a job with a GlobalWindows window and no trigger, on line 5.
const newJobText = `package com.example.jobs;
class NewJob {
    void run(org.apache.flink.streaming.api.datastream.DataStream<String> in) {
        in.keyBy(s -> s)
            .window(
                org.apache.flink.streaming.api.windowing.assigners.GlobalWindows.create())
            .reduce((a, b) -> a);
    }
}
`

// only returns the lines of a that b does not have.
func only(a, b string) string {
	var out []string
	for _, l := range strings.Split(a, "\n") {
		if !strings.Contains(b, l) {
			out = append(out, l)
		}
	}
	return strings.Join(out, "\n")
}
