package parsers

import (
	"slices"
	"testing"
)

// TestDirective: the directive Directive writes silences the rule on the
// line asked for, whether the line ends in code or inside a string.
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
			at, text := Directive(tc.path, []byte(tc.src), tc.line, "r", "why")
			got := tc.src[:at] + text + tc.src[at:]
			if got != tc.want {
				t.Fatalf("got\n%q\nwant\n%q", got, tc.want)
			}
			covered := false
			for _, ig := range ignores(tc.path, []byte(got)) {
				moved := tc.line
				if ig.At <= tc.line && ig.Line > ig.At {
					moved++ // the directive was inserted above: the line moved down
				}
				covered = covered || slices.Contains(ig.Rules, "r") && ig.Line <= moved && moved <= ig.End && ig.Reason == "why"
			}
			if !covered {
				t.Errorf("no directive covers line %d: %+v", tc.line, ignores(tc.path, []byte(got)))
			}
		})
	}
}
