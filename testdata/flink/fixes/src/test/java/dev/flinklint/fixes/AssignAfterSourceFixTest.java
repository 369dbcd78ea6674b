package dev.flinklint.fixes;

import static dev.flinklint.semantics.ScriptedSource.Step.emit;
import static dev.flinklint.semantics.ScriptedSource.Step.gate;
import static dev.flinklint.semantics.ScriptedSource.Step.split;
import static dev.flinklint.semantics.Support.counter;
import static dev.flinklint.semantics.Support.results;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.flinklint.semantics.ScriptedSource;
import dev.flinklint.semantics.Support;

import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.function.Function;

/**
 * assign-after-source's fix, the strategy passed to fromSource instead of
 * assignTimestampsAndWatermarks after a noWatermarks() Kafka source, on AssignAfterSourceTest's
 * input: one subtask reads partition "a", ahead (10 s - 12.5 s), and partition "b", behind
 * (1 s - 2 s), which the source holds back until a window of "a" fires (or 2 s pass, where
 * none can fire while "b" holds the watermark). Broken, the one generator follows "a" and
 * b's three records are dropped as late; fixed, each partition has its own generator,
 * nothing is late and b's windows are emitted.
 */
class AssignAfterSourceFixTest {

    static List<String> run(String job, Function<StreamExecutionEnvironment, DataStream<String>> counts, long openMs)
            throws Exception {
        String gate = job + "-gate";
        StreamExecutionEnvironment env = new SwappedInput(new ScriptedSource(job, List.of(
                split("a"), split("b"),
                emit("a", 10_000), emit("a", 10_500), emit("a", 11_000), emit("a", 12_500),
                gate(gate, openMs),
                emit("b", 1_000), emit("b", 1_500), emit("b", 2_000))));
        counts.apply(env).addSink(new Support.Collect<>(job, job, gate));
        env.execute(job);
        return results(job).stream().map(String::valueOf).sorted().toList();
    }

    static final String A1 = "a [1970-01-01T00:00:10Z, 1970-01-01T00:00:11Z) 2";
    static final String A2 = "a [1970-01-01T00:00:11Z, 1970-01-01T00:00:12Z) 1";
    static final String A3 = "a [1970-01-01T00:00:12Z, 1970-01-01T00:00:13Z) 1";
    static final String B1 = "b [1970-01-01T00:00:01Z, 1970-01-01T00:00:02Z) 2";
    static final String B2 = "b [1970-01-01T00:00:02Z, 1970-01-01T00:00:03Z) 1";

    @Test
    void broken_laggingPartitionDroppedAsLate() throws Exception {
        String job = "fix-aas-broken";
        assertEquals(List.of(A1, A2, A3), run(job, fixes.assignaftersource.LaggingPartition::counts, 60_000));
        assertEquals(3, counter(job, "numLateRecordsDropped"));
    }

    @Test
    void fixed_nothingLate() throws Exception {
        String job = "fix-aas-fixed";
        assertEquals(List.of(A1, A2, A3, B1, B2), run(job, fixed.assignaftersource.LaggingPartition::counts, 2_000));
        assertEquals(0, counter(job, "numLateRecordsDropped"));
    }
}
