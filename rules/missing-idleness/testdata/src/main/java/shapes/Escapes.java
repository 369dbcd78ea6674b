package shapes;

import static org.apache.flink.table.api.Expressions.$;

import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.connector.kafka.source.KafkaSource;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.datastream.DataStreamUtils;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.table.api.Schema;
import org.apache.flink.table.api.bridge.java.StreamTableEnvironment;

import java.time.Duration;

/**
 * Streams that leave the code the rule can follow: what is done with their
 * event time there is unknown, so the finding stays. Streams converted to
 * tables without a time attribute have no event-time consumer.
 */
public class Escapes {
    DataStream<String> kept;

    DataStream<String> kept() {
        return kept;
    }

    DataStream<String> returned(StreamExecutionEnvironment env, KafkaSource<String> kafka) {
        return env.fromSource(kafka, WatermarkStrategy.<String>forMonotonousTimestamps(), "returned"); // want "a KafkaSource"
    }

    void violations(StreamExecutionEnvironment env, StreamTableEnvironment tEnv, KafkaSource<String> kafka) {
        DataStream<String> unknown = env.fromSource(kafka, WatermarkStrategy.<String>forMonotonousTimestamps(), "unknown"); // want "a KafkaSource"
        DataStreamUtils.reinterpretAsKeyedStream(unknown, s -> s).print();

        kept = env.fromSource(kafka, WatermarkStrategy.<String>forMonotonousTimestamps(), "field"); // want "a KafkaSource"

        DataStream<String> rowtime = env.fromSource(kafka, WatermarkStrategy.<String>forMonotonousTimestamps(), "rowtime"); // want "a KafkaSource"
        tEnv.fromDataStream(rowtime, $("f0"), $("ts").rowtime()).execute().print();

        DataStream<String> view = env.fromSource(kafka, WatermarkStrategy.<String>forMonotonousTimestamps(), "view"); // want "a KafkaSource"
        Schema schema = Schema.newBuilder()
            .columnByMetadata("ts", org.apache.flink.table.api.DataTypes.TIMESTAMP_LTZ(3), "rowtime")
            .watermark("ts", "SOURCE_WATERMARK()")
            .build();
        tEnv.createTemporaryView("clicks", view, schema);
        tEnv.executeSql("SELECT window_start, COUNT(*) FROM TABLE(TUMBLE(TABLE clicks, DESCRIPTOR(ts), INTERVAL '1' MINUTE)) GROUP BY window_start, window_end");
    }

    void lookAlikes(StreamExecutionEnvironment env, StreamTableEnvironment tEnv, KafkaSource<String> kafka) {
        DataStream<String> plain = env.fromSource(kafka, WatermarkStrategy.<String>forMonotonousTimestamps(), "no time attribute");
        tEnv.fromDataStream(plain).execute().print();
        tEnv.createTemporaryView("plain", env.fromSource(kafka, WatermarkStrategy.<String>forMonotonousTimestamps(), "view without one"));
        WatermarkStrategy<String> watermarkStrategy = WatermarkStrategy.<String>forMonotonousTimestamps();
        DataStream<String> named = env.fromSource(kafka, watermarkStrategy, "a stream whose code says watermark").map(String::trim);
        tEnv.fromDataStream(named, $("f0"), $("ts").as("event_time")).execute().print();
        DataStream<String> dropped = env.fromSource(kafka, WatermarkStrategy.<String>forMonotonousTimestamps(), "never read");
    }
}
