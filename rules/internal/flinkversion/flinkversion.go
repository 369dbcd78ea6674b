// Package flinkversion tells which Flink release, and which Kafka connector,
// the build of a source file targets, for the rules whose findings depend
// on it (flink2-removed-api). It reads the build file nearest above the
// source: a Maven pom.xml (its properties, such as flink.version, and the
// versions of its org.apache.flink dependencies, resolving ${...} through
// the poms above it), a Gradle build.gradle or build.gradle.kts (with the
// gradle.properties and gradle/libs.versions.toml beside it), an sbt
// build.sbt, or, for PyFlink, a requirements.txt, pyproject.toml, setup.py
// or setup.cfg that pins apache-flink. A build file that names no Flink
// version passes the question to the directories above it, up to the root
// of the repository (the directory holding .git).
//
// The setting flink-version of .flinklint.yaml (internal/config) overrides
// what the build says: a team sets it to check a 1.x project against 2.x
// before migrating, or to settle a build flinklint cannot read.
package flinkversion

import (
	"encoding/binary"
	"maps"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"

	"golang.org/x/tools/go/analysis"

	"github.com/flinklint/flinklint/internal/config"
)

// Target is what is known of the Flink a source file is built for.
type Target struct {
	// Flink is the Flink version ("2.0.0", "1.20"), "" when unknown.
	Flink string
	// Kafka is the version of flink-connector-kafka ("4.0.0-2.0"), "" when
	// the build names none.
	Kafka string
	// From is the build file (or the configuration file, .flinklint.yaml or
	// the one -config names) that gave Flink; "" when Flink is unknown.
	From string
	// Configured says Flink comes from the flink-version setting.
	Configured bool
}

// FlinkMajor returns the major version of Flink, 0 when unknown.
func (t Target) FlinkMajor() int { return major(t.Flink) }

// KafkaMajor returns the major version of the Kafka connector, 0 when
// unknown.
func (t Target) KafkaMajor() int { return major(t.Kafka) }

func major(v string) int {
	m, _, _ := strings.Cut(v, ".")
	n, err := strconv.Atoi(m)
	if err != nil {
		return 0
	}
	return n
}

// Finder gives the Target of source files. It answers each directory
// once, and so reads each build file once, keeping what it says rather
// than its text; it is safe for concurrent use.
type Finder struct {
	read     func(string) ([]byte, error)
	settings *config.Finder

	mu   sync.Mutex
	dirs map[string]*facts // a directory: what its build files and those above say
	// recalled are the versions of directories a run before found, while
	// no build file changed (see Recall): no build file is read for them.
	recalled map[string]*facts
}

// New returns the run's Finder: the one that the run's configuration cfg
// (the result of config.Analyzer; nil gives the defaults and shares
// nothing) keeps for the prefilter and every unit, so that each build
// file is read and parsed once per run, or a new one that reads build
// files through the pass (so that the tests' files are seen).
func New(pass *analysis.Pass, cfg *config.Finder) *Finder {
	return Shared(pass.ReadFile, cfg)
}

// shared is the key of the run's Finder in its configuration's Memo.
type shared struct{}

// Shared returns the Finder that the run's configuration cfg keeps,
// reading with read when it makes it: the prefilter and the units of one
// run read with the same function.
func Shared(read func(string) ([]byte, error), cfg *config.Finder) *Finder {
	return cfg.Memo(shared{}, func() any { return NewReading(read, cfg) }).(*Finder)
}

// NewReading returns a Finder that reads build files with read, for a
// driver that asks before the passes run.
func NewReading(read func(string) ([]byte, error), cfg *config.Finder) *Finder {
	if read == nil {
		read = func(string) ([]byte, error) { return nil, errNoReader }
	}
	return &Finder{read: read, settings: cfg, dirs: map[string]*facts{}}
}

type noReader struct{}

func (noReader) Error() string { return "no ReadFile" }

var errNoReader error = noReader{}

