// Package config reads .flinklint.yaml, the configuration of a project:
// which rules run and at what severity, which paths are excluded, rule
// overrides by path, and the facts about the team's clusters that rules
// cannot see in the code. The schema is documented in
// docs/configuration.md; a test keeps the two in step.
//
// The file that applies to a source is the nearest .flinklint.yaml in its
// directory or above (Find, or a Finder that caches the search per
// directory), unless one is given explicitly. Files are not merged: the
// nearest one decides, as in ruff and Semgrep, so a file's effect can be
// read from it alone.
//
// Load refuses what it does not understand (an unknown key or rule id, a
// bad value, a duplicate key) with an *Error naming the file, line, column
// and key, which the command line turns into exit status 2: a typo must
// not silently leave a rule on.
package config

import (
	"encoding/json"
	"errors"
	"fmt"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"

	"go.yaml.in/yaml/v3"

	"github.com/flinklint/flinklint/internal/gitignore"
	"github.com/flinklint/flinklint/internal/regular"
)

// Name is the file name Find looks for.
const Name = ".flinklint.yaml"

// maxSize bounds what Load reads: a configuration is a few hundred bytes,
// and a huge one is a mistake (or an alias bomb) rather than a setting.
const maxSize = 1 << 20

// File is a loaded configuration file.
type File struct {
	Path      string // as given to Load, made absolute
	Dir       string // its directory: globs are relative to it
	Rules     map[string]Rule
	Exclude   []string
	Overrides []Override
	Settings  Settings

	exclude *globs
}

// Rule is what a configuration says about one rule. A nil Enabled or an
// empty Severity leaves the rule's default.
type Rule struct {
	Enabled  *bool  `json:"enabled,omitempty"`
	Severity string `json:"severity,omitempty"` // "error", "warning" or "info"
}

// Override changes rules for the files matching one of Paths; later
// overrides win over earlier ones and over the top-level rules.
type Override struct {
	Paths []string        `json:"paths"`
	Rules map[string]Rule `json:"rules"`

	paths *globs
}

// Settings are facts about where the jobs run that rules need and cannot
// read from the project.
type Settings struct {
	// IdleTimeout is the table.exec.source.idle-timeout the team's clusters
	// set, as written (a Flink duration); "" when not set. IdleTimeoutValue
	// is its value.
	IdleTimeout      string        `json:"idle-timeout,omitempty"`
	IdleTimeoutValue time.Duration `json:"-"`
	// MultiSplitConnectors are connector names (SQL 'connector' options or
	// source class names) to treat as sources of many splits, like Kafka.
	MultiSplitConnectors []string `json:"multi-split-connectors,omitempty"`
	// FlinkVersion is the Flink release the project targets, "1.20" or
	// "2.0" for example; "" when not set.
	FlinkVersion string `json:"flink-version,omitempty"`
}

// Error is a problem in a configuration file, at a line and column (both
// from 1; 0 when unknown) and under a key ("rules.x.severity").
type Error struct {
	File         string
	Line, Column int
	Key          string
	Message      string
}

func (e *Error) Error() string {
	pos := e.File
	if e.Line > 0 {
		pos += ":" + strconv.Itoa(e.Line)
		if e.Column > 0 {
			pos += ":" + strconv.Itoa(e.Column)
		}
	}
	if e.Key == "" {
		return pos + ": " + e.Message
	}
	return pos + ": " + e.Key + ": " + e.Message
}

// Load reads the configuration file at path. ruleIDs are the ids of the
// rules flinklint has: a rule the file names must be one of them.
func Load(path string, ruleIDs []string) (*File, error) {
	abs, err := filepath.Abs(path)
	if err != nil {
		return nil, err
	}
	src, err := readLimited(abs)
	if err != nil {
		return nil, fmt.Errorf("configuration %s: %w", path, err)
	}
	return parse(abs, src, ruleIDs)
}

// readLimited reads a regular file of at most maxSize bytes.
func readLimited(path string) ([]byte, error) {
	src, err := regular.Read(path, maxSize)
	if tl := (*regular.TooLargeError)(nil); errors.As(err, &tl) {
		return nil, fmt.Errorf("%d bytes; a configuration has at most %d", tl.Size, maxSize)
	}
	return src, err
}

// yamlLine finds the line number in a yaml error message.
var yamlLine = regexp.MustCompile(`^yaml: (?:line (\d+): )?`)

// parse reads src, the content of the configuration file at abs.
func parse(abs string, src []byte, ruleIDs []string) (*File, error) {
	f := &File{Path: abs, Dir: filepath.Dir(abs), Rules: map[string]Rule{}}
	var doc yaml.Node
	if err := yaml.Unmarshal(src, &doc); err != nil {
		e := &Error{File: abs, Message: err.Error()}
		if m := yamlLine.FindStringSubmatch(e.Message); m != nil {
			e.Line, _ = strconv.Atoi(m[1])
			e.Message = e.Message[len(m[0]):]
		}
		return nil, e
	}
	d := decoder{file: abs, ruleIDs: ruleIDs}
	if len(doc.Content) > 0 { // an empty file configures nothing
		if err := d.top(doc.Content[0], f); err != nil {
			return nil, err
		}
	}
	f.exclude = compileGlobs(f.Exclude)
	for i := range f.Overrides {
		f.Overrides[i].paths = compileGlobs(f.Overrides[i].Paths)
	}
	return f, nil
}

// Effective is the configuration that applies to one file.
type Effective struct {
	Config   string // the configuration file's path; "" when none applies
	Excluded bool   // the file is excluded: analyze it for names only, report nothing on it
	Rules    map[string]Rule
	Settings Settings

	ruleIDs []string
}

