package jobs;

import org.apache.flink.api.common.eventtime.WatermarkStrategy;

import java.time.Duration;

/** Timeouts held in definitions that refer to each other: unknown, so never reported. */
public class Cycles {
    static final long LOOP_A = LOOP_B;
    static final long LOOP_B = LOOP_A;
    static final Duration SELF = SELF.plusSeconds(1);
    static final Duration PING = pong();

    static Duration pong() {
        return PING;
    }

    void strategies() {
        WatermarkStrategy.<String>forMonotonousTimestamps().withIdleness(Duration.ofMillis(LOOP_A));
        WatermarkStrategy.<String>forMonotonousTimestamps().withIdleness(Duration.ofMillis(LOOP_A - LOOP_B));
        WatermarkStrategy.<String>forMonotonousTimestamps().withIdleness(SELF);
        WatermarkStrategy.<String>forMonotonousTimestamps().withIdleness(PING);
    }
}
