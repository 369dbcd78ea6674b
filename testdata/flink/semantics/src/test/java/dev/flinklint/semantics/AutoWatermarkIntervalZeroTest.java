package dev.flinklint.semantics;

import static dev.flinklint.semantics.ScriptedSource.Step.emit;
import static dev.flinklint.semantics.ScriptedSource.Step.emitUntilGate;
import static dev.flinklint.semantics.ScriptedSource.Step.gate;
import static dev.flinklint.semantics.ScriptedSource.Step.split;
import static dev.flinklint.semantics.Support.afterEnd;
import static dev.flinklint.semantics.Support.env;
import static dev.flinklint.semantics.Support.results;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.api.common.typeinfo.Types;
import org.apache.flink.api.java.tuple.Tuple2;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.configuration.PipelineOptions;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.streaming.api.windowing.assigners.TumblingEventTimeWindows;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * auto-watermark-interval-zero: with an auto-watermark interval of 0, a periodic generator
 * (forBoundedOutOfOrderness, forMonotonousTimestamps) on a source that stays open emits no
 * watermark, on fromSource and after it: no window fires until the end of input. With the
 * default (200 ms) the first window fires while the source is open. Idleness is checked in
 * onPeriodicEmit too, so with 0 withIdleness never marks a quiet split idle.
 */
class AutoWatermarkIntervalZeroTest {

    /** How long the source stays open when nothing fires: 15 default intervals. */
    static final long OPEN_MS = 3_000;
    /** Where a window is expected to fire, the source waits for it up to this long (slow CI). */
    static final long EXPECT_MS = 60_000;

    interface Wiring {
        DataStream<Tuple2<String, Long>> source(StreamExecutionEnvironment env, ScriptedSource src);
    }

    /** Records 0..1900 ms, then the source stays open until a window fired or 3 s passed. */
    static void run(String job, Long interval, long openMs, Wiring wiring) throws Exception {
        String gate = job + "-gate";
        List<ScriptedSource.Step> script = new ArrayList<>();
        script.add(split("s"));
        for (long ts = 0; ts < 2_000; ts += 100) {
            script.add(emit("s", ts));
        }
        script.add(gate(gate, openMs));
        Configuration conf = new Configuration();
        if (interval != null) {
            conf.set(PipelineOptions.AUTO_WATERMARK_INTERVAL, Duration.ofMillis(interval));
        }
        StreamExecutionEnvironment env = env(1, conf);
        if (interval == null) {
            assertEquals(200, env.getConfig().getAutoWatermarkInterval());
        }
        wiring.source(env, new ScriptedSource(job, script))
                .keyBy(e -> e.f0, Types.STRING)
                .window(TumblingEventTimeWindows.of(Duration.ofMillis(500)))
                .process(new Support.CountPerWindow())
                .addSink(new Support.Collect<>(job, job, gate));
        env.execute(job);
    }

    static Wiring onSource(WatermarkStrategy<Tuple2<String, Long>> s) {
        return (env, src) -> env.fromSource(src, s.withTimestampAssigner((e, ts) -> e.f1), "scripted",
                Types.TUPLE(Types.STRING, Types.LONG));
    }

    static Wiring afterSource(WatermarkStrategy<Tuple2<String, Long>> s) {
        return (env, src) -> env
                .fromSource(src, WatermarkStrategy.noWatermarks(), "scripted", Types.TUPLE(Types.STRING, Types.LONG))
                .assignTimestampsAndWatermarks(s.withTimestampAssigner((e, ts) -> e.f1));
    }

    static void assertNoWindowBeforeEnd(String job) {
        assertEquals(4, results(job).size(), "all four windows fire at the end of input");
        assertTrue(afterEnd(job).stream().allMatch(b -> b), "no window before the end: " + afterEnd(job));
    }

    @Test
    void autoWatermarkIntervalZero_default200ms_windowFiresWhileSourceOpen() throws Exception {
        String job = "awi-default";
        run(job, null, EXPECT_MS, onSource(WatermarkStrategy.forBoundedOutOfOrderness(Duration.ofMillis(100))));
        assertFalse(afterEnd(job).get(0), "a window fired while the source was open");
    }

    @Test
    void autoWatermarkIntervalZero_boundedOutOfOrderness_onSource_noWindowUntilEnd() throws Exception {
        String job = "awi-zero-bounded-source";
        run(job, 0L, OPEN_MS, onSource(WatermarkStrategy.forBoundedOutOfOrderness(Duration.ofMillis(100))));
        assertNoWindowBeforeEnd(job);
    }

    @Test
    void autoWatermarkIntervalZero_monotonous_onSource_noWindowUntilEnd() throws Exception {
        String job = "awi-zero-monotonous-source";
        run(job, 0L, OPEN_MS, onSource(WatermarkStrategy.forMonotonousTimestamps()));
        assertNoWindowBeforeEnd(job);
    }

    @Test
    void autoWatermarkIntervalZero_setAutoWatermarkInterval0_afterSource_noWindowUntilEnd() throws Exception {
        String job = "awi-zero-after-source";
        String gate = job + "-gate";
        List<ScriptedSource.Step> script = new ArrayList<>();
        script.add(split("s"));
        for (long ts = 0; ts < 2_000; ts += 100) {
            script.add(emit("s", ts));
        }
        script.add(gate(gate, OPEN_MS));
        StreamExecutionEnvironment env = env(1);
        env.getConfig().setAutoWatermarkInterval(0); // the code form of the setting
        afterSource(WatermarkStrategy.forBoundedOutOfOrderness(Duration.ofMillis(100)))
                .source(env, new ScriptedSource(job, script))
                .keyBy(e -> e.f0, Types.STRING)
                .window(TumblingEventTimeWindows.of(Duration.ofMillis(500)))
                .process(new Support.CountPerWindow())
                .addSink(new Support.Collect<>(job, job, gate));
        env.execute(job);
        assertNoWindowBeforeEnd(job);
    }

    /** A punctuated generator (watermark on every event) with idleness, a busy and a quiet split. */
    static void runIdle(String job, long interval, long openMs) throws Exception {
        String gate = job + "-gate";
        ScriptedSource src = new ScriptedSource(job, List.of(
                split("quiet"),
                emitUntilGate("busy", 0, 100, 20, gate, openMs)));
        Configuration conf = new Configuration();
        conf.set(PipelineOptions.AUTO_WATERMARK_INTERVAL, Duration.ofMillis(interval));
        StreamExecutionEnvironment env = env(1, conf);
        env.fromSource(src, Support.punctuated().withIdleness(Duration.ofMillis(300)), "scripted",
                        Types.TUPLE(Types.STRING, Types.LONG))
                .keyBy(e -> e.f0, Types.STRING)
                .window(TumblingEventTimeWindows.of(Duration.ofSeconds(1)))
                .process(new Support.CountPerWindow())
                .addSink(new Support.Collect<>(job, job, gate));
        env.execute(job);
    }

    @Test
    void autoWatermarkIntervalZero_idlenessIsNeverDetected() throws Exception {
        runIdle("awi-idle-200", 200, EXPECT_MS);
        assertFalse(afterEnd("awi-idle-200").get(0), "with 200 ms the quiet split goes idle and windows fire");
        runIdle("awi-idle-0", 0, OPEN_MS);
        assertFalse(results("awi-idle-0").isEmpty());
        assertTrue(afterEnd("awi-idle-0").stream().allMatch(b -> b), "with 0 the quiet split never goes idle");
    }
}
