package flinkversion

import (
	"bytes"
	"encoding/xml"
	"maps"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
)

// facts are what the build files of a directory, and of those above it,
// say.
type facts struct {
	flink, flinkFrom string
	kafka            string
	props            map[string]string // Maven properties, the nearest pom's winning
	// refs are the versions of this directory's build that name a
	// property (${flink.version}) no pom of it defines: a parent pom above
	// may.
	flinkRefs, kafkaRefs []string
	refFrom              string
}

// under completes fs, a directory's own facts, with up, those of the
// directory above it.
//
// A directory without properties of its own shares those above: most
// directories are source folders, below a parent pom of hundreds.
func (fs *facts) under(up *facts) *facts {
	out := *fs
	switch {
	case len(fs.props) == 0:
		out.props = up.props
	case len(up.props) > 0:
		out.props = maps.Clone(up.props)
		maps.Copy(out.props, fs.props)
	}
	if out.flink == "" {
		if v := resolveAny(fs.flinkRefs, out.props); v != "" {
			out.flink, out.flinkFrom = v, fs.refFrom
		}
	}
	if out.kafka == "" {
		out.kafka = resolveAny(fs.kafkaRefs, out.props)
	}
	if out.flink == "" {
		out.flink, out.flinkFrom = up.flink, up.flinkFrom
	}
	if out.kafka == "" {
		out.kafka = up.kafka
	}
	out.flinkRefs, out.kafkaRefs = nil, nil
	return &out
}

func resolveAny(refs []string, props map[string]string) string {
	for _, r := range refs {
		if v := resolve(r, props, 0); isVersion(v) {
			return v
		}
	}
	return ""
}

var propRef = regexp.MustCompile(`\$\{([^}]+)\}`)

// resolve substitutes ${name} in v from props.
func resolve(v string, props map[string]string, depth int) string {
	if depth > 8 || !strings.Contains(v, "${") {
		return v
	}
	return resolve(propRef.ReplaceAllStringFunc(v, func(m string) string {
		if r, ok := props[m[2:len(m)-1]]; ok {
			return r
		}
		return m
	}), props, depth+1)
}

var versionRE = regexp.MustCompile(`^[0-9]+\.[0-9]+(\.[0-9]+)?([-.][0-9A-Za-z.-]+)?$`)

func isVersion(v string) bool { return versionRE.MatchString(v) }

// own reads the build files of dir.
func (f *Finder) own(dir string) *facts {
	fs := &facts{props: map[string]string{}}
	if src := f.file(filepath.Join(dir, "pom.xml")); src != nil {
		fs.pom(src, filepath.Join(dir, "pom.xml"))
	}
	for _, name := range []string{"build.gradle.kts", "build.gradle"} {
		if src := f.file(filepath.Join(dir, name)); src != nil {
			var extra [][]byte
			for _, side := range []string{"gradle.properties", filepath.Join("gradle", "libs.versions.toml")} {
				if b := f.file(filepath.Join(dir, side)); b != nil {
					extra = append(extra, b)
				}
			}
			fs.script(filepath.Join(dir, name), append([][]byte{src}, extra...)...)
			break
		}
	}
	if src := f.file(filepath.Join(dir, "build.sbt")); src != nil {
		fs.script(filepath.Join(dir, "build.sbt"), src)
	}
	for _, name := range []string{"requirements.txt", "pyproject.toml", "setup.py", "setup.cfg"} {
		if src := f.file(filepath.Join(dir, name)); src != nil && fs.flink == "" {
			if v := pyflinkPin(src); v != "" {
				fs.flink, fs.flinkFrom = v, filepath.Join(dir, name)
			}
		}
	}
	return fs
}

// set records a Flink or Kafka connector version the build names, the
// first one found winning; a version naming a property is kept for the
// poms above.
func (fs *facts) set(kafka bool, v, from string) {
	switch {
	case v == "":
	case strings.Contains(v, "${"):
		if kafka {
			fs.kafkaRefs = append(fs.kafkaRefs, v)
		} else {
			fs.flinkRefs = append(fs.flinkRefs, v)
		}
		fs.refFrom = from
	case !isVersion(v):
	case kafka && fs.kafka == "":
		fs.kafka = v
	case !kafka && fs.flink == "":
		fs.flink, fs.flinkFrom = v, from
	}
}

