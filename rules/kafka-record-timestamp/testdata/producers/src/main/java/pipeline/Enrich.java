package pipeline;

import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.api.common.serialization.SimpleStringSchema;
import org.apache.flink.connector.kafka.sink.KafkaRecordSerializationSchema;
import org.apache.flink.connector.kafka.sink.KafkaSink;
import org.apache.flink.connector.kafka.source.KafkaSource;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.streaming.api.windowing.assigners.TumblingEventTimeWindows;

import java.time.Duration;

// A KafkaSink built with KafkaRecordSerializationSchema.builder() writes each
// Flink record's timestamp into the Kafka record: here the event times that
// stamp() assigns. Its topic is a parameter the code does not show, so it
// may be the topic that run() reads: the rule stays silent in this project.
public class Enrich {
    static KafkaSink<String> sink(String topic) {
        return KafkaSink.<String>builder()
            .setBootstrapServers("localhost:9092")
            .setRecordSerializer(KafkaRecordSerializationSchema.builder()
                .setTopic(topic)
                .setValueSerializationSchema(new SimpleStringSchema())
                .build())
            .build();
    }

    static KafkaSource<String> source(String topic) {
        return KafkaSource.<String>builder()
            .setBootstrapServers("localhost:9092")
            .setTopics(topic)
            .setValueOnlyDeserializer(new SimpleStringSchema())
            .build();
    }

    void stamp(StreamExecutionEnvironment env, String out) {
        env.fromSource(source("raw"), WatermarkStrategy.<String>forMonotonousTimestamps()
                .withTimestampAssigner((line, ts) -> Long.parseLong(line.split(",")[0])), "raw")
            .map(String::trim)
            .sinkTo(sink(out));
    }

    void run(StreamExecutionEnvironment env) {
        KafkaSource<String> source = KafkaSource.<String>builder()
            .setBootstrapServers("localhost:9092")
            .setTopics("enriched")
            .setValueOnlyDeserializer(new SimpleStringSchema())
            .build();
        env.fromSource(source, WatermarkStrategy.<String>forMonotonousTimestamps(), "enriched")
            .keyBy(s -> s)
            .window(TumblingEventTimeWindows.of(Duration.ofMinutes(1)))
            .reduce((a, b) -> a + b)
            .print();
    }
}
