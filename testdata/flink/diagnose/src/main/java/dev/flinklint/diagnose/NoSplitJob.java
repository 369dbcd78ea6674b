package dev.flinklint.diagnose;

import java.time.Duration;

import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.core.execution.JobClient;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.streaming.api.functions.sink.v2.DiscardingSink;
import org.apache.flink.streaming.api.windowing.assigners.TumblingEventTimeWindows;

/** One split read by two subtasks, and no idleness: one subtask never has a watermark. */
public final class NoSplitJob {
    private NoSplitJob() {}

    static JobClient start(StreamExecutionEnvironment env) throws Exception {
        env.setParallelism(2);
        env.fromSource(Ticks.steady(1, 100), WatermarkStrategy.<Tick>forBoundedOutOfOrderness(Duration.ofSeconds(1)) // diagnose: no-split
                        .withTimestampAssigner((tick, ts) -> tick.millis()), "payments")
                .keyBy(Tick::key)
                .window(TumblingEventTimeWindows.of(Duration.ofSeconds(10)))
                .reduce((a, b) -> b)
                .sinkTo(new DiscardingSink<>());
        return env.executeAsync("diagnose-no-split");
    }
}
