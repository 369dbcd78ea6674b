package dev.flinklint.diagnose;

import java.time.Duration;

import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.core.execution.JobClient;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.streaming.api.functions.sink.v2.DiscardingSink;
import org.apache.flink.streaming.api.windowing.assigners.TumblingEventTimeWindows;

/** A timestamp assigner that returns epoch seconds: the watermark sits in January 1970. */
public final class SecondsJob {
    private SecondsJob() {}

    static JobClient start(StreamExecutionEnvironment env) throws Exception {
        env.setParallelism(2);
        WatermarkStrategy<Tick> strategy = WatermarkStrategy.<Tick>forBoundedOutOfOrderness(Duration.ofSeconds(5))
                .withTimestampAssigner((tick, ts) -> tick.millis() / 1000); // diagnose: event-time-behind
        env.fromSource(Ticks.steady(2, 100), strategy, "clicks")
                .keyBy(Tick::key)
                .window(TumblingEventTimeWindows.of(Duration.ofMinutes(1)))
                .reduce((a, b) -> b)
                .sinkTo(new DiscardingSink<>());
        return env.executeAsync("diagnose-seconds");
    }
}
