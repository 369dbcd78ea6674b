package dev.flinklint.diagnose;

import java.time.Duration;

import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.core.execution.JobClient;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.streaming.api.functions.sink.v2.DiscardingSink;
import org.apache.flink.streaming.api.windowing.assigners.TumblingEventTimeWindows;

/** Records 30 s late against a 100 ms bound, and no lateness handling: the window drops them. */
public final class LateDroppedJob {
    private LateDroppedJob() {}

    static JobClient start(StreamExecutionEnvironment env) throws Exception {
        env.setParallelism(2);
        WatermarkStrategy<Tick> strategy = WatermarkStrategy.<Tick>forBoundedOutOfOrderness(Duration.ofMillis(100))
                .withTimestampAssigner((tick, ts) -> tick.millis())
                .withIdleness(Duration.ofMinutes(1));
        env.fromSource(Ticks.steady(2, 50).late(5, 30_000), strategy, "trades")
                .name("trades")
                .uid("trades")
                .keyBy(Tick::key)
                .window(TumblingEventTimeWindows.of(Duration.ofSeconds(10))) // diagnose: late-dropped
                .reduce((a, b) -> b)
                .name("trade-totals")
                .uid("trade-totals")
                .sinkTo(new DiscardingSink<>());
        return env.executeAsync("diagnose-late-dropped");
    }
}
