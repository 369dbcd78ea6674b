package ingest;

import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.api.common.serialization.SimpleStringSchema;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.streaming.connectors.kafka.FlinkKafkaConsumer;

import java.time.Duration;
import java.util.Properties;

// The legacy Kafka consumer made by an instance method of a factory called
// on a new factory (trials: taokaigang/flink-all's KafkaConsumerFactory),
// and set up by the consumer's own fluent setters, which return it.
public class FactoryConsumers {
    static final WatermarkStrategy<String> WS = WatermarkStrategy
        .<String>forBoundedOutOfOrderness(Duration.ofSeconds(5))
        .withTimestampAssigner((s, ts) -> Long.parseLong(s.split(",")[0]));

    static class ConsumerFactory {
        private final Properties props = new Properties();

        FlinkKafkaConsumer<String> create(String topic, String group) {
            props.setProperty("group.id", group);
            return new FlinkKafkaConsumer<>(topic, new SimpleStringSchema(), props);
        }
    }

    void onANewFactory(StreamExecutionEnvironment env) {
        FlinkKafkaConsumer<String> consumer = new ConsumerFactory().create("clicks", "g");
        env.addSource(consumer)
            .map(String::trim)
            .assignTimestampsAndWatermarks(WS) // want "^watermark strategy assigned after addSource\\(FlinkKafkaConsumer\\) instead of on the consumer\\n"
            .print();
    }

    void inline(StreamExecutionEnvironment env) {
        env.addSource(new ConsumerFactory().create("views", "g").setStartFromEarliest())
            .assignTimestampsAndWatermarks(WS) // want "^watermark strategy assigned after (addSource\\(FlinkKafkaConsumer\\) instead of on the consumer|from_source\\(KafkaSource\\) instead of passed to it)$|help: (call assign|pass the strategy to from_source)"
            .print();
    }
}
