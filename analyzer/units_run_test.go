package analyzer_test

import (
	"fmt"
	"strings"
	"testing"
	"unicode/utf16"

	"golang.org/x/tools/go/analysis"

	"github.com/flinklint/flinklint/analyzer"
	"github.com/flinklint/flinklint/analyzer/analyzertest"
	"github.com/flinklint/flinklint/rules"
	kafkarecordtimestamp "github.com/flinklint/flinklint/rules/kafka-record-timestamp"
	secondstimestamp "github.com/flinklint/flinklint/rules/seconds-timestamp"
)

// A job whose timestamp getter is declared in another build module finds
// it whether the modules are analyzed in one unit or in two; in two, the
// first unit's finding and its fix keep their positions after the unit's
// files drop their line tables.
func TestUnitsResolveAcrossModules(t *testing.T) {
	dir := analyzertest.WriteFiles(t, map[string]string{
		"a-jobs/pom.xml": "<project/>",
		"a-jobs/src/Job.java": `package jobs;
import org.apache.flink.api.common.eventtime.WatermarkStrategy;
class Job {
  WatermarkStrategy<Event> s = WatermarkStrategy.<Event>forMonotonousTimestamps().withTimestampAssigner((e, ts) -> e.getTs());
  WatermarkStrategy<Event> t = WatermarkStrategy.<Event>forMonotonousTimestamps().withTimestampAssigner((e, ts) -> e.millis / 1000);
}`,
		"b-events/pom.xml": "<project/>",
		"b-events/src/Event.java": `package jobs;
// Read by the jobs' TimestampAssigner.
public class Event { long createdSec; long millis; public long getTs() { return createdSec; } }`,
	})
	analyzers := []*analysis.Analyzer{secondstimestamp.Analyzer}
	var got []string
	for _, budget := range []int64{1, analyzer.DefaultUnitBytes} {
		res, err := analyzer.Options{Keywords: []string{"imestampAssigner"}, UnitBytes: budget}.Run([]string{dir}, analyzers)
		if err != nil {
			t.Fatal(err)
		}
		var b strings.Builder
		for _, d := range res.Diagnostics {
			fmt.Fprintf(&b, "%s %s\n", d.Position, d.Message)
			for _, f := range d.SuggestedFixes {
				for _, e := range f.TextEdits {
					fmt.Fprintf(&b, "  fix %s-%s %q\n", res.Fset.Position(e.Pos), res.Fset.Position(e.End), e.NewText)
				}
			}
		}
		if len(res.Diagnostics) != 2 || !strings.Contains(b.String(), "getTs") || !strings.Contains(b.String(), "Job.java:5:") {
			t.Fatalf("budget %d: want the findings of getTs and of e.millis / 1000, got:\n%s", budget, b.String())
		}
		got = append(got, b.String())
	}
	if got[0] != got[1] {
		t.Errorf("in two units:\n%s\nin one:\n%s", got[0], got[1])
	}
}

// Two units that resolve the same name in a third parse its file once: the
// second borrows the model the first parsed on demand.
func TestUnitsLendModels(t *testing.T) {
	job := `package jobs;
import org.apache.flink.api.common.eventtime.WatermarkStrategy;
class Job%d {
  WatermarkStrategy<Event> s = WatermarkStrategy.<Event>forMonotonousTimestamps().withTimestampAssigner((e, ts) -> e.getTs());
}`
	dir := analyzertest.WriteFiles(t, map[string]string{
		"a/pom.xml":         "<project/>",
		"a/src/Job1.java":   fmt.Sprintf(job, 1),
		"b/pom.xml":         "<project/>",
		"b/src/Job2.java":   fmt.Sprintf(job, 2),
		"c/pom.xml":         "<project/>",
		"c/src/Event.java":  "package jobs;\npublic class Event { long createdSec; public long getTs() { return createdSec; } }",
		"c/src/Unused.java": "package jobs; // no TimestampAssigner here\nclass Unused {}",
	})
	res, err := analyzer.Options{Keywords: []string{"imestampAssigner"}, UnitBytes: 1}.Run([]string{dir}, []*analysis.Analyzer{secondstimestamp.Analyzer})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Diagnostics) != 2 || res.Stats.Loaded != 1 || res.Stats.Lent != 1 {
		t.Errorf("%d findings, %d files parsed on demand, %d lent; want 2, 1 (Event.java), 1", len(res.Diagnostics), res.Stats.Loaded, res.Stats.Lent)
	}
}

