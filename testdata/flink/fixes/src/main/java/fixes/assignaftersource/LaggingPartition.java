package fixes.assignaftersource;

import java.time.Duration;
import java.util.Properties;

import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.api.java.tuple.Tuple2;
import org.apache.flink.connector.kafka.source.KafkaSource;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.streaming.api.windowing.assigners.TumblingEventTimeWindows;
import org.apache.flink.streaming.connectors.kafka.FlinkKafkaConsumer;

import dev.flinklint.semantics.Support;
import fixes.Common;

/**
 * assign-after-source: events "key,millis" from a Kafka topic, counted per key in 1 s
 * event-time windows. The strategy is assigned to the stream the source emits (a KafkaSource
 * without watermarks, or the legacy FlinkKafkaConsumer): one generator per subtask follows
 * the most advanced partition it reads, and the records of a partition that lags behind
 * arrive late and are dropped.
 */
public class LaggingPartition {
    static final WatermarkStrategy<Tuple2<String, Long>> STRATEGY = WatermarkStrategy
            .<Tuple2<String, Long>>forBoundedOutOfOrderness(Duration.ofSeconds(1))
            .withTimestampAssigner((e, ts) -> e.f1);

    public static void main(String[] args) throws Exception {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();
        counts(env).print();
        env.execute("lagging-partition");
    }

    public static DataStream<String> counts(StreamExecutionEnvironment env) {
        KafkaSource<Tuple2<String, Long>> events = Common.kafka("events");
        return perSecond(env.fromSource(events, WatermarkStrategy.noWatermarks(), "events")
                .assignTimestampsAndWatermarks(STRATEGY));
    }

    /** The same, read with the legacy Kafka consumer. */
    public static DataStream<String> legacyCounts(StreamExecutionEnvironment env) {
        Properties props = new Properties();
        props.setProperty("bootstrap.servers", "kafka:9092");
        FlinkKafkaConsumer<Tuple2<String, Long>> events = new FlinkKafkaConsumer<>("events", new Common.Parse(), props);
        return perSecond(env.addSource(events)
                .assignTimestampsAndWatermarks(STRATEGY));
    }

    static DataStream<String> perSecond(DataStream<Tuple2<String, Long>> events) {
        return events.keyBy(e -> e.f0)
                .window(TumblingEventTimeWindows.of(Duration.ofSeconds(1)))
                .process(new Support.CountPerWindow());
    }
}
