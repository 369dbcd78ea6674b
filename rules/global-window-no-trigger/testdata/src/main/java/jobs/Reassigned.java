package jobs;

import org.apache.flink.api.java.tuple.Tuple2;
import org.apache.flink.streaming.api.datastream.KeyedStream;
import org.apache.flink.streaming.api.datastream.WindowedStream;
import org.apache.flink.streaming.api.windowing.assigners.GlobalWindows;
import org.apache.flink.streaming.api.windowing.time.Time;
import org.apache.flink.streaming.api.windowing.triggers.CountTrigger;
import org.apache.flink.streaming.api.windowing.windows.GlobalWindow;

/** Windowed streams stored back into their own variable, and helpers that call each other. */
public class Reassigned {
    void noTrigger(KeyedStream<Tuple2<String, Long>, String> keyed) {
        WindowedStream<Tuple2<String, Long>, String, GlobalWindow> w = keyed.window(GlobalWindows.create()); // want "never fires"
        w = w.allowedLateness(Time.seconds(1));
        w.reduce((a, b) -> a);
    }

    void triggerReassigned(KeyedStream<Tuple2<String, Long>, String> keyed) {
        WindowedStream<Tuple2<String, Long>, String, GlobalWindow> w = keyed.window(GlobalWindows.create());
        w = w.allowedLateness(Time.seconds(1));
        w = w.trigger(CountTrigger.of(10));
        w.reduce((a, b) -> a);
    }

    void pingPong(KeyedStream<Tuple2<String, Long>, String> keyed) {
        ping(keyed.window(GlobalWindows.create()), 3);
    }

    WindowedStream<Tuple2<String, Long>, String, GlobalWindow> ping(WindowedStream<Tuple2<String, Long>, String, GlobalWindow> w, int n) {
        return n == 0 ? w : pong(w.allowedLateness(Time.seconds(n)), n - 1);
    }

    WindowedStream<Tuple2<String, Long>, String, GlobalWindow> pong(WindowedStream<Tuple2<String, Long>, String, GlobalWindow> w, int n) {
        return ping(w.allowedLateness(Time.seconds(n)), n);
    }
}
