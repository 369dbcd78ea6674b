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
 * assign-after-source's fixes, the strategy passed to fromSource instead of
 * assignTimestampsAndWatermarks after a noWatermarks() KafkaSource, or to the legacy
 * FlinkKafkaConsumer instead of its addSource stream (SwappedInput plays the script through
 * the consumer's own code, ScriptedKafkaConsumer), on AssignAfterSourceTest's input: one
 * subtask reads partition "a", ahead (10 s - 12.5 s), and partition "b", behind (1 s - 2 s),
 * which the source holds back until a window of "a" fires (or 2 s pass, where none can fire
 * while "b" holds the watermark).
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

    /** Broken: the one generator follows "a", and b's three records are dropped as late. */
    static void assertLaggingDropped(String job, Function<StreamExecutionEnvironment, DataStream<String>> counts)
            throws Exception {
        assertEquals(Inputs.LAGGING_A_WINDOWS, run(job, counts, 60_000));
        assertEquals(3, counter(job, "numLateRecordsDropped"));
    }

    /** Fixed: a generator per partition, nothing late, b's windows emitted. */
    static void assertNothingLate(String job, Function<StreamExecutionEnvironment, DataStream<String>> counts)
            throws Exception {
        assertEquals(Inputs.LAGGING_ALL_WINDOWS, run(job, counts, 2_000));
        assertEquals(0, counter(job, "numLateRecordsDropped"));
    }

    @Test
    void kafkaSource_strategyOnFromSource() throws Exception {
        assertLaggingDropped("fix-aas-broken", fixes.assignaftersource.LaggingPartition::counts);
        assertNothingLate("fix-aas-fixed", fixed.assignaftersource.LaggingPartition::counts);
    }

    @Test
    void legacyConsumer_strategyOnTheConsumer() throws Exception {
        assertLaggingDropped("fix-aas-legacy-broken", fixes.assignaftersource.LaggingPartition::legacyCounts);
        assertNothingLate("fix-aas-legacy-fixed", fixed.assignaftersource.LaggingPartition::legacyCounts);
    }
}