// pom reads a pom.xml: its properties, and the versions of its Flink and
// Kafka connector dependencies (dependencyManagement's too).
func (fs *facts) pom(src []byte, path string) {
	d := xml.NewDecoder(bytes.NewReader(src))
	d.Strict = false
	var stack []string
	var text strings.Builder
	var dep struct{ group, artifact, version string }
	var deps [][3]string
	for {
		tok, err := d.Token()
		if err != nil {
			break
		}
		switch t := tok.(type) {
		case xml.StartElement:
			stack = append(stack, t.Name.Local)
			text.Reset()
			if t.Name.Local == "dependency" {
				dep.group, dep.artifact, dep.version = "", "", ""
			}
		case xml.CharData:
			text.Write(t)
		case xml.EndElement:
			if len(stack) == 0 {
				continue
			}
			v := strings.TrimSpace(text.String())
			n := len(stack)
			switch {
			case n == 3 && stack[0] == "project" && stack[1] == "properties":
				fs.props[stack[2]] = v
			case n >= 2 && stack[n-2] == "dependency":
				switch stack[n-1] {
				case "groupId":
					dep.group = v
				case "artifactId":
					dep.artifact = v
				case "version":
					dep.version = v
				}
			case stack[n-1] == "dependency":
				if dep.group == "org.apache.flink" {
					deps = append(deps, [3]string{dep.artifact, dep.version})
				}
			}
			stack = stack[:n-1]
			text.Reset()
		}
	}
	for _, k := range slices.Sorted(maps.Keys(fs.props)) {
		v := fs.props[k]
		if flinkVar(k) {
			fs.set(false, resolve(v, fs.props, 0), path)
		} else if kafkaVar(k) {
			fs.set(true, resolve(v, fs.props, 0), path)
		}
	}
	fs.deps(deps, path, func(v string) string { return resolve(v, fs.props, 0) })
}

// deps records the versions of Flink artifacts (artifact, version).
func (fs *facts) deps(deps [][3]string, path string, resolve func(string) string) {
	var suffix string
	for _, d := range deps {
		v := resolve(d[1])
		switch {
		case kafkaArtifact(d[0]):
			fs.set(true, v, path)
			if _, s, ok := strings.Cut(v, "-"); ok && isVersion(s) && suffix == "" {
				suffix = s
			}
		case coreArtifact(d[0]):
			fs.set(false, v, path)
		}
	}
	if fs.flink == "" && len(fs.flinkRefs) == 0 && suffix != "" {
		fs.set(false, suffix, path) // 4.0.0-2.0 is built for Flink 2.0
	}
}

// kafkaArtifact reports whether a is the Kafka connector.
func kafkaArtifact(a string) bool {
	return a == "flink-connector-kafka" || a == "flink-sql-connector-kafka" || strings.HasPrefix(a, "flink-connector-kafka_")
}

// coreArtifact reports whether a is versioned with Flink itself, unlike
// the externalized connectors and the sibling projects (CDC, ML, Stateful
// Functions, the Kubernetes operator).
func coreArtifact(a string) bool {
	if !strings.HasPrefix(a, "flink-") {
		return false
	}
	for _, p := range []string{"flink-connector-", "flink-sql-connector-", "flink-shaded", "flink-cdc", "flink-ml", "flink-statefun", "flink-kubernetes", "flink-agents", "flink-sql-gateway-"} {
		if strings.HasPrefix(a, p) {
			return a == "flink-connector-base" || a == "flink-connector-files" || a == "flink-connector-datagen"
		}
	}
	return true
}

func normalize(name string) string {
	return strings.Map(func(r rune) rune {
		if r == '.' || r == '-' || r == '_' {
			return -1
		}
		if 'A' <= r && r <= 'Z' {
			return r + 'a' - 'A'
		}
		return r
	}, name)
}

// flinkVar reports whether a property or variable name holds the Flink
// version: flink.version, flinkVersion, version.flink, flink (a Gradle
// version catalog's entry).
func flinkVar(name string) bool {
	switch normalize(name) {
	case "flinkversion", "versionflink", "apacheflinkversion", "flinkver", "flink":
		return true
	}
	return false
}

