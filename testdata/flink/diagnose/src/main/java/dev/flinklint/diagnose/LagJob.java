package dev.flinklint.diagnose;

import java.time.Duration;

import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.core.execution.JobClient;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.streaming.api.functions.sink.v2.DiscardingSink;
import org.apache.flink.streaming.api.windowing.assigners.TumblingEventTimeWindows;

/** An out-of-orderness bound of an hour on a 10-second window: results an hour late. */
public final class LagJob {
    private LagJob() {}

    static JobClient start(StreamExecutionEnvironment env) throws Exception {
        env.setParallelism(2);
        WatermarkStrategy<Tick> strategy = WatermarkStrategy.<Tick>forBoundedOutOfOrderness(Duration.ofHours(1)) // diagnose: event-time-lag
                .withTimestampAssigner((tick, ts) -> tick.millis())
                .withIdleness(Duration.ofMinutes(1));
        env.fromSource(Ticks.steady(2, 100), strategy, "sensor-readings")
                .keyBy(Tick::key)
                .window(TumblingEventTimeWindows.of(Duration.ofSeconds(10)))
                .reduce((a, b) -> b)
                .sinkTo(new DiscardingSink<>());
        return env.executeAsync("diagnose-lag");
    }
}
