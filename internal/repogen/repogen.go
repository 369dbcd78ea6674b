// Package repogen writes deterministic, realistic repositories for
// flinklint's benchmarks and scale tests.
//
// The issue flinklint's performance work answers is a monorepo where most
// files are not Flink code: pre-commit hooks and CI run flinklint on every
// change there. A generated repository is therefore mostly ordinary code,
// with the Flink jobs a minority:
//
//   - a Maven/sbt-like layout of modules (billing/src/main/java/com/acme/billing/...,
//     src/main/scala, src/test/java, src/main/resources/sql and db/migration),
//     a pom.xml per module, a root flink-conf.yaml and some
//     nested config.yaml files, and a .gitignore;
//   - about 90% ordinary code: services, DTOs, JDBC repositories, utilities,
//     Swing windows, controllers and tests in Java and Scala, schema
//     migrations in SQL and Spring-style YAML, 1–20 KB each (log-uniform,
//     about 6 KB on average, like the performance corpus). The words
//     flinklint's prefilter looks for turn up as they do in real code:
//     java.sql.Timestamp, Duration, a SqlUtils helper, a GUI window with
//     openWindow(), getEpochSecond() in a date helper;
//   - about 10% Flink code: a Strategies class per module (watermark
//     strategies and constants used by the jobs of other files), DataStream
//     jobs in Java and Scala (Kafka sources, WatermarkStrategy, event-time,
//     count and global windows, side outputs for late data, timers,
//     executeSql with DDL) and Flink SQL scripts;
//   - a planted mistake in about 30% of the jobs, one per file, of a shape
//     a rule reports (Planted lists them), the others clean look-alikes;
//   - build output (target/) and a .gitignore'd generated/ folder holding
//     jobs with mistakes, which a run must skip.
//
// Every file's text comes from templates varied by a random source seeded
// with the seed and the file's number, so a repository is the same for the
// same Options whatever the order of writing, and files are written in
// parallel.
package repogen

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"runtime"
	"sync"
)

// Options say what to generate; fields left zero take their defaults.
type Options struct {
	// Files is how many files a run reads (.java, .scala, .sql, .yaml/.yml),
	// not counting the build output and ignored files it must skip. At least 2.
	Files int
	Seed  int64
	// Jobs is the share of files that are Flink jobs (0 means 0.1).
	Jobs float64
	// Buggy is the share of jobs with a planted mistake (0 means 0.3; a
	// negative value plants none).
	Buggy float64
}

// Mistake is a planted mistake: a finding of Rule is expected in Path
// (slash-separated, relative to the repository).
type Mistake struct {
	Path string
	Rule string
}

// filesPerModule sizes the modules: large repositories have more of them.
const filesPerModule = 300

func (o Options) modules() int { return max(1, o.Files/filesPerModule) }

// Planted returns the mistakes a repository written with o holds, in file
// order.
func Planted(o Options) []Mistake {
	var out []Mistake
	for i := range o.Files {
		if s := o.spec(i); s.bug != noBug {
			out = append(out, Mistake{Path: s.path, Rule: s.bug.rule()})
		}
	}
	return out
}

// Write writes the repository described by o into dir, which may exist.
func Write(dir string, o Options) error {
	if o.Files < 2 {
		return fmt.Errorf("repogen: %d files asked for, at least 2 needed", o.Files)
	}
	extra := o.extraFiles()
	n := o.Files + len(extra)
	work := make(chan int)
	var (
		mu   sync.Mutex
		errs []error
		wg   sync.WaitGroup
	)
	for range runtime.GOMAXPROCS(0) {
		wg.Go(func() {
			for i := range work {
				var path, text string
				if i < o.Files {
					s := o.spec(i)
					path, text = s.path, s.text()
				} else {
					path, text = extra[i-o.Files].path, extra[i-o.Files].text
				}
				if err := writeFile(filepath.Join(dir, filepath.FromSlash(path)), text); err != nil {
					mu.Lock()
					errs = append(errs, err)
					mu.Unlock()
				}
			}
		})
	}
	for i := range n {
		work <- i
	}
	close(work)
	wg.Wait()
	return errors.Join(errs...)
}

