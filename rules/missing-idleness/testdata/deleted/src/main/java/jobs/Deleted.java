package jobs;

import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.connector.kafka.source.KafkaSource;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;

import java.time.Duration;

/** A pull request deleted the line .withIdleness(Duration.ofMinutes(1)) after withTimestampAssigner. */
public class Deleted {
    void run(StreamExecutionEnvironment env, KafkaSource<String> kafka) {
        WatermarkStrategy<String> strategy = WatermarkStrategy
            .<String>forBoundedOutOfOrderness(Duration.ofSeconds(5)) // want "withIdleness missing on an aligned KafkaSource"
            .withTimestampAssigner((s, ts) -> ts)
            .withWatermarkAlignment("clicks", Duration.ofSeconds(20));
        env.fromSource(kafka, strategy, "clicks").print();
    }
}
