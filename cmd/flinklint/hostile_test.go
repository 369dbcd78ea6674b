package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"
	"unicode/utf16"

	"golang.org/x/tools/go/analysis"

	"github.com/flinklint/flinklint/analyzer"
	"github.com/flinklint/flinklint/analyzer/analyzertest"
	"github.com/flinklint/flinklint/rules"
)

// The hostile-input suite of issue 7: one subtest per way an input made
// flinklint crash, hang, blow up, print a forged or unstable line, or lose
// data with -fix. Every input is generated here. The command runs as a real
// process, built once, because the failures under test (a goroutine stack
// overflow, a read of /dev/zero until memory runs out, a FIFO that blocks
// for ever) would take the test binary down with them; each run is bounded
// generously in time and address space so that the suite always finishes.
// Speed is measured by the benchmarks, not here.

// bound is how long one run may take before it counts as a hang. It is far
// above the time any of these inputs needs once the cost is bounded.
const bound = 60 * time.Second

// memLimitKiB caps the address space of one run (ulimit -v), so that a
// blow-up fails its subtest instead of the machine.
const memLimitKiB = 3 << 20

// cli is the flinklint binary built for this test run.
type cli string

func buildCLI(t *testing.T) cli {
	t.Helper()
	if testing.Short() {
		t.Skip("builds the command; skipped with -short")
	}
	built.once.Do(func() {
		dir, err := os.MkdirTemp("", "flinklint-cli-")
		if err != nil {
			built.err = err
			return
		}
		built.dir = dir
		bin := filepath.Join(dir, "flinklint")
		if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
			built.err = fmt.Errorf("go build: %w\n%s", err, out)
			return
		}
		built.bin = cli(bin)
	})
	if built.err != nil {
		t.Fatal(built.err)
	}
	return built.bin
}

// built is the command the tests build, once for them all; TestMain
// removes its directory.
var built struct {
	once sync.Once
	dir  string
	bin  cli
	err  error
}

// outcome is what one run of the command did.
type outcome struct {
	code           int
	stdout, stderr string
}

// finding is one parsed output line.
type finding struct {
	file, rule string
	line, col  string
}

var lineFormat = regexp.MustCompile(`^(.+?):(\d+):(\d+): (error|warning|info): (.*) \[([a-z0-9-]+)\]$`)

// String shows the run in a failure message, a crash's stack cut short.
func (o outcome) String() string {
	return fmt.Sprintf("exit %d\nstdout:\n%.2000s\nstderr:\n%.1000s", o.code, o.stdout, o.stderr)
}

// findings parses stdout; a line off the format fails the test.
func (o outcome) findings(t *testing.T) []finding {
	t.Helper()
	var out []finding
	for _, l := range strings.Split(strings.TrimSuffix(o.stdout, "\n"), "\n") {
		if l == "" {
			continue
		}
		m := lineFormat.FindStringSubmatch(l)
		if m == nil {
			t.Errorf("output line off the format: %q", l)
			continue
		}
		out = append(out, finding{file: filepath.Base(m[1]), line: m[2], col: m[3], rule: m[6]})
	}
	return out
}

// has reports whether a finding of rule is reported in a file named base.
func (o outcome) has(t *testing.T, base, rule string) bool {
	t.Helper()
	return slices.ContainsFunc(o.findings(t), func(f finding) bool { return f.file == base && f.rule == rule })
}

// wantFinding fails the test unless rule reports something in base.
func (o outcome) wantFinding(t *testing.T, base, rule string) {
	t.Helper()
	if !o.has(t, base, rule) {
		t.Errorf("no %s finding in %s; %s", rule, base, o)
	}
}

// noCrash fails the test when the run died or recovered from a crash:
// runaway recursion, a panic or a fatal runtime error.
func (o outcome) noCrash(t *testing.T) {
	t.Helper()
	for _, s := range []string{"panic:", "fatal error:", "goroutine ", "internal error", "stack overflow", "signal: "} {
		if strings.Contains(o.stderr, s) {
			t.Errorf("the run crashed (stderr has %q); %s", s, o)
			return
		}
	}
}

// run runs the command in dir with args, bounded in time and memory.
func (c cli) run(t *testing.T, dir string, args ...string) outcome {
	t.Helper()
	return c.runWith(t, dir, "", nil, args...)
}