func writeFile(path, text string) error {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	return os.WriteFile(path, []byte(text), 0o644)
}

// kind is what a file is.
type kind uint8

const (
	rootConf   kind = iota // flink-conf.yaml at the root
	strategies             // a module's Strategies.java
	javaJob
	scalaJob
	sqlJob
	configYAML // a module's nested config.yaml
	javaCode
	scalaCode
	sqlCode  // a schema migration
	yamlCode // application settings that are not Flink's
)

// spec is one file to generate: what it is and where, and the random
// source its text is drawn from.
type spec struct {
	i      int
	kind   kind
	module string
	pkg    string // the module's Java package segment
	bug    bug
	path   string
	name   string // class or object name, file stem otherwise
	role   role
	r      *rand.Rand
}

// spec draws file i's kind, module, mistake and path. File 0 is the root
// configuration, files 1..modules the Strategies classes.
func (o Options) spec(i int) spec {
	r := rand.New(rand.NewPCG(uint64(o.Seed), uint64(i)))
	nmod := o.modules()
	s := spec{i: i, r: r}
	switch {
	case i == 0:
		s.kind = rootConf
	case i <= nmod:
		s.kind = strategies
		s.module, s.pkg = moduleName(i - 1)
	default:
		s.module, s.pkg = moduleName(i % nmod)
		s.kind = o.drawKind(r)
	}
	if s.kind == javaJob || s.kind == scalaJob || s.kind == sqlJob {
		buggy := o.Buggy
		if buggy == 0 {
			buggy = 0.3
		}
		if r.Float64() < buggy {
			bugs := bugsOf[s.kind]
			s.bug = bugs[r.IntN(len(bugs))]
		}
	}
	s.place()
	return s
}

func (o Options) drawKind(r *rand.Rand) kind {
	jobs := o.Jobs
	if jobs == 0 {
		jobs = 0.1
	}
	x := r.Float64()
	if x < jobs {
		switch y := x / jobs; {
		case y < 0.58:
			return javaJob
		case y < 0.83:
			return scalaJob
		case y < 0.97:
			return sqlJob
		default:
			return configYAML
		}
	}
	switch y := (x - jobs) / (1 - jobs); {
	case y < 0.72:
		return javaCode
	case y < 0.93:
		return scalaCode
	case y < 0.97:
		return sqlCode
	default:
		return yamlCode
	}
}

var moduleNames = []string{
	"billing", "checkout", "inventory", "search", "analytics", "notifications", "accounts", "payments",
	"shipping", "catalog", "reporting", "gateway", "pricing", "fraud", "loyalty", "recommendations",
	"warehouse", "support", "identity", "ledger", "orders", "returns", "marketing", "telemetry",
}

// moduleName returns module m's directory and package segment.
func moduleName(m int) (dir, pkg string) {
	dir = moduleNames[m%len(moduleNames)]
	if k := m / len(moduleNames); k > 0 {
		dir = fmt.Sprintf("%s-%d", dir, k+1)
		return dir, fmt.Sprintf("%s%d", moduleNames[m%len(moduleNames)], k+1)
	}
	return dir, dir
}

