package ingest;

import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.api.common.serialization.SimpleStringSchema;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.streaming.api.functions.timestamps.BoundedOutOfOrdernessTimestampExtractor;
import org.apache.flink.streaming.api.windowing.time.Time;
import org.apache.flink.streaming.connectors.kafka.FlinkKafkaConsumer;

import java.time.Duration;
import java.util.Properties;

// The legacy Kafka consumer (flink-connector-kafka before 4.0) given to
// addSource: a strategy assigned on the stream after it runs one generator
// per subtask over the interleaved partitions; the consumer's own
// assignTimestampsAndWatermarks tracks each partition.
public class LegacyKafka {
    static final WatermarkStrategy<String> WS = WatermarkStrategy
        .<String>forBoundedOutOfOrderness(Duration.ofSeconds(5))
        .withTimestampAssigner((s, ts) -> Long.parseLong(s.split(",")[0]));

    static class Extractor extends BoundedOutOfOrdernessTimestampExtractor<String> {
        Extractor() {
            super(Time.seconds(5));
        }

        @Override
        public long extractTimestamp(String s) {
            return Long.parseLong(s.split(",")[0]);
        }
    }

    void inline(StreamExecutionEnvironment env, Properties props) {
        env.addSource(new FlinkKafkaConsumer<>("clicks", new SimpleStringSchema(), props))
            .assignTimestampsAndWatermarks(WS) // want "^watermark strategy assigned after addSource\\(FlinkKafkaConsumer\\) instead of on the consumer\\nhelp: call assignTimestampsAndWatermarks on the consumer instead.*\\nnote: records of a lagging partition"
            .print();
    }

    void variable(StreamExecutionEnvironment env, Properties props) {
        FlinkKafkaConsumer<String> consumer = new FlinkKafkaConsumer<>("orders", new SimpleStringSchema(), props);
        consumer.setStartFromLatest();
        env.addSource(consumer).name("orders").uid("orders-source")
            .assignTimestampsAndWatermarks(WS) // want "^watermark strategy assigned after (addSource\\(FlinkKafkaConsumer\\) instead of on the consumer|from_source\\(KafkaSource\\) instead of passed to it)$|help: (call assign|pass the strategy to from_source)"
            .print();
    }

    void legacyAssigner(StreamExecutionEnvironment env, Properties props) {
        env.addSource(new FlinkKafkaConsumer<>("views", new SimpleStringSchema(), props))
            .assignTimestampsAndWatermarks(new Extractor()) // want "^watermark strategy assigned after (addSource\\(FlinkKafkaConsumer\\) instead of on the consumer|from_source\\(KafkaSource\\) instead of passed to it)$|help: (call assign|pass the strategy to from_source)"
            .print();
    }

    void throughVariables(StreamExecutionEnvironment env, Properties props) {
        DataStream<String> raw = env.addSource(new FlinkKafkaConsumer<>("a", new SimpleStringSchema(), props));
        raw.filter(s -> !s.isEmpty()).assignTimestampsAndWatermarks(WS).print(); // want "^watermark strategy assigned after (addSource\\(FlinkKafkaConsumer\\) instead of on the consumer|from_source\\(KafkaSource\\) instead of passed to it)$|help: (call assign|pass the strategy to from_source)"

        raw.map(String::trim).assignTimestampsAndWatermarks(WS).print(); // want "instead of on the consumer\\nhelp: move the map or flatMap before this call into the consumer's deserialization schema"
    }

    void shared(StreamExecutionEnvironment env, Properties props) {
        // One consumer read twice: the fix would give the strategy to both streams.
        FlinkKafkaConsumer<String> consumer = new FlinkKafkaConsumer<>("b", new SimpleStringSchema(), props);
        env.addSource(consumer).assignTimestampsAndWatermarks(WS).print(); // want "^watermark strategy assigned after (addSource\\(FlinkKafkaConsumer\\) instead of on the consumer|from_source\\(KafkaSource\\) instead of passed to it)$|help: (call assign|pass the strategy to from_source)"
        env.addSource(consumer).print();
    }

    void twice(StreamExecutionEnvironment env, Properties props) {
        FlinkKafkaConsumer<String> consumer = new FlinkKafkaConsumer<>("c", new SimpleStringSchema(), props);
        consumer.assignTimestampsAndWatermarks(WS);
        env.addSource(consumer).assignTimestampsAndWatermarks(WS).print(); // want "^watermark strategy assigned again after FlinkKafkaConsumer, replacing the consumer's\\nhelp: keep a single strategy, the consumer's"
    }

    void fine(StreamExecutionEnvironment env, Properties props, FlinkKafkaConsumer<String> given) {
        env.addSource(new FlinkKafkaConsumer<>("d", new SimpleStringSchema(), props).assignTimestampsAndWatermarks(WS)).print();
        // A consumer the code does not show: it may have a strategy already.
        env.addSource(given).assignTimestampsAndWatermarks(WS).print();
        // Regrouped first: the stream no longer follows the partitions.
        env.addSource(new FlinkKafkaConsumer<>("e", new SimpleStringSchema(), props))
            .keyBy(s -> s)
            .process(new org.apache.flink.streaming.api.functions.KeyedProcessFunction<String, String, String>() {
                @Override
                public void processElement(String v, Context ctx, org.apache.flink.util.Collector<String> out) {
                    out.collect(v);
                }
            })
            .assignTimestampsAndWatermarks(WS)
            .print();
    }
}
