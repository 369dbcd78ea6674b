package fixes.eventtimewithoutwatermarks;

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
 * event-time-without-watermarks: events "key,millis" from a Kafka topic, counted per key in 1 s
 * event-time windows. The source is read with WatermarkStrategy.noWatermarks(): the records
 * carry Kafka's timestamps, so the windows accept them, but no watermark ever passes a window
 * and none fires while the job runs.
 */
public class ClickCounts {
    public static void main(String[] args) throws Exception {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();
        counts(env).print();
        env.execute("click-counts");
    }

    public static DataStream<String> counts(StreamExecutionEnvironment env) {
        KafkaSource<Tuple2<String, Long>> events = KafkaSource.<Tuple2<String, Long>>builder()
                .setBootstrapServers("kafka:9092")
                .setTopics("events")
                .setValueOnlyDeserializer(new Events())
                .build();
        return env.fromSource(events, WatermarkStrategy.noWatermarks(), "events")
                .keyBy(e -> e.f0)
                .window(TumblingEventTimeWindows.of(Duration.ofSeconds(1)))
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
