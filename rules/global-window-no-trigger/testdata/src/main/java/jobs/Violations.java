package jobs;

import org.apache.flink.api.common.functions.ReduceFunction;
import org.apache.flink.api.java.tuple.Tuple2;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.datastream.KeyedStream;
import org.apache.flink.streaming.api.datastream.WindowedStream;
import org.apache.flink.streaming.api.windowing.assigners.GlobalWindows;
import org.apache.flink.streaming.api.windowing.evictors.CountEvictor;
import org.apache.flink.streaming.api.windowing.triggers.CountTrigger;
import org.apache.flink.streaming.api.windowing.windows.GlobalWindow;

import java.time.Duration;

/** Every window here is consumed before it has a trigger. */
public class Violations {
    static final ReduceFunction<Tuple2<String, Long>> SUM = (a, b) -> Tuple2.of(a.f0, a.f1 + b.f1);

    void sameChain(KeyedStream<Tuple2<String, Long>, String> keyed) {
        keyed.window(GlobalWindows.create()).reduce(SUM); // want "GlobalWindows.create\\(\\) with no trigger never fires"
    }

    void windowAll(DataStream<Tuple2<String, Long>> events) {
        events
            .windowAll(GlobalWindows.create()) // want "never fires\\nhelp: .*before .sum.*or use countWindowAll\\(n\\)"
            .sum(1)
            .print();
    }

    void evictorAndLatenessAreNotTriggers(KeyedStream<Tuple2<String, Long>, String> keyed) {
        keyed
            .window(GlobalWindows.create()) // want "NeverTrigger"
            .evictor(CountEvictor.of(10))
            .allowedLateness(Duration.ofMinutes(1))
            .reduce(SUM);
    }

    void assignerInALocal(KeyedStream<Tuple2<String, Long>, String> keyed) {
        GlobalWindows assigner = GlobalWindows.create();
        keyed.window(assigner).max(1); // want "never fires"
    }

    void assignerInAConstantOfAnotherFile(KeyedStream<Tuple2<String, Long>, String> keyed) {
        keyed.window(Assigners.GLOBAL).min(1); // want "never fires"
    }

    void assignerFromAHelperOfAnotherFile(KeyedStream<Tuple2<String, Long>, String> keyed) {
        keyed.window(Assigners.global()).maxBy(1); // want "never fires"
    }

    void qualifiedName(KeyedStream<Tuple2<String, Long>, String> keyed) {
        keyed.window(org.apache.flink.streaming.api.windowing.assigners.GlobalWindows.create()).minBy(1); // want "never fires"
    }

    void windowedStreamInAVariable(KeyedStream<Tuple2<String, Long>, String> keyed) {
        WindowedStream<Tuple2<String, Long>, String, GlobalWindow> windowed =
                keyed.window(GlobalWindows.create()); // want "never fires"
        windowed.reduce(SUM).print();
    }

    void triggerSetAfterTheOperatorWasBuilt(KeyedStream<Tuple2<String, Long>, String> keyed) {
        WindowedStream<Tuple2<String, Long>, String, GlobalWindow> windowed =
                keyed.window(GlobalWindows.create()); // want "never fires"
        windowed.reduce(SUM).print();
        windowed.trigger(CountTrigger.of(100));
    }

    void passedToAHelperThatSetsNoTrigger(KeyedStream<Tuple2<String, Long>, String> keyed) {
        withLateness(keyed.window(GlobalWindows.create())).reduce(SUM); // want "never fires"
    }

    private static WindowedStream<Tuple2<String, Long>, String, GlobalWindow> withLateness(
            WindowedStream<Tuple2<String, Long>, String, GlobalWindow> w) {
        return w.allowedLateness(Duration.ofMinutes(1));
    }
}