// runWith runs the command after the shell commands in limit (such as
// "ulimit -f 2 &&"), writing stdout to the given file when it is not nil.
func (c cli) runWith(t *testing.T, dir, limit string, stdout *os.File, args ...string) outcome {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), bound)
	defer cancel()
	script := fmt.Sprintf(`ulimit -v %d && %s exec "$0" "$@"`, memLimitKiB, limit)
	cmd := exec.CommandContext(ctx, "sh", append([]string{"-c", script, string(c)}, args...)...)
	cmd.Dir = dir
	cmd.WaitDelay = 5 * time.Second
	var out, errOut bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errOut
	if stdout != nil {
		cmd.Stdout = stdout
	}
	err := cmd.Run()
	if ctx.Err() != nil {
		t.Fatalf("flinklint %s did not finish within %v (killed)\nstdout:\n%.2000s\nstderr:\n%.2000s",
			strings.Join(args, " "), bound, out.String(), errOut.String())
	}
	code := 0
	var exit *exec.ExitError
	switch {
	case errors.As(err, &exit):
		code = exit.ExitCode()
		if ws, ok := exit.Sys().(syscall.WaitStatus); ok && ws.Signaled() {
			errOut.WriteString("\nsignal: " + ws.Signal().String())
		}
	case err != nil:
		t.Fatalf("running flinklint: %v", err)
	}
	return outcome{code: code, stdout: out.String(), stderr: errOut.String()}
}

// known is a file with one finding that must be reported whatever the
// other files of the project do to the run.
const known = "class Known {\n  void f() {\n    ks.window(GlobalWindows.create()).sum(1);\n  }\n}\n"

