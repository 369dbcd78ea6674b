package ingest;

import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.api.common.typeinfo.Types;
import org.apache.flink.api.connector.source.lib.NumberSequenceSource;
import org.apache.flink.api.connector.source.util.ratelimit.RateLimiterStrategy;
import org.apache.flink.connector.datagen.source.DataGeneratorSource;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;

import java.time.Duration;

/**
 * Generator sources cut their sequence into one split per subtask, at any
 * parallelism: a generator after the source loses nothing per split. Only
 * watermark alignment, which works at the source alone, is lost.
 */
public class Generators {
    static final boolean ALIGN = true;

    static DataStream<Long> paced(StreamExecutionEnvironment env, String name) {
        return env.fromSource(
            new DataGeneratorSource<>(i -> i, Long.MAX_VALUE, RateLimiterStrategy.perSecond(10), Types.LONG),
            WatermarkStrategy.noWatermarks(), name);
    }

    static WatermarkStrategy<Long> strategy() {
        WatermarkStrategy<Long> s = WatermarkStrategy.<Long>forBoundedOutOfOrderness(Duration.ofSeconds(1))
            .withTimestampAssigner((e, ts) -> e);
        return ALIGN ? s.withWatermarkAlignment("group", Duration.ofSeconds(30), Duration.ofSeconds(1)) : s;
    }

    void aligned(StreamExecutionEnvironment env) {
        DataStream<Long> fast = paced(env, "fast").assignTimestampsAndWatermarks(strategy()); // want "withWatermarkAlignment has no effect in assignTimestampsAndWatermarks"
        DataStream<Long> slow = paced(env, "slow").map(x -> x * 2)
            .assignTimestampsAndWatermarks(WatermarkStrategy.<Long>forMonotonousTimestamps() // want "this stream runs unaligned"
                .withWatermarkAlignment("group", Duration.ofSeconds(30)));
        fast.union(slow).print();
    }

    void lookAlikes(StreamExecutionEnvironment env, DataGeneratorSource<Long> gen) {
        env.setParallelism(4);
        paced(env, "a").assignTimestampsAndWatermarks(WatermarkStrategy.<Long>forMonotonousTimestamps().withTimestampAssigner((e, ts) -> e)).print();
        env.fromSource(gen, WatermarkStrategy.noWatermarks(), "b").map(x -> x + 1)
            .assignTimestampsAndWatermarks(WatermarkStrategy.<Long>forBoundedOutOfOrderness(Duration.ofSeconds(2))).print();
        env.fromSource(new NumberSequenceSource(0, 1000), WatermarkStrategy.noWatermarks(), "seq")
            .assignTimestampsAndWatermarks(WatermarkStrategy.<Long>forMonotonousTimestamps()).print();

        // Teaching code: two strategies on one generated stream, on purpose.
        DataStream<Long> raw = env.fromSource(gen, WatermarkStrategy.<Long>forMonotonousTimestamps(), "c");
        raw.assignTimestampsAndWatermarks(WatermarkStrategy.<Long>forBoundedOutOfOrderness(Duration.ofSeconds(5))).print();

        // Alignment at the source works.
        env.fromSource(gen, strategy(), "d").print();
    }
}
