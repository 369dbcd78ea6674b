package parsers

import "testing"

// TestDirective: where Directive writes the directive, whether the line
// ends in code or inside a string; Directive checks that it silences the
// rule on the line.
func TestDirective(t *testing.T) {
	for _, tc := range []struct {
		name, path, src string
		line            int
		want            string // the text after insertion
	}{
		{"java code", "Job.java", "class Job {\n  void f() {\n    ks.window(GlobalWindows.create());\n  }\n}\n", 3,
			"class Job {\n  void f() {\n    ks.window(GlobalWindows.create()); // flinklint:ignore r why\n  }\n}\n"},
		{"java text block", "Job.java", "class Job {\n  void f() {\n    t.executeSql(\"\"\"\n      CREATE TABLE t (\n        'scan.watermark.idle-timeout' = '0')\n      \"\"\");\n  }\n}\n", 5,
			"class Job {\n  void f() {\n    // flinklint:ignore r why\n    t.executeSql(\"\"\"\n      CREATE TABLE t (\n        'scan.watermark.idle-timeout' = '0')\n      \"\"\");\n  }\n}\n"},
		{"python triple quotes", "job.py", "t_env.execute_sql('''\n  CREATE TABLE t WITH (\n  'x' = '0')\n''')\n", 3,
			"# flinklint:ignore r why\nt_env.execute_sql('''\n  CREATE TABLE t WITH (\n  'x' = '0')\n''')\n"},
		{"sql", "job.sql", "CREATE TABLE t (\n  a INT\n) WITH (\n  'scan.watermark.idle-timeout' = '0'\n);\r\n", 4,
			"CREATE TABLE t (\n  a INT\n) WITH (\n  'scan.watermark.idle-timeout' = '0' -- flinklint:ignore r why\n);\r\n"},
		{"yaml crlf", "flink-conf.yaml", "a: 1\r\npipeline.auto-watermark-interval: 0\r\n", 2,
			"a: 1\r\npipeline.auto-watermark-interval: 0 # flinklint:ignore r why\r\n"},
		{"java commented chain", "Job.java", "class Job {\n  WatermarkStrategy<String> w() {\n    return WatermarkStrategy\n      .forMonotonousTimestamps() // shared\n      .withTimestampAssigner((s, ts) -> ts);\n  }\n}\n", 4,
			"class Job {\n  WatermarkStrategy<String> w() {\n    return WatermarkStrategy\n      // flinklint:ignore r why\n      .forMonotonousTimestamps() // shared\n      .withTimestampAssigner((s, ts) -> ts);\n  }\n}\n"},
		{"scala last line", "Job.scala", "object Job {\n  ks.window(GlobalWindows.create())", 2,
			"object Job {\n  ks.window(GlobalWindows.create()) // flinklint:ignore r why"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			at, text, ok := Directive(tc.path, []byte(tc.src), tc.line, "r", "why")
			if got := tc.src[:at] + text + tc.src[at:]; !ok || got != tc.want {
				t.Fatalf("ok %v, got\n%q\nwant\n%q", ok, got, tc.want)
			}
		})
	}
}

// TestDirectiveShapes: shapes where the directive must go above the
// statement (strings assigned before use, Python's backslash lines), or
// where none can be written (Directive says so rather than write one that
// silences nothing or changes a value).
func TestDirectiveShapes(t *testing.T) {
	for _, tc := range []struct {
		name, path, src string
		line            int
		ok              bool
	}{
		{"scala val text block", "Job.scala", "object Job {\n  val ddl = \"\"\"\n    CREATE TABLE t WITH ('scan.watermark.idle-timeout' = '0')\n    \"\"\"\n  tEnv.executeSql(ddl)\n}\n", 3, true},
		{"python assigned triple quotes", "job.py", "ddl = '''\n  CREATE TABLE t WITH (\n  'x' = '0')\n'''\nt_env.execute_sql(ddl)\n", 3, true},
		{"python format", "job.py", "def p(t_env):\n    ddl = \"\"\"\n        CREATE TABLE r (\n            ts TIMESTAMP(3),\n            WATERMARK FOR ts AS ts\n        ) WITH ('connector' = 'kafka')\n    \"\"\".format(topic=\"r\")\n    t_env.execute_sql(ddl)\n", 5, true},
		{"python backslash", "job.py", "x = env.get_config() \\\n  .set_auto_watermark_interval(0)\n", 1, true},
		{"python backslash, last line commented", "job.py", "ws = WatermarkStrategy \\\n    .for_monotonous_timestamps() \\\n    .with_idleness(Duration.of_millis(0))  # tune\n", 3, true},
		{"yaml block scalar", "conf.yaml", "env.java.opts: |\n  -Dx=1\n  -Dy=2\n", 2, false},
		{"java block opened before a text block", "Job.java", "class Job {\n  void f() {\n    if (x) { t.executeSql(\"\"\"\n      CREATE TABLE t ('a' = '0')\n      \"\"\"); }\n  }\n}\n", 4, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			at, text, ok := Directive(tc.path, []byte(tc.src), tc.line, "r", "why")
			if ok != tc.ok {
				t.Errorf("ok %v, want %v:\n%s", ok, tc.ok, tc.src[:at]+text+tc.src[at:])
			}
		})
	}
}

// TestLineStart: each line break counts once, CRLF included, and a line
// past the last starts at the end of the text.
func TestLineStart(t *testing.T) {
	for _, tc := range []struct {
		src  string
		line int
		want int
	}{
		{"", 1, 0},
		{"a\nb", 0, 0},
		{"a\nb", 1, 0},
		{"a\nb", 2, 2},
		{"a\r\nb\r\n", 2, 3},
		{"a\r\nb\r\n", 3, 6}, // the empty line after the last break
		{"a\rb", 2, 2},
		{"a\nb", 5, 3},
	} {
		if got := LineStart([]byte(tc.src), tc.line); got != tc.want {
			t.Errorf("LineStart(%q, %d) = %d, want %d", tc.src, tc.line, got, tc.want)
		}
	}
}
