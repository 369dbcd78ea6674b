// Package flinkconf reads Flink configuration files: flink-conf.yaml (flat
// "key: value" lines, read by Flink's own line parser), config.yaml (YAML 1.2,
// nested or flat keys, Flink 1.19+), and the spec.flinkConfiguration map of
// Kubernetes FlinkDeployment / FlinkSessionJob resources.
//
// Each reader follows the Flink code that reads the file, so that an Option
// holds what Flink would see, not what the file seems to say:
//
//   - flink-conf.yaml: GlobalConfiguration.loadLegacyYAMLResource (1.x; in
//     2.x ConfigurationFileMigrationUtils). A line is cut at its first '#',
//     trimmed, and split at the first ": ". Lines without ": ", or with an
//     empty key or value, are skipped (Flink logs a warning and goes on).
//     Quotes are not YAML quotes here: `key: "1 min"` has the value `"1 min"`,
//     quotes included, which Flink then fails to parse as a duration.
//     Indented YAML is not understood either: "  exec: x" under "table:" is
//     the key "exec".
//   - config.yaml: GlobalConfiguration.loadYAMLResource with
//     YamlParserUtils (snakeyaml-engine, YAML 1.2 Core schema, since
//     FLINK-34257). Nested maps are flattened with "."; a list becomes its
//     flow-style YAML text ("[a, b]"), as GlobalConfiguration.flatten does;
//     scalars become the text Flink's ConfigurationUtils.convertToString
//     gives (60000, true, 1.5; "on" and "yes" stay strings). A null value, a
//     duplicate key or a second YAML document makes Flink refuse the file,
//     so Parse returns an error for them.
//   - Kubernetes: the operator's ConfigObjectNode.asFlatMap (FLINK-37406):
//     nested maps flattened with ".", list items joined with ";". Older
//     operators only accept string values there; reading them as text gives
//     the same result. Null values are skipped.
//
// Options are returned in file order. When a key occurs twice (in
// flink-conf.yaml, or once flat and once nested in config.yaml) both are
// returned; the later one is the one Flink keeps.
package flinkconf

import (
	"bytes"
	"errors"
	"fmt"
	"go/token"
	"io"
	"math"
	"math/big"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"go.yaml.in/yaml/v3"
)

// Option is one configuration entry.
type Option struct {
	Key      string    // flattened dotted key: "table.exec.source.idle-timeout"
	Value    string    // the value as Flink would read it (scalars as text; "0" for a YAML integer 0)
	KeyPos   token.Pos // position of the key (for a nested config.yaml key: the position of its last segment)
	ValuePos token.Pos // position of the value
}

// Kind of a configuration file, from its name and contents.
type Kind uint8

// The kinds of configuration files; the zero Kind is none of them.
const (
	FlinkConf  Kind = iota + 1 // flink-conf.yaml
	ConfigYAML                 // config.yaml
	Kubernetes                 // a FlinkDeployment or FlinkSessionJob manifest
)

func (k Kind) String() string {
	switch k {
	case FlinkConf:
		return "flink-conf.yaml"
	case ConfigYAML:
		return "config.yaml"
	case Kubernetes:
		return "Kubernetes manifest"
	}
	return fmt.Sprintf("Kind(%d)", uint8(k))
}

// flinkSegments are the first key segments that mark a config.yaml as
// Flink's. Generic words (env, metrics, web, state, ...) count too, so an
// application config.yaml with, say, a nested "metrics:" map is detected;
// one with only server/spring/logging-style keys, or "env: prod", is not.
var flinkSegments = []string{
	"pipeline", "table", "execution", "state", "taskmanager", "jobmanager",
	"parallelism", "rest", "high-availability", "restart-strategy", "env",
	"kubernetes", "metrics", "web", "akka", "pekko", "security", "blob",
	"heartbeat", "cluster", "classloader", "io", "python",
}

