package idle;

import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.api.common.serialization.SimpleStringSchema;
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
        env.fromSource(kafka, WatermarkStrategy.forBoundedOutOfOrderness(Duration.ofSeconds(5)), "inline").print(); // want "feeds fromSource at Jobs.java:19, a KafkaSource"

        env.fromSource(Sources.clicks(), Strategies.BOUNDED, "constant").print();
        env.fromSource(Sources.orders(), Strategies.monotonous(), "helper").print();

        WatermarkStrategy<String> ws = WatermarkStrategy
            .<String>forBoundedOutOfOrderness(Duration.ofSeconds(10)) // want "a KafkaSource"
            .withTimestampAssigner((s, ts) -> ts);
        env.fromSource(fromAParameter, ws, "parameter").print();

        // A socket stream is one input, but the union waits for the quieter one.
        DataStream<String> socket = env.socketTextStream("localhost", 9999)
            .assignTimestampsAndWatermarks(WatermarkStrategy.forMonotonousTimestamps()); // want "combined with another by union at Jobs.java:33"
        DataStream<String> clicks = env.fromSource(kafka, Strategies.WITH_IDLENESS, "clicks");
        clicks.union(socket.map(String::trim)).print();
    }

    void lookAlikes(StreamExecutionEnvironment env, KafkaSource<String> kafka) {
        env.fromSource(kafka, WatermarkStrategy.<String>forBoundedOutOfOrderness(Duration.ofSeconds(5)).withIdleness(Duration.ofMinutes(1)), "a").print();
        env.fromSource(kafka, WatermarkStrategy.<String>forMonotonousTimestamps().withTimestampAssigner((s, ts) -> ts).withIdleness(Duration.ofSeconds(30)), "b").print();
        env.fromSource(kafka, WatermarkStrategy.<String>forMonotonousTimestamps().withIdleness(Duration.ZERO), "zero is another rule's").print();
        env.fromSource(kafka, Strategies.WITH_IDLENESS, "c").print();

        WatermarkStrategy<String> later = WatermarkStrategy.forBoundedOutOfOrderness(Duration.ofSeconds(5));
        env.fromSource(kafka, later.withIdleness(Duration.ofMinutes(1)), "d").print();

        env.fromSource(kafka, WatermarkStrategy.noWatermarks(), "e").print();

        KafkaSource<String> bounded = KafkaSource.<String>builder()
            .setBootstrapServers("kafka:9092")
            .setTopics("clicks")
            .setValueOnlyDeserializer(new SimpleStringSchema())
            .setBounded(OffsetsInitializer.latest())
            .build();
        env.fromSource(bounded, WatermarkStrategy.forBoundedOutOfOrderness(Duration.ofSeconds(5)), "f").print();
        env.fromSource(Sources.backfill(), WatermarkStrategy.forMonotonousTimestamps(), "g").print();

        DataStream<String> test = env.fromElements("1", "2").assignTimestampsAndWatermarks(WatermarkStrategy.forMonotonousTimestamps());
        test.union(env.fromElements("3")).print();

        env.socketTextStream("localhost", 9999).assignTimestampsAndWatermarks(WatermarkStrategy.forMonotonousTimestamps()).print();
        // env.fromSource(kafka, WatermarkStrategy.forMonotonousTimestamps(), "h");
    }
}
