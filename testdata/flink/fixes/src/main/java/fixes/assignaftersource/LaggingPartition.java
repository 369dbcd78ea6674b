package fixes.assignaftersource;

import java.time.Duration;

import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.api.java.tuple.Tuple2;
import org.apache.flink.connector.kafka.source.KafkaSource;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.streaming.api.windowing.assigners.TumblingEventTimeWindows;

import dev.flinklint.semantics.Support;
import fixes.Common;

/**
 * assign-after-source: events "key,millis" from a Kafka topic, counted per key in 1 s
 * event-time windows. The source emits without watermarks and the strategy is assigned
 * after it: one generator per subtask follows the most advanced partition it reads, and the
 * records of a partition that lags behind arrive late and are dropped.
 */
public class LaggingPartition {
    public static void main(String[] args) throws Exception {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();
        counts(env).print();
        env.execute("lagging-partition");
    }

    public static DataStream<String> counts(StreamExecutionEnvironment env) {
        KafkaSource<Tuple2<String, Long>> events = Common.kafka("events");
        return env.fromSource(events, WatermarkStrategy.noWatermarks(), "events")
                .assignTimestampsAndWatermarks(WatermarkStrategy
                        .<Tuple2<String, Long>>forBoundedOutOfOrderness(Duration.ofSeconds(1))
                        .withTimestampAssigner((e, ts) -> e.f1))
                .keyBy(e -> e.f0)
                .window(TumblingEventTimeWindows.of(Duration.ofSeconds(1)))
                .process(new Support.CountPerWindow());
    }
}
