package jobs;

import org.apache.flink.api.java.tuple.*;
import org.apache.flink.streaming.api.datastream.*;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.streaming.api.windowing.assigners.TumblingEventTimeWindows;

import java.time.Duration;

/** A type this file names through a wildcard import: the tag can name it too. */
public class WildcardImports {
    static void wildcard(StreamExecutionEnvironment env) {
        DataStream<Tuple2<String, Long>> events = SideOutputFixes.events(env);
        SingleOutputStreamOperator<Tuple2<String, Long>> sums = events.keyBy(t -> t.f0)
            .window(TumblingEventTimeWindows.of(Duration.ofMinutes(1))) // want "drops late elements without a trace"
            .reduce(SideOutputFixes.SUM);
        sums.print();
    }

    // A bounded type parameter: no fix.
    static <E extends Tuple2<String, Long>> void bounded(DataStream<E> in) {
        DataStream<E> values = in;
        SingleOutputStreamOperator<E> out = values.keyBy(v -> v.f0)
            .window(TumblingEventTimeWindows.of(Duration.ofMinutes(1))) // want "drops late elements without a trace"
            .reduce((a, b) -> a);
        out.print();
    }

    static void callsBounded(StreamExecutionEnvironment env) {
        bounded(SideOutputFixes.events(env));
    }
}
