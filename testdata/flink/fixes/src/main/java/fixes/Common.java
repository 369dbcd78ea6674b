package fixes;

import java.nio.charset.StandardCharsets;

import org.apache.flink.api.common.serialization.AbstractDeserializationSchema;
import org.apache.flink.api.java.tuple.Tuple2;

/**
 * What the broken jobs share and no fix touches: the records' format. prove.sh copies and
 * fixes only a rule's package (fixes/<p>/), so a job keeps there what its rule reads: its
 * source, its strategy, its windows. Their window function is Support.CountPerWindow.
 */
public final class Common {
    private Common() {}

    /** Kafka records "key,epochMillis" as (key, epochMillis). */
    public static class Parse extends AbstractDeserializationSchema<Tuple2<String, Long>> {
        @Override
        public Tuple2<String, Long> deserialize(byte[] message) {
            String[] kv = new String(message, StandardCharsets.UTF_8).split(",", 2);
            return Tuple2.of(kv[0], Long.parseLong(kv[1]));
        }
    }
}