// Detect says whether a file is a Flink configuration file flinklint reads,
// and which kind. name is the file's base name. flink-conf.yaml always;
// config.yaml only when a top-level key starts with a known Flink prefix,
// written flat ("table.exec.x: 1") or as the first segment of a nested map;
// any *.yaml/*.yml with a document of kind FlinkDeployment or FlinkSessionJob
// (apiVersion flink.apache.org/...). It returns 0 otherwise. The bytes are
// checked first, so most files are rejected without parsing YAML.
func Detect(name string, src []byte) Kind {
	if name == "flink-conf.yaml" {
		return FlinkConf
	}
	if name == "config.yaml" && hasFlinkTopKey(src) {
		return ConfigYAML
	}
	if (strings.HasSuffix(name, ".yaml") || strings.HasSuffix(name, ".yml")) && isFlinkManifest(src) {
		return Kubernetes
	}
	return 0
}

// hasFlinkTopKey looks for an unindented line "seg.rest: ..." (a flat Flink
// key: enough on its own, so a config.yaml with a syntax error is still
// detected and its error reported) or "seg:" (confirmed by parsing that its
// value is a non-empty map).
func hasFlinkTopKey(src []byte) bool {
	nested := false
	for line := range bytes.Lines(src) {
		for _, seg := range flinkSegments {
			rest, ok := bytes.CutPrefix(line, []byte(seg))
			if !ok || len(rest) == 0 {
				continue
			}
			if rest[0] == '.' && bytes.Contains(rest, []byte(":")) {
				return true
			}
			if rest[0] == ':' {
				nested = true
			}
		}
	}
	if !nested {
		return false
	}
	var doc yaml.Node
	if yaml.Unmarshal(src, &doc) != nil || len(doc.Content) == 0 || doc.Content[0].Kind != yaml.MappingNode {
		return false
	}
	m := doc.Content[0]
	for i := 0; i+1 < len(m.Content); i += 2 {
		k, v := m.Content[i].Value, deref(m.Content[i+1])
		for _, seg := range flinkSegments {
			if strings.HasPrefix(k, seg+".") || k == seg && v.Kind == yaml.MappingNode && len(v.Content) > 0 {
				return true
			}
		}
	}
	return false
}

// isFlinkManifest decodes the documents of a file that mentions a Flink kind.
// A document YAML cannot read (a Helm template, say) ends the scan.
func isFlinkManifest(src []byte) bool {
	if !bytes.Contains(src, []byte("flink.apache.org/")) ||
		!bytes.Contains(src, []byte("FlinkDeployment")) && !bytes.Contains(src, []byte("FlinkSessionJob")) {
		return false
	}
	dec := yaml.NewDecoder(bytes.NewReader(src))
	for {
		var doc yaml.Node
		if dec.Decode(&doc) != nil {
			return false
		}
		if isFlinkResource(&doc) {
			return true
		}
	}
}

func isFlinkResource(doc *yaml.Node) bool {
	if len(doc.Content) == 0 || doc.Content[0].Kind != yaml.MappingNode {
		return false
	}
	kind, api := lookup(doc.Content[0], "kind"), lookup(doc.Content[0], "apiVersion")
	return kind != nil && (kind.Value == "FlinkDeployment" || kind.Value == "FlinkSessionJob") &&
		api != nil && strings.HasPrefix(api.Value, "flink.apache.org/")
}

// lookup returns the value of key in mapping m, or nil.
func lookup(m *yaml.Node, key string) *yaml.Node {
	for i := 0; i+1 < len(m.Content); i += 2 {
		if m.Content[i].Value == key {
			return deref(m.Content[i+1])
		}
	}
	return nil
}

// deref follows YAML aliases (*name) to the anchored node.
func deref(n *yaml.Node) *yaml.Node {
	for n.Kind == yaml.AliasNode && n.Alias != nil {
		n = n.Alias
	}
	return n
}

