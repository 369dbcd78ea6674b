package model_test

import (
	"go/token"
	"testing"

	"github.com/flinklint/flinklint/parsers/java"
	"github.com/flinklint/flinklint/parsers/model"
	"github.com/flinklint/flinklint/parsers/python"
)

// Each mark("x") call stands for a setting or a use of an environment;
// Envs of its receiver says which job it belongs to.
const scoped = `package a;
class Jobs {
  static void helper(StreamExecutionEnvironment e) { e.getConfig().mark("helper"); }
  static Configuration conf() { Configuration c = new Configuration(); c.mark("conf"); return c; }
  static void unused(StreamExecutionEnvironment e) { e.mark("unused"); }

  static void one() {
    StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();
    helper(env);
    env.getConfig().mark("one-setting");
    DataStream<E> s = env.fromSource(src, ws, "k").map(f);
    s.mark("one-stream");
    StreamTableEnvironment tEnv = StreamTableEnvironment.create(env);
    tEnv.mark("one-table");
  }

  static void two() {
    StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment(conf());
    env.mark("two");
    Configuration merged = new Configuration();
    merged.mark("two-merged");
    TableEnvironment tEnv = TableEnvironment.create(EnvironmentSettings.inStreamingMode());
    tEnv.getConfig().addConfiguration(merged);
    tEnv.mark("two-table");
    StreamExecutionEnvironment other = StreamExecutionEnvironment.getExecutionEnvironment();
    other.mark("two-other");
  }

  void inside() { getConfig().mark("implicit"); }

  JobExecutionResult execute(StreamExecutionEnvironment e) { e.mark("run"); return null; }
  static void three() {
    StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();
    env.mark("three");
    env.execute("three");
    env.execute(3);
  }
}
`

// parser is a front end's parser.
type parser interface {
	Parse(tf *token.File, src []byte) (*model.File, error)
}

// marks parses src, a project of one file, and returns the environments of
// the receiver of each mark("x") call, by x.
func marks(t *testing.T, parser parser, name, src string) map[string][]model.Env {
	t.Helper()
	fset := token.NewFileSet()
	tf := fset.AddFile(name, -1, len(src))
	tf.SetLinesForContent([]byte(src))
	f, err := parser.Parse(tf, []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	p := model.NewProject(fset, []*model.File{f}, model.Pending{}, nil)
	envs := map[string][]model.Env{}
	f.Inspect(func(n *model.Node) bool {
		if model.IsCall(n, "mark") && len(n.Args()) == 1 {
			envs[n.Args()[0].Value()] = p.Envs(n.Recv)
		}
		return true
	})
	return envs
}

func TestEnvs(t *testing.T) {
	parser := java.NewParser()
	defer parser.Close()
	envs := marks(t, parser, "Jobs.java", scoped)
	same := func(a, b string) bool {
		for _, x := range envs[a] {
			for _, y := range envs[b] {
				if x.Same(y) {
					return true
				}
			}
		}
		return false
	}
	for _, c := range []struct {
		a, b string
		want bool
	}{
		{"helper", "one-setting", true},     // a parameter is its callers' environment
		{"one-setting", "one-stream", true}, // a stream flows from env
		{"one-setting", "one-table", true},  // create(env)
		{"conf", "two", true},               // a returned Configuration given to getExecutionEnvironment
		{"two-merged", "two-table", true},   // addConfiguration
		{"helper", "two", false},            // another job
		{"one-setting", "two", false},
		{"two", "two-other", false}, // two environments of one method
		{"unused", "one-setting", false},
		{"run", "three", false}, // env.execute("three") is Flink's execute, not Jobs.execute(e)
	} {
		if got := same(c.a, c.b); got != c.want {
			t.Errorf("Same(%s, %s) = %v, want %v (%v / %v)", c.a, c.b, got, c.want, envs[c.a], envs[c.b])
		}
	}
	if envs["implicit"] != nil {
		t.Errorf("getConfig() on the enclosing object has environments %v, want none", envs["implicit"])
	}
}

// A Python script's module-level variables are its locals: a setting on
// env and a stream read from it belong to one job, and a second module-level
// environment is another.
func TestEnvsPythonScript(t *testing.T) {
	src := `env = StreamExecutionEnvironment.get_execution_environment()
env.get_config().mark("setting")
ds = env.from_collection([1]).map(f)
ds.mark("stream")
t_env = StreamTableEnvironment.create(env)
t_env.mark("table")
other = StreamExecutionEnvironment.get_execution_environment()
other.mark("other")
`
	parser := python.NewParser()
	defer parser.Close()
	envs := marks(t, parser, "job.py", src)
	same := func(a, b string) bool {
		return len(envs[a]) == 1 && len(envs[b]) == 1 && envs[a][0].Same(envs[b][0])
	}
	for _, c := range []struct {
		a, b string
		want bool
	}{{"setting", "stream", true}, {"setting", "table", true}, {"setting", "other", false}} {
		if got := same(c.a, c.b); got != c.want {
			t.Errorf("Same(%s, %s) = %v, want %v (%v / %v)", c.a, c.b, got, c.want, envs[c.a], envs[c.b])
		}
	}
}

// ClassNamed resolves a name as Java does: the file's own class before one
// of the same package, a class imported by name before both.
func TestClassNamed(t *testing.T) {
	files := map[string]string{
		"A.java": "package a;\nclass A { static class Helper {} Object x = new Helper(); }\n",
		"B.java": "package a;\nclass B { Object y = new Helper(); }\nclass Helper {}\n",
		"C.java": "package a;\nimport b.Helper;\nclass C { Object z = new Helper(); }\n",
		"D.java": "package b;\npublic class Helper {}\n",
	}
	fset := token.NewFileSet()
	parser := java.NewParser()
	defer parser.Close()
	var fs []*model.File
	for _, name := range []string{"D.java", "B.java", "A.java", "C.java"} {
		src := files[name]
		tf := fset.AddFile(name, -1, len(src))
		tf.SetLinesForContent([]byte(src))
		f, err := parser.Parse(tf, []byte(src))
		if err != nil {
			t.Fatal(err)
		}
		fs = append(fs, f)
	}
	p := model.NewProject(fset, fs, model.Pending{}, nil)
	for _, f := range fs {
		f.Inspect(func(n *model.Node) bool {
			if n.Kind == model.New && n.Name == "Helper" {
				got := p.ClassNamed(n, "Helper")
				want := map[string]string{"A.java": "A.java", "B.java": "B.java", "C.java": "D.java"}[f.Path]
				if got == nil || got.File.Path != want {
					t.Errorf("new Helper() in %s resolves to %v, want the class of %s", f.Path, got, want)
				}
			}
			return true
		})
	}
}
