package dev.flinklint.semantics;

import static dev.flinklint.semantics.Support.counter;
import static dev.flinklint.semantics.Support.env;
import static dev.flinklint.semantics.Support.ev;
import static dev.flinklint.semantics.Support.events;
import static dev.flinklint.semantics.Support.results;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.api.connector.source.util.ratelimit.RateLimiterStrategy;
import org.apache.flink.connector.datagen.source.DataGeneratorSource;
import org.apache.flink.connector.datagen.source.GeneratorFunction;
import org.apache.flink.streaming.api.functions.windowing.ProcessAllWindowFunction;
import org.apache.flink.streaming.api.windowing.windows.TimeWindow;
import org.apache.flink.util.Collector;
import org.apache.flink.api.common.typeinfo.Types;
import org.apache.flink.api.java.tuple.Tuple2;
import org.apache.flink.streaming.api.datastream.SingleOutputStreamOperator;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.streaming.api.windowing.assigners.TumblingEventTimeWindows;
import org.apache.flink.util.OutputTag;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;

/**
 * late-data-dropped: an event-time window with neither allowedLateness nor sideOutputLateData
 * discards the elements that arrive behind the watermark; the only trace is the
 * numLateRecordsDropped counter. With allowedLateness the window fires again with them, with
 * sideOutputLateData they reach the side output. Ascending timestamps make no late element.
 */
class LateDataDroppedTest {

    static final String METRIC = "numLateRecordsDropped";

    /** Watermark = largest timestamp so far: a@100 and a@1200 arrive behind watermark 5000. */
    static final List<Tuple2<String, Long>> DATA =
            events(ev("a", 1000), ev("a", 1500), ev("a", 5000), ev("a", 100), ev("a", 1200));

    static SingleOutputStreamOperator<String> windows(StreamExecutionEnvironment env, List<Tuple2<String, Long>> data,
                                                      WatermarkStrategy<Tuple2<String, Long>> strategy,
                                                      java.util.function.UnaryOperator<org.apache.flink.streaming.api.datastream.WindowedStream<Tuple2<String, Long>, String, org.apache.flink.streaming.api.windowing.windows.TimeWindow>> shape) {
        return shape.apply(env.fromData(data, Types.TUPLE(Types.STRING, Types.LONG))
                        .assignTimestampsAndWatermarks(strategy)
                        .keyBy(e -> e.f0, Types.STRING)
                        .window(TumblingEventTimeWindows.of(Duration.ofSeconds(1))))
                .process(new Support.CountPerWindow());
    }

    @Test
    void lateDataDropped_default_lateElementsGoneAndOnlyCounted() throws Exception {
        String job = "late-data-dropped";
        StreamExecutionEnvironment env = env(1);
        windows(env, DATA, Support.punctuated(), w -> w).addSink(new Support.Collect<>(job));
        env.execute(job);
        // the window [1 s, 2 s) counts 2 elements, not 3: a@1200 is gone, and a@100's window never fires
        assertEquals(List.of(
                "a [1970-01-01T00:00:01Z, 1970-01-01T00:00:02Z) 2",
                "a [1970-01-01T00:00:05Z, 1970-01-01T00:00:06Z) 1"), results(job));
        assertEquals(2, counter(job, METRIC));
    }

    @Test
    void lateDataDropped_fixedWithAllowedLateness_windowFiresAgain() throws Exception {
        String job = "late-data-allowed-lateness";
        StreamExecutionEnvironment env = env(1);
        windows(env, DATA, Support.punctuated(), w -> w.allowedLateness(Duration.ofSeconds(10)))
                .addSink(new Support.Collect<>(job));
        env.execute(job);
        // each late element fires its window again; [5 s, 6 s) fires at the end of input
        assertEquals(List.of(
                "a [1970-01-01T00:00:01Z, 1970-01-01T00:00:02Z) 2",
                "a [1970-01-01T00:00:00Z, 1970-01-01T00:00:01Z) 1",
                "a [1970-01-01T00:00:01Z, 1970-01-01T00:00:02Z) 3",
                "a [1970-01-01T00:00:05Z, 1970-01-01T00:00:06Z) 1"), results(job));
        assertEquals(0, counter(job, METRIC));
    }

    @Test
    void lateDataDropped_fixedWithSideOutput_lateElementsRead() throws Exception {
        String job = "late-data-side-output";
        OutputTag<Tuple2<String, Long>> late = new OutputTag<>("late", Types.TUPLE(Types.STRING, Types.LONG));
        StreamExecutionEnvironment env = env(1);
        SingleOutputStreamOperator<String> counts = windows(env, DATA, Support.punctuated(), w -> w.sideOutputLateData(late));
        counts.addSink(new Support.Collect<>(job));
        counts.getSideOutput(late).addSink(new Support.Collect<>(job + "-late"));
        env.execute(job);
        assertEquals(List.of(ev("a", 100), ev("a", 1200)), results(job + "-late"));
        assertEquals(0, counter(job, METRIC));
    }