// Parse reads the options of a configuration file of the given kind. tf is
// the file's token.File, registered in a token.FileSet with
// SetLinesForContent; positions are computed from byte offsets in src.
// Problems that make the file unreadable (a YAML syntax error, a value Flink
// rejects) are returned as an error naming the line. Unreadable single lines
// of flink-conf.yaml are skipped the way Flink skips them.
func Parse(tf *token.File, src []byte, kind Kind) ([]Option, error) {
	if tf.Size() != len(src) {
		return nil, fmt.Errorf("token.File has size %d, source has %d bytes", tf.Size(), len(src))
	}
	r := &reader{tf: tf, src: src}
	var err error
	switch kind {
	case FlinkConf:
		r.readFlinkConf()
	case ConfigYAML:
		err = r.readConfigYAML()
	case Kubernetes:
		err = r.readKubernetes()
	default:
		return nil, fmt.Errorf("unknown kind %v", kind)
	}
	if err != nil {
		return nil, err
	}
	return r.opts, nil
}

type reader struct {
	tf   *token.File
	src  []byte
	opts []Option
	k8s  bool // Kubernetes rules for lists and nulls
}

// readFlinkConf follows loadLegacyYAMLResource line by line. Like Java's
// BufferedReader.readLine, it ends lines at "\n", "\r\n" or "\r"; like
// String.trim, it trims every byte <= ' '.
func (r *reader) readFlinkConf() {
	for start := 0; start < len(r.src); {
		end := start
		for end < len(r.src) && r.src[end] != '\n' && r.src[end] != '\r' {
			end++
		}
		line := string(r.src[start:end])
		lineStart := start
		start = end + 1
		if end+1 < len(r.src) && r.src[end] == '\r' && r.src[end+1] == '\n' {
			start++
		}

		conf, _, _ := strings.Cut(line, "#")
		lead := len(conf) - len(trimLeftJava(conf))
		conf = trimJava(conf)
		k, v, ok := strings.Cut(conf, ": ")
		if !ok {
			continue // "Line is not a key-value pair (missing space after ':'?)"
		}
		key, value := trimJava(k), trimJava(v)
		if key == "" || value == "" {
			continue // "Key or value was empty"
		}
		valueOff := lineStart + lead + len(k) + 2 + len(v) - len(trimLeftJava(v))
		r.opts = append(r.opts, Option{
			Key:      key,
			Value:    value,
			KeyPos:   r.tf.Pos(lineStart + lead),
			ValuePos: r.tf.Pos(valueOff),
		})
	}
}

func trimLeftJava(s string) string {
	for s != "" && s[0] <= ' ' {
		s = s[1:]
	}
	return s
}

func trimJava(s string) string {
	s = trimLeftJava(s)
	for s != "" && s[len(s)-1] <= ' ' {
		s = s[:len(s)-1]
	}
	return s
}

// readConfigYAML reads config.yaml as YamlParserUtils.loadYamlFile does: one
// document, a mapping at the top (an empty file is an empty configuration).
func (r *reader) readConfigYAML() error {
	dec := yaml.NewDecoder(bytes.NewReader(r.src))
	var doc yaml.Node
	if err := dec.Decode(&doc); errors.Is(err, io.EOF) {
		return nil
	} else if err != nil {
		return r.yamlError(err)
	}
	var next yaml.Node
	if err := dec.Decode(&next); err == nil {
		return fmt.Errorf("line %d: config.yaml must hold a single YAML document", next.Line)
	} else if !errors.Is(err, io.EOF) {
		return r.yamlError(err)
	}
	if len(doc.Content) == 0 {
		return nil
	}
	if err := checkLimits(&doc); err != nil {
		return err
	}
	root := deref(doc.Content[0])
	if _, null := scalarText(root); root.Kind == yaml.ScalarNode && null {
		return nil // a document with only comments or "---"
	}
	if root.Kind != yaml.MappingNode {
		return fmt.Errorf("line %d: config.yaml must be a mapping of keys to values", root.Line)
	}
	return r.flatten("", root)
}

// readKubernetes reads spec.flinkConfiguration of every FlinkDeployment and
// FlinkSessionJob document.
func (r *reader) readKubernetes() error {
	r.k8s = true
	dec := yaml.NewDecoder(bytes.NewReader(r.src))
	for {
		var doc yaml.Node
		if err := dec.Decode(&doc); errors.Is(err, io.EOF) {
			return nil
		} else if err != nil {
			return r.yamlError(err)
		}
		if !isFlinkResource(&doc) {
			continue
		}
		if err := checkLimits(&doc); err != nil {
			return err
		}
		if spec := lookup(doc.Content[0], "spec"); spec != nil && spec.Kind == yaml.MappingNode {
			if fc := lookup(spec, "flinkConfiguration"); fc != nil && fc.Kind == yaml.MappingNode {
				if err := r.flatten("", fc); err != nil {
					return err
				}
			}
		}
	}
}

