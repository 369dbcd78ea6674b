package fixes.globalwindownotrigger;

import java.nio.charset.StandardCharsets;

import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.api.common.serialization.AbstractDeserializationSchema;
import org.apache.flink.api.java.tuple.Tuple2;
import org.apache.flink.connector.kafka.source.KafkaSource;
import org.apache.flink.connector.kafka.source.enumerator.initializer.OffsetsInitializer;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.streaming.api.windowing.assigners.GlobalWindows;

/**
 * global-window-no-trigger: reads a Kafka topic of "key,amount" up to its latest offsets (a
 * bounded source) and totals the amounts per key in one global window. GlobalWindows.create()
 * has no trigger that fires, so the job emits nothing, not even when the input ends.
 */
public class TopicTotals {
    public static void main(String[] args) throws Exception {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();
        totals(env).print();
        env.execute("topic-totals");
    }

    public static DataStream<Tuple2<String, Long>> totals(StreamExecutionEnvironment env) {
        KafkaSource<Tuple2<String, Long>> amounts = KafkaSource.<Tuple2<String, Long>>builder()
                .setBootstrapServers("kafka:9092")
                .setTopics("amounts")
                .setStartingOffsets(OffsetsInitializer.earliest())
                .setBounded(OffsetsInitializer.latest())
                .setValueOnlyDeserializer(new Amounts())
                .build();
        return env.fromSource(amounts, WatermarkStrategy.noWatermarks(), "amounts")
                .keyBy(a -> a.f0)
                .window(GlobalWindows.create())
                .reduce((a, b) -> Tuple2.of(a.f0, a.f1 + b.f1));
    }

    /** "key,amount" as (key, amount). */
    static class Amounts extends AbstractDeserializationSchema<Tuple2<String, Long>> {
        @Override
        public Tuple2<String, Long> deserialize(byte[] message) {
            String[] kv = new String(message, StandardCharsets.UTF_8).split(",", 2);
            return Tuple2.of(kv[0], Long.parseLong(kv[1]));
        }
    }
}
