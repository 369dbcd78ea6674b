package records;

import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.api.common.serialization.SimpleStringSchema;
import org.apache.flink.connector.kafka.sink.KafkaRecordSerializationSchema;
import org.apache.flink.connector.kafka.sink.KafkaSink;
import org.apache.flink.connector.kafka.source.KafkaSource;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.streaming.api.windowing.assigners.TumblingEventTimeWindows;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;

import java.time.Duration;
import java.util.Arrays;

// The project's own producer stamps the records of "orders" with the event's
// time, so reading them by their record timestamp is meant.
public class Producers {
    static final String ORDERS = "orders";

    void produce(KafkaProducer<String, String> producer, String line) {
        producer.send(new ProducerRecord<>(ORDERS, null, Jobs.eventTime(line), null, line));
        // No timestamp: the producer's clock stamps "payments".
        producer.send(new ProducerRecord<>("payments", null, null, null, line));
    }

    void consume(StreamExecutionEnvironment env) {
        KafkaSource<String> orders = KafkaSource.<String>builder()
            .setBootstrapServers("localhost:9092")
            .setTopics(Arrays.asList(ORDERS))
            .setValueOnlyDeserializer(new SimpleStringSchema())
            .build();
        env.fromSource(orders, WatermarkStrategy.<String>forMonotonousTimestamps(), "orders")
            .keyBy(s -> s)
            .window(TumblingEventTimeWindows.of(Duration.ofMinutes(1)))
            .reduce((a, b) -> a + b)
            .print();

        KafkaSource<String> payments = KafkaSource.<String>builder()
            .setBootstrapServers("localhost:9092")
            .setTopics("payments")
            .setValueOnlyDeserializer(new SimpleStringSchema())
            .build();
        env.fromSource(payments, WatermarkStrategy.<String>forMonotonousTimestamps(), "payments") // want "^event time is the Kafka record's timestamp: no withTimestampAssigner\\n"
            .keyBy(s -> s)
            .window(TumblingEventTimeWindows.of(Duration.ofMinutes(1)))
            .reduce((a, b) -> a + b)
            .print();
    }

    // A KafkaSink writes the Flink records' timestamps, here those of the
    // "payments" records it read without an assigner: "settled" gets the
    // producers' send times too, and a job reading it is reported.
    void forward(StreamExecutionEnvironment env) {
        KafkaSource<String> payments = KafkaSource.<String>builder()
            .setBootstrapServers("localhost:9092")
            .setTopics("payments")
            .setValueOnlyDeserializer(new SimpleStringSchema())
            .build();
        KafkaSink<String> settled = KafkaSink.<String>builder()
            .setBootstrapServers("localhost:9092")
            .setRecordSerializer(KafkaRecordSerializationSchema.builder()
                .setTopic("settled")
                .setValueSerializationSchema(new SimpleStringSchema())
                .build())
            .build();
        env.fromSource(payments, WatermarkStrategy.noWatermarks(), "payments")
            .filter(line -> !line.isEmpty())
            .sinkTo(settled);

        KafkaSource<String> settledSource = KafkaSource.<String>builder()
            .setBootstrapServers("localhost:9092")
            .setTopics("settled")
            .setValueOnlyDeserializer(new SimpleStringSchema())
            .build();
        env.fromSource(settledSource, WatermarkStrategy.<String>forMonotonousTimestamps(), "settled") // want "^event time is the Kafka record's timestamp: no withTimestampAssigner\\n"
            .keyBy(s -> s)
            .window(TumblingEventTimeWindows.of(Duration.ofMinutes(1)))
            .reduce((a, b) -> a + b)
            .print();
    }
}
