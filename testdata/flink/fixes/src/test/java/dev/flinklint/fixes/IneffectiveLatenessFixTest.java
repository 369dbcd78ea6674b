package dev.flinklint.fixes;

import static dev.flinklint.semantics.ScriptedSource.Step.emit;
import static dev.flinklint.semantics.ScriptedSource.Step.gate;
import static dev.flinklint.semantics.Support.counter;
import static dev.flinklint.semantics.Support.ev;
import static dev.flinklint.semantics.Support.results;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.flinklint.semantics.ScriptedSource;
import dev.flinklint.semantics.Support;

import org.apache.flink.api.java.tuple.Tuple2;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.function.Function;

/**
 * ineffective-lateness's fix deletes allowedLateness and sideOutputLateData from a count
 * window, where they do nothing. The input of IneffectiveLatenessTest: a@5000, then, once a
 * periodic watermark has passed 4,899, a@100 and a@200 (4.8 s behind it), then a@6000. The
 * broken job and the fixed one emit the same sums, and neither drops a record as late.
 */
class IneffectiveLatenessFixTest {

    static List<Tuple2<String, Long>> run(String job, Function<StreamExecutionEnvironment, DataStream<Tuple2<String, Long>>> sums)
            throws Exception {
        StreamExecutionEnvironment env = new SwappedInput(new ScriptedSource(job, List.of(
                emit("a", 5000),
                gate(job + "-watermark", 500), // nothing opens it: a periodic watermark (200 ms) passes 5000 - 100
                emit("a", 100),
                emit("a", 200),
                emit("a", 6000))));
        sums.apply(env).addSink(new Support.Collect<>(job));
        env.execute(job);
        assertEquals(0, counter(job, "numLateRecordsDropped"), job);
        return results(job);
    }

    @Test
    void fixedJobEmitsWhatTheBrokenOneDid() throws Exception {
        List<Tuple2<String, Long>> broken = run("fix-il-broken", fixes.ineffectivelateness.PairSums::sums);
        List<Tuple2<String, Long>> repaired = run("fix-il-fixed", fixed.ineffectivelateness.PairSums::sums);
        assertEquals(List.of(ev("a", 5100), ev("a", 6200)), broken);
        assertEquals(broken, repaired);
    }
}