func TestHostileInputs(t *testing.T) {
	flinklint := buildCLI(t)

	// isolated runs files, one of which is hostile, and checks that the run
	// neither crashed nor lost the finding of Known.java.
	isolated := func(t *testing.T, files map[string]string) outcome {
		t.Helper()
		files["Known.java"] = known
		dir := project(t, files)
		o := flinklint.run(t, dir)
		o.noCrash(t)
		o.wantFinding(t, "Known.java", "global-window-no-trigger")
		if o.code != 1 {
			t.Errorf("want exit 1 (findings); %s", o)
		}
		return o
	}

	t.Run("self-reassigned windowed stream, Java", func(t *testing.T) {
		o := isolated(t, map[string]string{"Job.java": `class Job {
  void f(KeyedStream<String, String> ks) {
    WindowedStream<String, String, GlobalWindow> w = ks.window(GlobalWindows.create());
    w = w.allowedLateness(Time.seconds(1));
    w.reduce((a, b) -> a);
  }
}
`})
		o.wantFinding(t, "Job.java", "global-window-no-trigger")
		o.wantFinding(t, "Job.java", "ineffective-lateness")
	})

	t.Run("self-reassigned windowed stream, Scala", func(t *testing.T) {
		o := isolated(t, map[string]string{"Job.scala": `object Job {
  def f(ks: KeyedStream[String, String]): Unit = {
    var w = ks.window(GlobalWindows.create())
    w = w.allowedLateness(Time.seconds(1))
    w.reduce((a, b) => a)
  }
}
`})
		o.wantFinding(t, "Job.scala", "global-window-no-trigger")
		o.wantFinding(t, "Job.scala", "ineffective-lateness")
	})

	t.Run("mutual recursion and recursive constants", func(t *testing.T) {
		o := isolated(t, map[string]string{
			"Locals.java": `class Locals {
  void f(KeyedStream<String, String> ks, DataStream<String> s) {
    WindowedStream<String, String, GlobalWindow> w1 = ks.window(GlobalWindows.create());
    WindowedStream<String, String, GlobalWindow> w2 = w1;
    w1 = w2.allowedLateness(Time.seconds(1));
    w2 = w1.allowedLateness(Time.seconds(2));
    w2.reduce((a, b) -> a);
    DataStream<String> a = s;
    DataStream<String> b = a;
    a = b.map(x -> x);
    b = a.map(x -> x);
    b.assignTimestampsAndWatermarks(WatermarkStrategy.<String>forMonotonousTimestamps()).union(a);
    OutputTag<String> t1 = t2;
    OutputTag<String> t2 = t1;
    ks.window(TumblingEventTimeWindows.of(Duration.ofMinutes(1))).sideOutputLateData(t1).sum(1).getSideOutput(t2);
  }
}
`,
			"Helpers.java": `class Helpers {
  static final Duration A = B;
  static final Duration B = A;
  static final WindowAssigner<Object, GlobalWindow> W = V;
  static final WindowAssigner<Object, GlobalWindow> V = W;
  static final WatermarkStrategy<String> S = T;
  static final WatermarkStrategy<String> T = S;

  static DataStream<String> ping(DataStream<String> s) { return pong(s); }
  static DataStream<String> pong(DataStream<String> s) { return ping(s); }
  static DataStream<String> self(DataStream<String> s) { return self(s.map(x -> x)); }
  static WindowAssigner<Object, GlobalWindow> assigner() { return assigner(); }

  void f(StreamExecutionEnvironment env, KafkaSource<String> kafka, KeyedStream<String, String> ks) {
    DataStream<String> s = env.fromSource(kafka, S.withTimestampAssigner((e, ts) -> e.length() / 1000), "k");
    ping(s).keyBy(x -> x).window(W).allowedLateness(A).sum(1);
    self(pong(s)).assignTimestampsAndWatermarks(T.withIdleness(B)).keyBy(x -> x).window(assigner()).sum(1);
    ks.window(V).trigger(CountTrigger.of(1)).sideOutputLateData(new OutputTag<String>("late") {}).sum(1);
  }
}
`,
			"Objects.scala": `object Objects {
  val a: Duration = b
  val b: Duration = a
  val w = v
  val v = w
  def ping(s: DataStream[String]): DataStream[String] = pong(s)
  def pong(s: DataStream[String]): DataStream[String] = ping(s)
  def f(ks: KeyedStream[String, String]): Unit = {
    ping(ks).keyBy(x => x).window(w).allowedLateness(a).sum(1)
  }
}
`,
		})
		o.wantFinding(t, "Locals.java", "global-window-no-trigger")
	})

	t.Run("receiver-less inherited assignTimestampsAndWatermarks", func(t *testing.T) {
		isolated(t, map[string]string{"Inherited.java": `class Inherited extends DataStream<String> {
  Inherited(StreamExecutionEnvironment env, Transformation<String> t) { super(env, t); }
  DataStream<String> f() {
    return assignTimestampsAndWatermarks(WatermarkStrategy.forMonotonousTimestamps());
  }
}
`})
	})

	t.Run("Scala literal fragment", func(t *testing.T) {
		// printf '{0:\nOutputTag'"'"'"A' > Fragment.scala
		isolated(t, map[string]string{"Fragment.scala": "{0:\nOutputTag'\"A"})
	})

	// Only regular files are read: a FIFO or a device named like a source
	// is skipped with a message when named, silently in a walk.
	special := func(t *testing.T, make func(path string) error) {
		t.Helper()
		dir := project(t, map[string]string{"Known.java": known})
		if err := make(filepath.Join(dir, "x.java")); err != nil {
			t.Skip(err)
		}
		t.Run("named", func(t *testing.T) {
			o := flinklint.run(t, dir, "x.java", "Known.java")
			o.noCrash(t)
			o.wantFinding(t, "Known.java", "global-window-no-trigger")
			if !strings.Contains(o.stderr, "x.java") {
				t.Errorf("stderr does not name x.java:\n%s", o.stderr)
			}
		})
		t.Run("walked", func(t *testing.T) {
			o := flinklint.run(t, dir, ".")
			o.noCrash(t)
			o.wantFinding(t, "Known.java", "global-window-no-trigger")
			if o.code != 1 || o.stderr != "" {
				t.Errorf("exit %d, want 1 and an empty stderr:\n%s", o.code, o.stderr)
			}
		})
	}
	t.Run("FIFO named x.java", func(t *testing.T) {
		special(t, func(p string) error { return syscall.Mkfifo(p, 0o644) })
	})
	t.Run("symlink x.java to /dev/zero", func(t *testing.T) {
		special(t, func(p string) error { return os.Symlink("/dev/zero", p) })
	})
	for name, make := range map[string]func(string) error{
		"FIFO":              func(p string) error { return syscall.Mkfifo(p, 0o644) },
		"link to /dev/zero": func(p string) error { return os.Symlink("/dev/zero", p) },
	} {
		t.Run(".gitignore that is a "+name, func(t *testing.T) {
			dir := project(t, map[string]string{"Known.java": known})
			if err := make(filepath.Join(dir, ".gitignore")); err != nil {
				t.Skip(err)
			}
			o := flinklint.run(t, dir, ".")
			o.noCrash(t)
			o.wantFinding(t, "Known.java", "global-window-no-trigger")
		})
	}

	// Deep input ends either analyzed or with a "too complex" problem naming
	// the file, never silently, and within the time and memory bounds.
	analyzedOrTooComplex := func(t *testing.T, files map[string]string, base, rule string) {
		t.Helper()
		o := isolated(t, files)
		if !o.has(t, base, rule) && !regexp.MustCompile(`(?m)^.*`+regexp.QuoteMeta(base)+`.*too complex`).MatchString(o.stderr) {
			t.Errorf("%s is neither analyzed (no %s finding) nor reported too complex; %s", base, rule, o)
		}
	}
	const depth = 8000
	t.Run("SQL with 8,000 nested calls", func(t *testing.T) {
		sql := "CREATE TABLE clicks (ts TIMESTAMP(3), WATERMARK FOR ts AS ts - INTERVAL '5' SECOND) WITH ('connector' = 'kafka', 'topic' = 'c', 'format' = 'json');\n" +
			"SELECT " + strings.Repeat("f(", depth) + "1" + strings.Repeat(")", depth) + " FROM clicks;\n"
		analyzedOrTooComplex(t, map[string]string{"nested.sql": sql}, "nested.sql", "missing-idleness")
	})
	t.Run("Java chain of 8,000 calls", func(t *testing.T) {
		src := "class Chain {\n  void f(KeyedStream<String, String> ks, DataStream<String> s) {\n    ks.window(GlobalWindows.create()).sum(1);\n    s" +
			strings.Repeat(".map(x -> x)", depth) + ".print();\n  }\n}\n"
		analyzedOrTooComplex(t, map[string]string{"Chain.java": src}, "Chain.java", "global-window-no-trigger")
	})
	t.Run("Scala chain of 8,000 calls", func(t *testing.T) {
		src := "object Chain {\n  def f(ks: KeyedStream[String, String], s: DataStream[String]): Unit = {\n    ks.window(GlobalWindows.create()).sum(1)\n    s" +
			strings.Repeat(".map(x => x)", depth) + ".print()\n  }\n}\n"
		analyzedOrTooComplex(t, map[string]string{"Chain.scala": src}, "Chain.scala", "global-window-no-trigger")
	})

	for _, n := range []int{12, 24} {
		t.Run(fmt.Sprintf(".gitignore with %d **/ segments", n), func(t *testing.T) {
			// A backtracking matcher tries every way of spreading the
			// segments over the 24 directories above Deep.java.
			deep := strings.Repeat("d/", 24) + "Deep.java"
			o := isolated(t, map[string]string{
				".gitignore": strings.Repeat("**/", n) + "nothing-matches\n",
				deep:         strings.ReplaceAll(known, "Known", "Deep"),
			})
			o.wantFinding(t, "Deep.java", "global-window-no-trigger")
		})
	}

	t.Run("file name with a newline cannot forge a line", func(t *testing.T) {
		forged := "x\nForged.java:1:1: error: forged finding [global-window-no-trigger]\ny.java"
		dir := project(t, map[string]string{forged: known})
		o := flinklint.run(t, dir)
		o.noCrash(t)
		if got := strings.Count(o.stdout, "\n"); got != 1 {
			t.Errorf("stdout has %d lines, want 1 (one finding):\n%s", got, o.stdout)
		}
		for _, l := range strings.Split(o.stdout+o.stderr, "\n") {
			if strings.HasPrefix(l, "Forged.java") || strings.ContainsFunc(l, func(r rune) bool { return r < 0x20 && r != '\t' || r == 0x7f }) {
				t.Errorf("a forged line or a raw control character: %q", l)
			}
		}
	})

	t.Run("symlink to a directory as the argument", func(t *testing.T) {
		dir := project(t, map[string]string{"real/Known.java": known})
		if err := os.Symlink("real", filepath.Join(dir, "link")); err != nil {
			t.Fatal(err)
		}
		o := flinklint.run(t, dir, "link")
		o.noCrash(t)
		o.wantFinding(t, "Known.java", "global-window-no-trigger")
		if o.code != 1 {
			t.Errorf("exit %d, want 1", o.code)
		}
	})

	t.Run("one file reached through two names is reported once", func(t *testing.T) {
		dir := project(t, map[string]string{"src/Known.java": known})
		if err := os.Symlink("Known.java", filepath.Join(dir, "src/Alias.java")); err != nil {
			t.Fatal(err)
		}
		for _, args := range [][]string{{"src", "src/Known.java"}, {"src/Known.java", "src/Alias.java"}, {"src/Known.java", "./src/../src/Known.java"}} {
			o := flinklint.run(t, dir, args...)
			o.noCrash(t)
			if n := len(o.findings(t)); n != 1 {
				t.Errorf("flinklint %s: %d findings, want 1:\n%s", strings.Join(args, " "), n, o.stdout)
			}
		}
	})

	t.Run("stdout on a full disk", func(t *testing.T) {
		full, err := os.OpenFile("/dev/full", os.O_WRONLY, 0)
		if err != nil {
			t.Skip(err)
		}
		defer full.Close()
		dir := project(t, map[string]string{"Known.java": known})
		o := flinklint.runWith(t, dir, "", full)
		o.noCrash(t)
		if o.code != 2 || !strings.Contains(o.stderr, "flinklint") {
			t.Errorf("exit %d, want 2 with a message on stderr; stderr: %q", o.code, o.stderr)
		}
	})

	t.Run("line endings and a BOM give the same positions", func(t *testing.T) {
		jobs := map[string]string{
			"Job.java": "class Job { void f() { ks.window(GlobalWindows.create()).sum(1); } }\n" +
				"class More {\n  void g(StreamExecutionEnvironment env, KafkaSource<String> kafka) {\n" +
				"    env.fromSource(kafka, WatermarkStrategy.<String>forMonotonousTimestamps()\n" +
				"        .withTimestampAssigner((e, ts) -> e.length() / 1000), \"k\")\n" +
				"        .keyBy(e -> e).window(TumblingEventTimeWindows.of(Duration.ofMinutes(1))).sum(1);\n" +
				"    /* a\n comment */ ks.countWindow(5).allowedLateness(Duration.ofMinutes(1)).sum(1);\n  }\n}\n",
			"Job.scala": "object Job { def f(): Unit = ks.window(GlobalWindows.create()).sum(1) }\n" +
				"object More {\n  def g(ks: KeyedStream[String, String]): Unit = {\n" +
				"    val s = \"\"\"a\n      |b\"\"\".stripMargin\n    ks.countWindow(5).allowedLateness(Duration.ofMinutes(1)).sum(1)\n  }\n}\n",
			"job.sql": "CREATE TABLE t (v BIGINT, ts AS TO_TIMESTAMP_LTZ(v_sec, 3), WATERMARK FOR ts AS ts) WITH ('connector' = 'kafka');\n" +
				"-- a\n/* b\n c */\nCREATE TABLE u (\n  v_sec BIGINT,\n  ts AS TO_TIMESTAMP_LTZ(v_sec, 3),\n  WATERMARK FOR ts AS ts\n) WITH ('connector' = 'kafka');\n",
		}
		for name, lf := range jobs {
			variants := map[string]string{
				"CRLF":      strings.ReplaceAll(lf, "\n", "\r\n"),
				"lone CR":   strings.ReplaceAll(lf, "\n", "\r"),
				"UTF-8 BOM": "\xef\xbb\xbf" + lf,
			}
			want := positions(t, flinklint, name, lf, true)
			if len(want) < 2 {
				t.Fatalf("%s: %d findings with LF, want at least 2: %v", name, len(want), want)
			}
			for v, src := range variants {
				if got := positions(t, flinklint, name, src, true); !slices.Equal(got, want) {
					t.Errorf("%s with %s: findings at\n%v\nwant (as with LF)\n%v", name, v, got, want)
				}
			}
		}
	})

	t.Run("UTF-16 with a BOM is decoded", func(t *testing.T) {
		const lf = "class Job {\n  void f() {\n    ks.window(GlobalWindows.create()).sum(1); // é\n  }\n}\n"
		want := positions(t, flinklint, "Job.java", lf, false)
		for _, bigEndian := range []bool{false, true} {
			got := positions(t, flinklint, "Job.java", utf16Text(lf, bigEndian), false)
			if len(got) == 0 || !slices.Equal(got, want) {
				t.Errorf("UTF-16 (big endian %v): findings on %v, want on %v as in UTF-8", bigEndian, got, want)
			}
		}
	})

	t.Run("output is byte-identical across runs and workers", func(t *testing.T) {
		dir := project(t, deterministicProject())
		var first string
		for _, j := range []string{"1", "2", "6"} {
			for i := range 8 {
				o := flinklint.run(t, dir, "-j", j)
				o.noCrash(t)
				if o.code != 1 {
					t.Fatalf("-j %s: exit %d, want 1\n%s", j, o.code, o.stderr)
				}
				if first == "" {
					first = o.stdout
					if !strings.Contains(first, "missing-idleness") || !strings.Contains(first, "late-tag-unread") {
						t.Fatalf("the project lost its findings:\n%s", first)
					}
					continue
				}
				if o.stdout != first {
					t.Fatalf("-j %s, run %d: output differs:\n%s\nfirst run:\n%s", j, i+1, lineDiff(o.stdout, first), first)
				}
			}
		}
	})

	t.Run("-fix", func(t *testing.T) { testFix(t, flinklint) })
}

