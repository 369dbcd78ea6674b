package config

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"
)

// docPath is the one description of the schema.
const docPath = "../../docs/configuration.md"

// ruleIDs are the rules that have a page: the package cannot import rules/.
func ruleIDs(t *testing.T) []string {
	t.Helper()
	pages, err := filepath.Glob("../../docs/rules/*.md")
	if err != nil || len(pages) == 0 {
		t.Fatalf("no rule pages: %v", err)
	}
	var ids []string
	for _, p := range pages {
		ids = append(ids, strings.TrimSuffix(filepath.Base(p), ".md"))
	}
	return ids
}

func write(t *testing.T, dir, name, content string) string {
	t.Helper()
	p := filepath.Join(dir, name)
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

func load(t *testing.T, content string) (*File, error) {
	t.Helper()
	return Load(write(t, t.TempDir(), Name, content), ruleIDs(t))
}

func TestDocExamplesLoad(t *testing.T) {
	doc, err := os.ReadFile(docPath)
	if err != nil {
		t.Fatal(err)
	}
	blocks := regexp.MustCompile("(?s)```yaml\n(.*?)```").FindAllSubmatch(doc, -1)
	if len(blocks) == 0 {
		t.Fatal("no yaml example in " + docPath)
	}
	for _, b := range blocks {
		if _, err := load(t, string(b[1])); err != nil {
			t.Errorf("example does not load: %v\n%s", err, b[1])
		}
	}
}

func TestDocDescribesEveryKey(t *testing.T) {
	doc, err := os.ReadFile(docPath)
	if err != nil {
		t.Fatal(err)
	}
	for schema, keys := range Keys() {
		for _, k := range keys {
			if !bytes.Contains(doc, []byte("`"+k+"`")) {
				t.Errorf("key %q (of %q) is not described in %s", k, schema, docPath)
			}
		}
	}
	for _, s := range Severities() {
		if !bytes.Contains(doc, []byte("`"+s+"`")) {
			t.Errorf("severity %q is not described in %s", s, docPath)
		}
	}
}

// TestDocErrorExample checks that the error the page shows is the one
// flinklint prints.
func TestDocErrorExample(t *testing.T) {
	doc, err := os.ReadFile(docPath)
	if err != nil {
		t.Fatal(err)
	}
	want := regexp.MustCompile(`(?m)^\.flinklint\.yaml:\d+:\d+: .*$`).Find(doc)
	dir := t.TempDir()
	_, err = Load(write(t, dir, Name, "# team settings\nrules:\n  missing-idleness:\n    severty: error\n"), ruleIDs(t))
	if err == nil {
		t.Fatal("no error")
	}
	if got := strings.TrimPrefix(err.Error(), dir+string(filepath.Separator)); got != string(want) {
		t.Errorf("error\n%s\nthe page shows\n%s", got, want)
	}
}

func TestLoadErrors(t *testing.T) {
	for _, c := range []struct{ name, src, want string }{
		{"unknown top-level key", "rules: {}\nexlude: [a]\n", `:2:1: exlude: unknown key "exlude" (want rules, exclude, overrides, settings)`},
		{"unknown rule", "rules:\n  missing-idlenes: {enabled: false}\n", `:2:3: rules.missing-idlenes: unknown rule "missing-idlenes"`},
		{"bad severity", "rules:\n  missing-idleness: {severity: fatal}\n", `:2:32: rules.missing-idleness.severity: unknown severity "fatal" (want error, warning, info)`},
		{"enabled not a bool", "rules:\n  missing-idleness:\n    enabled: off\n", `:3:14: rules.missing-idleness.enabled: want true or false, not "off"`},
		{"rule not a mapping", "rules:\n  missing-idleness: false\n", `:2:21: rules.missing-idleness: want a mapping, not "false"`},
		{"bad duration", "settings:\n  idle-timeout: 30 sek\n", `:2:17: settings.idle-timeout: "30 sek" is not a Flink duration`},
		{"negative duration", "settings:\n  idle-timeout: -1 ms\n", `:2:17: settings.idle-timeout: "-1 ms" is not a Flink duration`},
		{"bad version", "settings:\n  flink-version: 1.20.1\n", `:2:18: settings.flink-version: "1.20.1" is not a Flink version`},
		{"connectors not a list", "settings:\n  multi-split-connectors: kafka\n", `:2:27: settings.multi-split-connectors: want a list, not "kafka"`},
		{"empty connector", "settings:\n  multi-split-connectors: [kafka, '']\n", `:2:35: settings.multi-split-connectors[1]: empty`},
		{"duplicate key", "rules:\n  late-tag-unread: {enabled: false}\n  late-tag-unread: {enabled: true}\n", `:3:3: rules.late-tag-unread: duplicate key "late-tag-unread"`},
		{"override without paths", "overrides:\n  - rules: {late-tag-unread: {enabled: false}}\n", `:2:5: overrides[0]: an override needs paths`},
		{"unknown rule in an override", "overrides:\n  - paths: [a/]\n    rules: {late-tag-unred: {enabled: false}}\n", `:3:13: overrides[0].rules.late-tag-unred: unknown rule`},
		{"glob not a string", "exclude: [[a]]\n", `:1:11: exclude[0]: want a value, not a list`},
		{"merge key", "base: &b {enabled: false}\n", `:1:1: base: unknown key`},
		{"top level a list", "- a\n", `:1:1: want a mapping, not a list`},
		{"syntax error", "rules:\n  a: [\n", `:2: did not find expected node content`},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, err := load(t, c.src)
			var e *Error
			if !errors.As(err, &e) {
				t.Fatalf("error %v, want an *Error", err)
			}
			if !strings.HasPrefix(e.Error(), e.File) || !strings.Contains(e.Error(), c.want) {
				t.Errorf("error\n%v\nwant it to contain\n%s", err, c.want)
			}
		})
	}
}

