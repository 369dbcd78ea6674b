package analyzer_test

import (
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"golang.org/x/tools/go/analysis"

	"github.com/flinklint/flinklint/analyzer"
	"github.com/flinklint/flinklint/analyzer/analyzertest"
	"github.com/flinklint/flinklint/internal/cache"
	"github.com/flinklint/flinklint/internal/config"
	"github.com/flinklint/flinklint/parsers"
	"github.com/flinklint/flinklint/rules"
	flink2removedapi "github.com/flinklint/flinklint/rules/flink2-removed-api"
	secondstimestamp "github.com/flinklint/flinklint/rules/seconds-timestamp"
)

// A job whose timestamp assigner calls a getter of another file, which the
// prefilter passes over and the rule parses to resolve the name.
var cachedProject = map[string]string{
	"src/Job.java": `package jobs;
import org.apache.flink.api.common.eventtime.WatermarkStrategy;
class Job {
  WatermarkStrategy<Event> s = WatermarkStrategy.<Event>forMonotonousTimestamps().withTimestampAssigner((e, ts) -> e.getTs());
  WatermarkStrategy<Event> t = WatermarkStrategy.<Event>forMonotonousTimestamps().withTimestampAssigner((e, ts) -> e.millis / 1000);
}`,
	"src/Event.java": `package jobs;
public class Event { long createdSec; long millis; public long getTs() { return createdSec; } }`,
	"src/Other.java": `package jobs; class Other {}`,
}

// outcome renders what a run reports, fixes included.
func outcome(t *testing.T, res *analyzer.Result) string {
	t.Helper()
	var b strings.Builder
	for _, d := range res.Diagnostics {
		fmt.Fprintf(&b, "%s-%s [%s] %s\n", d.Position, d.EndPos, d.Rule, d.Message)
		for _, f := range d.SuggestedFixes {
			for _, e := range f.TextEdits {
				fmt.Fprintf(&b, "  fix %s: %s-%s %q\n", f.Message, res.Fset.Position(e.Pos), res.Fset.Position(e.End), e.NewText)
			}
		}
	}
	for _, p := range res.Problems {
		fmt.Fprintf(&b, "problem %s\n", p)
	}
	return b.String()
}

// eventReturning returns cachedProject's Event.java with getTs returning
// field: an edit of the file the first finding of Job.java rests on.
func eventReturning(field string) string {
	return strings.Replace(cachedProject["src/Event.java"], "return createdSec", "return "+field, 1)
}

// project is what the cache tests run on: files written to a new
// directory, and a new cache.
type project struct {
	t     *testing.T
	dir   string
	cache *cache.Cache
}

// newProject writes files to a new directory, with a new cache.
func newProject(t *testing.T, files map[string]string) *project {
	t.Helper()
	return &project{t: t, dir: analyzertest.WriteFiles(t, files), cache: newCache(t)}
}