    @Test
    void lateDataDropped_monotonousTimestamps_nothingLate() throws Exception {
        String job = "late-data-monotonous";
        StreamExecutionEnvironment env = env(1);
        List<Tuple2<String, Long>> ascending = events(ev("a", 100), ev("a", 1000), ev("a", 1200), ev("a", 1500), ev("a", 5000));
        windows(env, ascending, WatermarkStrategy.<Tuple2<String, Long>>forMonotonousTimestamps()
                .withTimestampAssigner((e, ts) -> e.f1), w -> w).addSink(new Support.Collect<>(job));
        env.execute(job);
        assertEquals(List.of(
                "a [1970-01-01T00:00:00Z, 1970-01-01T00:00:01Z) 1",
                "a [1970-01-01T00:00:01Z, 1970-01-01T00:00:02Z) 3",
                "a [1970-01-01T00:00:05Z, 1970-01-01T00:00:06Z) 1"), results(job));
        assertEquals(0, counter(job, METRIC));
    }

    /** The lag behind the processing clock that the generator stamps, at most. */
    static final long LAG = 50;

    /**
     * 20000 records over two seconds, stamped with the processing clock less a random lag of
     * up to LAG ms, into 5 ms windows, with a watermark every millisecond.
     */
    static long clockLagDrops(String job, Duration bound) throws Exception {
        StreamExecutionEnvironment env = env(1);
        env.getConfig().setAutoWatermarkInterval(1);
        GeneratorFunction<Long, Tuple2<String, Long>> gen =
                idx -> Tuple2.of("k" + idx % 4, System.currentTimeMillis() - ThreadLocalRandom.current().nextLong(LAG + 1));
        env.fromSource(new DataGeneratorSource<>(gen, 20_000, RateLimiterStrategy.perSecond(10_000),
                                Types.TUPLE(Types.STRING, Types.LONG)), WatermarkStrategy.noWatermarks(), "clock")
                .assignTimestampsAndWatermarks(WatermarkStrategy.<Tuple2<String, Long>>forBoundedOutOfOrderness(bound)
                        .withTimestampAssigner((e, ts) -> e.f1))
                .keyBy(e -> e.f0, Types.STRING)
                .window(TumblingEventTimeWindows.of(Duration.ofMillis(5)))
                .process(new Support.CountPerWindow())
                .addSink(new Support.Collect<>(job));
        env.execute(job);
        return counter(job, METRIC);
    }

    @Test
    void lateDataDropped_clockLagWithinBound_nothingLate() throws Exception {
        // the watermark trails the clock by the bound and 1 ms: a lag up to the bound is never behind it
        assertEquals(0, clockLagDrops("late-data-clock-lag-within-bound", Duration.ofMillis(LAG)));
    }

    @Test
    void lateDataDropped_clockLagBeyondBound_lateElementsDropped() throws Exception {
        // the same generator under a bound of 0: many elements fall behind the watermark
        assertTrue(clockLagDrops("late-data-clock-lag-beyond-bound", Duration.ZERO) > 0);
    }

    /** Emits "[start, end) n" for each window of all elements. */
    static final class CountAll extends ProcessAllWindowFunction<String, String, TimeWindow> {
        @Override
        public void process(Context ctx, Iterable<String> in, Collector<String> out) {
            long n = 0;
            for (String ignored : in) {
                n++;
            }
            out.collect("[" + Instant.ofEpochMilli(ctx.window().getStart()) + ", "
                    + Instant.ofEpochMilli(ctx.window().getEnd()) + ") " + n);
        }
    }

    @Test
    void lateDataDropped_windowOfWindowResults_nothingLate() throws Exception {
        String job = "late-data-window-of-results";
        OutputTag<Tuple2<String, Long>> late = new OutputTag<>("late", Types.TUPLE(Types.STRING, Types.LONG));
        StreamExecutionEnvironment env = env(1);
        // the first window keeps its late elements aside; the second reads its results, stamped
        // with each window's end, and handles no lateness at all
        windows(env, DATA, Support.punctuated(), w -> w.sideOutputLateData(late))
                .map(r -> r.toUpperCase())
                .windowAll(TumblingEventTimeWindows.of(Duration.ofSeconds(2)))
                .process(new CountAll())
                .addSink(new Support.Collect<>(job));
        env.execute(job);
        assertEquals(List.of(
                "[1970-01-01T00:00:00Z, 1970-01-01T00:00:02Z) 1",
                "[1970-01-01T00:00:04Z, 1970-01-01T00:00:06Z) 1"), results(job));
        assertEquals(0, counter(job, METRIC));
    }
}