func TestLoadMissingFile(t *testing.T) {
	_, err := Load(filepath.Join(t.TempDir(), Name), nil)
	if err == nil || !strings.Contains(err.Error(), Name) {
		t.Errorf("error %v, want one naming the file", err)
	}
}

func TestEmptyFileConfiguresNothing(t *testing.T) {
	for _, src := range []string{"", "# nothing yet\n", "rules:\nexclude:\n"} {
		f, err := load(t, src)
		if err != nil {
			t.Fatalf("%q: %v", src, err)
		}
		e := f.For(filepath.Join(f.Dir, "Job.java"))
		if e.Excluded || !e.Enabled("missing-idleness", true) || e.Severity("missing-idleness", "warning") != "warning" {
			t.Errorf("%q: %+v", src, e)
		}
	}
}

func TestFor(t *testing.T) {
	f, err := load(t, `
rules:
  seconds-timestamp: {severity: error}
  late-tag-unread: {enabled: false}
exclude: [generated/, legacy/**/*.sql, "*.gen.java"]
overrides:
  - paths: [src/test/]
    rules: {missing-idleness: {enabled: false}, seconds-timestamp: {severity: info}}
  - paths: ["*Replay*.java"]
    rules: {missing-idleness: {enabled: true}}
settings:
  idle-timeout: 30 s
  multi-split-connectors: [kafka, bus]
  flink-version: 2.0
`)
	if err != nil {
		t.Fatal(err)
	}
	at := func(rel string) Effective { return f.For(filepath.Join(f.Dir, filepath.FromSlash(rel))) }
	for _, c := range []struct {
		rel      string
		excluded bool
	}{
		{"generated/A.java", true},
		{"a/generated/b/A.java", true},
		{"legacy/x/y.sql", true},
		{"src/legacy/y.sql", false},
		{"src/A.gen.java", true},
		{"src/A.java", false},
		{"generated", false}, // a file named like the directory pattern
	} {
		if got := at(c.rel).Excluded; got != c.excluded {
			t.Errorf("%s: excluded %t, want %t", c.rel, got, c.excluded)
		}
	}
	main, test, replay := at("src/main/Job.java"), at("src/test/JobTest.java"), at("src/test/ReplayTest.java")
	for _, c := range []struct {
		e                  Effective
		idleness, lateness bool
		seconds            string
	}{
		{main, true, false, "error"},
		{test, false, false, "info"},
		{replay, true, false, "info"}, // the later override wins
	} {
		if c.e.Enabled("missing-idleness", true) != c.idleness || c.e.Enabled("late-tag-unread", true) != c.lateness ||
			c.e.Severity("seconds-timestamp", "warning") != c.seconds {
			t.Errorf("%s: %+v", c.e.Config, c.e.Rules)
		}
	}
	s := main.Settings
	if s.IdleTimeoutValue != 30*time.Second || s.IdleTimeout != "30 s" || !slices.Equal(s.MultiSplitConnectors, []string{"kafka", "bus"}) || s.FlinkVersion != "2.0" {
		t.Errorf("settings %+v", s)
	}
	outside := f.For(filepath.Join(filepath.Dir(f.Dir), "generated", "A.java"))
	if outside.Excluded || outside.Enabled("late-tag-unread", true) || outside.Settings.IdleTimeout != "30 s" {
		t.Errorf("outside its directory: %+v", outside)
	}
	if (*File)(nil).For("x").Config != "" {
		t.Error("a nil File does not give the defaults")
	}
}