// newCache opens a new, empty cache.
func newCache(t *testing.T) *cache.Cache {
	t.Helper()
	c, err := cache.Open(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// aged dates the project an hour back (see age) and returns it.
func (p *project) aged() *project {
	p.t.Helper()
	age(p.t, p.dir)
	return p
}

// path returns the path of the project's file rel (a slash path).
func (p *project) path(rel string) string { return filepath.Join(p.dir, filepath.FromSlash(rel)) }

// write replaces the text of the project's file rel, or adds it.
func (p *project) write(rel, text string) {
	p.t.Helper()
	if err := os.WriteFile(p.path(rel), []byte(text), 0o666); err != nil {
		p.t.Fatal(err)
	}
}

// cached returns opts with the project's cache, as one build of flinklint.
func (p *project) cached(opts analyzer.Options) analyzer.Options {
	opts.Cache, opts.CacheSalt = p.cache, []byte("build 1")
	return opts
}

// run runs the analyzers (seconds-timestamp when none is given) with opts
// over the project's directory rel: the project's root for ".", or src,
// which leaves the build files at the root in a directory above.
func (p *project) run(opts analyzer.Options, rel string, analyzers ...*analysis.Analyzer) (*analyzer.Result, string) {
	p.t.Helper()
	if len(analyzers) == 0 {
		analyzers = []*analysis.Analyzer{secondstimestamp.Analyzer}
	}
	res, err := opts.Run([]string{p.path(rel)}, analyzers)
	if err != nil {
		p.t.Fatal(err)
	}
	return res, outcome(p.t, res)
}

// runSrc runs seconds-timestamp over the project's src with its cache.
func (p *project) runSrc() *analyzer.Result {
	p.t.Helper()
	res, _ := p.run(p.cached(analyzer.Options{}), "src")
	return res
}

func TestResultCache(t *testing.T) {
	p := newProject(t, cachedProject)
	opts := p.cached(analyzer.Options{Keywords: []string{"imestampAssigner"}})
	run := func(opts analyzer.Options) (*analyzer.Result, string) { t.Helper(); return p.run(opts, ".") }
	uncached, want := run(analyzer.Options{Keywords: opts.Keywords})
	if len(uncached.Diagnostics) != 2 || len(uncached.Diagnostics[1].SuggestedFixes) == 0 {
		t.Fatalf("want two findings, the second with a fix, got:\n%s", want)
	}

	first, got := run(opts)
	if first.Stats.Reused || first.Stats.Cached != 0 || got != want {
		t.Fatalf("first run: %+v, findings:\n%s\nwant:\n%s", first.Stats, got, want)
	}
	second, got := run(opts)
	if !second.Stats.Reused || got != want {
		t.Fatalf("unchanged rerun: %+v, findings:\n%s\nwant:\n%s", second.Stats, got, want)
	}
	if second.Digests[first.Diagnostics[0].Position.Filename] != first.Digests[first.Diagnostics[0].Position.Filename] {
		t.Error("a cached result lost the digest of the file its finding is in (reports read the file's text by it)")
	}

	// A new flinklint build or configuration is a new key for results and
	// models; other keywords, for results only.
	newBuild, _ := run(analyzer.Options{Cache: p.cache, CacheSalt: []byte("build 2"), Keywords: opts.Keywords})
	if newBuild.Stats.Reused || newBuild.Stats.Cached != 0 {
		t.Errorf("new build: %+v", newBuild.Stats)
	}
	newKeywords, got := run(p.cached(analyzer.Options{Keywords: []string{"imestampAssigner", "WatermarkStrategy"}}))
	if newKeywords.Stats.Reused || newKeywords.Stats.Cached != 2 || got != want {
		t.Errorf("new keywords: %+v, findings:\n%s", newKeywords.Stats, got)
	}

	// The first finding is in Job.java but rests on Event.java: changing
	// only the getter there must drop it.
	p.write("src/Event.java", eventReturning("millis"))
	third, got := run(opts)
	if third.Stats.Reused || third.Stats.Cached != 1 || strings.Count(got, "[seconds-timestamp]") != 1 || strings.Contains(got, "getTs") {
		t.Errorf("after the getter changed: %+v, findings:\n%s\nwant only the one of e.millis / 1000, Job.java's model from the cache", third.Stats, got)
	}
}

// A cache that cannot be written costs a warning, never the run.
func TestResultCacheUnwritable(t *testing.T) {
	p := newProject(t, cachedProject)
	// A file where the directory was stops root too.
	if err := os.RemoveAll(p.cache.Dir()); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p.cache.Dir(), nil, 0o666); err != nil {
		t.Fatal(err)
	}
	res, _ := p.run(analyzer.Options{Cache: p.cache}, ".")
	if len(res.Diagnostics) != 2 || !slices.ContainsFunc(res.Warnings, func(w string) bool { return strings.Contains(w, "cache") }) {
		t.Errorf("findings %d, warnings %q", len(res.Diagnostics), res.Warnings)
	}
}

// A configuration file is part of the key: a new or changed .flinklint.yaml
// is a new result, and its settings reach the rules.
func TestResultCacheConfig(t *testing.T) {
	p := newProject(t, cachedProject)
	run := func() *analyzer.Result {
		t.Helper()
		res, _ := p.run(p.cached(analyzer.Options{Config: config.NewFinder("", []string{secondstimestamp.Analyzer.Name})}), ".")
		return res
	}
	if first := run(); first.Stats.Reused {
		t.Fatalf("first run reused a result")
	}
	if again := run(); !again.Stats.Reused {
		t.Fatalf("unchanged rerun: %+v", again.Stats)
	}
	for i, text := range []string{"settings:\n  flink-version: \"1.20\"\n", "settings:\n  flink-version: \"2.0\"\n"} {
		p.write("src/"+config.Name, text)
		if res := run(); res.Stats.Reused {
			t.Errorf("configuration %d: the result of another configuration was reused", i)
		}
		if res := run(); !res.Stats.Reused {
			t.Errorf("configuration %d, unchanged: %+v", i, res.Stats)
		}
	}
}

// A build file that names the Flink release (config.BuildFiles), here or
// in a directory above, is part of the key: flink2-removed-api's findings
// depend on it.
func TestResultCacheBuildFiles(t *testing.T) {
	p := newProject(t, cachedProject)
	run := p.runSrc
	run()
	for i, text := range []string{"<project><properties><flink.version>1.20.3</flink.version></properties></project>",
		"<project><properties><flink.version>2.0.0</flink.version></properties></project>"} {
		p.write("pom.xml", text)
		if res := run(); res.Stats.Reused {
			t.Errorf("pom.xml %d: the result of another build was reused", i)
		}
		if res := run(); !res.Stats.Reused {
			t.Errorf("pom.xml %d, unchanged: %+v", i, res.Stats)
		}
	}
}

// TestResultCacheBuildFileAdded: a directory unchanged since a run (older
// than the racy margin) is trusted to hold the build files it held; a
// build file added to it changes it, and the result is not reused.
func TestResultCacheBuildFileAdded(t *testing.T) {
	p := newProject(t, cachedProject).aged()
	run := p.runSrc
	run()
	if res := run(); !res.Stats.Reused {
		t.Fatalf("unchanged: %+v", res.Stats)
	}
	p.write("pom.xml", "<project><properties><flink.version>2.0.0</flink.version></properties></project>")
	if res := run(); res.Stats.Reused {
		t.Error("a build file added: the result of another build was reused")
	}
}

// TestResultCacheFirstRunSkipped: a first run takes the files' digests
// from the parse, which skips a binary file; the file is then read for the
// key, and the rerun reuses the result.
func TestResultCacheFirstRunSkipped(t *testing.T) {
	files := maps.Clone(cachedProject)
	files["src/Blob.java"] = "class Blob {}\x00\x01"
	p := newProject(t, files)
	for i, want := range []bool{false, true} {
		if res := p.runSrc(); res.Stats.Reused != want {
			t.Errorf("run %d: reused %v, want %v", i+1, res.Stats.Reused, want)
		}
	}
}

// Survey records (parsers.Options.Recall): a rerun after an edit takes
// what the survey learns of each unchanged file from the index of file
// states instead of reading it; the findings are those of a run without a
// cache.

// age dates the files and directories under dir an hour back, so that the
// index of file states trusts them at once (its racy rule distrusts a file
// written within two seconds of a run).
func age(tb testing.TB, dir string) {
	tb.Helper()
	old := time.Now().Add(-time.Hour)
	err := filepath.WalkDir(dir, func(path string, _ os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		return os.Chtimes(path, old, old)
	})
	if err != nil {
		tb.Fatal(err)
	}
}

// TestSurveyRecordsSkipReading: after an edit to one file, the rerun
// recalls the others (Stats.Recalled), reads the edited one, and reports
// what an uncached run does, a directive of a recalled file included.
func TestSurveyRecordsSkipReading(t *testing.T) {
	files := maps.Clone(cachedProject)
	// The directive silences the first finding of Job.java, which the
	// prefilter passes: on the rerun the survey does not read it, and the
	// directive must come from its record.
	files["src/Job.java"] = strings.Replace(files["src/Job.java"], "  WatermarkStrategy<Event> s", "  // flinklint:ignore seconds-timestamp the getter is in ms\n  WatermarkStrategy<Event> s", 1)
	p := newProject(t, files).aged()
	opts := p.cached(analyzer.Options{Keywords: []string{"imestampAssigner"}})
	run := func(opts analyzer.Options) (*analyzer.Result, string) { t.Helper(); return p.run(opts, ".") }
	_, want := run(analyzer.Options{Keywords: opts.Keywords})
	if strings.Count(want, "[seconds-timestamp]") != 1 {
		t.Fatalf("want one finding left by the directive, got:\n%s", want)
	}
	if first, got := run(opts); first.Stats.Recalled != 0 || got != want {
		t.Fatalf("first run: %+v, findings:\n%s\nwant:\n%s", first.Stats, got, want)
	}
	p.write("src/Other.java", "package jobs; class Other { int x; }")
	edited, got := run(opts)
	if edited.Stats.Reused || edited.Stats.Recalled != 2 || edited.Stats.Read != 3 || got != want {
		t.Errorf("after an edit: %+v, findings:\n%s\nwant:\n%s\nand Job.java and Event.java recalled, not read", edited.Stats, got, want)
	}
	// Other keywords: the records of the first run's prefilter are not
	// taken (every file is read), and the findings stay right.
	other := opts
	other.Keywords = []string{"imestampAssigner", "WatermarkStrategy"}
	if res, got := run(other); res.Stats.Recalled != 0 || got != want {
		t.Errorf("other keywords: %+v, findings:\n%s", res.Stats, got)
	}
}

// TestSurveyRecordsChangedAndRacy: a changed file is read again, and so is
// one written in the same moments as the run that recorded it (the index's
// racy rule), since it could change again without its Stat changing.
func TestSurveyRecordsChangedAndRacy(t *testing.T) {
	p := newProject(t, cachedProject).aged()
	p.runSrc()
	p.write("src/Event.java", eventReturning("millis"))
	res := p.runSrc()
	if res.Stats.Recalled != 2 || strings.Contains(outcome(t, res), "getTs") {
		t.Errorf("Event.java changed: %+v, findings:\n%s\nwant Job.java and Other.java recalled, and no finding of getTs", res.Stats, outcome(t, res))
	}
	// Event.java was written just now: its record is racy, and it is read
	// and hashed again (Job.java made the run a new one). Its bytes are
	// those recorded, so the survey takes its record; were they not, the
	// survey would read it.
	p.write("src/Job.java", cachedProject["src/Job.java"]+"\n")
	if res := p.runSrc(); res.Stats.Recalled != 2 || res.Stats.Read != 3 {
		t.Errorf("Event.java racy, Job.java changed: %+v, want Other.java and Event.java recalled", res.Stats)
	}
	// Event.java changed again: read by the survey, its record dropped
	// (Job.java, racy but the same bytes, and Other.java are recalled).
	p.write("src/Event.java", eventReturning("millisX"))
	if res := p.runSrc(); res.Stats.Recalled != 2 || res.Stats.Reused {
		t.Errorf("Event.java changed again: %+v, want Job.java and Other.java recalled", res.Stats)
	}
}

// TestSurveyRecordsGated: a record holds the prefilter's groups found in a
// file, not whether it passes, so a gated group (rules.Rule.Applies) is
// decided again: a pom.xml that moves the module to Flink 2.x makes
// flink2-removed-api's words pass the unchanged, unread file.
func TestSurveyRecordsGated(t *testing.T) {
	pom := func(version string) string {
		return "<project><properties><flink.version>" + version + "</flink.version></properties></project>"
	}
	p := newProject(t, map[string]string{
		"pom.xml": pom("1.20.0"),
		"src/main/java/jobs/Job.java": `package jobs;
import org.apache.flink.api.common.time.Time;
class Job { Time t = Time.seconds(1); }`,
		"src/main/java/jobs/Other.java": "package jobs; class Other {}",
	}).aged()
	var selected []rules.Rule
	for _, id := range []string{flink2removedapi.Analyzer.Name, secondstimestamp.Analyzer.Name} {
		r, _ := rules.ByID(id)
		selected = append(selected, r)
	}
	run := func(cached bool) (*analyzer.Result, string) {
		t.Helper()
		opts := analyzer.Options{Keywords: rules.Keywords(selected), Gated: rules.Gated(selected, parsers.ReadFile, nil)}
		if cached {
			opts = p.cached(opts)
		}
		return p.run(opts, ".", flink2removedapi.Analyzer, secondstimestamp.Analyzer)
	}
	if res, got := run(true); got != "" || res.Stats.Prefiltered != 2 {
		t.Fatalf("Flink 1.20: %+v, findings:\n%s\nwant none, both files passed over", res.Stats, got)
	}
	p.write("pom.xml", pom("2.0.0"))
	_, want := run(false)
	if !strings.Contains(want, "[flink2-removed-api]") {
		t.Fatalf("Flink 2.0 uncached: no finding of flink2-removed-api:\n%s", want)
	}
	if res, got := run(true); res.Stats.Recalled != 2 || res.Stats.Prefiltered != 1 || got != want {
		t.Errorf("Flink 2.0: %+v, findings:\n%s\nwant:\n%s\nwith both files recalled and Job.java passed", res.Stats, got, want)
	}
}

// TestTouchKeepsRecord: a file whose mtime changes but whose bytes do
// not (touch) should keep its survey record across a run whose result is
// reused.
func TestTouchKeepsRecord(t *testing.T) {
	p := newProject(t, cachedProject).aged()
	p.runSrc()
	older := time.Now().Add(-2 * time.Hour)
	if err := os.Chtimes(p.path("src/Event.java"), older, older); err != nil {
		t.Fatal(err)
	}
	if res := p.runSrc(); !res.Stats.Reused {
		t.Fatalf("touch: %+v, want the result reused", res.Stats)
	}
	p.write("src/Other.java", "package jobs; class Other { int y; }")
	if err := os.Chtimes(p.path("src/Other.java"), older, older); err != nil {
		t.Fatal(err)
	}
	res := p.runSrc()
	if res.Stats.Recalled != 2 {
		t.Errorf("after touch then edit: %+v, want Job.java and Event.java recalled", res.Stats)
	}
}

// TestOverlay: a run with an overlay (an editor's unsaved buffer) reports
// on the buffer, on a first run and on one whose index knows the file
// unchanged on disk; the next run without it reports on the file again,
// and so does its cached result.
func TestOverlay(t *testing.T) {
	p := newProject(t, cachedProject).aged()
	run := func(c *cache.Cache, overlay map[string][]byte) string {
		t.Helper()
		_, got := p.run(analyzer.Options{Cache: c, CacheSalt: []byte("build 1"), Overlay: overlay}, "src")
		return got
	}
	onDisk := run(p.cache, nil)
	if !strings.Contains(onDisk, "getTs") {
		t.Fatalf("on disk: %s, want a finding of getTs", onDisk)
	}
	fixed := map[string][]byte{p.path("src/Event.java"): []byte(eventReturning("millis"))}
	for _, c := range []*cache.Cache{newCache(t), p.cache} { // a first run, then one whose index knows Event.java
		if got := run(c, fixed); strings.Contains(got, "getTs") {
			t.Errorf("with the buffer fixed: %s, want no finding of getTs", got)
		}
	}
	if got := run(p.cache, nil); got != onDisk {
		t.Errorf("without the overlay again: %s, want %s", got, onDisk)
	}
}
