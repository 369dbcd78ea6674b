package analyzer_test

import (
	"strings"
	"testing"

	"github.com/flinklint/flinklint/analyzer"
	"github.com/flinklint/flinklint/internal/cache"
	"github.com/flinklint/flinklint/internal/config"
	"github.com/flinklint/flinklint/parsers"
	"github.com/flinklint/flinklint/rules"
	flink2removedapi "github.com/flinklint/flinklint/rules/flink2-removed-api"
)

// An overlaid build file (build.sbt open in an editor whose "scala"
// language covers .sbt) is read by the rules through the overlay, but
// hashed into the result's key from disk: the run with the overlay gets,
// or stores, the result of the disk's build.
func TestOverlaidBuildFile(t *testing.T) {
	p := newProject(t, map[string]string{
		"build.sbt":    "val flinkVersion = \"1.20.0\"\nlibraryDependencies += \"org.apache.flink\" % \"flink-streaming-java\" % flinkVersion\n",
		"SbtJob.scala": "package sbt2\n\nimport org.apache.flink.streaming.api.scala._\n\nobject SbtJob\n",
	}).aged()
	var rule rules.Rule
	for _, r := range rules.All {
		if r.Name == "flink2-removed-api" {
			rule = r
		}
	}
	_ = flink2removedapi.Applies
	run := func(overlay map[string][]byte, fresh *cache.Cache) string {
		t.Helper()
		finder := config.NewFinder("", nil)
		o := analyzer.Options{Cache: fresh, CacheSalt: []byte("b"), Overlay: overlay, Config: finder,
			Keywords: rules.Keywords([]rules.Rule{rule})}
		read := func(p string) ([]byte, error) {
			if b, ok := overlay[p]; ok {
				return b, nil
			}
			return parsersRead(p)
		}
		o.Gated = rules.Gated([]rules.Rule{rule}, read, finder)
		_, got := p.run(o, ".", rule.Analyzer)
		return got
	}
	overlay := map[string][]byte{p.path("build.sbt"): []byte("val flinkVersion = \"2.0.0\"\nlibraryDependencies += \"org.apache.flink\" % \"flink-streaming-java\" % flinkVersion\n")}
	want := run(overlay, nil) // no cache: the truth for the buffer
	if !strings.Contains(want, "Flink 2.0 removed") {
		t.Fatalf("without a cache, with build.sbt at 2.0.0: %q", want)
	}
	run(nil, p.cache) // the CLI, or the server before the edit: index and result stored
	if got := run(overlay, p.cache); got != want {
		t.Errorf("with the cache, build.sbt edited to 2.0.0 in the buffer: %q, want %q", got, want)
	}
}

func parsersRead(p string) ([]byte, error) { return parsers.ReadFile(p) }
