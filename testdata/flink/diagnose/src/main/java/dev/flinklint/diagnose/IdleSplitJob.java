package dev.flinklint.diagnose;

import java.time.Duration;

import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.core.execution.JobClient;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.streaming.api.functions.sink.v2.DiscardingSink;
import org.apache.flink.streaming.api.windowing.assigners.TumblingEventTimeWindows;

/** Two splits, one of which goes quiet, and no idleness: the window never fires. */
public final class IdleSplitJob {
    private IdleSplitJob() {}

    static JobClient start(StreamExecutionEnvironment env) throws Exception {
        env.setParallelism(2);
        WatermarkStrategy<Tick> strategy = WatermarkStrategy.<Tick>forBoundedOutOfOrderness(Duration.ofSeconds(1))
                .withTimestampAssigner((tick, ts) -> tick.millis());
        env.fromSource(Ticks.steady(2, 100).quietAfter(5), strategy, "orders") // diagnose: idle-split
                .uid("orders")
                .keyBy(Tick::key)
                .window(TumblingEventTimeWindows.of(Duration.ofSeconds(10)))
                .reduce((a, b) -> b)
                .name("order-totals")
                .uid("order-totals")
                .sinkTo(new DiscardingSink<>());
        return env.executeAsync("diagnose-idle-split");
    }
}
