package dev.flinklint.fixes;

import static dev.flinklint.semantics.ScriptedSource.Step.emitUntilGate;
import static dev.flinklint.semantics.ScriptedSource.Step.split;
import static dev.flinklint.semantics.Support.afterEnd;
import static dev.flinklint.semantics.Support.results;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.flinklint.semantics.ScriptedSource;
import dev.flinklint.semantics.Support;

import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.function.Function;

/**
 * missing-idleness's fix, withIdleness(Duration.ofMinutes(1)) on the strategy: the Kafka job
 * reads a busy partition (a record every 20 ms, event time +100 ms each) and a quiet one that
 * receives nothing. Broken, no window fires while the source is open; fixed, the quiet
 * partition is marked idle after the minute and the windows fire while it is still open,
 * each once with its 10 records.
 */
class MissingIdlenessFixTest {

    static void run(String job, Function<StreamExecutionEnvironment, DataStream<String>> counts, long openMs)
            throws Exception {
        String gate = job + "-gate";
        StreamExecutionEnvironment env = new SwappedInput(new ScriptedSource(job, List.of(
                split("quiet"),
                emitUntilGate("busy", 0, 100, 20, gate, openMs))));
        counts.apply(env).addSink(new Support.Collect<>(job, job, gate));
        env.execute(job);
    }

    @Test
    void broken_quietPartitionHoldsEveryWindow() throws Exception {
        String job = "fix-mi-broken";
        run(job, fixes.missingidleness.QuietPartition::counts, 3_000);
        assertFalse(results(job).isEmpty(), "the final watermark fires the windows at the end");
        assertTrue(afterEnd(job).stream().allMatch(b -> b), "no window fired while the source was open");
    }

    @Test
    void fixed_windowsFireWhileThePartitionIsQuiet() throws Exception {
        String job = "fix-mi-fixed";
        run(job, fixed.missingidleness.QuietPartition::counts, 120_000);
        assertFalse(afterEnd(job).get(0), "a window fired while the source was open");
        List<String> got = results(job);
        assertEquals("busy [0, 1000) 10", got.get(0));
        // The source ends when the gate opens, part way through a window, which the final
        // watermark then fires with fewer records: every window before it is whole.
        assertTrue(got.subList(0, got.size() - 1).stream().allMatch(r -> r.endsWith(") 10")),
                "each window once, whole: " + got);
        assertEquals(got.size(), got.stream().distinct().count(), "no window emitted twice");
    }
}
