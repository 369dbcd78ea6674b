package fixes;

import java.nio.charset.StandardCharsets;

import org.apache.flink.api.common.serialization.AbstractDeserializationSchema;
import org.apache.flink.api.java.tuple.Tuple2;
import org.apache.flink.connector.kafka.source.KafkaSource;
import org.apache.flink.streaming.api.functions.windowing.ProcessWindowFunction;
import org.apache.flink.streaming.api.windowing.windows.TimeWindow;
import org.apache.flink.util.Collector;

/**
 * What the broken jobs of the fix proofs share and no rule is about: their Kafka topics of
 * events "key,millis" (a KafkaSource is built without a broker, and never opened in a proof)
 * and their count per key and window. It stays in package fixes, which prove.sh does not copy,
 * so that a broken job and its fixed copy use the same classes.
 */
public final class Events {
    private Events() {}

    /** A KafkaSource of the events of topic, as (key, millis). */
    public static KafkaSource<Tuple2<String, Long>> topic(String topic) {
        return KafkaSource.<Tuple2<String, Long>>builder()
                .setBootstrapServers("kafka:9092")
                .setTopics(topic)
                .setValueOnlyDeserializer(new Parse())
                .build();
    }

    /** "key [start, end) count" for each window. */
    public static final class Count extends ProcessWindowFunction<Tuple2<String, Long>, String, String, TimeWindow> {
        @Override
        public void process(String key, Context ctx, Iterable<Tuple2<String, Long>> in, Collector<String> out) {
            long n = 0;
            for (Tuple2<String, Long> e : in) {
                n++;
            }
            out.collect(key + " [" + ctx.window().getStart() + ", " + ctx.window().getEnd() + ") " + n);
        }
    }

    /** "key,millis" as (key, millis). */
    static final class Parse extends AbstractDeserializationSchema<Tuple2<String, Long>> {
        @Override
        public Tuple2<String, Long> deserialize(byte[] message) {
            String[] kv = new String(message, StandardCharsets.UTF_8).split(",", 2);
            return Tuple2.of(kv[0], Long.parseLong(kv[1]));
        }
    }
}
