package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

const lateness = `class Job { void f() {
  ks.countWindow(5).allowedLateness(Duration.ofMinutes(1)).sum(1); } }
`

func TestConfiguration(t *testing.T) {
	dir := project(t, map[string]string{
		".flinklint.yaml":  "rules:\n  ineffective-lateness: {severity: error}\nexclude: [gen/]\n",
		"Job.java":         lateness,
		"gen/Job.java":     lateness,
		"other/strict.yml": "rules: {ineffective-lateness: {enabled: false}}\n",
	})
	// The severity set in the file is the finding's, for -fail-on too.
	code, out, errOut := flinklint(t, dir, "-fail-on", "error", "-no-cache")
	if code != 1 || out != "Job.java:2:21: error: "+strings.TrimPrefix(strings.SplitN(out, ": error: ", 2)[1], "") || errOut != "" {
		t.Errorf("exit %d\n%s%s", code, out, errOut)
	}
	if strings.Contains(out, "gen/") {
		t.Errorf("an excluded file was reported on:\n%s", out)
	}
	// -config replaces the search.
	if code, out, errOut := flinklint(t, dir, "-config", "other/strict.yml", "-no-cache"); code != 0 || out != "" {
		t.Errorf("-config: exit %d\n%s%s", code, out, errOut)
	}
	// -enable chooses among the rules the configuration leaves enabled.
	if code, out, _ := flinklint(t, dir, "-config", "other/strict.yml", "-enable", "ineffective-lateness", "-no-cache"); code != 0 || out != "" {
		t.Errorf("-enable of a rule the configuration disables: exit %d\n%s", code, out)
	}
}

func TestBadConfiguration(t *testing.T) {
	for _, tc := range []struct {
		name  string
		files map[string]string
		args  []string
		want  string
	}{
		{"unknown key", map[string]string{".flinklint.yaml": "rules:\n  missing-idleness:\n    severty: error\n"},
			nil, ".flinklint.yaml:3:5: rules.missing-idleness.severty: unknown key"},
		{"unknown rule", map[string]string{".flinklint.yaml": "rules: {global-window-no-triger: {enabled: false}}\n"},
			nil, `.flinklint.yaml:1:9: rules.global-window-no-triger: unknown rule`},
		{"bad value", map[string]string{".flinklint.yaml": "rules: {missing-idleness: {severity: fatal}}\n"},
			nil, ".flinklint.yaml:1:38: rules.missing-idleness.severity: "},
		{"below the path, in a clean module", map[string]string{"m/.flinklint.yaml": "exclude: 3\n", "m/Clean.java": "class Clean {}\n"},
			nil, filepath.Join("m", ".flinklint.yaml") + ":1:10: exclude: "},
		{"missing -config", nil, []string{"-config", "nope.yaml"}, "flinklint: configuration nope.yaml: "},
		{"-print-config", map[string]string{".flinklint.yaml": "nope: 1\n"}, []string{"-print-config", "Job.java"}, ".flinklint.yaml:1:1: nope: unknown key"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			files := map[string]string{"Job.java": lateness}
			for k, v := range tc.files {
				files[k] = v
			}
			dir := project(t, files)
			code, out, errOut := flinklint(t, dir, append(tc.args, "-no-cache")...)
			if code != 2 || out != "" || !strings.HasPrefix(errOut, tc.want) || strings.Count(errOut, "\n") != 1 {
				t.Errorf("exit %d, stdout %q, stderr %q; want 2, nothing, and %q", code, out, errOut, tc.want)
			}
		})
	}
}

func TestPrintConfig(t *testing.T) {
	dir := project(t, map[string]string{
		".flinklint.yaml": "rules: {late-tag-unread: {enabled: false}}\nexclude: [gen/]\noverrides: [{paths: [test/], rules: {missing-idleness: {severity: info}}}]\nsettings: {idle-timeout: 30 s}\n",
		"Job.java":        lateness,
		"gen/A.java":      lateness,
	})
	abs := filepath.Join(dir, ".flinklint.yaml")
	for _, tc := range []struct{ path, want string }{
		{"gen", "# " + abs + "\nexcluded: true\nrules:\n  late-tag-unread: {enabled: false}\n  missing-idleness: {}\nsettings:\n  idle-timeout: \"30 s\"\n"},
		{"test/A.java", "# " + abs + "\nexcluded: false\nrules:\n  late-tag-unread: {enabled: false}\n  missing-idleness: {severity: info}\nsettings:\n  idle-timeout: \"30 s\"\n"},
	} {
		code, out, errOut := flinklint(t, dir, "-print-config", tc.path)
		if code != 0 || out != tc.want || errOut != "" {
			t.Errorf("-print-config %s: exit %d\n%s\nwant\n%s%s", tc.path, code, out, tc.want, errOut)
		}
	}
	if code, out, _ := flinklint(t, t.TempDir(), "-print-config", "."); code != 0 || !strings.HasPrefix(out, "# no configuration file") {
		t.Errorf("no configuration: exit %d\n%s", code, out)
	}
}

