package dev.flinklint.diagnose;

import java.time.Duration;

import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.core.execution.JobClient;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.streaming.api.functions.sink.v2.DiscardingSink;
import org.apache.flink.streaming.api.windowing.assigners.TumblingEventTimeWindows;

/** IdleSplitJob fixed as flinklint diagnose says: with idleness, the quiet split no longer holds the windows. */
public final class IdleSplitFixedJob {
    private IdleSplitFixedJob() {}

    static JobClient start(StreamExecutionEnvironment env) throws Exception {
        env.setParallelism(2);
        WatermarkStrategy<Tick> strategy = WatermarkStrategy.<Tick>forBoundedOutOfOrderness(Duration.ofSeconds(1))
                .withTimestampAssigner((tick, ts) -> tick.millis())
                .withIdleness(Duration.ofSeconds(5));
        env.fromSource(Ticks.steady(2, 100).quietAfter(5), strategy, "fixed-orders")
                .uid("fixed-orders")
                .keyBy(Tick::key)
                .window(TumblingEventTimeWindows.of(Duration.ofSeconds(10)))
                .reduce((a, b) -> b)
                .name("fixed-order-totals")
                .uid("fixed-order-totals")
                .sinkTo(new DiscardingSink<>());
        return env.executeAsync("diagnose-idle-split-fixed");
    }
}