// positions writes src as the only file of a project and returns where its
// findings are: line:col rule, or line rule without columns.
func positions(t *testing.T, flinklint cli, name, src string, cols bool) []string {
	t.Helper()
	dir := project(t, map[string]string{name: src})
	o := flinklint.run(t, dir)
	o.noCrash(t)
	if strings.Contains(o.stderr, "binary") {
		t.Errorf("%s called binary: %s", name, o.stderr)
	}
	var out []string
	for _, f := range o.findings(t) {
		at := f.line
		if cols {
			at += ":" + f.col
		}
		out = append(out, at+" "+f.rule)
	}
	return out
}

func utf16Text(s string, bigEndian bool) string {
	var b []byte
	for _, u := range append([]uint16{0xfeff}, utf16.Encode([]rune(s))...) {
		if bigEndian {
			b = append(b, byte(u>>8), byte(u))
		} else {
			b = append(b, byte(u), byte(u>>8))
		}
	}
	return string(b)
}

// deterministicProject is a project of more than seven files in which one
// strategy, one source and one tag are shared by jobs in several files, so
// that messages naming "the first" use, and the order in which positions
// are given to files, depend on a fixed order only if flinklint makes it so.
func deterministicProject() map[string]string {
	files := map[string]string{
		"src/common/Strategies.java": `package common;
public final class Strategies {
  public static WatermarkStrategy<String> events() {
    return WatermarkStrategy.<String>forBoundedOutOfOrderness(Duration.ofSeconds(5))
        .withTimestampAssigner((e, ts) -> e.length() / 1000);
  }
  public static final WatermarkStrategy<String> SHARED = WatermarkStrategy.<String>forMonotonousTimestamps();
}
`,
		"src/common/Sources.java": `package common;
public final class Sources {
  public static KafkaSource<String> kafka(String topic) {
    return KafkaSource.<String>builder().setTopics(topic).setValueOnlyDeserializer(new SimpleStringSchema()).build();
  }
}
`,
		"src/common/Tags.java": `package common;
public final class Tags {
  public static final OutputTag<String> LATE = new OutputTag<String>("late") {};
}
`,
		"src/scala/ScalaJob.scala": `object ScalaJob {
  def run(env: StreamExecutionEnvironment): Unit = {
    val s = env.fromSource(Sources.kafka("scala"), Strategies.SHARED, "scala")
    s.union(env.fromSource(Sources.kafka("more"), Strategies.events(), "more")).keyBy(x => x).window(GlobalWindows.create()).sum(1)
  }
}
`,
		"src/sql/tables.sql": "CREATE TABLE t (v BIGINT, ts AS TO_TIMESTAMP_LTZ(v, 3), WATERMARK FOR ts AS ts) WITH ('connector' = 'kafka');\n",
	}
	for _, name := range []string{"Alpha", "Bravo", "Charlie", "Delta", "Echo", "Foxtrot"} {
		files["src/jobs/"+name+"Job.java"] = fmt.Sprintf(`package jobs;
public class %[1]sJob {
  void run(StreamExecutionEnvironment env, DataStream<String> other) {
    DataStream<String> s = env.fromSource(Sources.kafka("%[1]s"), Strategies.events(), "%[1]s");
    DataStream<String> t = env.fromSource(Sources.kafka("%[1]s-2"), Strategies.SHARED, "%[1]s-2");
    s.union(t, other).keyBy(x -> x).window(TumblingEventTimeWindows.of(Duration.ofMinutes(1)))
        .sideOutputLateData(Tags.LATE).sum(1);
    s.keyBy(x -> x).window(GlobalWindows.create()).allowedLateness(Duration.ofSeconds(1)).sum(1);
  }
}
`, name)
	}
	return files
}

