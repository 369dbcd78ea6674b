package jobs;

import static jobs.Timeouts.IDLE_MILLIS;

import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.streaming.api.windowing.time.Time;

import java.time.Duration;
import java.time.temporal.ChronoUnit;

public class IdleJob {
    static final int SECONDS = 60 - 60;

    void violations() {
        WatermarkStrategy.<String>forMonotonousTimestamps().withIdleness(Duration.ZERO); // want "idle timeout is zero"
        WatermarkStrategy.<String>forBoundedOutOfOrderness(Duration.ofSeconds(5))
            .withIdleness(Duration.ofMillis(0)); // want "IllegalArgumentException"
        WatermarkStrategy.<String>forMonotonousTimestamps().withIdleness(Duration.ofSeconds(SECONDS)); // want "zero"
        WatermarkStrategy.<String>forMonotonousTimestamps().withIdleness(Duration.ofMinutes(0)); // want "zero"
        WatermarkStrategy.<String>forMonotonousTimestamps().withIdleness(Duration.ofSeconds(-30)); // want "negative \\(-30s\\)"
        WatermarkStrategy.<String>forMonotonousTimestamps().withIdleness(Timeouts.NO_IDLENESS); // want "zero"
        WatermarkStrategy.<String>forMonotonousTimestamps().withIdleness(Duration.ofMillis(IDLE_MILLIS)); // want "zero"
        WatermarkStrategy.<String>forMonotonousTimestamps().withIdleness(Duration.of(0, ChronoUnit.MINUTES)); // want "zero"
        WatermarkStrategy.<String>forMonotonousTimestamps().withIdleness(Time.seconds(0).toDuration()); // want "zero"
        WatermarkStrategy.<String>forMonotonousTimestamps().withIdleness(Duration.parse("PT0S")); // want "zero"
        Duration idle = Duration.ZERO;
        WatermarkStrategy<String> ws = WatermarkStrategy.forMonotonousTimestamps();
        ws = ws.withIdleness(idle); // want "zero"
    }

    void lookAlikes(Duration fromConfig) {
        WatermarkStrategy.<String>forMonotonousTimestamps().withIdleness(Duration.ofMinutes(1));
        WatermarkStrategy.<String>forMonotonousTimestamps().withIdleness(Timeouts.ONE_MINUTE);
        WatermarkStrategy.<String>forMonotonousTimestamps().withIdleness(Duration.ofNanos(1));
        WatermarkStrategy.<String>forMonotonousTimestamps().withIdleness(fromConfig);
        // A zero out-of-orderness bound is legal: the timestamps are ascending.
        WatermarkStrategy.<String>forBoundedOutOfOrderness(Duration.ZERO).withIdleness(Duration.ofSeconds(30));
        // WatermarkStrategy.<String>forMonotonousTimestamps().withIdleness(Duration.ZERO);
        String doc = "withIdleness(Duration.ZERO)";
    }
}
