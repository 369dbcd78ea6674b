package dev.flinklint.semantics;

import static dev.flinklint.semantics.ScriptedSource.Step.emit;
import static dev.flinklint.semantics.ScriptedSource.Step.gate;
import static dev.flinklint.semantics.ScriptedSource.Step.split;
import static dev.flinklint.semantics.Support.env;
import static dev.flinklint.semantics.Support.results;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.api.common.typeinfo.Types;
import org.apache.flink.api.java.tuple.Tuple2;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.configuration.PipelineOptions;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.streaming.api.functions.timestamps.BoundedOutOfOrdernessTimestampExtractor;
import org.apache.flink.streaming.api.functions.windowing.ProcessWindowFunction;
import org.apache.flink.streaming.api.windowing.assigners.TumblingEventTimeWindows;
import org.apache.flink.streaming.api.windowing.time.Time;
import org.apache.flink.streaming.api.windowing.windows.TimeWindow;
import org.apache.flink.util.Collector;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * bound-exceeds-window: with forBoundedOutOfOrderness(bound) the watermark is the largest
 * timestamp seen minus the bound minus 1 ms, so an event-time window [start, end) fires only
 * once an element with a timestamp of at least end + bound has arrived. With a bound of 5 s
 * over 1 s windows, the first window [0 s, 1 s) waits for the element at 6 s, not the one
 * at 5.999 s; with a bound of zero it fires as soon as the element at 1.5 s arrives.
 *
 * The source pauses 300 ms after each element (the periodic watermark interval is 20 ms), so
 * each element's watermark reaches the window before the next element is read; a map right
 * after the source (same chain, parallelism 1) records the last timestamp read, which the
 * window function reports when the window fires.
 */
class BoundExceedsWindowTest {

    /** The timestamp of the last element read from each job's source. */
    static final Map<String, Long> LAST_READ = new ConcurrentHashMap<>();

    static final long[] TIMESTAMPS = {500, 1_500, 3_000, 5_000, 5_999, 6_000, 6_500};

    /** Emits "[start, end) fired after t", t the last timestamp the source had read. */
    static final class FiredAfter extends ProcessWindowFunction<Tuple2<String, Long>, String, String, TimeWindow> {
        private final String job;

        FiredAfter(String job) {
            this.job = job;
        }

        @Override
        public void process(String key, Context ctx, Iterable<Tuple2<String, Long>> in, Collector<String> out) {
            out.collect("[" + ctx.window().getStart() + ", " + ctx.window().getEnd() + ") fired after "
                    + LAST_READ.get(job));
        }
    }

    static List<String> run(String job, WatermarkStrategy<Tuple2<String, Long>> strategy) throws Exception {
        List<ScriptedSource.Step> script = new ArrayList<>();
        script.add(split("a"));
        for (long ts : TIMESTAMPS) {
            script.add(emit("a", ts));
            script.add(gate(job + "-pause", 300)); // nobody opens it: a pause
        }
        Configuration conf = new Configuration();
        conf.set(PipelineOptions.AUTO_WATERMARK_INTERVAL, Duration.ofMillis(20));
        StreamExecutionEnvironment env = env(1, conf);
        env.fromSource(new ScriptedSource(job, script), strategy, "scripted", Types.TUPLE(Types.STRING, Types.LONG))
                .map(e -> {
                    LAST_READ.put(job, e.f1);
                    return e;
                }, Types.TUPLE(Types.STRING, Types.LONG))
                .keyBy(e -> e.f0, Types.STRING)
                .window(TumblingEventTimeWindows.of(Duration.ofSeconds(1)))
                .process(new FiredAfter(job), Types.STRING)
                .addSink(new Support.Collect<>(job, job, null));
        env.execute(job);
        return results(job);
    }

    @Test
    void boundExceedsWindow_windowFiresOnlyOnceAnElementAtEndPlusBoundArrives() throws Exception {
        List<String> fired = run("bew-5s", WatermarkStrategy.<Tuple2<String, Long>>forBoundedOutOfOrderness(
                Duration.ofSeconds(5)).withTimestampAssigner((e, ts) -> e.f1));
        // [0, 1000) waits for 6000 = end + bound (5999 is not enough); the later windows
        // would need 7000, 8000...: they fire only on the final watermark, at the end of input.
        assertEquals(List.of(
                "[0, 1000) fired after 6000",
                "[1000, 2000) fired after 6500",
                "[3000, 4000) fired after 6500",
                "[5000, 6000) fired after 6500",
                "[6000, 7000) fired after 6500"), fired);
        List<Boolean> afterEnd = Support.afterEnd("bew-5s");
        assertEquals(List.of(false, true, true, true, true), afterEnd);
    }

    @Test
    void boundExceedsWindow_contrast_zeroBoundFiresWithTheNextWindowsFirstElement() throws Exception {
        List<String> fired = run("bew-0", WatermarkStrategy.<Tuple2<String, Long>>forBoundedOutOfOrderness(
                Duration.ZERO).withTimestampAssigner((e, ts) -> e.f1));
        assertEquals(List.of(
                "[0, 1000) fired after 1500",
                "[1000, 2000) fired after 3000",
                "[3000, 4000) fired after 5000",
                "[5000, 6000) fired after 6000",
                "[6000, 7000) fired after 6500"), fired);
    }

    @Test
    void boundExceedsWindow_negativeBound_strategyBuildsButTheJobFails() throws Exception {
        // forBoundedOutOfOrderness only captures the bound: building the job succeeds...
        WatermarkStrategy<Tuple2<String, Long>> negative = WatermarkStrategy
                .<Tuple2<String, Long>>forBoundedOutOfOrderness(Duration.ofSeconds(-5))
                .withTimestampAssigner((e, ts) -> e.f1);
        // ...and the job fails when the source subtask creates its watermark generator.
        Exception e = assertThrows(Exception.class, () -> run("bew-negative", negative));
        boolean found = false;
        for (Throwable t = e; t != null; t = t.getCause()) {
            found |= t instanceof IllegalArgumentException
                    && "maxOutOfOrderness cannot be negative".equals(t.getMessage());
        }
        assertTrue(found, "expected IllegalArgumentException(maxOutOfOrderness cannot be negative) in " + e);
        assertEquals(List.of(), results("bew-negative"));
    }

    @Test
    void boundExceedsWindow_negativeBound_legacyExtractorThrowsWhenBuilt() {
        RuntimeException e = assertThrows(RuntimeException.class,
                () -> new BoundedOutOfOrdernessTimestampExtractor<Tuple2<String, Long>>(Time.seconds(-1)) {
                    @Override
                    public long extractTimestamp(Tuple2<String, Long> element) {
                        return element.f1;
                    }
                });
        assertTrue(e.getMessage().contains("This parameter cannot be negative"), e.getMessage());
    }
}
