package ingest;

import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.api.common.serialization.SimpleStringSchema;
import org.apache.flink.connector.kafka.source.KafkaSource;
import org.apache.flink.connector.kafka.source.enumerator.initializer.OffsetsInitializer;

/** Sources and strategies shared by the jobs. */
public final class Sources {
    public static final WatermarkStrategy<String> NONE = WatermarkStrategy.noWatermarks();

    private Sources() {}

    public static KafkaSource<String> clicks() {
        return KafkaSource.<String>builder()
            .setBootstrapServers("kafka:9092")
            .setTopics("clicks")
            .setStartingOffsets(OffsetsInitializer.latest())
            .setValueOnlyDeserializer(new SimpleStringSchema())
            .build();
    }
}