// maxListNodes bounds the size of a list value once its aliases are
// expanded: fifty aliases nested in each other still double fifty times.
const maxListNodes = 100_000

// expands counts the nodes of n with its aliases expanded, stopping once
// the count passes limit.
func expands(n *yaml.Node, limit int) int {
	if n.Kind == yaml.AliasNode && n.Alias != nil {
		return expands(n.Alias, limit)
	}
	count := 1
	for _, c := range n.Content {
		if count += expands(c, limit-count); count > limit {
			return count
		}
	}
	return count
}

// maxCollectionAliases is snakeyaml-engine's default limit on aliases to
// lists and maps (LoadSettings.maxAliasesForCollections), which Flink's
// YAML parser keeps. Past it a document is refused, as an alias bomb (a few
// lines that expand to gigabytes) must be.
const maxCollectionAliases = 50

// maxNesting bounds how deep lists and maps nest in a configuration file.
// Configurations nest a few levels (SnakeYAML, the Java YAML library,
// refuses more than 50 by default); yaml.v3 accepts 10,000, at which depth
// the readers below, which recurse and prefix every key with its parents',
// would spend time quadratic in the depth.
const maxNesting = 100

// checkLimits refuses a document with more aliases to collections than
// snakeyaml-engine allows, an alias inside the node it refers to (which
// would expand without end), or nested deeper than maxNesting. It walks the
// nodes as written, without expanding the aliases, with a stack of its own
// rather than recursion.
func checkLimits(doc *yaml.Node) error {
	type entry struct {
		n     *yaml.Node
		depth int // lists and maps around n, n included
	}
	aliases := 0
	stack := []entry{{doc, 0}}
	open := map[*yaml.Node]bool{} // the nodes around the one at hand: an alias to one would expand forever
	for len(stack) > 0 {
		e := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if e.depth < 0 { // all of the node's content is done
			delete(open, e.n)
			continue
		}
		switch e.n.Kind {
		case yaml.AliasNode:
			if a := e.n.Alias; a != nil && (a.Kind == yaml.SequenceNode || a.Kind == yaml.MappingNode) {
				aliases++
			}
			if open[e.n.Alias] {
				return fmt.Errorf("line %d: an alias refers to a list or map that contains it", e.n.Line)
			}
			continue
		case yaml.SequenceNode, yaml.MappingNode:
			if e.depth++; e.depth > maxNesting {
				return fmt.Errorf("line %d: too complex: lists and maps nested more than %d deep", e.n.Line, maxNesting)
			}
		}
		open[e.n] = true
		stack = append(stack, entry{e.n, -1})
		for _, c := range slices.Backward(e.n.Content) {
			stack = append(stack, entry{c, e.depth})
		}
	}
	if aliases > maxCollectionAliases {
		return fmt.Errorf("line %d: %d aliases to lists or maps, more than the %d Flink's YAML parser accepts", doc.Line, aliases, maxCollectionAliases)
	}
	return nil
}

// yamlParserProblems are the messages of yaml.v3's parser (parserc.go), as
// opposed to its scanner. yaml.v3 v3.0.1 numbers the lines of parser errors
// from 0 (decode.go, parser.fail) and leaves out "line 0".
var yamlParserProblems = []string{
	"did not find expected <stream-start>", "did not find expected <document start>",
	"found undefined tag handle", "did not find expected node content",
	"did not find expected '-' indicator", "did not find expected key",
	"did not find expected ',' or ']'", "did not find expected ',' or '}'",
	"found duplicate %YAML directive", "found incompatible YAML document",
	"found duplicate %TAG directive",
}