// place sets the file's name and path from its kind.
func (s *spec) place() {
	r := s.r
	noun := pick(r, nouns)
	javaDir := s.module + "/src/main/java/com/acme/" + s.pkg
	scalaDir := s.module + "/src/main/scala/com/acme/" + s.pkg
	switch s.kind {
	case rootConf:
		s.path = "flink-conf.yaml"
	case strategies:
		s.name = "Strategies"
		s.path = javaDir + "/flink/Strategies.java"
	case javaJob:
		s.name = fmt.Sprintf("%s%sJob%d", noun, pick(r, jobWords), s.i)
		s.path = javaDir + "/jobs/" + s.name + ".java"
	case scalaJob:
		s.name = fmt.Sprintf("%s%sJob%d", noun, pick(r, jobWords), s.i)
		s.path = scalaDir + "/jobs/" + s.name + ".scala"
	case sqlJob:
		s.name = fmt.Sprintf("%s_%s_%d", lower(noun), lower(pick(r, jobWords)), s.i)
		s.path = s.module + "/src/main/resources/sql/" + s.name + ".sql"
	case configYAML:
		s.path = fmt.Sprintf("%s/deploy/%s-%d/config.yaml", s.module, pick(r, envs), s.i)
	case javaCode, scalaCode:
		s.role = roles[r.IntN(len(roles))]
		s.name = fmt.Sprintf("%s%s%d", noun, s.role.suffix, s.i)
		src, ext := "main/java", ".java"
		if s.kind == scalaCode {
			src, ext = "main/scala", ".scala"
		}
		if s.role.test {
			src = "test" + src[len("main"):]
		}
		s.path = fmt.Sprintf("%s/src/%s/com/acme/%s/%s/%s%s", s.module, src, s.pkg, s.role.pkg, s.name, ext)
	case sqlCode:
		s.name = fmt.Sprintf("V%d__create_%s", s.i, lower(noun))
		s.path = s.module + "/src/main/resources/db/migration/" + s.name + ".sql"
	case yamlCode:
		s.path = fmt.Sprintf("%s/src/main/resources/application-%s%d.yml", s.module, pick(r, envs), s.i)
	}
}

// text generates the file's content.
func (s *spec) text() string {
	switch s.kind {
	case rootConf:
		return flinkConf(s.r)
	case strategies:
		return strategiesJava(s)
	case javaJob:
		return javaJobText(s)
	case scalaJob:
		return scalaJobText(s)
	case sqlJob:
		return sqlJobText(s)
	case configYAML:
		return nestedConfig(s.r)
	case javaCode:
		return javaCodeText(s)
	case scalaCode:
		return scalaCodeText(s)
	case sqlCode:
		return migration(s)
	default:
		return applicationYAML(s.r)
	}
}

type extraFile struct{ path, text string }

// extraFiles are the files a run does not analyze: build files, build
// output and ignored generated code (both with mistakes that must not be
// reported), and the .gitignore.
func (o Options) extraFiles() []extraFile {
	out := []extraFile{
		{".gitignore", "target/\n*.iml\n.idea/\ngenerated/\n*.log\n"},
		{"README.md", "# acme platform\n\nServices and Flink jobs of the acme shop, one module per domain.\n"},
	}
	for m := range o.modules() {
		dir, pkg := moduleName(m)
		r := rand.New(rand.NewPCG(uint64(o.Seed), uint64(1<<40+m)))
		skipped := &spec{i: 1<<20 + m, kind: javaJob, module: dir, pkg: pkg, bug: globalNoTrigger, r: r,
			name: "GeneratedJob"}
		text := javaJobText(skipped)
		out = append(out,
			extraFile{dir + "/pom.xml", pom(dir)},
			extraFile{dir + "/target/generated-sources/annotations/com/acme/" + pkg + "/GeneratedJob.java", text},
			extraFile{dir + "/generated/com/acme/" + pkg + "/GeneratedJob.java", text},
		)
	}
	return out
}

func pom(module string) string {
	return fmt.Sprintf(`<?xml version="1.0" encoding="UTF-8"?>
<project xmlns="http://maven.apache.org/POM/4.0.0">
  <modelVersion>4.0.0</modelVersion>
  <parent><groupId>com.acme</groupId><artifactId>platform</artifactId><version>1.0-SNAPSHOT</version></parent>
  <artifactId>%s</artifactId>
  <dependencies>
    <dependency><groupId>org.apache.flink</groupId><artifactId>flink-streaming-java</artifactId></dependency>
    <dependency><groupId>org.apache.flink</groupId><artifactId>flink-connector-kafka</artifactId></dependency>
  </dependencies>
</project>
`, module)
}
