package idle;

import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.api.common.serialization.SimpleStringSchema;
import org.apache.flink.api.connector.sink2.Sink;
import org.apache.flink.connector.kafka.source.KafkaSource;
import org.apache.flink.connector.kafka.source.enumerator.initializer.OffsetsInitializer;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;

import java.time.Duration;

public class Jobs {
    void violations(StreamExecutionEnvironment env, KafkaSource<String> fromAParameter) {
        KafkaSource<String> kafka = KafkaSource.<String>builder()
            .setBootstrapServers("kafka:9092")
            .setTopics("clicks")
            .setValueOnlyDeserializer(new SimpleStringSchema())
            .build();
        Windows.perMinute(env.fromSource(kafka, WatermarkStrategy.forBoundedOutOfOrderness(Duration.ofSeconds(5)), "inline")).print(); // want "on a KafkaSource that feeds event-time windows"

        Windows.perMinute(env.fromSource(Sources.clicks(), Strategies.BOUNDED, "constant")).print();
        Windows.perMinute(env.fromSource(Sources.orders(), Strategies.monotonous(), "helper")).print();

        WatermarkStrategy<String> ws = WatermarkStrategy
            .<String>forBoundedOutOfOrderness(Duration.ofSeconds(10)) // want "a KafkaSource"
            .withTimestampAssigner((s, ts) -> ts);
        Windows.perMinute(env.fromSource(fromAParameter, ws, "parameter")).print();

        // A socket stream is one input, but the union waits for the quieter one.
        DataStream<String> socket = env.socketTextStream("localhost", 9999)
            .assignTimestampsAndWatermarks(WatermarkStrategy.forMonotonousTimestamps()); // want "combined with another by union"
        DataStream<String> clicks = env.fromSource(kafka, Strategies.WITH_IDLENESS, "clicks");
        Windows.perMinute(clicks.union(socket.map(String::trim))).print();
    }

    void lookAlikes(StreamExecutionEnvironment env, KafkaSource<String> kafka) {
        Windows.perMinute(env.fromSource(kafka, WatermarkStrategy.<String>forBoundedOutOfOrderness(Duration.ofSeconds(5)).withIdleness(Duration.ofMinutes(1)), "a"));
        Windows.perMinute(env.fromSource(kafka, WatermarkStrategy.<String>forMonotonousTimestamps().withTimestampAssigner((s, ts) -> ts).withIdleness(Duration.ofSeconds(30)), "b"));
        Windows.perMinute(env.fromSource(kafka, WatermarkStrategy.<String>forMonotonousTimestamps().withIdleness(Duration.ZERO), "zero is another rule's"));
        Windows.perMinute(env.fromSource(kafka, Strategies.WITH_IDLENESS, "c"));

        WatermarkStrategy<String> later = WatermarkStrategy.forBoundedOutOfOrderness(Duration.ofSeconds(5));
        Windows.perMinute(env.fromSource(kafka, later.withIdleness(Duration.ofMinutes(1)), "d"));

        Windows.perMinute(env.fromSource(kafka, WatermarkStrategy.noWatermarks(), "e"));

        KafkaSource<String> bounded = KafkaSource.<String>builder()
            .setBootstrapServers("kafka:9092")
            .setTopics("clicks")
            .setValueOnlyDeserializer(new SimpleStringSchema())
            .setBounded(OffsetsInitializer.latest())
            .build();
        Windows.perMinute(env.fromSource(bounded, WatermarkStrategy.forBoundedOutOfOrderness(Duration.ofSeconds(5)), "f"));
        Windows.perMinute(env.fromSource(Sources.backfill(), WatermarkStrategy.forMonotonousTimestamps(), "g"));

        DataStream<String> test = env.fromElements("1", "2").assignTimestampsAndWatermarks(WatermarkStrategy.forMonotonousTimestamps());
        Windows.perMinute(test.union(env.fromElements("3")));

        Windows.perMinute(env.socketTextStream("localhost", 9999).assignTimestampsAndWatermarks(WatermarkStrategy.forMonotonousTimestamps()));
        // env.fromSource(kafka, WatermarkStrategy.forMonotonousTimestamps(), "h");
    }

    // Demos that only print, map or write their stream: nothing downstream waits for its watermark.
    void printOnly(StreamExecutionEnvironment env, KafkaSource<String> kafka, Sink<String> sink) {
        env.fromSource(kafka, WatermarkStrategy.forBoundedOutOfOrderness(Duration.ofSeconds(5)), "printed").print();
        env.fromSource(kafka, WatermarkStrategy.<String>forMonotonousTimestamps(), "mapped").map(String::trim).keyBy(s -> s).sinkTo(sink);
        DataStream<String> socket = env.socketTextStream("localhost", 9999)
            .assignTimestampsAndWatermarks(WatermarkStrategy.forMonotonousTimestamps());
        env.fromSource(kafka, Strategies.WITH_IDLENESS, "clicks").union(socket).print();
    }
}