// yamlError turns a yaml.v3 error into "line N: problem", N counted from 1.
// A scanner or parser error without a line is on line 1; the anchor and
// alias errors of yaml.v3's decoder carry no line. An error at the end of the
// input is put on the last line.
func (r *reader) yamlError(err error) error {
	msg := strings.TrimPrefix(err.Error(), "yaml: ")
	line, numbered := 1, false
	if rest, ok := strings.CutPrefix(msg, "line "); ok {
		if num, problem, ok := strings.Cut(rest, ": "); ok {
			if n, err := strconv.Atoi(num); err == nil {
				line, msg, numbered = n, problem, true
			}
		}
	}
	switch {
	case numbered && slices.Contains(yamlParserProblems, msg):
		line++
	case !numbered && (strings.Contains(msg, "anchor") || strings.Contains(msg, "aliasing")):
		return errors.New(msg)
	}
	return fmt.Errorf("line %d: %s", min(line, max(r.tf.LineCount(), 1)), msg)
}

// flatten appends the entries of mapping m, prefixing their keys.
func (r *reader) flatten(prefix string, m *yaml.Node) error {
	seen := map[string]int{}
	for i := 0; i+1 < len(m.Content); i += 2 {
		kn, v := deref(m.Content[i]), deref(m.Content[i+1])
		if kn.Kind != yaml.ScalarNode {
			return fmt.Errorf("line %d: a configuration key must be a scalar", kn.Line)
		}
		name, null := scalarText(kn) // a key 1 or true is "1" or "true", as Java's string concatenation makes it
		if null {
			name = "null"
		}
		if line, dup := seen[name]; dup {
			return fmt.Errorf("line %d: duplicate key %q (first on line %d)", kn.Line, name, line)
		}
		seen[name] = kn.Line
		key := prefix + name
		var value string
		switch v.Kind {
		case yaml.MappingNode:
			if err := r.flatten(key+".", v); err != nil {
				return err
			}
			continue
		case yaml.SequenceNode:
			if expands(v, maxListNodes) > maxListNodes {
				return fmt.Errorf("line %d: the list of %q expands to more than %d items", kn.Line, key, maxListNodes)
			}
			value = r.listText(v)
		default:
			text, null := scalarText(v)
			if null && r.k8s {
				continue
			}
			if null {
				return fmt.Errorf("line %d: %q has no value; Flink refuses to load a config.yaml with a null value", kn.Line, key)
			}
			value = text
		}
		r.opts = append(r.opts, Option{Key: key, Value: value, KeyPos: r.pos(m.Content[i]), ValuePos: r.pos(m.Content[i+1])})
	}
	return nil
}

// listText renders a list value: for config.yaml the flow-style YAML that
// YamlParserUtils.toYAMLString gives ("[a, b]"), for Kubernetes the items'
// texts joined with ";" as the operator's ConfigObjectNode does.
func (r *reader) listText(seq *yaml.Node) string {
	if r.k8s {
		items := make([]string, len(seq.Content))
		for i, n := range seq.Content {
			if n = deref(n); n.Kind == yaml.ScalarNode {
				text, null := scalarText(n)
				if null {
					text = "null" // Jackson's NullNode.asText
				}
				items[i] = text
			}
		}
		return strings.Join(items, ";")
	}
	out, err := yaml.Marshal(flowCopy(seq))
	if err != nil {
		return ""
	}
	return strings.TrimSuffix(string(out), "\n")
}

// flowCopy rebuilds a value as Flink dumps the Java objects it loaded: flow
// style, scalars in their resolved form, no comments or source quoting.
func flowCopy(n *yaml.Node) *yaml.Node {
	n = deref(n)
	c := &yaml.Node{Kind: n.Kind, Style: yaml.FlowStyle}
	if n.Kind == yaml.ScalarNode {
		text, null := scalarText(n)
		c.Style, c.Value = 0, text
		if null {
			c.Value = "null"
		} else if resolveTag(n) == "!!str" && resolveTag(&yaml.Node{Value: text}) != "!!str" {
			c.Style = yaml.SingleQuotedStyle // a string that reads as another type, quoted like snakeyaml does
		}
		return c
	}
	for _, e := range n.Content {
		c.Content = append(c.Content, flowCopy(e))
	}
	return c
}

