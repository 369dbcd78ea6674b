package dev.flinklint.fixes;

import static dev.flinklint.semantics.Support.counter;
import static dev.flinklint.semantics.Support.results;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.flinklint.semantics.Inputs;
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
        StreamExecutionEnvironment env = new SwappedInput(Inputs.laggingSplit(job, gate, openMs));
        counts.apply(env).addSink(new Support.Collect<>(job, job, gate));
        env.execute(job);
        return results(job).stream().map(String::valueOf).sorted().toList();
    }

    @Test
    void broken_laggingPartitionDroppedAsLate() throws Exception {
        String job = "fix-aas-broken";
        assertEquals(Inputs.LAGGING_A_WINDOWS, run(job, fixes.assignaftersource.LaggingPartition::counts, 60_000));
        assertEquals(3, counter(job, "numLateRecordsDropped"));
    }

    @Test
    void fixed_nothingLate() throws Exception {
        String job = "fix-aas-fixed";
        assertEquals(Inputs.LAGGING_ALL_WINDOWS, run(job, fixed.assignaftersource.LaggingPartition::counts, 2_000));
        assertEquals(0, counter(job, "numLateRecordsDropped"));
    }
}
