package idle;

import org.apache.flink.api.common.serialization.SimpleStringSchema;
import org.apache.flink.connector.kafka.source.KafkaSource;
import org.apache.flink.connector.kafka.source.KafkaSourceBuilder;
import org.apache.flink.connector.kafka.source.enumerator.initializer.OffsetsInitializer;

/** Kafka sources, built in the styles jobs use. */
public final class Sources {
    private Sources() {}

    public static KafkaSource<String> clicks() {
        return KafkaSource.<String>builder()
            .setBootstrapServers("kafka:9092")
            .setTopics("clicks")
            .setValueOnlyDeserializer(new SimpleStringSchema())
            .build();
    }

    public static KafkaSource<String> orders() {
        KafkaSourceBuilder<String> builder = KafkaSource.builder();
        builder.setBootstrapServers("kafka:9092");
        builder.setTopics("orders");
        builder.setValueOnlyDeserializer(new SimpleStringSchema());
        return builder.build();
    }

    public static KafkaSource<String> backfill() {
        KafkaSourceBuilder<String> builder = KafkaSource.<String>builder()
            .setBootstrapServers("kafka:9092")
            .setTopics("orders")
            .setValueOnlyDeserializer(new SimpleStringSchema());
        builder.setBounded(OffsetsInitializer.latest());
        return builder.build();
    }
}
