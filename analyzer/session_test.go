package analyzer_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/flinklint/flinklint/analyzer"
	"github.com/flinklint/flinklint/analyzer/analyzertest"
	"github.com/flinklint/flinklint/internal/config"
	"github.com/flinklint/flinklint/rules"
)

// edit is a change of a buffer: old replaced by new in the file at path
// (as open, else as on disk); no path closes every buffer.
type edit struct {
	name, path, old, new string
}

func sessionOptions(unitBytes int64, overlay map[string][]byte) analyzer.Options {
	return analyzer.Options{UnitBytes: unitBytes, Overlay: overlay, Config: config.NewFinder("", nil),
		Keywords: rules.Keywords(rules.All)}
}

// checkEdits makes the edits one after another, each followed by an
// Update of a session of dir, and checks that the session finds what a
// whole run with the same buffers finds. It returns the session, spent or
// not, and how many edits updated it rather than made a whole run.
func checkEdits(t *testing.T, dir string, unitBytes int64, edits []edit) (*analyzer.Session, int) {
	t.Helper()
	analyzers := rules.Analyzers(rules.All)
	sess, _, err := sessionOptions(unitBytes, nil).Session([]string{dir}, analyzers)
	if err != nil {
		t.Fatal(err)
	}
	overlay := map[string][]byte{}
	updated := 0
	for _, e := range edits {
		if e.path == "" {
			overlay = nil
		} else {
			text := overlay[e.path]
			if text == nil {
				if text, err = os.ReadFile(e.path); err != nil {
					t.Fatal(err)
				}
			}
			if !strings.Contains(string(text), e.old) {
				t.Fatalf("%s: %q not in %s", e.name, e.old, e.path)
			}
			overlay[e.path] = []byte(strings.Replace(string(text), e.old, e.new, 1))
		}
		want, err := sessionOptions(unitBytes, overlay).Run([]string{dir}, analyzers)
		if err != nil {
			t.Fatal(err)
		}
		got, ok := sess.Update(overlay)
		if ok {
			updated++
		} else if sess, got, err = sessionOptions(unitBytes, overlay).Session([]string{dir}, analyzers); err != nil {
			t.Fatal(err)
		}
		if g, w := outcome(t, got), outcome(t, want); g != w {
			t.Errorf("unit bytes %d, %s (updated: %v): lines only in the session's, then only in the whole run's:\n%s\n%s",
				unitBytes, e.name, ok, only(g, w), only(w, g))
		}
	}
	return sess, updated
}

// A session updated with buffers finds what a whole run with the same
// buffers finds: edits that reach other files (a strategy's helper, a
// constant), a syntax error, and buffers closed again; with the example
// project in one unit, and in a unit per file, where the helper and the
// constant are parsed on demand by the jobs' units.
func TestSessionUpdate(t *testing.T) {
	dir, err := filepath.Abs("../testdata/example")
	if err != nil {
		t.Fatal(err)
	}
	java := filepath.Join(dir, "src/main/java/com/example")
	edits := append(exampleEdits(dir), edit{"all closed", "", "", ""})
	for _, unitBytes := range []int64{0, 1} {
		sess, updated := checkEdits(t, dir, unitBytes, edits)
		if updated != len(edits) { // none moves a file between units
			t.Errorf("unit bytes %d: %d of %d edits updated the session, the rest made a whole run", unitBytes, updated, len(edits))
		}
		newJob := map[string][]byte{filepath.Join(java, "jobs/NewJob.java"): []byte(newJobText)}
		if _, ok := sess.Update(newJob); ok {
			t.Errorf("unit bytes %d: a buffer of a file the session does not have updated it", unitBytes)
		}
		_, res, err := sessionOptions(unitBytes, newJob).Session([]string{dir}, rules.Analyzers(rules.All))
		if err != nil {
			t.Fatal(err)
		}
		if got := outcome(t, res); !strings.Contains(got, "NewJob.java:5:") {
			t.Errorf("unit bytes %d: a whole run with an unsaved new file finds nothing in it:\n%s", unitBytes, got)
		}
	}
}

// exampleEdits are edits of the example project copied to dir, that
// reach other files (a strategy's helper, a constant), a syntax error and
// a job edited beside it.
func exampleEdits(dir string) []edit {
	java := filepath.Join(dir, "src/main/java/com/example")
	watermarks := filepath.Join(java, "common/Watermarks.java")
	constants := filepath.Join(java, "common/JobConstants.java")
	checkout := filepath.Join(java, "jobs/CheckoutMonitorJob.java")
	scala := filepath.Join(dir, "src/main/scala/com/example/jobs/TopPagesJob.scala")
	return []edit{
		{"helper loses its idleness", watermarks, ".withIdleness(JobConstants.SOURCE_IDLE_TIMEOUT)", ""},
		{"helper in seconds", watermarks, "toEpochMilli()", "getEpochSecond()"},
		{"job fixed", checkout, "getEpochSecond()", "toEpochMilli()"},
		{"constant zero", constants, "SOURCE_IDLE_TIMEOUT =", "SOURCE_IDLE_TIMEOUT = java.time.Duration.ZERO; static final Object UNUSED ="},
		{"syntax error", scala, "object", "object {{"},
		{"job edited beside the syntax error", checkout, "checkout-clicks", "checkout-clicks-2"},
	}
}

