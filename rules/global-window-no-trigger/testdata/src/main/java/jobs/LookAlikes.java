package jobs;

import org.apache.flink.api.common.functions.ReduceFunction;
import org.apache.flink.api.java.tuple.Tuple2;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.datastream.KeyedStream;
import org.apache.flink.streaming.api.datastream.WindowedStream;
import org.apache.flink.streaming.api.windowing.assigners.GlobalWindows;
import org.apache.flink.streaming.api.windowing.assigners.TumblingEventTimeWindows;
import org.apache.flink.streaming.api.windowing.evictors.CountEvictor;
import org.apache.flink.streaming.api.windowing.triggers.CountTrigger;
import org.apache.flink.streaming.api.windowing.triggers.PurgingTrigger;
import org.apache.flink.streaming.api.windowing.triggers.Trigger;
import org.apache.flink.streaming.api.windowing.windows.GlobalWindow;

import java.time.Duration;

/** None of these windows may be reported. */
public class LookAlikes {
    static final ReduceFunction<Tuple2<String, Long>> SUM = (a, b) -> Tuple2.of(a.f0, a.f1 + b.f1);

    void triggerInTheChain(KeyedStream<Tuple2<String, Long>, String> keyed) {
        keyed.window(GlobalWindows.create()).trigger(CountTrigger.of(100)).reduce(SUM);
    }

    void triggerAfterEvictorAndLateness(KeyedStream<Tuple2<String, Long>, String> keyed) {
        keyed.window(GlobalWindows.create())
            .evictor(CountEvictor.of(10))
            .allowedLateness(Duration.ofMinutes(1))
            .trigger(PurgingTrigger.of(CountTrigger.of(10)))
            .reduce(SUM);
    }

    void triggerInALaterStatement(KeyedStream<Tuple2<String, Long>, String> keyed) {
        WindowedStream<Tuple2<String, Long>, String, GlobalWindow> windowed = keyed.window(GlobalWindows.create());
        windowed.trigger(CountTrigger.of(100));
        windowed.reduce(SUM).print();
    }

    void triggerHeldInAVariable(KeyedStream<Tuple2<String, Long>, String> keyed, Trigger<Object, GlobalWindow> trigger) {
        keyed.window(GlobalWindows.create()).trigger(trigger).sum(1);
    }

    void countWindows(KeyedStream<Tuple2<String, Long>, String> keyed, DataStream<Tuple2<String, Long>> events) {
        keyed.countWindow(100).reduce(SUM);
        keyed.countWindow(100, 10).sum(1);
        events.countWindowAll(50).sum(1);
    }

    void endOfStreamTrigger(KeyedStream<Tuple2<String, Long>, String> keyed) {
        keyed.window(GlobalWindows.createWithEndOfStreamTrigger()).reduce(SUM);
    }

    void eventTimeWindow(KeyedStream<Tuple2<String, Long>, String> keyed) {
        keyed.window(TumblingEventTimeWindows.of(Duration.ofMinutes(1))).reduce(SUM);
    }

    void commentsAndStrings(KeyedStream<Tuple2<String, Long>, String> keyed) {
        // keyed.window(GlobalWindows.create()).reduce(SUM);
        /* keyed.window(GlobalWindows.create()).sum(1); */
        String doc = "keyed.window(GlobalWindows.create()).reduce(SUM)";
        keyed.countWindow(10).reduce(SUM).name(doc);
    }

    WindowedStream<Tuple2<String, Long>, String, GlobalWindow> returnedToTheCaller(KeyedStream<Tuple2<String, Long>, String> keyed) {
        return keyed.window(GlobalWindows.create());
    }

    void passedToAHelper(KeyedStream<Tuple2<String, Long>, String> keyed) {
        withTrigger(keyed.window(GlobalWindows.create())).reduce(SUM);
    }

    private static WindowedStream<Tuple2<String, Long>, String, GlobalWindow> withTrigger(
            WindowedStream<Tuple2<String, Long>, String, GlobalWindow> w) {
        return w.trigger(CountTrigger.of(5));
    }

    void neverConsumed(KeyedStream<Tuple2<String, Long>, String> keyed) {
        keyed.window(GlobalWindows.create());
    }
}