// A cached result follows the configuration: a changed .flinklint.yaml
// is a new key (rules read its settings), and what it says about severities and exclusions applies to a
// cached result as to a fresh one.
func TestConfigurationAndTheCache(t *testing.T) {
	dir := project(t, map[string]string{"Job.java": lateness, "gen/Job.java": lateness})
	cacheDir := filepath.Join(t.TempDir(), "c")
	config := filepath.Join(dir, ".flinklint.yaml")
	const cached = "unchanged since a run whose result is cached"
	var outs []string
	for i, text := range []string{
		"settings: {idle-timeout: 30 s}\n",
		"settings: {idle-timeout: 1 min}\n",
		"settings: {idle-timeout: 1 min}\nrules: {ineffective-lateness: {severity: error}}\nexclude: [gen/]\n",
	} {
		if err := os.WriteFile(config, []byte(text), 0o666); err != nil {
			t.Fatal(err)
		}
		if _, _, errOut := flinklint(t, dir, "-cache-dir", cacheDir, "-stats"); strings.Contains(errOut, cached) {
			t.Errorf("configuration %d: the first run took an older configuration's result from the cache", i)
		}
		_, out, errOut := flinklint(t, dir, "-cache-dir", cacheDir, "-stats")
		if !strings.Contains(errOut, cached) {
			t.Errorf("configuration %d: the rerun is not cached:\n%s", i, errOut)
		}
		outs = append(outs, out)
	}
	if outs[0] != outs[1] || !strings.Contains(outs[0], "gen/Job.java:2:21: warning:") {
		t.Errorf("settings no rule reads changed the findings:\n%s\n%s", outs[0], outs[1])
	}
	if want := "Job.java:2:21: error: "; !strings.HasPrefix(outs[2], want) || strings.Contains(outs[2], "gen/") {
		t.Errorf("after a change of severity and an exclusion:\n%s", outs[2])
	}
}

// A -config file outside the analyzed paths is not one of the analyzed
// files, so only the key's fingerprint of it tells runs apart.
func TestExplicitConfigurationAndTheCache(t *testing.T) {
	dir := project(t, map[string]string{"Job.java": lateness})
	cacheDir := filepath.Join(t.TempDir(), "c")
	config := filepath.Join(t.TempDir(), "flinklint.yaml")
	for i, text := range []string{"settings: {idle-timeout: 30 s}\n", "settings: {idle-timeout: 1 min}\n"} {
		if err := os.WriteFile(config, []byte(text), 0o666); err != nil {
			t.Fatal(err)
		}
		for run := range 2 {
			_, _, errOut := flinklint(t, dir, "-cache-dir", cacheDir, "-config", config, "-stats")
			if got := strings.Contains(errOut, "unchanged since a run whose result is cached"); got != (run == 1) {
				t.Errorf("configuration %d, run %d: from the cache %t, want %t", i, run, got, run == 1)
			}
		}
	}
}

// A message naming where the Flink version came from names the file used:
// with -config ft2.yaml, ft2.yaml, not the .flinklint.yaml beside it.
func TestFlinkVersionMessageNamesTheConfigUsed(t *testing.T) {
	dir := project(t, map[string]string{
		".flinklint.yaml": "settings:\n  flink-version: \"1.20\"\n",
		"ft2.yaml":        "settings:\n  flink-version: \"2.0\"\n",
		"Job.java":        "import org.apache.flink.streaming.api.TimeCharacteristic;\n\nclass Job {}\n",
	})
	_, out, errOut := flinklint(t, dir, "-config", "ft2.yaml", "-enable", "flink2-removed-api", "-no-cache")
	if !strings.Contains(out, "(flink-version 2.0 in ft2.yaml)") || strings.Contains(out, ".flinklint.yaml") {
		t.Errorf("-config ft2.yaml:\n%s%s", out, errOut)
	}
	_, out, errOut = flinklint(t, dir, "-config", filepath.Join(dir, "ft2.yaml"), "-enable", "flink2-removed-api", "-no-cache")
	if !strings.Contains(out, "(flink-version 2.0 in ft2.yaml)") {
		t.Errorf("-config with an absolute path:\n%s%s", out, errOut)
	}
	// The cache, keyed on the configuration file's path, keeps no stale name.
	cache := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "ft3.yaml"), []byte("settings:\n  flink-version: \"2.0\"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"ft2.yaml", "ft3.yaml"} {
		_, out, errOut = flinklint(t, dir, "-config", name, "-enable", "flink2-removed-api", "-cache-dir", cache)
		if !strings.Contains(out, "(flink-version 2.0 in "+name+")") {
			t.Errorf("-config %s, cached:\n%s%s", name, out, errOut)
		}
	}
	// Without -config, the .flinklint.yaml found says 1.20: nothing removed.
	if _, out, errOut := flinklint(t, dir, "-enable", "flink2-removed-api", "-no-cache"); out != "" {
		t.Errorf("no -config:\n%s%s", out, errOut)
	}
}
