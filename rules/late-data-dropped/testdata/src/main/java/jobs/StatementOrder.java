package jobs;

import java.time.Duration;

import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.streaming.api.windowing.assigners.TumblingEventTimeWindows;

/**
 * A variable assigned again: a window reads the value the variable holds
 * where the window is built, not the one a later statement gives it.
 */
public class StatementOrder {
    static WatermarkStrategy<String> strict() {
        return WatermarkStrategy.<String>forBoundedOutOfOrderness(Duration.ZERO)
                .withTimestampAssigner((line, ts) -> Long.parseLong(line));
    }

    /** The first window reads the source, which has no watermarks; the second the assigned stream. */
    public static void strategyAfterTheWindow(StreamExecutionEnvironment env) {
        DataStream<String> events = env.fromSource(Dropped.unbounded(), WatermarkStrategy.noWatermarks(), "events");
        events.keyBy(s -> s)
                .window(TumblingEventTimeWindows.of(Duration.ofSeconds(5)))
                .reduce((a, b) -> a)
                .print();
        events = events.assignTimestampsAndWatermarks(strict());
        events.keyBy(s -> s)
                .window(TumblingEventTimeWindows.of(Duration.ofSeconds(5))) // want "drops late elements without a trace"
                .reduce((a, b) -> a)
                .print();
    }

    /** The other way round: the window reads the assigned stream, a later statement replaces it. */
    public static void sourceAfterTheWindow(StreamExecutionEnvironment env) {
        DataStream<String> events = env.fromSource(Dropped.unbounded(), WatermarkStrategy.noWatermarks(), "events")
                .assignTimestampsAndWatermarks(strict());
        events.keyBy(s -> s)
                .window(TumblingEventTimeWindows.of(Duration.ofSeconds(5))) // want "drops late elements without a trace"
                .reduce((a, b) -> a)
                .print();
        events = env.fromSource(Dropped.unbounded(), WatermarkStrategy.noWatermarks(), "raw");
        events.keyBy(s -> s)
                .window(TumblingEventTimeWindows.of(Duration.ofSeconds(5)))
                .reduce((a, b) -> a)
                .print();
    }

    /** An assignment in a branch may or may not run: which value the window reads is unknown. */
    public static void branch(StreamExecutionEnvironment env, boolean strictly) {
        DataStream<String> events = env.fromSource(Dropped.unbounded(), WatermarkStrategy.noWatermarks(), "events");
        if (strictly) {
            events = events.assignTimestampsAndWatermarks(strict());
        }
        events.keyBy(s -> s)
                .window(TumblingEventTimeWindows.of(Duration.ofSeconds(5))) // want "drops late elements without a trace"
                .reduce((a, b) -> a)
                .print();
    }

    /**
     * A helper nothing calls, assigning its variable again from itself: the
     * s read in s = s.assignTimestampsAndWatermarks(...) is the mapped
     * parameter, so no job of the project runs the window, as in the
     * one-line chain.
     */
    static void uncalledReassigned(DataStream<String> in) {
        DataStream<String> s = in.map(x -> x);
        s = s.assignTimestampsAndWatermarks(strict());
        s.keyBy(x -> x)
                .window(TumblingEventTimeWindows.of(Duration.ofSeconds(5)))
                .reduce((a, b) -> a)
                .print();
    }
}
