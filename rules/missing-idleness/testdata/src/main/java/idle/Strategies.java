package idle;

import org.apache.flink.api.common.eventtime.WatermarkStrategy;

import java.time.Duration;

/** Strategies shared by the jobs. */
public final class Strategies {
    public static final WatermarkStrategy<String> BOUNDED =
        WatermarkStrategy.forBoundedOutOfOrderness(Duration.ofSeconds(5)); // want "feeds fromSource at Jobs.java:\\d+, a KafkaSource"

    public static final WatermarkStrategy<String> WITH_IDLENESS =
        WatermarkStrategy.<String>forBoundedOutOfOrderness(Duration.ofSeconds(5)).withIdleness(Duration.ofMinutes(1));

    private Strategies() {}

    public static WatermarkStrategy<String> monotonous() {
        return WatermarkStrategy.<String>forMonotonousTimestamps() // want "has no withIdleness"
            .withTimestampAssigner((s, ts) -> Long.parseLong(s));
    }
}
