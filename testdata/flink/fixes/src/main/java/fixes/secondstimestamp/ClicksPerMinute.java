package fixes.secondstimestamp;

import java.time.Duration;
import java.time.Instant;

import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.api.java.tuple.Tuple2;
import org.apache.flink.connector.kafka.source.KafkaSource;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.streaming.api.windowing.assigners.TumblingEventTimeWindows;

import dev.flinklint.semantics.Support;
import fixes.Common;

/**
 * seconds-timestamp: clicks "page,epochMillis" from a Kafka topic, counted per page and
 * event-time minute. Both strategies turn the milliseconds into epoch seconds, which Flink
 * reads as milliseconds: every click lands in January 1970.
 */
public class ClicksPerMinute {
    /** Through an Instant, returning its epoch second (the safe fix: toEpochMilli()). */
    public static final WatermarkStrategy<Tuple2<String, Long>> EPOCH_SECOND = WatermarkStrategy
            .<Tuple2<String, Long>>forBoundedOutOfOrderness(Duration.ofSeconds(5))
            .withTimestampAssigner((e, ts) -> Instant.ofEpochMilli(e.f1).getEpochSecond());

    /** The milliseconds divided by 1000 (the unsafe fix: the milliseconds). */
    public static final WatermarkStrategy<Tuple2<String, Long>> MILLIS_OVER_1000 = WatermarkStrategy
            .<Tuple2<String, Long>>forBoundedOutOfOrderness(Duration.ofSeconds(5))
            .withTimestampAssigner((e, ts) -> e.f1 / 1000);

    public static void main(String[] args) throws Exception {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();
        counts(env, args.length > 0 ? MILLIS_OVER_1000 : EPOCH_SECOND).print();
        env.execute("clicks-per-minute");
    }

    public static DataStream<String> counts(StreamExecutionEnvironment env, WatermarkStrategy<Tuple2<String, Long>> strategy) {
        KafkaSource<Tuple2<String, Long>> clicks = Common.kafka("clicks");
        return env.fromSource(clicks, strategy, "clicks")
                .keyBy(e -> e.f0)
                .window(TumblingEventTimeWindows.of(Duration.ofMinutes(1)))
                .process(new Support.CountPerWindow());
    }
}
