package jobs;

import java.time.Duration;
import java.util.Random;
import java.util.concurrent.ThreadLocalRandom;

import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.api.common.typeinfo.Types;
import org.apache.flink.api.connector.source.util.ratelimit.RateLimiterStrategy;
import org.apache.flink.api.java.tuple.Tuple2;
import org.apache.flink.connector.datagen.source.DataGeneratorSource;
import org.apache.flink.connector.datagen.source.GeneratorFunction;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.streaming.api.functions.source.SourceFunction;
import org.apache.flink.streaming.api.windowing.assigners.EventTimeSessionWindows;
import org.apache.flink.streaming.api.windowing.assigners.TumblingEventTimeWindows;

/**
 * Generators of the project that stamp the clock less a random lag
 * (trials: flywhlway's Labs.events, five false findings): the watermark
 * trails the clock by the bound, so a lag no larger than the bound is never
 * late; a larger one is.
 */
public class LaggingGenerators {
    /** Events stamped with the clock less up to maxLagMs. */
    static DataStream<Tuple2<String, Long>> events(StreamExecutionEnvironment env, long maxLagMs) {
        GeneratorFunction<Long, Tuple2<String, Long>> gen = idx -> {
            long ts = System.currentTimeMillis() - ThreadLocalRandom.current().nextLong(maxLagMs + 1);
            return Tuple2.of("u" + idx % 4, ts);
        };
        return env.fromSource(
                new DataGeneratorSource<>(gen, Long.MAX_VALUE, RateLimiterStrategy.perSecond(10),
                        Types.TUPLE(Types.STRING, Types.LONG)),
                WatermarkStrategy.noWatermarks(), "events");
    }

    static WatermarkStrategy<Tuple2<String, Long>> boundedWm(Duration bound) {
        return WatermarkStrategy.<Tuple2<String, Long>>forBoundedOutOfOrderness(bound)
                .withTimestampAssigner((e, ts) -> e.f1);
    }

    /** Lags up to 1 s under a 2 s bound: nothing is late. */
    public static void withinBound(StreamExecutionEnvironment env) {
        events(env, 1_000)
                .assignTimestampsAndWatermarks(boundedWm(Duration.ofSeconds(2)))
                .keyBy(e -> e.f0)
                .window(EventTimeSessionWindows.withGap(Duration.ofSeconds(5)))
                .reduce((a, b) -> a)
                .print();
    }

    /** A lag equal to the bound: the watermark is a millisecond further back, nothing is late. */
    public static void equalToBound(StreamExecutionEnvironment env) {
        DataStream<Tuple2<String, Long>> stamped = events(env, 500)
                .assignTimestampsAndWatermarks(boundedWm(Duration.ofMillis(500)));
        stamped.keyBy(e -> e.f0)
                .window(TumblingEventTimeWindows.of(Duration.ofSeconds(10)))
                .reduce((a, b) -> a)
                .print();
    }

    /** The same generator with a bound of 0: most events are late. */
    public static void beyondBound(StreamExecutionEnvironment env) {
        events(env, 4_000)
                .assignTimestampsAndWatermarks(boundedWm(Duration.ZERO))
                .keyBy(e -> e.f0)
                .window(TumblingEventTimeWindows.of(Duration.ofSeconds(10))) // want "drops late elements without a trace"
                .reduce((a, b) -> a)
                .print();
    }

    /** A lag a millisecond longer than the bound can be late. */
    public static void justBeyond(StreamExecutionEnvironment env) {
        events(env, 501)
                .assignTimestampsAndWatermarks(boundedWm(Duration.ofMillis(500)))
                .keyBy(e -> e.f0)
                .window(TumblingEventTimeWindows.of(Duration.ofSeconds(10))) // want "drops late elements without a trace"
                .reduce((a, b) -> a)
                .print();
    }

    /** A rebalance between the generator and its assigner interleaves subtasks: reported. */
    public static void rebalanced(StreamExecutionEnvironment env) {
        events(env, 100)
                .rebalance()
                .assignTimestampsAndWatermarks(boundedWm(Duration.ofSeconds(1)))
                .keyBy(e -> e.f0)
                .window(TumblingEventTimeWindows.of(Duration.ofSeconds(10))) // want "drops late elements without a trace"
                .reduce((a, b) -> a)
                .print();
    }

