package model_test

import (
	"testing"

	"github.com/flinklint/flinklint/parsers/model"
)

func TestCamel(t *testing.T) {
	for in, want := range map[string]string{
		"with_idleness": "withIdleness", "for_bounded_out_of_orderness": "forBoundedOutOfOrderness",
		"of_millis": "ofMillis", "get_v2": "getV2", "STRATEGY": "STRATEGY", "_private": "_private",
		"a__b": "a__b", "x_1": "x_1", "of": "of", "TumblingEventTimeWindows": "TumblingEventTimeWindows",
		"dataStream": "dataStream",
	} {
		if got := model.Camel(in); got != want {
			t.Errorf("Camel(%q) = %q, want %q", in, got, want)
		}
		if got := model.Camel(in); got != in && model.Snake(got) != in {
			t.Errorf("Snake(Camel(%q)) = %q", in, model.Snake(got))
		}
	}
}

func TestSpell(t *testing.T) {
	msg := "no withIdleness; add .withIdleness(Duration.ofMinutes(1)) to tEnv at job.py:3 (KafkaSource, TO_TIMESTAMP_LTZ)"
	want := "no with_idleness; add .with_idleness(Duration.of_minutes(1)) to t_env at job.py:3 (KafkaSource, TO_TIMESTAMP_LTZ)"
	if got := model.Spell(model.Python, msg, nil); got != want {
		t.Errorf("Spell = %q, want %q", got, want)
	}
	keep := func(w string) bool { return w == "tEnv" }
	if got := model.Spell(model.Python, "tEnv.getConfig()", keep); got != "tEnv.get_config()" {
		t.Errorf("Spell with keep = %q", got)
	}
	if got := model.Spell(model.Python, `throws IllegalArgumentException("idleTimeout must be > 0"); see numLateRecordsDropped`, nil); got != `throws IllegalArgumentException("idleTimeout must be > 0"); see numLateRecordsDropped` {
		t.Errorf("Spell changed quoted text or a metric: %q", got)
	}
	if got := model.Spell(model.Java, msg, nil); got != msg {
		t.Errorf("Spell(Java) changed the text: %q", got)
	}
}
