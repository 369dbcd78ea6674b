package fixes;

import java.nio.charset.StandardCharsets;

import org.apache.flink.api.common.serialization.AbstractDeserializationSchema;
import org.apache.flink.api.java.tuple.Tuple2;
import org.apache.flink.connector.kafka.source.KafkaSource;

/**
 * What the broken jobs share and no fix touches: their Kafka source's settings and the
 * records' format. prove.sh copies and fixes only a rule's package (fixes/<p>/), so a job
 * keeps there what its rule reads: its source (a local variable of type KafkaSource), its
 * strategy, its windows. Their window function is Support.CountPerWindow.
 */
public final class Common {
    private Common() {}

    /** A Kafka source of records "key,epochMillis" (built, never opened: a test swaps its input). */
    public static KafkaSource<Tuple2<String, Long>> kafka(String topic) {
        return KafkaSource.<Tuple2<String, Long>>builder()
                .setBootstrapServers("kafka:9092")
                .setTopics(topic)
                .setValueOnlyDeserializer(new Parse())
                .build();
    }

    /** Kafka records "key,epochMillis" as (key, epochMillis). */
    public static class Parse extends AbstractDeserializationSchema<Tuple2<String, Long>> {
        @Override
        public Tuple2<String, Long> deserialize(byte[] message) {
            String[] kv = new String(message, StandardCharsets.UTF_8).split(",", 2);
            return Tuple2.of(kv[0], Long.parseLong(kv[1]));
        }
    }
}
