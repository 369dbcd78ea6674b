package imports

import (
	"cmp"
	"go/token"
	"slices"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"

	"github.com/flinklint/flinklint/parsers/java"
	"github.com/flinklint/flinklint/parsers/model"
	"github.com/flinklint/flinklint/parsers/python"
	"github.com/flinklint/flinklint/parsers/scala"
)

// parse lowers src as a file of the language its name says.
func parse(t *testing.T, name, src string) *model.File {
	t.Helper()
	tf := token.NewFileSet().AddFile(name, -1, len(src))
	tf.SetLinesForContent([]byte(src))
	var (
		f   *model.File
		err error
	)
	switch name[len(name)-3:] {
	case "ava":
		p := java.NewParser()
		defer p.Close()
		f, err = p.Parse(tf, []byte(src))
	case ".py":
		p := python.NewParser()
		defer p.Close()
		f, err = p.Parse(tf, []byte(src))
	default:
		p := scala.NewParser()
		defer p.Close()
		f, err = p.Parse(tf, []byte(src))
	}
	if err != nil {
		t.Fatal(err)
	}
	return f
}

// added returns src with the import of path added, as Add places it.
func added(t *testing.T, name, src, path string) string {
	t.Helper()
	f := parse(t, name, src)
	e, ok := Add(f, []byte(src), path)
	if !ok {
		return "no place"
	}
	if !e.Pos.IsValid() {
		return src
	}
	off := f.Token.Offset(e.Pos)
	return src[:off] + string(e.NewText) + src[off:]
}