// Enabled reports whether the rule runs on the file; byDefault is whether
// it runs when no configuration says otherwise.
func (e Effective) Enabled(rule string, byDefault bool) bool {
	if r, ok := e.Rules[rule]; ok && r.Enabled != nil {
		return *r.Enabled
	}
	return byDefault
}

// Severity returns the severity the configuration sets for the rule's
// findings on the file, or def.
func (e Effective) Severity(rule, def string) string {
	if r, ok := e.Rules[rule]; ok && r.Severity != "" {
		return r.Severity
	}
	return def
}

// For returns the configuration that applies to path (a file, absolute or
// relative to the working directory). Exclusions and overrides apply only
// below the configuration's directory; rules and settings apply to every
// path the file is used for. A nil File gives the defaults.
func (f *File) For(path string) Effective {
	if f == nil {
		return Effective{}
	}
	e := Effective{Config: f.Path, Rules: maps(f.Rules), Settings: f.Settings, ruleIDs: f.ruleIDs()}
	rel, ok := f.rel(path)
	if !ok {
		return e
	}
	e.Excluded = f.exclude.match(rel)
	for _, o := range f.Overrides {
		if !o.paths.match(rel) {
			continue
		}
		for id, r := range o.Rules {
			cur := e.Rules[id]
			if r.Enabled != nil {
				cur.Enabled = r.Enabled
			}
			if r.Severity != "" {
				cur.Severity = r.Severity
			}
			e.Rules[id] = cur
		}
	}
	return e
}

// ruleIDs are the ids the file configures anywhere, sorted, so that
// Effective.String lists every rule the file could change.
func (f *File) ruleIDs() []string {
	var ids []string
	for id := range f.Rules {
		ids = append(ids, id)
	}
	for _, o := range f.Overrides {
		for id := range o.Rules {
			ids = append(ids, id)
		}
	}
	slices.Sort(ids)
	return slices.Compact(ids)
}

// rel returns path relative to the file's directory, slash-separated; ok
// is false when path is not below it.
func (f *File) rel(path string) (string, bool) {
	abs, err := filepath.Abs(path)
	if err != nil {
		return "", false
	}
	rel, err := filepath.Rel(f.Dir, abs)
	if err != nil || rel == "." || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
		return "", false
	}
	return filepath.ToSlash(rel), true
}

func maps(m map[string]Rule) map[string]Rule {
	out := make(map[string]Rule, len(m))
	for k, v := range m {
		out[k] = v
	}
	return out
}

// Fingerprint returns canonical bytes of the configuration (its directory,
// rules, exclusions, overrides and settings; not its layout or comments),
// for the key of the result cache: two files with the same fingerprint
// configure the same run.
func (f *File) Fingerprint() []byte {
	b, err := json.Marshal(struct {
		Dir       string
		Rules     map[string]Rule // encoding/json sorts map keys
		Exclude   []string
		Overrides []Override
		Settings  Settings
	}{f.Dir, f.Rules, f.Exclude, f.Overrides, f.Settings})
	if err != nil { // only plain strings, bools and maps of them
		panic(err)
	}
	return b
}

// String prints the effective configuration as YAML, for -print-config:
// every rule the configuration names, and the settings.
func (e Effective) String() string {
	var b strings.Builder
	if e.Config == "" {
		b.WriteString("# no configuration file: the defaults\n")
	} else {
		fmt.Fprintf(&b, "# %s\n", e.Config)
	}
	fmt.Fprintf(&b, "excluded: %t\n", e.Excluded)
	if len(e.ruleIDs) > 0 {
		b.WriteString("rules:\n")
		for _, id := range e.ruleIDs {
			r := e.Rules[id]
			var parts []string
			if r.Enabled != nil {
				parts = append(parts, "enabled: "+strconv.FormatBool(*r.Enabled))
			}
			if r.Severity != "" {
				parts = append(parts, "severity: "+r.Severity)
			}
			fmt.Fprintf(&b, "  %s: {%s}\n", id, strings.Join(parts, ", "))
		}
	}
	s := e.Settings
	if s.IdleTimeout != "" || len(s.MultiSplitConnectors) > 0 || s.FlinkVersion != "" {
		b.WriteString("settings:\n")
		if s.IdleTimeout != "" {
			fmt.Fprintf(&b, "  idle-timeout: %s\n", strconv.Quote(s.IdleTimeout))
		}
		if len(s.MultiSplitConnectors) > 0 {
			q := make([]string, len(s.MultiSplitConnectors))
			for i, c := range s.MultiSplitConnectors {
				q[i] = strconv.Quote(c)
			}
			fmt.Fprintf(&b, "  multi-split-connectors: [%s]\n", strings.Join(q, ", "))
		}
		if s.FlinkVersion != "" {
			fmt.Fprintf(&b, "  flink-version: %s\n", strconv.Quote(s.FlinkVersion))
		}
	}
	return b.String()
}

// globs match paths relative to a configuration's directory with
// .gitignore's patterns: "generated/" excludes a directory, "*.sql" a name
// at any depth, "legacy/**/*.java" an anchored path.
type globs struct{ set gitignore.Set }

func compileGlobs(patterns []string) *globs {
	g := &globs{}
	g.set.Add("", []byte(strings.Join(patterns, "\n")))
	return g
}

// match reports whether rel or one of its parent directories matches, as
// git ignores the files of an ignored directory.
func (g *globs) match(rel string) bool {
	for i := 0; i < len(rel); i++ {
		if rel[i] == '/' && g.set.Ignored(rel[:i], true) {
			return true
		}
	}
	return g.set.Ignored(rel, false)
}