func TestFingerprint(t *testing.T) {
	dir := t.TempDir()
	ids := ruleIDs(t)
	a, err := Load(write(t, dir, "a/"+Name, "rules:\n  late-tag-unread: {enabled: false}\n"), ids)
	if err != nil {
		t.Fatal(err)
	}
	b, err := Load(write(t, dir, "b/"+Name, "# the same, laid out otherwise\nrules: {late-tag-unread: {enabled: false}}\n"), ids)
	if err != nil {
		t.Fatal(err)
	}
	a2, err := Load(write(t, dir, "a/x/../"+Name, "rules:\n  late-tag-unread:\n    enabled: false\n"), ids)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(a.Fingerprint(), a2.Fingerprint()) {
		t.Errorf("layout changes the fingerprint:\n%s\n%s", a.Fingerprint(), a2.Fingerprint())
	}
	if bytes.Equal(a.Fingerprint(), b.Fingerprint()) {
		t.Error("files in different directories have the same fingerprint, yet their globs differ")
	}
}

func TestFind(t *testing.T) {
	root := t.TempDir()
	top := write(t, root, Name, "")
	sub := write(t, root, "svc/"+Name, "")
	if err := os.MkdirAll(filepath.Join(root, "svc/src/main/java", Name), 0o755); err != nil { // a directory: passed over
		t.Fatal(err)
	}
	for _, c := range []struct{ dir, want string }{
		{root, top},
		{filepath.Join(root, "other/deep"), top},
		{filepath.Join(root, "svc"), sub},
		{filepath.Join(root, "svc/src/main/java"), sub},
	} {
		got, err := Find(c.dir)
		if err != nil || got != c.want {
			t.Errorf("Find(%s) = %q, %v; want %q", c.dir, got, err, c.want)
		}
	}
	if got, err := Find(filepath.VolumeName(root) + string(filepath.Separator)); err != nil || got != "" && got != filepath.Join(filepath.Dir(got), Name) {
		t.Errorf("Find(/) = %q, %v", got, err)
	}
}

func TestFinder(t *testing.T) {
	root := t.TempDir()
	ids := ruleIDs(t)
	write(t, root, Name, "rules: {late-tag-unread: {enabled: false}}\nexclude: [gen/]\n")
	write(t, root, "svc/"+Name, "rules: {missing-idleness: {severity: error}}\n")
	bad := write(t, root, "bad/"+Name, "rules: {nope: {}}\n")
	f := NewFinder("", ids)
	e, err := f.For(filepath.Join(root, "gen/A.java"))
	if err != nil || !e.Excluded || e.Enabled("late-tag-unread", true) {
		t.Errorf("root: %+v, %v", e, err)
	}
	e, err = f.For(filepath.Join(root, "svc/gen/A.java"))
	if err != nil || e.Excluded || !e.Enabled("late-tag-unread", true) || e.Severity("missing-idleness", "") != "error" {
		t.Errorf("svc (the nearest file decides, nothing merged): %+v, %v", e, err)
	}
	if f.Err() != nil {
		t.Errorf("Err before a bad file was met: %v", f.Err())
	}
	if _, err := f.For(filepath.Join(root, "bad/A.java")); err == nil || !strings.Contains(err.Error(), bad+":1:") {
		t.Errorf("bad: %v", err)
	}
	// A bad file fails every time, and Err keeps it for a caller that
	// ignored the error.
	if _, err := f.File(filepath.Join(root, "bad/B.java")); err == nil || f.Err() == nil || f.Err().Error() != err.Error() {
		t.Errorf("bad again: %v; Err %v", err, f.Err())
	}
	// The answers are remembered: a file written later is not seen.
	write(t, root, "gen/"+Name, "")
	if file, err := f.File(filepath.Join(root, "gen/B.java")); err != nil || file.Path != filepath.Join(root, Name) {
		t.Errorf("cached: %v, %v", file, err)
	}
	if got := len(f.Files()); got != 2 {
		t.Errorf("%d files loaded, want 2", got)
	}

	explicit := NewFinder(filepath.Join(root, "svc", Name), ids)
	e, err = explicit.For(filepath.Join(root, "gen/A.java"))
	if err != nil || e.Excluded || e.Severity("missing-idleness", "") != "error" {
		t.Errorf("explicit: %+v, %v", e, err)
	}
}

func TestString(t *testing.T) {
	f, err := load(t, "rules: {late-tag-unread: {enabled: false}}\noverrides: [{paths: [t/], rules: {seconds-timestamp: {severity: info}}}]\nsettings: {idle-timeout: 1 min, flink-version: '1.20', multi-split-connectors: [kafka]}\n")
	if err != nil {
		t.Fatal(err)
	}
	got := f.For(filepath.Join(f.Dir, "t", "A.java")).String()
	want := "# " + f.Path + `
excluded: false
rules:
  late-tag-unread: {enabled: false}
  seconds-timestamp: {severity: info}
settings:
  idle-timeout: "1 min"
  multi-split-connectors: ["kafka"]
  flink-version: "1.20"
`
	if got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
	// What String prints is itself a configuration that loads.
	if _, err := load(t, strings.Replace(got, "excluded: false\n", "", 1)); err != nil {
		t.Errorf("the printed configuration does not load: %v", err)
	}
	if got := (Effective{}).String(); !strings.HasPrefix(got, "# no configuration file") {
		t.Errorf("defaults: %q", got)
	}
}
