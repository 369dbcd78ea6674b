package fixes.latenessintoappendsink;

import java.time.Duration;

import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.api.common.serialization.SimpleStringSchema;
import org.apache.flink.api.java.tuple.Tuple2;
import org.apache.flink.connector.kafka.sink.KafkaRecordSerializationSchema;
import org.apache.flink.connector.kafka.sink.KafkaSink;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.datastream.SingleOutputStreamOperator;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.streaming.api.windowing.assigners.TumblingEventTimeWindows;

import clicks.Clicks;
import clicks.CountClicks;

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
        DataStream<Tuple2<String, Long>> events = env.fromSource(Clicks.source(),
                WatermarkStrategy.<Tuple2<String, Long>>forBoundedOutOfOrderness(Duration.ofMillis(100))
                        .withTimestampAssigner((e, ts) -> e.f1),
                "clicks");
        SingleOutputStreamOperator<String> counts = events
                .keyBy(e -> e.f0)
                .window(TumblingEventTimeWindows.of(Duration.ofSeconds(1)))
                .allowedLateness(Duration.ofSeconds(10))
                .process(new CountClicks());
        return counts;
    }
}
