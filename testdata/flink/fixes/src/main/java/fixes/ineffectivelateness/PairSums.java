package fixes.ineffectivelateness;

import java.nio.charset.StandardCharsets;
import java.time.Duration;

import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.api.common.serialization.AbstractDeserializationSchema;
import org.apache.flink.api.java.tuple.Tuple2;
import org.apache.flink.connector.kafka.source.KafkaSource;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.util.OutputTag;

/**
 * ineffective-lateness: events "key,millis" from a Kafka topic, summed two by two per key in
 * count windows. The job allows five minutes of lateness and sends late events to a side
 * output, but a count window is not an event-time window: no event is ever late there, and
 * both settings do nothing.
 */
public class PairSums {
    static final OutputTag<Tuple2<String, Long>> LATE = new OutputTag<Tuple2<String, Long>>("late-events") {};

    public static void main(String[] args) throws Exception {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();
        sums(env).print();
        env.execute("pair-sums");
    }

    public static DataStream<Tuple2<String, Long>> sums(StreamExecutionEnvironment env) {
        KafkaSource<Tuple2<String, Long>> events = KafkaSource.<Tuple2<String, Long>>builder()
                .setBootstrapServers("kafka:9092")
                .setTopics("events")
                .setValueOnlyDeserializer(new Events())
                .build();
        return env.fromSource(events,
                        WatermarkStrategy.<Tuple2<String, Long>>forBoundedOutOfOrderness(Duration.ofMillis(100))
                                .withTimestampAssigner((e, ts) -> e.f1),
                        "events")
                .keyBy(e -> e.f0)
                .countWindow(2)
                .allowedLateness(Duration.ofMinutes(5))
                .sideOutputLateData(LATE)
                .reduce((a, b) -> Tuple2.of(a.f0, a.f1 + b.f1));
    }

    /** "key,millis" as (key, millis). */
    static class Events extends AbstractDeserializationSchema<Tuple2<String, Long>> {
        @Override
        public Tuple2<String, Long> deserialize(byte[] message) {
            String[] kv = new String(message, StandardCharsets.UTF_8).split(",", 2);
            return Tuple2.of(kv[0], Long.parseLong(kv[1]));
        }
    }
}
