package dev.flinklint.semantics;

import static dev.flinklint.semantics.ScriptedSource.Step.emitUntilGate;
import static dev.flinklint.semantics.Support.afterEnd;
import static dev.flinklint.semantics.Support.env;
import static dev.flinklint.semantics.Support.results;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.api.common.typeinfo.Types;
import org.apache.flink.api.java.tuple.Tuple2;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.streaming.api.functions.KeyedProcessFunction;
import org.apache.flink.streaming.api.windowing.assigners.TumblingEventTimeWindows;
import org.apache.flink.util.Collector;
import org.apache.flink.util.ExceptionUtils;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;

/**
 * event-time-without-watermarks: an unbounded source whose records carry timestamps (as Kafka's
 * do) read with WatermarkStrategy.noWatermarks(): no event-time window fires while the source is
 * open (3 s here; for ever on a real unbounded source), only the final watermark at the end of
 * input fires them. With a generating strategy the windows fire while it is open. A source whose
 * records carry no timestamp (fromElements) fails the window assigner at run time. Event-time
 * timers of a KeyedProcessFunction behave as the windows: without watermarks none fires while the
 * source is open, only at the end of input.
 */
class EventTimeWithoutWatermarksTest {

    static final long OPEN_MS = 3_000;
    static final long EXPECT_MS = 60_000;

    static void run(String job, WatermarkStrategy<Tuple2<String, Long>> strategy, long openMs) throws Exception {
        String gate = job + "-gate";
        ScriptedSource src = new ScriptedSource(job, List.of(emitUntilGate("busy", 0, 100, 20, gate, openMs)));
        StreamExecutionEnvironment env = env(1);
        env.fromSource(src, strategy, "scripted", Types.TUPLE(Types.STRING, Types.LONG))
                .keyBy(e -> e.f0, Types.STRING)
                .window(TumblingEventTimeWindows.of(Duration.ofSeconds(1)))
                .process(new Support.CountPerWindow())
                .addSink(new Support.Collect<>(job, job, gate));
        env.execute(job);
    }

    /** Registers an event-time timer 500 ms after each record and emits the key when it fires. */
    static final class ExpireAfter extends KeyedProcessFunction<String, Tuple2<String, Long>, String> {
        @Override
        public void processElement(Tuple2<String, Long> e, Context ctx, Collector<String> out) {
            ctx.timerService().registerEventTimeTimer(ctx.timestamp() + 500);
        }

        @Override
        public void onTimer(long timestamp, OnTimerContext ctx, Collector<String> out) {
            out.collect(ctx.getCurrentKey() + "@" + timestamp);
        }
    }

    static void runTimers(String job, WatermarkStrategy<Tuple2<String, Long>> strategy, long openMs) throws Exception {
        String gate = job + "-gate";
        ScriptedSource src = new ScriptedSource(job, List.of(emitUntilGate("busy", 0, 100, 20, gate, openMs)));
        StreamExecutionEnvironment env = env(1);
        env.fromSource(src, strategy, "scripted", Types.TUPLE(Types.STRING, Types.LONG))
                .keyBy(e -> e.f0, Types.STRING)
                .process(new ExpireAfter())
                .addSink(new Support.Collect<>(job, job, gate));
        env.execute(job);
    }

    @Test
    void noWatermarks_eventTimeTimersNeverFireWhileTheSourceIsOpen() throws Exception {
        String job = "etw-timers-no-watermarks";
        runTimers(job, WatermarkStrategy.noWatermarks(), OPEN_MS);
        assertFalse(results(job).isEmpty(), "the final watermark fires the timers at the end");
        assertTrue(afterEnd(job).stream().allMatch(b -> b), "no timer fired while the source was open: " + afterEnd(job));
    }

    @Test
    void fixed_aGeneratingStrategyFiresTimersWhileOpen() throws Exception {
        String job = "etw-timers-bounded";
        runTimers(job, WatermarkStrategy.<Tuple2<String, Long>>forBoundedOutOfOrderness(Duration.ofMillis(100)), EXPECT_MS);
        assertFalse(afterEnd(job).get(0), "a timer fired while the source was still open");
    }

    @Test
    void noWatermarks_windowsNeverFireWhileTheSourceIsOpen() throws Exception {
        String job = "etw-no-watermarks";
        run(job, WatermarkStrategy.noWatermarks(), OPEN_MS);
        assertFalse(results(job).isEmpty(), "the final watermark fires the windows at the end");
        assertTrue(afterEnd(job).stream().allMatch(b -> b), "no window fired while the source was open: " + afterEnd(job));
    }

    @Test
    void fixed_aGeneratingStrategyFiresWhileOpen() throws Exception {
        String job = "etw-bounded";
        run(job, WatermarkStrategy.<Tuple2<String, Long>>forBoundedOutOfOrderness(Duration.ofMillis(100)), EXPECT_MS);
        assertFalse(afterEnd(job).get(0), "a window fired while the source was still open");
    }

    @Test
    void fromElementsWithoutTimestamps_failsWithLongMinValue() {
        StreamExecutionEnvironment env = env(1);
        env.fromElements("a", "b", "a")
                .keyBy(s -> s)
                .window(TumblingEventTimeWindows.of(Duration.ofSeconds(1)))
                .reduce((a, b) -> a + b)
                .addSink(new Support.Collect<>("etw-elements"));
        Exception e = assertThrows(Exception.class, () -> env.execute("etw-elements"));
        String all = ExceptionUtils.stringifyException(e);
        assertTrue(all.contains("Record has Long.MIN_VALUE timestamp (= no timestamp marker)"), all);
    }
}
