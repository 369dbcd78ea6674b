package analyzer_test

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/flinklint/flinklint/analyzer"
	"github.com/flinklint/flinklint/internal/repogen/repogentest"
	"github.com/flinklint/flinklint/rules"
)

// jobImports open each generated file.
const jobImports = `package jobs;

import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.connector.kafka.source.KafkaSource;
import org.apache.flink.connector.kafka.source.KafkaSourceBuilder;
import org.apache.flink.connector.kafka.source.enumerator.initializer.OffsetsInitializer;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.streaming.api.windowing.assigners.TumblingEventTimeWindows;
import java.time.Duration;
`

// jobBody is a job method whose locals have the same names in every copy:
// a Kafka source built on a builder variable, so that rules describe the
// source and look up the calls made on the builder. 8,000 copies stay
// below parsers.MaxFileSize.
const jobBody = `
    static void %s(StreamExecutionEnvironment env) {
        KafkaSourceBuilder<String> builder = KafkaSource.<String>builder().setTopics("in");
        builder.setStartingOffsets(OffsetsInitializer.earliest());
        KafkaSource<String> source = builder.build();
        DataStream<String> stream = env.fromSource(source, WatermarkStrategy.forMonotonousTimestamps(), "k");
        stream.keyBy(v -> v).window(TumblingEventTimeWindows.of(Duration.ofSeconds(9))).reduce((a, b) -> a);
    }
`

// repeatedFiles writes n files, each a class with one job method.
func repeatedFiles(tb testing.TB, n int) string {
	dir := tb.TempDir()
	for i := range n {
		src := jobImports + fmt.Sprintf("\npublic class Job%d {%s}\n", i, fmt.Sprintf(jobBody, "main"))
		if err := os.WriteFile(filepath.Join(dir, fmt.Sprintf("Job%d.java", i)), []byte(src), 0o644); err != nil {
			tb.Fatal(err)
		}
	}
	return dir
}

// repeatedMethods writes one file, a class with n job methods.
func repeatedMethods(tb testing.TB, n int) string {
	dir := tb.TempDir()
	var src strings.Builder
	src.WriteString(jobImports + "\npublic class Jobs {")
	for i := range n {
		fmt.Fprintf(&src, jobBody, fmt.Sprintf("job%d", i))
	}
	src.WriteString("}\n")
	if err := os.WriteFile(filepath.Join(dir, "Jobs.java"), []byte(src.String()), 0o644); err != nil {
		tb.Fatal(err)
	}
	return dir
}

// BenchmarkRepeatedNames measures a run on jobs that all declare the same
// local names, as files of their own and as methods of one file: the work
// of resolving a name must grow with the input, not with its square. The
// sizes above 500 run only when named: -bench 'RepeatedNames/files/8k'.
func BenchmarkRepeatedNames(b *testing.B) {
	opts := analyzer.Options{Keywords: rules.Keywords(rules.All)}
	for _, shape := range []struct {
		name string
		gen  func(testing.TB, int) string
	}{{"files", repeatedFiles}, {"methods", repeatedMethods}} {
		for _, size := range []struct {
			name string
			n    int
		}{{"500", 500}, {"1k", 1_000}, {"2k", 2_000}, {"4k", 4_000}, {"8k", 8_000}} {
			b.Run(shape.name+"/"+size.name, func(b *testing.B) {
				if size.n > 500 {
					repogentest.SkipHuge(b, shape.name+"/"+size.name)
				}
				dir := shape.gen(b, size.n)
				b.ResetTimer()
				for b.Loop() {
					res, err := opts.Run([]string{dir}, all())
					if err != nil || len(res.Diagnostics) < size.n {
						b.Fatal(err, len(res.Diagnostics), "findings, want at least", size.n)
					}
				}
			})
		}
	}
}
