package fixes.autowatermarkintervalzero;

import java.nio.charset.StandardCharsets;
import java.time.Duration;

import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.api.common.serialization.AbstractDeserializationSchema;
import org.apache.flink.api.java.tuple.Tuple2;
import org.apache.flink.connector.kafka.source.KafkaSource;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.streaming.api.functions.windowing.ProcessWindowFunction;
import org.apache.flink.streaming.api.windowing.assigners.TumblingEventTimeWindows;
import org.apache.flink.streaming.api.windowing.windows.TimeWindow;
import org.apache.flink.util.Collector;

/**
 * auto-watermark-interval-zero: events "key,millis" from a Kafka topic, counted per key in 500 ms
 * event-time windows. Meant to make watermarks follow the events at once, the job sets the
 * auto-watermark interval to 0, which turns periodic emission off: its forBoundedOutOfOrderness
 * strategy then emits no watermark, and no window fires while the job runs. The cluster's
 * config.yaml beside this file does the same.
 */
public class LowLatencyCounts {
    public static void main(String[] args) throws Exception {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();
        counts(env).print();
        env.execute("low-latency-counts");
    }

    public static DataStream<String> counts(StreamExecutionEnvironment env) {
        KafkaSource<Tuple2<String, Long>> events = KafkaSource.<Tuple2<String, Long>>builder()
                .setBootstrapServers("kafka:9092")
                .setTopics("events")
                .setValueOnlyDeserializer(new Events())
                .build();
        env.getConfig().setAutoWatermarkInterval(0);
        return env.fromSource(events,
                        WatermarkStrategy.<Tuple2<String, Long>>forBoundedOutOfOrderness(Duration.ofMillis(100))
                                .withTimestampAssigner((e, ts) -> e.f1),
                        "events")
                .keyBy(e -> e.f0)
                .window(TumblingEventTimeWindows.of(Duration.ofMillis(500)))
                .process(new Count());
    }

    /** "key [start, end) count" for each window. */
    static class Count extends ProcessWindowFunction<Tuple2<String, Long>, String, String, TimeWindow> {
        @Override
        public void process(String key, Context ctx, Iterable<Tuple2<String, Long>> in, Collector<String> out) {
            long n = 0;
            for (Tuple2<String, Long> e : in) {
                n++;
            }
            out.collect(key + " [" + ctx.window().getStart() + ", " + ctx.window().getEnd() + ") " + n);
        }
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
