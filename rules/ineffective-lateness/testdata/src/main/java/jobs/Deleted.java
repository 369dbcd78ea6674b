package jobs;

import org.apache.flink.api.java.tuple.Tuple2;
import org.apache.flink.streaming.api.datastream.KeyedStream;
import org.apache.flink.streaming.api.datastream.WindowedStream;
import org.apache.flink.streaming.api.windowing.assigners.GlobalWindows;
import org.apache.flink.streaming.api.windowing.assigners.TumblingProcessingTimeWindows;
import org.apache.flink.streaming.api.windowing.triggers.CountTrigger;
import org.apache.flink.streaming.api.windowing.windows.GlobalWindow;
import org.apache.flink.streaming.api.windowing.windows.TimeWindow;
import org.apache.flink.util.OutputTag;

import java.time.Duration;

/** The shapes the fix deletes a lateness setting from, and those it leaves. */
public class Deleted {
    static final OutputTag<Tuple2<String, Long>> UNREAD = new OutputTag<Tuple2<String, Long>>("unread") {};
    private final long latenessMinutes;

    Deleted(long latenessMinutes) {
        this.latenessMinutes = latenessMinutes;
    }

    void alone(KeyedStream<Tuple2<String, Long>, String> keyed) {
        WindowedStream<Tuple2<String, Long>, String, GlobalWindow> w = keyed.window(GlobalWindows.create());
        w.trigger(CountTrigger.of(10));
        w.allowedLateness(Duration.ofSeconds(5)); // want "allowedLateness has no effect"
        w.sum(1);
    }

    void lastLink(KeyedStream<Tuple2<String, Long>, String> keyed) {
        WindowedStream<Tuple2<String, Long>, String, TimeWindow> w = keyed
            .window(TumblingProcessingTimeWindows.of(Duration.ofMinutes(1))) // one minute
            .allowedLateness(Duration.ofMinutes(this.latenessMinutes * 2)); // want "allowedLateness has no effect"
        w.sum(1);
    }

    void unreadTag(KeyedStream<Tuple2<String, Long>, String> keyed) {
        keyed.window(TumblingProcessingTimeWindows.of(Duration.ofMinutes(1))).sideOutputLateData(UNREAD).sum(1); // want "sideOutputLateData never receives a record"
        keyed.window(TumblingProcessingTimeWindows.of(Duration.ofMinutes(1)))
            .sideOutputLateData(new OutputTag<Tuple2<String, Long>>("inline") {}) // want "sideOutputLateData never receives a record"
            .sum(1);
    }

    // No fix: the argument runs the job's code, or two statements share a line.
    void sideEffects(KeyedStream<Tuple2<String, Long>, String> keyed) {
        keyed.window(GlobalWindows.create()).trigger(CountTrigger.of(10))
            .allowedLateness(Duration.ofMinutes(latenessMinutes())) // want "allowedLateness has no effect"
            .sum(1);
        WindowedStream<Tuple2<String, Long>, String, GlobalWindow> w = keyed.window(GlobalWindows.create());
        w.trigger(CountTrigger.of(10)); w.allowedLateness(Duration.ofSeconds(5)); // want "allowedLateness has no effect"
        w.sum(1);
    }

    long latenessMinutes() {
        return latenessMinutes;
    }
}
