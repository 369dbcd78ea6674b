package jobs;

import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;

import java.time.Duration;

/** Other zero durations are legal and stay silent; this one mentions withIdleness only here. */
public class StateJob {
    void configure(StreamExecutionEnvironment env) {
        env.getCheckpointConfig().setCheckpointTimeout(Duration.ofMinutes(10).toMillis());
        env.getConfig().setAutoWatermarkInterval(200L);
        env.getCheckpointConfig().setMinPauseBetweenCheckpoints(0);
    }
}