// stampedJob reads topic enriched into event-time windows with no
// timestamp assigner: event time is the Kafka record's timestamp.
const stampedJob = `package jobs;
import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.api.common.serialization.SimpleStringSchema;
import org.apache.flink.connector.kafka.source.KafkaSource;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.streaming.api.windowing.assigners.TumblingEventTimeWindows;
import java.time.Duration;
public class Job {
    void run(StreamExecutionEnvironment env) {
        KafkaSource<String> source = KafkaSource.<String>builder().setTopics("enriched")
            .setValueOnlyDeserializer(new SimpleStringSchema()).build();
        env.fromSource(source, WatermarkStrategy.<String>forMonotonousTimestamps(), "enriched")
            .keyBy(s -> s).window(TumblingEventTimeWindows.of(Duration.ofMinutes(1))).reduce((a, b) -> a + b).print();
    }
}`

// utf16LE returns s in UTF-16LE with a byte-order mark.
func utf16LE(s string) string {
	b := []byte{0xFF, 0xFE}
	for _, u := range utf16.Encode([]rune(s)) {
		b = append(b, byte(u), byte(u>>8))
	}
	return string(b)
}

// A producer of the project that stamps its records on a topic it cannot
// tell keeps kafka-record-timestamp silent on the job's source, whether it
// sits in the job's unit or another: a serializer of another module is
// parsed for its serialize method when its text, decoded, holds a call
// the rule reads.
func TestStampingProducerInAnotherUnit(t *testing.T) {
	var keywords []string
	for _, r := range rules.All {
		if r.Analyzer == kafkarecordtimestamp.Analyzer {
			keywords = r.Keywords
		}
	}
	for name, producer := range map[string]string{
		"legacy producer": `package prod;
import org.apache.flink.api.common.serialization.SerializationSchema;
import org.apache.flink.streaming.connectors.kafka.FlinkKafkaProducer;
import java.util.Properties;
public class Out implements SerializationSchema<String> {
    public byte[] serialize(String s) { return s.getBytes(); }
    static FlinkKafkaProducer<String> producer(String topic, Properties props) {
        FlinkKafkaProducer<String> p = new FlinkKafkaProducer<>(topic, new Out(), props);
        p.setWriteTimestampToKafka(true);
        return p;
    }
}`,
		"UTF-16 serializer": utf16LE(`package prod;
import org.apache.flink.streaming.connectors.kafka.KafkaSerializationSchema;
import org.apache.kafka.clients.producer.ProducerRecord;
public class Ser implements KafkaSerializationSchema<String> {
    String topic;
    public ProducerRecord<byte[], byte[]> serialize(String e, Long ts) {
        return new ProducerRecord<>(topic, null, ts, null, e.getBytes());
    }
}`),
	} {
		dir := analyzertest.WriteFiles(t, map[string]string{
			"a-jobs/pom.xml": "<project/>", "a-jobs/src/Job.java": stampedJob,
			"b-prod/pom.xml": "<project/>", "b-prod/src/Producer.java": producer,
		})
		for _, budget := range []int64{1, analyzer.DefaultUnitBytes} {
			res, err := analyzer.Options{Keywords: keywords, UnitBytes: budget}.Run([]string{dir}, []*analysis.Analyzer{kafkarecordtimestamp.Analyzer})
			if err != nil {
				t.Fatal(err)
			}
			for _, d := range res.Diagnostics {
				t.Errorf("%s, units of %d bytes: %s: %s", name, budget, d.Position, d.Message)
			}
		}
	}
}
