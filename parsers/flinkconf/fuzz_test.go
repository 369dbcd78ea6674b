package flinkconf

import (
	"go/token"
	"testing"
)

// FuzzParse checks that no file makes the reader panic, whatever kind it is
// taken for, and that positions, those of its SQL included, stay inside
// the file.
func FuzzParse(f *testing.F) {
	for _, seed := range []string{
		"table.exec.source.idle-timeout: 1 min\n# c\nbad line\nk: 'v'\n",
		"table:\n  exec:\n    source:\n      idle-timeout: 0\nlist: [a, b]\n",
		"apiVersion: flink.apache.org/v1beta1\nkind: FlinkDeployment\nspec:\n  flinkConfiguration:\n    a.b: \"1\"\n---\nkind: x\n",
		"apiVersion: flink.apache.org/v1\nkind: FlinkDeployment\nspec:\n  job:\n    args:\n    - \"SELECT '\\u00e9\\\n  x'\"\n    - >-\n      CREATE TABLE t\n\n        (a INT)\n",
		"\ufeffk: v\r\n", ": :", "- a\n- b", "{", "a: &x 1\nb: *x\n",
	} {
		f.Add(seed)
	}
	for _, d := range deep {
		f.Add(d.gen(5))
	}
	f.Fuzz(func(t *testing.T, src string) {
		for _, kind := range []Kind{FlinkConf, ConfigYAML, Kubernetes} {
			fset := token.NewFileSet()
			tf := fset.AddFile("f.yaml", -1, len(src))
			tf.SetLinesForContent([]byte(src))
			opts, _ := Parse(tf, []byte(src), kind)
			for _, o := range opts {
				for _, p := range []token.Pos{o.KeyPos, o.ValuePos} {
					if p != token.NoPos && (int(p) < tf.Base() || int(p) > tf.Base()+tf.Size()) {
						t.Fatalf("%s: position %d outside the file", kind, p)
					}
				}
			}
		}
		for _, s := range ManifestSQL([]byte(src)) {
			for _, off := range s.Offsets {
				if off < 0 || off > len(src) {
					t.Fatalf("SQL offset %d outside the file", off)
				}
			}
		}
		_ = Detect("config.yaml", []byte(src))
		_, _ = ParseDuration(src)
	})
}