// YAML 1.2 Core schema, as snakeyaml-engine's CoreSchema resolves plain scalars.
var (
	coreNull  = regexp.MustCompile(`^(?:~|null|Null|NULL|)$`)
	coreBool  = regexp.MustCompile(`^(?:true|True|TRUE|false|False|FALSE)$`)
	coreInt   = regexp.MustCompile(`^(?:[-+]?[0-9]+|0o[0-7]+|0x[0-9a-fA-F]+)$`)
	coreFloat = regexp.MustCompile(`^(?:[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)(?:[eE][-+]?[0-9]+)?|[-+]?\.(?:inf|Inf|INF)|\.(?:nan|NaN|NAN))$`)
)

// resolveTag is the Core schema tag of a scalar: quoted and block scalars
// and an explicit !!str are strings, plain ones resolve by their text.
func resolveTag(n *yaml.Node) string {
	switch {
	case n.Style&(yaml.DoubleQuotedStyle|yaml.SingleQuotedStyle|yaml.LiteralStyle|yaml.FoldedStyle) != 0,
		n.Style&yaml.TaggedStyle != 0 && n.Tag == "!!str":
		return "!!str"
	case coreNull.MatchString(n.Value):
		return "!!null"
	case coreBool.MatchString(n.Value):
		return "!!bool"
	case coreInt.MatchString(n.Value):
		return "!!int"
	case coreFloat.MatchString(n.Value):
		return "!!float"
	}
	return "!!str"
}

// scalarText is the text Flink reads for a scalar: strings as they are,
// integers in decimal (Integer/Long/BigInteger.toString), booleans as
// true/false, floats as Java's Double.toString. null reports a null value.
func scalarText(n *yaml.Node) (text string, null bool) {
	v := n.Value
	switch resolveTag(n) {
	case "!!null":
		return "", true
	case "!!bool":
		return strings.ToLower(v), false
	case "!!int":
		i, ok := new(big.Int), false
		switch {
		case strings.HasPrefix(v, "0o"):
			_, ok = i.SetString(v[2:], 8)
		case strings.HasPrefix(v, "0x"):
			_, ok = i.SetString(v[2:], 16)
		default:
			_, ok = i.SetString(strings.TrimPrefix(v, "+"), 10)
		}
		if ok {
			return i.String(), false
		}
	case "!!float":
		switch l := strings.ToLower(v); l {
		case ".inf", "+.inf", "-.inf", ".nan":
			return strings.TrimPrefix(l, "+"), false // as the YAML dumper writes them
		}
		if f, err := strconv.ParseFloat(v, 64); err == nil {
			return javaDouble(f), false
		}
	}
	return v, false
}

// javaDouble formats f like Java's Double.toString: plain decimal with at
// least one fractional digit for 1e-3 <= |f| < 1e7, else "d.dddE[-]n".
func javaDouble(f float64) string {
	if a := math.Abs(f); a == 0 || a >= 1e-3 && a < 1e7 {
		s := strconv.FormatFloat(f, 'f', -1, 64)
		if !strings.Contains(s, ".") {
			s += ".0"
		}
		return s
	}
	mant, exp, _ := strings.Cut(strconv.FormatFloat(f, 'e', -1, 64), "e")
	if !strings.Contains(mant, ".") {
		mant += ".0"
	}
	e, _ := strconv.Atoi(exp)
	return mant + "E" + strconv.Itoa(e)
}

// pos converts a YAML node's line and column (in characters, after any
// byte-order mark) to a position. Lines are those of tf, so a file that ends
// lines with a lone "\r" gets wrong positions.
func (r *reader) pos(n *yaml.Node) token.Pos {
	if n.Line < 1 || n.Line > r.tf.LineCount() {
		return token.NoPos
	}
	off := r.tf.Offset(r.tf.LineStart(n.Line))
	if n.Line == 1 && bytes.HasPrefix(r.src, []byte("\uFEFF")) {
		off += 3
	}
	for c := 1; c < n.Column && off < len(r.src); c++ {
		_, size := utf8.DecodeRune(r.src[off:])
		off += size
	}
	return r.tf.Pos(off)
}
