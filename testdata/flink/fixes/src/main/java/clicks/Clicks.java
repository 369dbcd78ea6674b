package clicks;

import java.nio.charset.StandardCharsets;

import org.apache.flink.api.common.serialization.AbstractDeserializationSchema;
import org.apache.flink.api.java.tuple.Tuple2;
import org.apache.flink.connector.kafka.source.KafkaSource;

/**
 * The clicks topic the late-data rules' broken jobs read: "page,millis" as (page, millis). The
 * source is built but never opened (the proofs swap in a scripted one).
 */
public final class Clicks extends AbstractDeserializationSchema<Tuple2<String, Long>> {

    public static KafkaSource<Tuple2<String, Long>> source() {
        return KafkaSource.<Tuple2<String, Long>>builder()
                .setBootstrapServers("kafka:9092")
                .setTopics("clicks")
                .setValueOnlyDeserializer(new Clicks())
                .build();
    }

    @Override
    public Tuple2<String, Long> deserialize(byte[] message) {
        String[] kv = new String(message, StandardCharsets.UTF_8).split(",", 2);
        return Tuple2.of(kv[0], Long.parseLong(kv[1]));
    }
}
