package fixes.eventtimewithoutwatermarks;

import java.nio.charset.StandardCharsets;
import java.time.Duration;

import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.api.common.serialization.AbstractDeserializationSchema;
import org.apache.flink.api.common.typeinfo.Types;
import org.apache.flink.api.java.tuple.Tuple2;
import org.apache.flink.connector.kafka.source.KafkaSource;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.streaming.api.windowing.assigners.TumblingEventTimeWindows;

/**
 * event-time-without-watermarks: clicks "user,millis" from a Kafka topic, counted per user in
 * 1 s event-time windows. The source is read with WatermarkStrategy.noWatermarks(): the
 * records carry Kafka's timestamps, so the windows accept them, but no watermark ever passes
 * a window and none fires while the job runs.
 */
public class ClickCounts {
    public static void main(String[] args) throws Exception {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();
        counts(env).print();
        env.execute("click-counts");
    }

    public static DataStream<Tuple2<String, Long>> counts(StreamExecutionEnvironment env) {
        KafkaSource<Tuple2<String, Long>> clicks = KafkaSource.<Tuple2<String, Long>>builder()
                .setBootstrapServers("kafka:9092")
                .setTopics("clicks")
                .setValueOnlyDeserializer(new Clicks())
                .build();
        return env.fromSource(clicks, WatermarkStrategy.noWatermarks(), "clicks")
                .map(c -> Tuple2.of(c.f0, 1L))
                .returns(Types.TUPLE(Types.STRING, Types.LONG))
                .keyBy(c -> c.f0)
                .window(TumblingEventTimeWindows.of(Duration.ofSeconds(1)))
                .sum(1);
    }

    /** "user,millis" as (user, millis). */
    static class Clicks extends AbstractDeserializationSchema<Tuple2<String, Long>> {
        @Override
        public Tuple2<String, Long> deserialize(byte[] message) {
            String[] kv = new String(message, StandardCharsets.UTF_8).split(",", 2);
            return Tuple2.of(kv[0], Long.parseLong(kv[1]));
        }
    }
}