// A unit that read a file's text to decide it need not parse it (the
// serializers kafka-record-timestamp looks for) is analyzed again when
// the file changes: here a serializer that comes to stamp the record
// with the event's time silences the job's finding.
func TestSessionConsulted(t *testing.T) {
	dir := analyzertest.WriteFiles(t, map[string]string{"src/p/Job.java": kafkaJob, "src/p/Ser.java": serializer})
	ser := filepath.Join(dir, "src/p/Ser.java")
	for _, unitBytes := range []int64{0, 1} {
		checkEdits(t, dir, unitBytes, []edit{
			{"serializer stamps", ser, `make("enriched", element, ts)`, `new ProducerRecord<>("enriched", null, ts, null, element)`},
			{"import", ser, "package p;\n", "package p;\nimport org.apache.kafka.clients.producer.ProducerRecord;\n"},
		})
	}
}

// A buffer of a file the walk passes over (a workflow, generated code)
// changes nothing: it updates the session without a whole run. A new
// one there is not analyzed, as it would not be once saved.
func TestSessionPassedOver(t *testing.T) {
	dir := analyzertest.WriteFiles(t, map[string]string{"src/p/Job.java": kafkaJob, ".gitignore": "gen/\n",
		".github/workflows/ci.yml": "on: push\n", "target/gen/Gen.java": "class Gen {}\n"})
	sess, before, err := sessionOptions(0, nil).Session([]string{dir}, rules.Analyzers(rules.All))
	if err != nil {
		t.Fatal(err)
	}
	for i, rel := range []string{".github/workflows/ci.yml", "target/gen/Gen.java", "target/New.java", ".hidden/New.java", "gen/New.java"} {
		overlay := map[string][]byte{filepath.Join(dir, rel): []byte(strings.Replace(kafkaJob, "class Job", "class New", 1))}
		got, ok := sess.Update(overlay)
		if !ok && i < 2 {
			t.Errorf("%s edited: a whole run", rel)
		}
		if !ok {
			if _, got, err = sessionOptions(0, overlay).Session([]string{dir}, rules.Analyzers(rules.All)); err != nil {
				t.Fatal(err)
			}
		}
		if g, w := outcome(t, got), outcome(t, before); g != w {
			t.Errorf("%s edited: lines only in the session's, then only before:\n%s\n%s", rel, only(g, w), only(w, g))
		}
	}
}

// kafkaJob reads topic "enriched" with the Kafka record's timestamps
// (forMonotonousTimestamps, no assigner); serializer writes that topic
// without stamping the records with the event's time.
const (
	kafkaJob = `package p;

import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.api.common.serialization.SimpleStringSchema;
import org.apache.flink.connector.kafka.source.KafkaSource;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.streaming.api.windowing.assigners.TumblingEventTimeWindows;
import java.time.Duration;

public class Job {
    void run(StreamExecutionEnvironment env) {
        KafkaSource<String> source = KafkaSource.<String>builder()
            .setBootstrapServers("localhost:9092")
            .setTopics("enriched")
            .setValueOnlyDeserializer(new SimpleStringSchema())
            .build();
        env.fromSource(source, WatermarkStrategy.<String>forMonotonousTimestamps(), "enriched")
            .keyBy(s -> s)
            .window(TumblingEventTimeWindows.of(Duration.ofMinutes(1)))
            .reduce((a, b) -> a + b)
            .print();
    }
}
`
	serializer = `package p;

import org.apache.flink.connector.kafka.sink.KafkaSink;

public class Ser {
    public Object serialize(String element, Long ts) {
        return make("enriched", element, ts);
    }
}
`
)

// newJobText is a job with a GlobalWindows window and no trigger, on line 5.
const newJobText = `package com.example.jobs;
class NewJob {
    void run(org.apache.flink.streaming.api.datastream.DataStream<String> in) {
        in.keyBy(s -> s)
            .window(
                org.apache.flink.streaming.api.windowing.assigners.GlobalWindows.create())
            .reduce((a, b) -> a);
    }
}
`

// only returns the lines of a that b does not have.
func only(a, b string) string {
	var out []string
	for _, l := range strings.Split(a, "\n") {
		if !strings.Contains(b, l) {
			out = append(out, l)
		}
	}
	return strings.Join(out, "\n")
}
