package ingest;

import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.api.common.serialization.SimpleStringSchema;
import org.apache.flink.api.connector.source.util.ratelimit.RateLimiterStrategy;
import org.apache.flink.connector.datagen.source.DataGeneratorSource;
import org.apache.flink.connector.kafka.source.KafkaSource;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.streaming.api.functions.KeyedProcessFunction;
import org.apache.flink.streaming.connectors.kafka.FlinkKafkaConsumer;
import org.apache.flink.util.Collector;

import java.time.Duration;
import java.util.Properties;

public class AfterSource {
    static final WatermarkStrategy<String> WS = WatermarkStrategy
        .<String>forBoundedOutOfOrderness(Duration.ofSeconds(5))
        .withIdleness(Duration.ofMinutes(1));

    void violations(StreamExecutionEnvironment env, KafkaSource<String> kafka) {
        env.fromSource(kafka, WatermarkStrategy.noWatermarks(), "clicks")
            .assignTimestampsAndWatermarks(WS) // want "^watermark strategy assigned after fromSource\\(KafkaSource\\) instead of passed to it\\nhelp: pass the strategy to fromSource instead of WatermarkStrategy.noWatermarks\\(\\)\\nnote: records of a lagging KafkaSource partition"
            .print();

        env.fromSource(Sources.clicks(), WatermarkStrategy.noWatermarks(), "clicks")
            .map(String::trim)
            .filter(s -> !s.isEmpty())
            .assignTimestampsAndWatermarks(WS) // want "instead of passed to it\\nhelp: move the map or flatMap before this call into the source's deserializer"
            .print();

        DataStream<String> raw = env.fromSource(Sources.clicks(), Sources.NONE, "clicks");
        DataStream<String> parsed = raw.flatMap((String s, Collector<String> out) -> out.collect(s)).returns(String.class);
        parsed.assignTimestampsAndWatermarks(WS).print(); // want "^watermark strategy assigned after fromSource\\(KafkaSource\\) instead of passed to it\\nhelp: move the map or flatMap before this call into the source's deserializer.*\\nnote: .*one watermark generator per subtask sees all its splits interleaved"

        env.fromSource(Sources.clicks(), WatermarkStrategy.noWatermarks(), "clicks")
            .filter(s -> !s.isEmpty())
            .assignTimestampsAndWatermarks(WS) // want "pass the strategy to fromSource instead"
            .print();
    }

    void lookAlikes(StreamExecutionEnvironment env, KafkaSource<String> kafka, Properties props) {
        // One split per subtask: the generator after the source sees what one per split would.
        DataGeneratorSource<String> gen = new DataGeneratorSource<>(i -> "e" + i, Long.MAX_VALUE, RateLimiterStrategy.perSecond(10), org.apache.flink.api.common.typeinfo.Types.STRING);
        env.fromSource(gen, WatermarkStrategy.noWatermarks(), "gen").assignTimestampsAndWatermarks(WS).print();

        env.fromSource(kafka, WS, "clicks").print();

        // The legacy consumer assigns per partition inside the source.
        FlinkKafkaConsumer<String> consumer = new FlinkKafkaConsumer<>("clicks", new SimpleStringSchema(), props);
        consumer.assignTimestampsAndWatermarks(WS);
        env.addSource(consumer).print();

        env.socketTextStream("localhost", 9999).assignTimestampsAndWatermarks(WS).print();
        env.fromElements("a", "b").assignTimestampsAndWatermarks(WS).print();
        env.fromData("a", "b").map(String::trim).assignTimestampsAndWatermarks(WS).print();

        DataStream<String> a = env.fromSource(kafka, WatermarkStrategy.noWatermarks(), "a");
        DataStream<String> b = env.fromSource(kafka, WatermarkStrategy.noWatermarks(), "b");
        a.union(b).assignTimestampsAndWatermarks(WS).print();

        a.keyBy(s -> s).process(new KeyedProcessFunction<String, String, String>() {
            @Override
            public void processElement(String value, Context ctx, Collector<String> out) {
                out.collect(value);
            }
        }).assignTimestampsAndWatermarks(WS).print();

        // env.fromSource(kafka, WatermarkStrategy.noWatermarks(), "k").assignTimestampsAndWatermarks(WS);
        String doc = "fromSource(kafka, WatermarkStrategy.noWatermarks(), k).assignTimestampsAndWatermarks(WS)";
    }
}