func TestAdd(t *testing.T) {
	for _, c := range []struct{ name, file, src, path, want string }{
		{"google-java-format: one static block, then one sorted block", "A.java", `package a;

import static org.junit.Assert.assertEquals;

import java.util.List;
import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.streaming.api.datastream.DataStream;

class A {}
`, "java.time.Duration", `package a;

import static org.junit.Assert.assertEquals;

import java.time.Duration;
import java.util.List;
import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.streaming.api.datastream.DataStream;

class A {}
`},
		{"a single block with no shared package keeps it", "A.java", `package a;

import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.streaming.api.datastream.DataStream;

class A {}
`, "java.time.Duration", `package a;

import java.time.Duration;
import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.streaming.api.datastream.DataStream;

class A {}
`},
		{"IntelliJ: the block of the same top-level package, sorted", "A.java", `package a;

import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.streaming.api.datastream.DataStream;

import java.util.List;
import java.util.Map;

import static java.util.Objects.requireNonNull;

class A {}
`, "java.time.Duration", `package a;

import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.streaming.api.datastream.DataStream;

import java.time.Duration;
import java.util.List;
import java.util.Map;

import static java.util.Objects.requireNonNull;

class A {}
`},
		{"the longest shared prefix wins, at the block's end", "A.java", `package a;

import com.example.Util;

import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.streaming.api.datastream.DataStream;

class A {}
`, "org.apache.flink.streaming.api.windowing.assigners.TumblingEventTimeWindows", `package a;

import com.example.Util;

import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.windowing.assigners.TumblingEventTimeWindows;

class A {}
`},
		{"a new group at its sorted place among sorted groups", "A.java", `package a;

import com.example.Util;

import org.apache.flink.api.common.eventtime.WatermarkStrategy;

class A {}
`, "java.time.Duration", `package a;

import com.example.Util;

import java.time.Duration;

import org.apache.flink.api.common.eventtime.WatermarkStrategy;

class A {}
`},
		{"a new group after the others when they are not sorted", "A.java", `package a;

import org.apache.flink.api.common.eventtime.WatermarkStrategy;

import com.example.Util;

import static java.util.Objects.requireNonNull;

class A {}
`, "java.time.Duration", `package a;

import org.apache.flink.api.common.eventtime.WatermarkStrategy;

import com.example.Util;

import java.time.Duration;

import static java.util.Objects.requireNonNull;

class A {}
`},
		{"an unsorted block: at its end", "A.java", `package a;

import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.api.common.eventtime.WatermarkStrategy;
class A {}
`, "org.apache.flink.api.common.functions.OpenContext", `package a;

import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.api.common.functions.OpenContext;
class A {}
`},
		{"sorted ignoring case", "A.java", `package a;

import org.apache.flink.api.Zeta;
import org.apache.flink.api.alpha.B;
class A {}
`, "org.apache.flink.api.common.C", `package a;

import org.apache.flink.api.Zeta;
import org.apache.flink.api.alpha.B;
import org.apache.flink.api.common.C;
class A {}
`},
		{"already imported through a wildcard", "A.java", "package a;\n\nimport java.time.*;\n", "java.time.Duration", "package a;\n\nimport java.time.*;\n"},
		{"no import to place it by", "A.java", "package a;\n\nclass A {}\n", "java.time.Duration", "no place"},
		{"the last line of the file", "A.java", "package a;\nimport java.util.List;", "java.util.Map", "package a;\nimport java.util.List;\nimport java.util.Map;"},
		{"Scala: sorted within the block of its root", "A.scala", `package a

import java.util.Properties

import org.apache.flink.api.common.eventtime.WatermarkStrategy
import org.apache.flink.streaming.api.scala._

object A
`, "java.time.Duration", `package a

import java.time.Duration
import java.util.Properties

import org.apache.flink.api.common.eventtime.WatermarkStrategy
import org.apache.flink.streaming.api.scala._

object A
`},
		{"Python: extends the from-import of the module, sorted by type", "a.py", `import os

from pyflink.common import Types, WatermarkStrategy
from pyflink.datastream import StreamExecutionEnvironment
`, "pyflink.common.Duration", `import os

from pyflink.common import Duration, Types, WatermarkStrategy
from pyflink.datastream import StreamExecutionEnvironment
`},
		{"Python: a parenthesized import, one name per line", "a.py", `from pyflink.common import (
    Types,
    WatermarkStrategy,
)
`, "pyflink.common.Duration", `from pyflink.common import (
    Duration,
    Types,
    WatermarkStrategy,
)
`},
		{"Python: at the end of the names", "a.py", "from pyflink.common import (Configuration, Types)\n", "pyflink.common.WatermarkStrategy",
			"from pyflink.common import (Configuration, Types, WatermarkStrategy)\n"},
		{"Python: a new line in the third-party section, sorted", "a.py", `import logging

from pyflink.common.watermark_strategy import WatermarkStrategy
from pyflink.datastream import StreamExecutionEnvironment

from jobs.util import parse
`, "pyflink.common.Duration", `import logging

from pyflink.common import Duration
from pyflink.common.watermark_strategy import WatermarkStrategy
from pyflink.datastream import StreamExecutionEnvironment

from jobs.util import parse
`},
		{"Python: nested imports do not count", "a.py", `import os

import numpy as np


def f():
    from pyflink.common import Types
`, "pyflink.common.Duration", `import os

import numpy as np
from pyflink.common import Duration


def f():
    from pyflink.common import Types
`},
		{"Python: a third-party block after the standard library's", "a.py", "import os\nimport sys\n\n\nX = 1\n", "pyflink.common.Duration",
			"import os\nimport sys\n\nfrom pyflink.common import Duration\n\n\nX = 1\n"},
		{"Python: a trailing comment stays on the extended line", "a.py", "from pyflink.common import Types  # noqa\n", "pyflink.common.Duration",
			"from pyflink.common import Duration, Types  # noqa\n"},
		{"Python: an import with a comment inside is left alone", "a.py", "from pyflink.common import (  # the types\n    Types,\n)\n", "pyflink.common.Duration",
			"from pyflink.common import (  # the types\n    Types,\n)\nfrom pyflink.common import Duration\n"},
	} {
		t.Run(c.name, func(t *testing.T) {
			if got := added(t, c.file, c.src, c.path); got != c.want {
				t.Errorf("got:\n%s\nwant:\n%s", got, c.want)
			}
		})
	}
}

