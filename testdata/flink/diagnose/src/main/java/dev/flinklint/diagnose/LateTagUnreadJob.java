package dev.flinklint.diagnose;

import java.time.Duration;

import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.core.execution.JobClient;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.streaming.api.functions.sink.v2.DiscardingSink;
import org.apache.flink.streaming.api.windowing.assigners.TumblingEventTimeWindows;
import org.apache.flink.util.OutputTag;

/** Late records sent to a side output that nothing reads: kept by no one. */
public final class LateTagUnreadJob {
    private LateTagUnreadJob() {}

    static JobClient start(StreamExecutionEnvironment env) throws Exception {
        env.setParallelism(2);
        OutputTag<Tick> late = new OutputTag<>("late-visits") {};
        WatermarkStrategy<Tick> strategy = WatermarkStrategy.<Tick>forBoundedOutOfOrderness(Duration.ofMillis(100))
                .withTimestampAssigner((tick, ts) -> tick.millis())
                .withIdleness(Duration.ofMinutes(1));
        env.fromSource(Ticks.steady(2, 50).late(5, 30_000), strategy, "visits")
                .keyBy(Tick::key)
                .window(TumblingEventTimeWindows.of(Duration.ofSeconds(10)))
                .sideOutputLateData(late) // diagnose: late-tag-unread
                .reduce((a, b) -> b)
                .sinkTo(new DiscardingSink<>());
        return env.executeAsync("diagnose-late-tag-unread");
    }
}