// lineDiff lists the lines of got that want lacks and the other way round.
func lineDiff(got, want string) string {
	g, w := strings.Split(got, "\n"), strings.Split(want, "\n")
	var b strings.Builder
	for _, l := range g {
		if !slices.Contains(w, l) {
			fmt.Fprintf(&b, "+ %s\n", l)
		}
	}
	for _, l := range w {
		if !slices.Contains(g, l) {
			fmt.Fprintf(&b, "- %s\n", l)
		}
	}
	return b.String()
}

// fixable is a Java job whose missing-idleness finding has a fix, and
// another finding that has none.
const fixable = `import java.time.Duration;
class Job {
  void f(StreamExecutionEnvironment env, KafkaSource<String> kafka) {
    env.fromSource(kafka, WatermarkStrategy.<String>forMonotonousTimestamps(), "k")
        .keyBy(e -> e).window(TumblingEventTimeWindows.of(Duration.ofMinutes(1))).sum(1);
    ks.window(GlobalWindows.create()).sum(1);
  }
}
`

// fixableScala is its Scala twin, whose fix inserts an import.
const fixableScala = `package jobs

import org.apache.flink.api.common.eventtime.WatermarkStrategy

object ScalaJob {
  def run(env: StreamExecutionEnvironment, kafka: KafkaSource[String]): Unit = {
    val strategy = WatermarkStrategy.forMonotonousTimestamps[String]()
    env.fromSource(kafka, strategy, "clicks").keyBy(e => e).window(TumblingEventTimeWindows.of(Time.minutes(1))).sum(1)
    ks.window(GlobalWindows.create()).sum(1)
  }
}
`

