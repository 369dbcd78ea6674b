package jobs;

import org.apache.flink.api.java.tuple.Tuple2;
import org.apache.flink.streaming.api.datastream.KeyedStream;
import org.apache.flink.streaming.api.datastream.WindowedStream;
import org.apache.flink.streaming.api.windowing.assigners.GlobalWindows;
import org.apache.flink.streaming.api.windowing.assigners.TumblingEventTimeWindows;
import org.apache.flink.streaming.api.windowing.assigners.TumblingProcessingTimeWindows;
import org.apache.flink.streaming.api.windowing.time.Time;
import org.apache.flink.streaming.api.windowing.triggers.CountTrigger;
import org.apache.flink.streaming.api.windowing.windows.GlobalWindow;
import org.apache.flink.streaming.api.windowing.windows.TimeWindow;

/** Windowed streams stored back into their own variable, and lateness held in constants that refer to each other. */
public class Reassigned {
    static final long LOOP_A = LOOP_B;
    static final long LOOP_B = LOOP_A;
    static final long GROW_A = GROW_B + 1;
    static final long GROW_B = GROW_A + 1;

    void selfAssigned(KeyedStream<Tuple2<String, Long>, String> keyed) {
        WindowedStream<Tuple2<String, Long>, String, GlobalWindow> w = keyed.window(GlobalWindows.create());
        w = w.trigger(CountTrigger.of(10));
        w = w.allowedLateness(Time.seconds(1)); // want "allowedLateness has no effect on GlobalWindows windows"
        w.reduce((a, b) -> a);
    }

    void selfAssignedTwice(KeyedStream<Tuple2<String, Long>, String> keyed) {
        WindowedStream<Tuple2<String, Long>, String, TimeWindow> w = keyed.window(TumblingProcessingTimeWindows.of(Time.minutes(1)));
        w = w.allowedLateness(Time.seconds(1)); // want "no effect on TumblingProcessingTimeWindows"
        w = w.allowedLateness(Time.seconds(2)); // want "no effect on TumblingProcessingTimeWindows"
        w.sum(1);
    }

    void recursiveConstants(KeyedStream<Tuple2<String, Long>, String> keyed) {
        keyed.window(GlobalWindows.create())
            .trigger(CountTrigger.of(10))
            .allowedLateness(Time.milliseconds(LOOP_A)) // want "no effect on GlobalWindows"
            .allowedLateness(Time.milliseconds(GROW_A)) // want "no effect on GlobalWindows"
            .reduce((a, b) -> a);
    }

    void eventTime(KeyedStream<Tuple2<String, Long>, String> keyed) {
        WindowedStream<Tuple2<String, Long>, String, TimeWindow> w = keyed.window(TumblingEventTimeWindows.of(Time.minutes(1)));
        w = w.allowedLateness(Time.seconds(1));
        w.reduce((a, b) -> a);
    }
}