// kafkaVar reports whether a name holds the Kafka connector's version:
// flink.kafka.version, flinkConnectorKafkaVersion, kafka.connector.version.
func kafkaVar(name string) bool {
	n := normalize(name)
	if n == "flinkconnectorkafka" || n == "flinkkafka" {
		return true
	}
	return strings.Contains(n, "kafka") && strings.Contains(n, "ver") && (strings.Contains(n, "flink") || strings.Contains(n, "connector"))
}

var (
	// assignment of a version literal: flinkVersion = '2.0.0', val
	// flinkVersion = "2.0.0", flink.version=2.0.0, flink = "2.0.0".
	scriptVar = regexp.MustCompile(`(?m)(?:^|[\s(,{])["']?([A-Za-z_][\w.-]*)["']?\s*[:=]\s*["']?([0-9]+\.[0-9]+(?:\.[0-9]+)?(?:-[\w.]+)?)["']?`)
	// "org.apache.flink:flink-streaming-java:2.0.0" or ...:$flinkVersion
	gradleCoord = regexp.MustCompile(`["']org\.apache\.flink:([\w.-]+):([^"'\s]+)["']`)
	// group: 'org.apache.flink', name: 'flink-clients', version: flinkVersion
	gradleMap = regexp.MustCompile(`group\s*[:=]\s*["']org\.apache\.flink["']\s*,\s*name\s*[:=]\s*["']([\w.-]+)["']\s*,\s*version\s*[:=]\s*["']?([\w.${}-]+)`)
	// "org.apache.flink" %% "flink-streaming-scala" % "1.17.1" or % flinkVersion
	sbtCoord = regexp.MustCompile(`"org\.apache\.flink"\s*%%?%?\s*"([\w.-]+)"\s*%\s*("[^"]+"|[A-Za-z_]\w*)`)
)

// script reads a Gradle or sbt build (with the Gradle properties and
// version catalog beside it).
func (fs *facts) script(path string, srcs ...[]byte) {
	vars := map[string]string{}
	for _, src := range srcs {
		for _, m := range scriptVar.FindAllSubmatch(src, -1) {
			name, v := string(m[1]), string(m[2])
			if _, ok := vars[name]; !ok {
				vars[name] = v
			}
			if flinkVar(name) {
				fs.set(false, v, path)
			} else if kafkaVar(name) {
				fs.set(true, v, path)
			}
		}
	}
	res := func(v string) string {
		v = strings.Trim(v, `"`)
		if r, ok := vars[strings.TrimSuffix(strings.TrimPrefix(strings.TrimPrefix(v, "${"), "$"), "}")]; ok {
			return r
		}
		return v
	}
	var deps [][3]string
	for _, re := range []*regexp.Regexp{gradleCoord, gradleMap, sbtCoord} {
		for _, m := range re.FindAllSubmatch(srcs[0], -1) {
			deps = append(deps, [3]string{string(m[1]), string(m[2])})
		}
	}
	fs.deps(deps, path, res)
	fs.flinkRefs, fs.kafkaRefs = nil, nil // Gradle and sbt variables are not Maven properties
}

// pyPin matches a pin of apache-flink: apache-flink==2.0.0, ~=2.0,
// >=2.0 (only from 2 on: >=1.17 may install either), Poetry's
// apache-flink = "^2.0", and the parenthesized form of PEP 508 that Poetry
// 2 writes into pyproject.toml: "apache-flink (>=2.0.0,<3.0.0)".
var pyPin = regexp.MustCompile(`(?i)apache[-_]flink\s*(?:\[[^\]]*\])?\s*\(?\s*(===?|~=|>=|\s*=\s*["'][\^~=]*)\s*([0-9]+\.[0-9]+(?:\.[0-9]+)?)`)

// pyflinkPin returns the apache-flink version a Python requirement pins.
func pyflinkPin(src []byte) string {
	for _, m := range pyPin.FindAllSubmatch(src, -1) {
		op, v := strings.TrimSpace(string(m[1])), string(m[2])
		if op == ">=" && major(v) < 2 {
			continue
		}
		return v
	}
	return ""
}
