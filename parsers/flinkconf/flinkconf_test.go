package flinkconf

import (
	"bytes"
	"fmt"
	"go/token"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// parse runs Parse and renders each option as `key="value" kLine:kCol vLine:vCol`.
func parse(t *testing.T, src string, kind Kind) ([]string, error) {
	t.Helper()
	fset := token.NewFileSet()
	tf := fset.AddFile("conf", -1, len(src))
	tf.SetLinesForContent([]byte(src))
	opts, err := Parse(tf, []byte(src), kind)
	var got []string
	for _, o := range opts {
		k, v := fset.Position(o.KeyPos), fset.Position(o.ValuePos)
		got = append(got, fmt.Sprintf("%s=%q %d:%d %d:%d", o.Key, o.Value, k.Line, k.Column, v.Line, v.Column))
	}
	return got, err
}

type parseCase struct {
	name string
	src  string
	want []string
	err  string // substring of the expected error
}

func runParseCases(t *testing.T, kind Kind, cases []parseCase) {
	t.Helper()
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got, err := parse(t, c.src, kind)
			if c.err != "" {
				if err == nil || !strings.Contains(err.Error(), c.err) {
					t.Fatalf("error = %v, want one containing %q", err, c.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if !slices.Equal(got, c.want) {
				t.Errorf("got\n\t%s\nwant\n\t%s", strings.Join(got, "\n\t"), strings.Join(c.want, "\n\t"))
			}
		})
	}
}

// The flink-conf.yaml cases follow loadLegacyYAMLResource and the cases of
// Flink's own GlobalConfigurationTest/ConfigurationFileMigrationUtilsTest.
func TestParseFlinkConf(t *testing.T) {
	runParseCases(t, FlinkConf, []parseCase{
		{name: "comments and blank lines", src: "# Flink\n\njobmanager.rpc.address: localhost # the JM\n   \ntaskmanager.numberOfTaskSlots: 4\n", want: []string{
			`jobmanager.rpc.address="localhost" 3:1 3:25`,
			`taskmanager.numberOfTaskSlots="4" 5:1 5:32`,
		}},
		{name: "whitespace around key and value", src: "   mykey5    :    myvalue5    \n", want: []string{
			`mykey5="myvalue5" 1:4 1:19`,
		}},
		{name: "only the first ': ' separates", src: "mykey6: my: value6\nenv.java.opts: -Da=b: c\n", want: []string{
			`mykey6="my: value6" 1:1 1:9`,
			`env.java.opts="-Da=b: c" 2:1 2:16`,
		}},
		{name: "a '#' anywhere starts a comment", src: "pipeline.name: job#1\nmykey4: myvalue4# some comments\n", want: []string{
			`pipeline.name="job" 1:1 1:16`,
			`mykey4="myvalue4" 2:1 2:9`,
		}},
		{name: "lines without ': ' or with an empty side are skipped", src: "parallelism.default:4\na:\tb\ntable:\n- item\nmykey7: \n: myvalue8\nok: yes\n", want: []string{
			`ok="yes" 7:1 7:5`,
		}},
		{name: "quotes are part of the value", src: "table.exec.source.idle-timeout: \"1 min\"\npipeline.auto-watermark-interval: '0'\n", want: []string{
			`table.exec.source.idle-timeout="\"1 min\"" 1:1 1:33`,
			`pipeline.auto-watermark-interval="'0'" 2:1 2:35`,
		}},
		{name: "indentation means nothing", src: "table:\n  exec.source.idle-timeout: 0\n", want: []string{
			`exec.source.idle-timeout="0" 2:3 2:29`,
		}},
		{name: "a repeated key is returned twice, the last wins", src: "mykey9: myvalue9\nmykey9: myvalue10\n", want: []string{
			`mykey9="myvalue9" 1:1 1:9`,
			`mykey9="myvalue10" 2:1 2:9`,
		}},
		{name: "CRLF line ends", src: "a: 1\r\nb: 2\r\n", want: []string{
			`a="1" 1:1 1:4`,
			`b="2" 2:1 2:4`,
		}},
		{name: "a lone CR ends a line too", src: "a: 1\rb: 2", want: []string{
			`a="1" 1:1 1:4`,
			`b="2" 1:6 1:9`, // token.File only counts "\n"
		}},
		{name: "no final newline, multibyte text", src: "pipeline.name: straße\nx: é", want: []string{
			`pipeline.name="straße" 1:1 1:16`,
			`x="é" 2:1 2:4`,
		}},
		{name: "empty file", src: ""},
	})
}

func TestParseConfigYAML(t *testing.T) {
	runParseCases(t, ConfigYAML, []parseCase{
		{name: "nested keys", src: "table:\n  exec:\n    source:\n      idle-timeout: 1 min\npipeline:\n  auto-watermark-interval: 0\n", want: []string{
			`table.exec.source.idle-timeout="1 min" 4:7 4:21`,
			`pipeline.auto-watermark-interval="0" 6:3 6:28`,
		}},
		{name: "flat keys", src: "table.exec.source.idle-timeout: 60000\npipeline.auto-watermark-interval: 200 ms # comment\n", want: []string{
			`table.exec.source.idle-timeout="60000" 1:1 1:33`,
			`pipeline.auto-watermark-interval="200 ms" 2:1 2:35`,
		}},
		{name: "partly nested, flow map", src: "table:\n  exec.source.idle-timeout: 0\nstate: {backend: {type: rocksdb}}\n", want: []string{
			`table.exec.source.idle-timeout="0" 2:3 2:29`,
			`state.backend.type="rocksdb" 3:19 3:25`,
		}},
		{name: "scalars read as YAML 1.2 core schema values", src: strings.Join([]string{
			"a: true", "b: FALSE", "c: on", "d: yes", "e: 0x10", "f: 0o17", "g: 007", "h: +5", "i: -0",
			"j: 1.50", "k: 1e3", "l: .5", "m: 1e-5", "n: .INF", "o: 12345678901234567890",
			"p: '0'", `q: "60 s"`, "r: 2024-01-01", "s: !!str 10", "t: |\n  multi\n  line",
		}, "\n"), want: []string{
			`a="true" 1:1 1:4`, `b="false" 2:1 2:4`, `c="on" 3:1 3:4`, `d="yes" 4:1 4:4`,
			`e="16" 5:1 5:4`, `f="15" 6:1 6:4`, `g="7" 7:1 7:4`, `h="5" 8:1 8:4`, `i="0" 9:1 9:4`,
			`j="1.5" 10:1 10:4`, `k="1000.0" 11:1 11:4`, `l="0.5" 12:1 12:4`, `m="1.0E-5" 13:1 13:4`,
			`n=".inf" 14:1 14:4`, `o="12345678901234567890" 15:1 15:4`,
			`p="0" 16:1 16:4`, `q="60 s" 17:1 17:4`, `r="2024-01-01" 18:1 18:4`, `s="10" 19:1 19:4`,
			`t="multi\nline" 20:1 20:4`,
		}},
		{name: "lists become flow YAML text", src: "pipeline:\n  jars: [a.jar, b.jar]\n  cached-files:\n    - name: file1\n      path: 'file:///tmp/file1'\nx: ['true', 0x10, ~, 1.0]\n", want: []string{
			`pipeline.jars="[a.jar, b.jar]" 2:3 2:9`,
			`pipeline.cached-files="[{name: file1, path: 'file:///tmp/file1'}]" 3:3 4:5`,
			`x="['true', 16, null, 1.0]" 6:1 6:4`,
		}},
		{name: "an empty map adds nothing", src: "metrics: {}\na: 1\n", want: []string{
			`a="1" 2:1 2:4`,
		}},
		{name: "keys that are not strings", src: "1: one\ntrue: yes\n~: nothing\n", want: []string{
			`1="one" 1:1 1:4`, `true="yes" 2:1 2:7`, `null="nothing" 3:1 3:4`,
		}},
		{name: "aliases", src: "base: &b 5 s\npipeline.auto-watermark-interval: *b\n", want: []string{
			`base="5 s" 1:1 1:7`,
			`pipeline.auto-watermark-interval="5 s" 2:1 2:35`,
		}},
		{name: "quoted key", src: "\"table.exec.source.idle-timeout\": 0\n", want: []string{
			`table.exec.source.idle-timeout="0" 1:1 1:35`,
		}},
		{name: "columns are bytes, YAML counts characters", src: "päth: {table.exec.source.idle-timeout: 0}\n", want: []string{
			`päth.table.exec.source.idle-timeout="0" 1:9 1:41`,
		}},
		{name: "byte-order mark", src: "\uFEFFa: 1\n", want: []string{`a="1" 1:4 1:7`}},
		{name: "flat and nested forms of one key are both returned", src: "a.b: 1\na:\n  b: 2\n", want: []string{
			`a.b="1" 1:1 1:6`, `a.b="2" 3:3 3:6`,
		}},
		{name: "empty file", src: ""},
		{name: "only comments", src: "# nothing here\n"},
		{name: "document marker only", src: "---\n"},

		{name: "null value", src: "table:\n  exec:\n    source:\n      idle-timeout:\n", err: `line 4: "table.exec.source.idle-timeout" has no value`},
		{name: "explicit null", src: "a: ~\n", err: `line 1: "a" has no value`},
		{name: "duplicate key", src: "a: 1\nb: 2\na: 3\n", err: `line 3: duplicate key "a" (first on line 1)`},
		{name: "duplicate nested key", src: "table:\n  x: 1\n  x: 2\n", err: `line 3: duplicate key "x"`},
		{name: "two documents", src: "a: 1\n---\nb: 2\n", err: "line 2: config.yaml must hold a single YAML document"},
		{name: "not a mapping", src: "- a\n- b\n", err: "line 1: config.yaml must be a mapping"},
		{name: "syntax error", src: "a: [1, 2\nb: 3\n", err: "line 2: did not find expected ',' or ']'"},
		{name: "syntax error on line 1", src: "a: 1\n- b\n", err: "line 2: did not find expected key"},
		{name: "syntax error in a nested map", src: "a:\n  b: 1\n c: 2\n", err: "line 3: did not find expected key"},
		{name: "scanner error on line 1", src: "a: b: c\n", err: "line 1: mapping values are not allowed in this context"},
		{name: "scanner error", src: "x: 1\ny: @foo\n", err: "line 2: found character that cannot start any token"},
		{name: "parser error on line 1", src: "{a: 1", err: "line 1: did not find expected ',' or '}'"},
		{name: "unknown alias", src: "a: *nope\n", err: "unknown anchor 'nope' referenced"},
		{name: "tab indentation", src: "a:\n\tb: 1\n", err: "line 2: found character that cannot start any token"},
		{name: "complex key", src: "? [a, b]\n: 1\n", err: "line 1: a configuration key must be a scalar"},
	})
}

func TestParseKubernetes(t *testing.T) {
	const deployment = `apiVersion: flink.apache.org/v1beta1
kind: FlinkDeployment
metadata:
  name: d
spec:
  flinkConfiguration:
`
	runParseCases(t, Kubernetes, []parseCase{
		{name: "string map", src: deployment + "    table.exec.source.idle-timeout: \"0\"\n    pipeline.auto-watermark-interval: \"200 ms\"\n", want: []string{
			`table.exec.source.idle-timeout="0" 7:5 7:37`,
			`pipeline.auto-watermark-interval="200 ms" 8:5 8:39`,
		}},
		{name: "nested YAML (operator 1.13+)", src: deployment + "    table:\n      exec:\n        source.idle-timeout: 0\n    restart-strategy: {type: none}\n", want: []string{
			`table.exec.source.idle-timeout="0" 9:9 9:30`,
			`restart-strategy.type="none" 10:24 10:30`,
		}},
		{name: "lists joined with ';', nulls skipped", src: deployment + "    pipeline.jars: [a.jar, b.jar]\n    state.backend.type: ~\n    x: 1.0\n", want: []string{
			`pipeline.jars="a.jar;b.jar" 7:5 7:20`,
			`x="1.0" 9:5 9:8`,
		}},
		{name: "no flinkConfiguration", src: "apiVersion: flink.apache.org/v1beta1\nkind: FlinkDeployment\nspec:\n  image: flink:1.20\n"},
		{name: "other kinds and apiVersions are ignored", src: "apiVersion: v1\nkind: ConfigMap\nspec:\n  flinkConfiguration:\n    a: 1\n---\napiVersion: example.com/v1\nkind: FlinkDeployment\nspec:\n  flinkConfiguration:\n    b: 2\n---\n" + deployment + "    c: \"3\"\n", want: []string{
			`c="3" 19:5 19:8`,
		}},
		{name: "session job after a deployment", src: deployment + "    a: \"1\"\n---\napiVersion: flink.apache.org/v1beta1\nkind: FlinkSessionJob\nspec:\n  flinkConfiguration: {b: \"2\"}\n", want: []string{
			`a="1" 7:5 7:8`,
			`b="2" 12:24 12:27`,
		}},
		{name: "syntax error", src: deployment + "    a: [1\n", err: "line 7: did not find expected ',' or ']'"},
		{name: "duplicate key", src: deployment + "    a: \"1\"\n    a: \"2\"\n", err: `line 8: duplicate key "a"`},
	})
}

// TestParseTestdata reads whole files of each kind, detected by name.
func TestParseTestdata(t *testing.T) {
	for _, c := range []struct {
		file string
		kind Kind
		want []string
	}{
		{"flink-conf/flink-conf.yaml", FlinkConf, []string{
			`jobmanager.rpc.address="localhost" 5:1 5:25`,
			`jobmanager.rpc.port="6123" 6:1 6:25`,
			`parallelism.default="2" 8:1 8:22`,
			`pipeline.auto-watermark-interval="0" 11:1 11:35`,
			`table.exec.source.idle-timeout="\"1 min\"" 12:1 12:33`,
			`env.java.opts="-Dkey=a: b -Dother=c" 13:1 13:16`,
			`exec.state.ttl="1 h" 15:3 15:19`,
		}},
		{"config-nested/config.yaml", ConfigYAML, []string{
			`jobmanager.rpc.address="localhost" 4:5 4:14`,
			`jobmanager.rpc.port="6123" 5:5 5:11`,
			`taskmanager.numberOfTaskSlots="4" 7:3 7:22`,
			`parallelism.default="2" 9:3 9:12`,
			`pipeline.auto-watermark-interval="0" 11:3 11:28`,
			`pipeline.jars="['file:///opt/a.jar', 'file:///opt/b.jar']" 12:3 12:9`,
			`table.exec.source.idle-timeout="1 min" 16:7 16:21`,
			`execution.checkpointing.interval="60000" 17:1 17:35`,
			`env.java.opts.all="--add-opens=java.base/java.util=ALL-UNNAMED" 21:7 21:12`,
		}},
		{"config-flat/config.yaml", ConfigYAML, []string{
			`table.exec.source.idle-timeout="0 ms" 1:1 1:33`,
			`pipeline.auto-watermark-interval="200 ms" 2:1 2:35`,
			`state.backend.type="rocksdb" 3:1 3:21`,
		}},
		{"k8s/flink-deployment.yaml", Kubernetes, []string{
			`taskmanager.numberOfTaskSlots="2" 16:5 16:36`,
			`table.exec.source.idle-timeout="30 s" 17:5 17:37`,
			`pipeline.auto-watermark-interval="0" 19:7 19:32`,
			`pipeline.jars="a.jar;b.jar" 20:5 20:20`,
		}},
		{"k8s/session-job.yml", Kubernetes, []string{
			`table.exec.source.idle-timeout="0" 8:5 8:37`,
		}},
	} {
		t.Run(c.file, func(t *testing.T) {
			src, err := os.ReadFile(filepath.Join("testdata", c.file))
			if err != nil {
				t.Fatal(err)
			}
			if k := Detect(filepath.Base(c.file), src); k != c.kind {
				t.Fatalf("Detect = %v, want %v", k, c.kind)
			}
			got, err := parse(t, string(src), c.kind)
			if err != nil {
				t.Fatal(err)
			}
			if !slices.Equal(got, c.want) {
				t.Errorf("got\n\t%s\nwant\n\t%s", strings.Join(got, "\n\t"), strings.Join(c.want, "\n\t"))
			}
		})
	}
}

func TestParseChecksFile(t *testing.T) {
	fset := token.NewFileSet()
	tf := fset.AddFile("x", -1, 3)
	if _, err := Parse(tf, []byte("a: 1\n"), FlinkConf); err == nil {
		t.Error("no error for a token.File of the wrong size")
	}
	tf = fset.AddFile("y", -1, 0)
	if _, err := Parse(tf, nil, 0); err == nil {
		t.Error("no error for kind 0")
	}
}

func TestDetect(t *testing.T) {
	file := func(name string) string {
		src, err := os.ReadFile(filepath.Join("testdata", name))
		if err != nil {
			t.Fatal(err)
		}
		return string(src)
	}
	for _, c := range []struct {
		name, file, src string
		want            Kind
	}{
		{name: "flink-conf.yaml", src: "", want: FlinkConf},
		{name: "flink-conf.yaml", src: "anything: at all", want: FlinkConf},
		{name: "config.yaml", file: "config-nested/config.yaml", want: ConfigYAML},
		{name: "config.yaml", file: "config-flat/config.yaml", want: ConfigYAML},
		{name: "config.yaml", src: "taskmanager:\n  numberOfTaskSlots: 2\n", want: ConfigYAML},
		{name: "config.yaml", src: "high-availability:\n  type: zookeeper\n", want: ConfigYAML},
		{name: "config.yaml", src: "table: {exec.source.idle-timeout: 0}\n", want: ConfigYAML},
		{name: "config.yaml", src: "pekko.ask.timeout: 10 s\n", want: ConfigYAML},
		{name: "config.yaml", src: "table.exec.source.idle-timeout: [oops\n", want: ConfigYAML}, // so Parse reports the error
		{name: "config.yaml", file: "app/config.yaml", want: 0},
		{name: "config.yaml", src: "", want: 0},
		{name: "config.yaml", src: "metrics: {}\nenv: prod\n", want: 0},
		{name: "config.yaml", src: "app:\n  pipeline.name: x\n", want: 0},
		{name: "config.yaml", src: "pipelines:\n  a: 1\ntablespace.x: 1\n", want: 0},
		{name: "config.yaml", src: "table:\n  exec: [oops\n", want: 0},
		{name: "config.yaml", file: "k8s/flink-deployment.yaml", want: Kubernetes},
		{name: "application.yaml", src: "table.exec.source.idle-timeout: 0\n", want: 0},
		{name: "flink-conf.yml", src: "table.exec.source.idle-timeout: 0\n", want: 0},
		{name: "flink-deployment.yaml", file: "k8s/flink-deployment.yaml", want: Kubernetes},
		{name: "session-job.yml", file: "k8s/session-job.yml", want: Kubernetes},
		{name: "deployment.yaml", file: "k8s/deployment.yaml", want: 0},
		{name: "helm-template.yaml", file: "k8s/helm-template.yaml", want: 0},
		{name: "d.yaml", src: "apiVersion: example.com/v1\nkind: FlinkDeployment\n# flink.apache.org/v1beta1\n", want: 0},
		{name: "d.json", src: `{"apiVersion": "flink.apache.org/v1beta1", "kind": "FlinkDeployment"}`, want: 0},
		{name: "d.yml", src: `{"apiVersion": "flink.apache.org/v1beta1", "kind": "FlinkSessionJob"}`, want: Kubernetes},
		{name: "Main.java", src: "kind: FlinkDeployment", want: 0},
	} {
		src := c.src
		if c.file != "" {
			src = file(c.file)
		}
		if got := Detect(c.name, []byte(src)); got != c.want {
			t.Errorf("Detect(%q, %q) = %v, want %v", c.name, c.file+src, got, c.want)
		}
	}
}

// TestDetectCheap checks that files without a Flink marker are rejected
// without parsing YAML, that is without allocating.
func TestDetectCheap(t *testing.T) {
	app, err := os.ReadFile(filepath.Join("testdata", "app", "config.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	app, _, _ = bytes.Cut(app, []byte("env:")) // before the "env:" and "pipeline:" that call for a parse
	deployment := []byte("apiVersion: apps/v1\nkind: Deployment\nspec:\n  replicas: 3\n")
	allocs := testing.AllocsPerRun(100, func() {
		Detect("config.yaml", app)
		Detect("service.yaml", app)
		Detect("deployment.yaml", deployment)
	})
	if allocs != 0 {
		t.Errorf("Detect allocated %v times on files without Flink markers", allocs)
	}
}
