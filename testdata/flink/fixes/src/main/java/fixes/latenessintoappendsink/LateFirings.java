package fixes.latenessintoappendsink;

import java.nio.charset.StandardCharsets;
import java.time.Duration;

import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.api.common.serialization.AbstractDeserializationSchema;
import org.apache.flink.api.common.serialization.SimpleStringSchema;
import org.apache.flink.api.java.tuple.Tuple2;
import org.apache.flink.connector.kafka.sink.KafkaRecordSerializationSchema;
import org.apache.flink.connector.kafka.sink.KafkaSink;
import org.apache.flink.connector.kafka.source.KafkaSource;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.datastream.SingleOutputStreamOperator;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.streaming.api.functions.windowing.ProcessWindowFunction;
import org.apache.flink.streaming.api.windowing.assigners.TumblingEventTimeWindows;
import org.apache.flink.streaming.api.windowing.windows.TimeWindow;
import org.apache.flink.util.Collector;

/**
 * lateness-into-append-sink: clicks "page,millis" from a Kafka topic, counted per page in 1 s
 * event-time windows that allow 10 s of lateness, written to a Kafka topic. A late click fires
 * its window again, and the topic gets a second count for it beside the first: a total over the
 * topic counts the window twice.
 */
public class LateFirings {
    public static void main(String[] args) throws Exception {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();
        counts(env).sinkTo(KafkaSink.<String>builder()
                .setBootstrapServers("kafka:9092")
                .setRecordSerializer(KafkaRecordSerializationSchema.builder()
                        .setTopic("page-counts")
                        .setValueSerializationSchema(new SimpleStringSchema())
                        .build())
                .build());
        env.execute("late-firings");
    }

    public static DataStream<String> counts(StreamExecutionEnvironment env) {
        KafkaSource<Tuple2<String, Long>> clicks = KafkaSource.<Tuple2<String, Long>>builder()
                .setBootstrapServers("kafka:9092")
                .setTopics("clicks")
                .setValueOnlyDeserializer(new Clicks())
                .build();
        DataStream<Tuple2<String, Long>> events = env.fromSource(clicks,
                WatermarkStrategy.<Tuple2<String, Long>>forBoundedOutOfOrderness(Duration.ofMillis(100))
                        .withTimestampAssigner((e, ts) -> e.f1),
                "clicks");
        SingleOutputStreamOperator<String> counts = events
                .keyBy(e -> e.f0)
                .window(TumblingEventTimeWindows.of(Duration.ofSeconds(1)))
                .allowedLateness(Duration.ofSeconds(10))
                .process(new Count());
        return counts;
    }

    /** "page [start, end) count" for each window. */
    static class Count extends ProcessWindowFunction<Tuple2<String, Long>, String, String, TimeWindow> {
        @Override
        public void process(String page, Context ctx, Iterable<Tuple2<String, Long>> in, Collector<String> out) {
            long n = 0;
            for (Tuple2<String, Long> e : in) {
                n++;
            }
            out.collect(page + " [" + ctx.window().getStart() + ", " + ctx.window().getEnd() + ") " + n);
        }
    }

    /** "page,millis" as (page, millis). */
    static class Clicks extends AbstractDeserializationSchema<Tuple2<String, Long>> {
        @Override
        public Tuple2<String, Long> deserialize(byte[] message) {
            String[] kv = new String(message, StandardCharsets.UTF_8).split(",", 2);
            return Tuple2.of(kv[0], Long.parseLong(kv[1]));
        }
    }
}
