package kafkarecordtimestamp_test

import (
	"testing"

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
