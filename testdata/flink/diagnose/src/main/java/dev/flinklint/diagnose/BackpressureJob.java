package dev.flinklint.diagnose;

import java.time.Duration;

import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.core.execution.JobClient;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.streaming.api.functions.sink.v2.DiscardingSink;
import org.apache.flink.streaming.api.windowing.assigners.TumblingEventTimeWindows;

/**
 * A slow enrichment step that cannot keep up with the source: the source is
 * backpressured, falls behind its backlog, and the window's watermark falls
 * behind with it. Not an event-time mistake.
 */
public final class BackpressureJob {
    private BackpressureJob() {}

    static JobClient start(StreamExecutionEnvironment env) throws Exception {
        env.setParallelism(2);
        WatermarkStrategy<Tick> strategy = WatermarkStrategy.<Tick>forBoundedOutOfOrderness(Duration.ofSeconds(1))
                .withTimestampAssigner((tick, ts) -> tick.millis())
                .withIdleness(Duration.ofMinutes(1));
        env.fromSource(Ticks.steady(2, 2), strategy, "page-views")
                .keyBy(Tick::key)
                .map(BackpressureJob::enrich) // diagnose: backpressure
                .keyBy(Tick::key)
                .window(TumblingEventTimeWindows.of(Duration.ofSeconds(10)))
                .reduce((a, b) -> b)
                .sinkTo(new DiscardingSink<>());
        return env.executeAsync("diagnose-backpressure");
    }

    /** Looks a record up in a slow service. */
    private static Tick enrich(Tick t) throws InterruptedException {
        Thread.sleep(20);
        return t;
    }
}
