package dev.flinklint.fixes;

import static dev.flinklint.semantics.ScriptedSource.Step.emitUntilGate;
import static dev.flinklint.semantics.Support.afterEnd;
import static dev.flinklint.semantics.Support.ev;
import static dev.flinklint.semantics.Support.results;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.flinklint.semantics.ScriptedSource;
import dev.flinklint.semantics.Support;

import org.apache.flink.api.java.tuple.Tuple2;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.function.Function;

/**
 * event-time-without-watermarks's fix, forBoundedOutOfOrderness(Duration.ofSeconds(5))
 * .withIdleness(Duration.ofMinutes(1)) in place of noWatermarks(), with no timestamp assigner:
 * the input of EventTimeWithoutWatermarksTest, a Kafka partition that receives a record every
 * 20 ms, each stamped 100 ms after the last (as Kafka stamps its records). Broken, no window
 * fires while the source is open (3 s); fixed, the windows fire while it is open (once the
 * records pass 5 s beyond a window's end), each once with its 10 records.
 */
class EventTimeWithoutWatermarksFixTest {

    static List<Tuple2<String, Long>> run(String job, Function<StreamExecutionEnvironment, DataStream<Tuple2<String, Long>>> counts,
            long openMs) throws Exception {
        String gate = job + "-gate";
        StreamExecutionEnvironment env = new SwappedInput(new ScriptedSource(job, List.of(
                emitUntilGate("busy", 0, 100, 20, gate, openMs))));
        counts.apply(env).addSink(new Support.Collect<>(job, job, gate));
        env.execute(job);
        return results(job);
    }

    @Test
    void broken_noWindowFiresWhileTheSourceIsOpen() throws Exception {
        String job = "fix-etw-broken";
        assertFalse(run(job, fixes.eventtimewithoutwatermarks.ClickCounts::counts, 3_000).isEmpty(),
                "the final watermark fires the windows at the end");
        assertTrue(afterEnd(job).stream().allMatch(b -> b), "no window fired while the source was open");
    }

    @Test
    void fixed_windowsFireWhileTheSourceIsOpen() throws Exception {
        String job = "fix-etw-fixed";
        List<Tuple2<String, Long>> got = run(job, fixed.eventtimewithoutwatermarks.ClickCounts::counts, 60_000);
        assertFalse(afterEnd(job).get(0), "a window fired while the source was open");
        // The source stops when the first window fires; the window its end cuts comes last.
        // 10 records a second of event time: each window before it counts 10.
        assertTrue(got.size() >= 2, "windows: " + got);
        assertTrue(got.subList(0, got.size() - 1).stream().allMatch(ev("busy", 10)::equals), "each window whole: " + got);
    }
}
