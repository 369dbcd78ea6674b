package idle;

import org.apache.flink.api.common.eventtime.WatermarkStrategy;

import java.time.Duration;

/** Strategies shared by the jobs. */
public final class Strategies {
    public static final WatermarkStrategy<String> BOUNDED =
        WatermarkStrategy.forBoundedOutOfOrderness(Duration.ofSeconds(5)); // want "on a KafkaSource that feeds event-time windows"

    public static final WatermarkStrategy<String> WITH_IDLENESS =
        WatermarkStrategy.<String>forBoundedOutOfOrderness(Duration.ofSeconds(5)).withIdleness(Duration.ofMinutes(1));

    private Strategies() {}

    public static WatermarkStrategy<String> monotonous() {
        return WatermarkStrategy.<String>forMonotonousTimestamps() // want "withIdleness missing on a KafkaSource"
            .withTimestampAssigner((s, ts) -> Long.parseLong(s));
    }
}