func testFix(t *testing.T, flinklint cli) {
	fixedOnce := func(t *testing.T) string {
		t.Helper()
		dir := project(t, map[string]string{"Job.java": fixable})
		flinklint.run(t, dir, "-fix", "-unsafe-fixes")
		b, err := os.ReadFile(filepath.Join(dir, "Job.java"))
		if err != nil {
			t.Fatal(err)
		}
		if string(b) == fixable {
			t.Fatal("-fix changed nothing")
		}
		return string(b)
	}

	t.Run("one file through two names is fixed once", func(t *testing.T) {
		want := fixedOnce(t)
		for _, args := range [][]string{{".", "Job.java"}, {"Job.java", "Alias.java"}} {
			dir := project(t, map[string]string{"Job.java": fixable})
			if err := os.Symlink("Job.java", filepath.Join(dir, "Alias.java")); err != nil {
				t.Fatal(err)
			}
			o := flinklint.run(t, dir, append([]string{"-fix", "-unsafe-fixes"}, args...)...)
			o.noCrash(t)
			if got, _ := os.ReadFile(filepath.Join(dir, "Job.java")); string(got) != want {
				t.Errorf("-fix %s:\n%s\nwant:\n%s", strings.Join(args, " "), got, want)
			}
		}
	})

	t.Run("a second -fix is a no-op", func(t *testing.T) {
		root, err := filepath.Abs("../..")
		if err != nil {
			t.Fatal(err)
		}
		dirs := []string{filepath.Join(root, "testdata/example")}
		goldens, _ := filepath.Glob(filepath.Join(root, "rules/*/testdata"))
		dirs = append(dirs, goldens...)
		for _, src := range dirs {
			rel, _ := filepath.Rel(root, src)
			t.Run(rel, func(t *testing.T) {
				dir := copyTree(t, src)
				first := flinklint.run(t, dir, "-fix", "-unsafe-fixes")
				first.noCrash(t)
				once := snapshot(t, dir)
				second := flinklint.run(t, dir, "-fix", "-unsafe-fixes")
				second.noCrash(t)
				for name, b := range snapshot(t, dir) {
					if once[name] != b {
						t.Errorf("the second -fix changed %s:\n%s", name, lineDiff(b, once[name]))
					}
				}
				// What -fix prints is what is left, at its final position.
				after := flinklint.run(t, dir)
				if first.stdout != after.stdout {
					t.Errorf("-fix printed findings other than those left in the fixed files:\n%s", lineDiff(first.stdout, after.stdout))
				}
			})
		}
	})

	t.Run("CRLF is preserved", func(t *testing.T) {
		for name, src := range map[string]string{"Job.java": fixable, "ScalaJob.scala": fixableScala} {
			crlf := strings.ReplaceAll(src, "\n", "\r\n")
			dir := project(t, map[string]string{name: crlf})
			o := flinklint.run(t, dir, "-fix", "-unsafe-fixes")
			o.noCrash(t)
			got, err := os.ReadFile(filepath.Join(dir, name))
			if err != nil {
				t.Fatal(err)
			}
			if string(got) == crlf {
				t.Errorf("%s: -fix changed nothing; stderr: %s", name, o.stderr)
			}
			if n := strings.Count(string(got), "\n") - strings.Count(string(got), "\r\n"); n != 0 {
				t.Errorf("%s: %d bare LF after -fix:\n%q", name, n, got)
			}
		}
	})

	t.Run("a file changed after analysis is not clobbered", func(t *testing.T) {
		// The command has no pause between analysis and fix, so this runs
		// the two halves of -fix through the analyzer's API, with an editor
		// saving the file in between.
		dir := project(t, map[string]string{"Job.java": fixable})
		var analyzers []*analysis.Analyzer
		for _, r := range rules.All {
			analyzers = append(analyzers, r.Analyzer)
		}
		res, err := analyzer.Run([]string{dir}, analyzers)
		if err != nil {
			t.Fatal(err)
		}
		name := filepath.Join(dir, "Job.java")
		saved := "// saved by an editor meanwhile\n" + fixable
		if err := os.WriteFile(name, []byte(saved), 0o644); err != nil {
			t.Fatal(err)
		}
		fixed, err := analyzer.Fix(res)
		if got, _ := os.ReadFile(name); string(got) != saved {
			t.Errorf("the edited file was rewritten:\n%s", got)
		}
		if len(fixed) != 0 || err == nil || !strings.Contains(err.Error(), "Job.java") {
			t.Errorf("fixed %d findings, error %v; want none fixed and an error naming Job.java", len(fixed), err)
		}
	})

	t.Run("a write failure leaves the original intact", func(t *testing.T) {
		// A file size limit makes any write past 1 KiB fail with EFBIG: an
		// in-place write truncates the file first, a write to a temporary
		// file beside it leaves the original as it was.
		src := fixable + "// " + strings.Repeat("padding ", 1024) + "\n"
		dir := project(t, map[string]string{"Job.java": src})
		o := flinklint.runWith(t, dir, "ulimit -f 2 &&", nil, "-fix", "-unsafe-fixes")
		o.noCrash(t)
		if got, _ := os.ReadFile(filepath.Join(dir, "Job.java")); string(got) != src {
			t.Errorf("the file changed though writing failed: %d bytes, had %d", len(got), len(src))
		}
		if o.code != 2 || !strings.Contains(o.stderr, "Job.java") {
			t.Errorf("exit %d, want 2 and a message naming Job.java; stderr: %s", o.code, o.stderr)
		}
		if left, _ := filepath.Glob(filepath.Join(dir, "*")); len(left) != 1 {
			t.Errorf("files left behind: %v", left)
		}
	})
}

// copyTree copies the regular files below src into a new directory.
func copyTree(t *testing.T, src string) string {
	t.Helper()
	files := map[string]string{}
	err := filepath.WalkDir(src, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := os.ReadFile(p)
		rel, _ := filepath.Rel(src, p)
		files[rel] = string(b)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return analyzertest.WriteFiles(t, files)
}

// snapshot maps each file below dir to its contents.
func snapshot(t *testing.T, dir string) map[string]string {
	t.Helper()
	out := map[string]string{}
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := os.ReadFile(p)
		out[p] = string(b)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}
