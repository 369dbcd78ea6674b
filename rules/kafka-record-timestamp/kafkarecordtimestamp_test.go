package kafkarecordtimestamp_test

import (
	"testing"
	"time"

	"github.com/flinklint/flinklint/analyzer/analyzertest"
	kafkarecordtimestamp "github.com/flinklint/flinklint/rules/kafka-record-timestamp"
)

func Test(t *testing.T) {
	analyzertest.Run(t, "testdata/src", kafkarecordtimestamp.Analyzer)
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