// replaced returns src with the imports of the old paths renamed to the
// new ones, as Replace does it.
func replaced(t *testing.T, src string, renames map[string]string) string {
	t.Helper()
	f := parse(t, "A.java", src)
	var rs []Rename
	for old, path := range renames {
		i := strings.Index(src, "import "+old+";")
		j := i + strings.IndexByte(src[i:], '\n') + 1
		line := strings.Replace(src[i:j], old, path, 1)
		rs = append(rs, Rename{Start: f.Token.Pos(i), End: f.Token.Pos(j), Path: path, NewText: line})
	}
	edits := Replace(f, []byte(src), rs)
	slices.SortStableFunc(edits, func(a, b analysis.TextEdit) int { return cmp.Compare(a.Pos, b.Pos) })
	var out strings.Builder
	last := 0
	for _, e := range edits {
		out.WriteString(src[last:f.Token.Offset(e.Pos)])
		out.Write(e.NewText)
		last = f.Token.Offset(e.End)
	}
	return out.String() + src[last:]
}

func TestReplace(t *testing.T) {
	const legacy = "org.apache.flink.streaming.api.functions.source."
	for _, c := range []struct {
		name, src string
		renames   map[string]string
		want      string
	}{
		{"renames that keep the block sorted stay in place", `package a;

import org.apache.flink.streaming.api.functions.source.RichParallelSourceFunction;
import org.apache.flink.streaming.api.functions.source.SourceFunction; // the source
import org.apache.flink.streaming.api.functions.windowing.WindowFunction;
`, map[string]string{legacy + "RichParallelSourceFunction": legacy + "legacy.RichParallelSourceFunction", legacy + "SourceFunction": legacy + "legacy.SourceFunction"}, `package a;

import org.apache.flink.streaming.api.functions.source.legacy.RichParallelSourceFunction;
import org.apache.flink.streaming.api.functions.source.legacy.SourceFunction; // the source
import org.apache.flink.streaming.api.functions.windowing.WindowFunction;
`},
		{"renames that would unsort the block move, in order, comments and all", `package a;

import org.apache.flink.streaming.api.functions.source.RichParallelSourceFunction;
import org.apache.flink.streaming.api.functions.source.SourceFunction; // the source
import org.apache.flink.streaming.api.functions.source.datagen.DataGenerator;
import org.apache.flink.streaming.api.functions.windowing.WindowFunction;
`, map[string]string{legacy + "RichParallelSourceFunction": legacy + "legacy.RichParallelSourceFunction", legacy + "SourceFunction": legacy + "legacy.SourceFunction"}, `package a;

import org.apache.flink.streaming.api.functions.source.datagen.DataGenerator;
import org.apache.flink.streaming.api.functions.source.legacy.RichParallelSourceFunction;
import org.apache.flink.streaming.api.functions.source.legacy.SourceFunction; // the source
import org.apache.flink.streaming.api.functions.windowing.WindowFunction;
`},
		{"an unsorted block is rewritten in place", `package a;

import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.api.java.utils.ParameterTool;
import org.apache.flink.configuration.Configuration;
`, map[string]string{"org.apache.flink.api.java.utils.ParameterTool": "org.apache.flink.util.ParameterTool"}, `package a;

import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.util.ParameterTool;
import org.apache.flink.configuration.Configuration;
`},
		{"the last of its block", `package a;

import org.apache.flink.api.java.utils.ParameterTool;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;

class A {}
`, map[string]string{"org.apache.flink.api.java.utils.ParameterTool": "org.apache.flink.util.ParameterTool"}, `package a;

import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.util.ParameterTool;

class A {}
`},
	} {
		t.Run(c.name, func(t *testing.T) {
			if got := replaced(t, c.src, c.renames); got != c.want {
				t.Errorf("got:\n%s\nwant:\n%s", got, c.want)
			}
		})
	}
}
