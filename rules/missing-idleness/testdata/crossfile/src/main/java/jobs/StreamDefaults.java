package jobs;

import org.apache.flink.api.common.eventtime.WatermarkStrategy;

import java.time.Duration;

/** Shared by every job: a change of a job's source can make it wrong. */
public final class StreamDefaults {
    private StreamDefaults() {}

    public static WatermarkStrategy<String> watermarks() {
        return WatermarkStrategy
            .<String>forBoundedOutOfOrderness(Duration.ofSeconds(5)) // want "withIdleness missing on a KafkaSource that feeds event-time windows"
            .withTimestampAssigner((s, ts) -> ts);
    }
}
