package kafkarecordtimestamp_test

import (
	"testing"
	"time"

	"github.com/flinklint/flinklint/analyzer/analyzertest"
	kafkarecordtimestamp "github.com/flinklint/flinklint/rules/kafka-record-timestamp"
)

func Test(t *testing.T) {
	res := analyzertest.Run(t, "testdata/src", kafkarecordtimestamp.Analyzer)
	// Evidence names the Kafka input and the strategy defined apart from
	// the call that applies it.
	analyzertest.CheckEvidence(t, res, map[string][]string{
		"Jobs.java:28":           {"KafkaSource read here Jobs.java:28", "KafkaSource built here Jobs.java:15-19"},
		"Jobs.java:36":           {"KafkaSource read here Jobs.java:36", "KafkaSource built here Jobs.java:15-19", "watermark strategy defined here Jobs.java:35"},
		"Jobs.java:45":           {"Kafka source read here Jobs.java:43", "strategy assigned here Jobs.java:43-45"},
		"Legacy.java:19":         {"FlinkKafkaConsumer built here Legacy.java:17", "strategy assigned here Legacy.java:19"},
		"Legacy.java:28":         {"Kafka source read here Legacy.java:27", "strategy assigned here Legacy.java:27-28"},
		"record_time_jobs.py:29": {"KafkaSource read here record_time_jobs.py:29", "KafkaSource built here record_time_jobs.py:19-23", "watermark strategy defined here record_time_jobs.py:28"},
		"record_time_jobs.py:40": {"Kafka source read here record_time_jobs.py:39", "strategy assigned here record_time_jobs.py:39-40"},
		"ScalaJobs.scala:30":     {"Kafka source read here ScalaJobs.scala:28", "strategy assigned here ScalaJobs.scala:28-30"},
	})
}

// A producer of the project that sets record timestamps on a topic the
// code does not show may write any topic: every source stays silent.
func TestUnseenProducerTopic(t *testing.T) {
	analyzertest.Run(t, "testdata/producers", kafkarecordtimestamp.Analyzer)
}

// A legacy consumer variable initialized from itself (or two from each
// other), which javac rejects, must not make the rule loop for ever. The
// file sits outside src/main/java, where no Maven module compiles it.
func TestSelfReferentialConsumer(t *testing.T) {
	done := make(chan struct{})
	go func() {
		defer close(done)
		analyzertest.Run(t, "testdata/hostile", kafkarecordtimestamp.Analyzer)
	}()
	select {
	case <-done:
	case <-time.After(time.Minute):
		t.Fatal("the rule did not finish on a self-referential consumer")
	}
}
