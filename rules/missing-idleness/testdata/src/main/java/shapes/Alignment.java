package shapes;

import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.api.connector.source.lib.NumberSequenceSource;
import org.apache.flink.connector.kafka.source.KafkaSource;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;

import java.time.Duration;

/**
 * Watermark alignment: a split or source that stays behind pauses the
 * reading of the others in its group, whether or not event-time logic
 * follows, so a quiet Kafka partition without idleness stops the job
 * reading.
 */
public class Alignment {
    void violations(StreamExecutionEnvironment env, KafkaSource<String> kafka) {
        // Only a sink follows.
        env.fromSource(kafka, WatermarkStrategy.<String>forBoundedOutOfOrderness(Duration.ofSeconds(5)) // want "on an aligned KafkaSource: a quiet split pauses its alignment group"
                .withWatermarkAlignment("orders", Duration.ofSeconds(20), Duration.ofSeconds(1)), "aligned")
            .map(String::trim)
            .print();

        // Aligned through a variable, in another statement.
        WatermarkStrategy<String> base = WatermarkStrategy.<String>forMonotonousTimestamps(); // want "on an aligned KafkaSource"
        WatermarkStrategy<String> aligned = base.withWatermarkAlignment("orders", Duration.ofSeconds(20));
        env.fromSource(kafka, aligned, "aligned later").print();
    }

    void lookAlikes(StreamExecutionEnvironment env, KafkaSource<String> kafka) {
        // Idleness set: a quiet split is left out of the alignment.
        env.fromSource(kafka, WatermarkStrategy.<String>forMonotonousTimestamps().withIdleness(Duration.ofMinutes(1))
                .withWatermarkAlignment("orders", Duration.ofSeconds(20)), "idle")
            .print();

        // A bounded source: its splits end.
        env.fromSource(new NumberSequenceSource(1, 1000), WatermarkStrategy.<Long>forMonotonousTimestamps()
                .withWatermarkAlignment("numbers", Duration.ofSeconds(20)), "numbers")
            .print();

        // Not aligned and nothing waits for the watermark.
        env.fromSource(kafka, WatermarkStrategy.<String>forMonotonousTimestamps(), "plain").print();

        // assignTimestampsAndWatermarks ignores alignment (assign-after-source says so).
        env.fromSource(kafka, WatermarkStrategy.noWatermarks(), "assigned")
            .assignTimestampsAndWatermarks(WatermarkStrategy.<String>forMonotonousTimestamps()
                .withWatermarkAlignment("orders", Duration.ofSeconds(20)))
            .print();
    }
}
