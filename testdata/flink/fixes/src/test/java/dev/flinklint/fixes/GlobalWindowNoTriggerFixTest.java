package dev.flinklint.fixes;

import static dev.flinklint.semantics.ScriptedSource.Step.emit;
import static dev.flinklint.semantics.Support.ev;
import static dev.flinklint.semantics.Support.results;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.flinklint.semantics.ScriptedSource;
import dev.flinklint.semantics.Support;

import org.apache.flink.api.java.tuple.Tuple2;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.function.Function;

/**
 * global-window-no-trigger's fix on bounded input, GlobalWindows.createWithEndOfStreamTrigger():
 * the input of GlobalWindowNoTriggerTest, amounts 1..10 keyed by parity, read to its end.
 * Broken, the job emits nothing, not even at the end of the input; fixed, each key's window
 * fires once at the end with every amount counted once (odd 25, even 30).
 */
class GlobalWindowNoTriggerFixTest {

    static List<Tuple2<String, Long>> run(String job, Function<StreamExecutionEnvironment, DataStream<Tuple2<String, Long>>> totals)
            throws Exception {
        List<ScriptedSource.Step> script = new ArrayList<>();
        for (long v = 1; v <= 10; v++) {
            script.add(emit(v % 2 == 0 ? "even" : "odd", v));
        }
        StreamExecutionEnvironment env = new SwappedInput(new ScriptedSource(job, script));
        totals.apply(env).addSink(new Support.Collect<>(job));
        env.execute(job);
        List<Tuple2<String, Long>> out = results(job);
        out.sort(Comparator.comparing(t -> t.f0));
        return out;
    }

    @Test
    void broken_emitsNothingEvenAtTheEnd() throws Exception {
        assertEquals(List.of(), run("fix-gw-broken", fixes.globalwindownotrigger.TopicTotals::totals));
    }

    @Test
    void fixed_firesOnceAtTheEndWithEveryAmount() throws Exception {
        assertEquals(List.of(ev("even", 30), ev("odd", 25)),
                run("fix-gw-fixed", fixed.globalwindownotrigger.TopicTotals::totals));
    }
}