// For returns the Target of the source file at path.
func (f *Finder) For(path string) Target {
	var t Target
	if e, err := f.settings.For(path); err == nil && e.Settings.FlinkVersion != "" {
		t.Flink, t.Configured, t.From = e.Settings.FlinkVersion, true, configFile(e)
	}
	abs, err := filepath.Abs(path)
	if err != nil {
		return t
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	fs, ok := f.recalled[filepath.Dir(abs)]
	if !ok {
		fs = f.dir(filepath.Dir(abs), 0)
	}
	if t.Flink == "" {
		t.Flink, t.From = fs.flink, fs.flinkFrom
	}
	t.Kafka = fs.kafka
	return t
}

// targetsFormat begins what Targets encodes.
const targetsFormat = "flinkversion targets 1\n"

// Targets encodes what the build files say of each directory the Finder
// answered or recalled (the Flink and Kafka versions, and the file that
// names the Flink one), for a driver that keeps it while no build file
// changes (Recall); nil when it found nothing new since Recall.
func (f *Finder) Targets() []byte {
	f.mu.Lock()
	defer f.mu.Unlock()
	if len(f.dirs) == 0 {
		return nil
	}
	all := maps.Clone(f.recalled)
	if all == nil {
		all = map[string]*facts{}
	}
	maps.Copy(all, f.dirs)
	b := []byte(targetsFormat)
	for _, dir := range slices.Sorted(maps.Keys(all)) {
		fs := all[dir]
		for _, s := range []string{dir, fs.flink, fs.flinkFrom, fs.kafka} {
			b = binary.AppendUvarint(b, uint64(len(s)))
			b = append(b, s...)
		}
	}
	return b
}

// Recall takes what Targets encoded in a run whose build files were
// those of this one: the directories it holds are answered without
// reading a build file. Data that does not decode is ignored.
func (f *Finder) Recall(data []byte) {
	rest, ok := strings.CutPrefix(string(data), targetsFormat)
	if !ok {
		return
	}
	recalled := map[string]*facts{}
	for rest != "" {
		var s [4]string
		for i := range s {
			n, w := binary.Uvarint([]byte(rest[:min(len(rest), binary.MaxVarintLen64)]))
			if w <= 0 || n > uint64(len(rest)-w) {
				return
			}
			s[i], rest = rest[w:w+int(n)], rest[w+int(n):]
		}
		recalled[s[0]] = &facts{flink: s[1], flinkFrom: s[2], kafka: s[3]}
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	f.recalled = recalled
}

// maxUp bounds how many directories a search climbs.
const maxUp = 40

// dir returns the facts of dir: its own build files', completed by those of
// the directories above it up to the repository root.
func (f *Finder) dir(dir string, depth int) *facts {
	if fs, ok := f.dirs[dir]; ok {
		return fs
	}
	fs := f.own(dir)
	parent := filepath.Dir(dir)
	if !f.isRepoRoot(dir) && parent != dir && depth < maxUp {
		up := f.dir(parent, depth+1)
		fs = fs.under(up)
	} else {
		fs = fs.under(&facts{})
	}
	f.dirs[dir] = fs
	return fs
}

// isRepoRoot reports whether dir holds a git repository (.git/HEAD) or a
// work tree of one (a .git file).
func (f *Finder) isRepoRoot(dir string) bool {
	if _, err := f.read(filepath.Join(dir, ".git", "HEAD")); err == nil {
		return true
	}
	_, err := f.read(filepath.Join(dir, ".git"))
	return err == nil
}

// file returns the text of the build file at path, nil if it cannot be
// read.
func (f *Finder) file(path string) []byte {
	b, err := f.read(path)
	if err != nil {
		return nil
	}
	return b
}

// configFile is the configuration file that applies, as messages name it:
// with -config, the file given, not the .flinklint.yaml of the convention.
func configFile(e config.Effective) string {
	if e.Config == "" {
		return config.Name
	}
	return e.Config
}