    /** A SourceFunction of the project that lags by a constant 300 ms at most. */
    static class JitterSource implements SourceFunction<Tuple2<String, Long>> {
        private volatile boolean running = true;

        @Override
        public void run(SourceContext<Tuple2<String, Long>> ctx) throws Exception {
            while (running) {
                ctx.collect(Tuple2.of("k", System.currentTimeMillis() - ThreadLocalRandom.current().nextInt(301)));
                Thread.sleep(10);
            }
        }

        @Override
        public void cancel() {
            running = false;
        }
    }

    public static void jitter(StreamExecutionEnvironment env) {
        env.addSource(new JitterSource())
                .assignTimestampsAndWatermarks(WatermarkStrategy.<Tuple2<String, Long>>forBoundedOutOfOrderness(Duration.ofMillis(300))
                        .withTimestampAssigner((e, ts) -> e.f1))
                .keyBy(e -> e.f0)
                .window(TumblingEventTimeWindows.of(Duration.ofSeconds(1)))
                .reduce((a, b) -> a)
                .print();
    }

    static final Random RND = new Random();
    static final long BASE = 1_700_000_000_000L;

    /** The clock read into a local, then less up to a minute: far beyond the bound. */
    public static void localBeyondBound(StreamExecutionEnvironment env) {
        GeneratorFunction<Long, Long> gen = idx -> {
            long now = System.currentTimeMillis();
            return now - RND.nextInt(60_000);
        };
        env.fromSource(new DataGeneratorSource<>(gen, Long.MAX_VALUE, RateLimiterStrategy.perSecond(10), Types.LONG),
                        WatermarkStrategy.noWatermarks(), "ticks")
                .assignTimestampsAndWatermarks(WatermarkStrategy.<Long>forBoundedOutOfOrderness(Duration.ofSeconds(1))
                        .withTimestampAssigner((e, ts) -> e))
                .keyBy(e -> e % 4)
                .window(TumblingEventTimeWindows.of(Duration.ofSeconds(10))) // want "drops late elements without a trace"
                .reduce((a, b) -> a)
                .print();
    }

    /** The same local less half a second: within the bound. */
    public static void localWithinBound(StreamExecutionEnvironment env) {
        GeneratorFunction<Long, Long> gen = idx -> {
            long now = System.currentTimeMillis();
            return now - RND.nextInt(500);
        };
        env.fromSource(new DataGeneratorSource<>(gen, Long.MAX_VALUE, RateLimiterStrategy.perSecond(10), Types.LONG),
                        WatermarkStrategy.noWatermarks(), "ticks")
                .assignTimestampsAndWatermarks(WatermarkStrategy.<Long>forBoundedOutOfOrderness(Duration.ofSeconds(1))
                        .withTimestampAssigner((e, ts) -> e))
                .keyBy(e -> e % 4)
                .window(TumblingEventTimeWindows.of(Duration.ofSeconds(10)))
                .reduce((a, b) -> a)
                .print();
    }

    /** The clock only logged: the timestamps are a fixed base plus up to a minute, in any order. */
    public static void loggedClock(StreamExecutionEnvironment env) {
        GeneratorFunction<Long, Long> gen = idx -> {
            System.out.println(System.currentTimeMillis());
            return BASE + RND.nextInt(60_000);
        };
        env.fromSource(new DataGeneratorSource<>(gen, Long.MAX_VALUE, RateLimiterStrategy.perSecond(10), Types.LONG),
                        WatermarkStrategy.noWatermarks(), "ticks")
                .assignTimestampsAndWatermarks(WatermarkStrategy.<Long>forBoundedOutOfOrderness(Duration.ofSeconds(1))
                        .withTimestampAssigner((e, ts) -> e))
                .keyBy(e -> e % 4)
                .window(TumblingEventTimeWindows.of(Duration.ofSeconds(10))) // want "drops late elements without a trace"
                .reduce((a, b) -> a)
                .print();
    }
}
