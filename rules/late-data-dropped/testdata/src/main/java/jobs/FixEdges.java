package jobs;

import org.apache.flink.api.common.functions.ReduceFunction;
import org.apache.flink.api.java.tuple.Tuple2;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.datastream.SingleOutputStreamOperator;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.streaming.api.windowing.assigners.TumblingEventTimeWindows;

import java.time.Duration;
import java.util.List;

/** Shapes where late-data-dropped's fix would not compile, or would leave the tag unset: each gets no fix, or one that compiles. */
public class FixEdges {
    // The element type is named in Clicks.java, whose import this file lacks. No fix.
    static void otherFile(StreamExecutionEnvironment env) {
        Clicks.clicks(env).keyBy(c -> c.user).window(TumblingEventTimeWindows.of(Duration.ofMinutes(1))).reduce((a, b) -> a); // want "drops late elements without a trace"
    }

    // Two windows in one method: the first is fixed, the second would declare the tag again. No fix for it.
    static void twoWindows(StreamExecutionEnvironment env) {
        DataStream<Tuple2<String, Long>> events = SideOutputFixes.events(env);
        SingleOutputStreamOperator<Tuple2<String, Long>> minutes = events.keyBy(t -> t.f0)
            .window(TumblingEventTimeWindows.of(Duration.ofMinutes(1))) // want "drops late elements without a trace"
            .reduce(SideOutputFixes.SUM);
        SingleOutputStreamOperator<Tuple2<String, Long>> hours = events.keyBy(t -> t.f0)
            .window(TumblingEventTimeWindows.of(Duration.ofHours(1))) // want "drops late elements without a trace"
            .reduce(SideOutputFixes.SUM);
        minutes.union(hours).print();
    }

    // A type variable that is not all capitals: Flink could not extract it from the tag. No fix.
    static <V1> void typeVariable(DataStream<V1> in, ReduceFunction<V1> f) {
        DataStream<V1> values = in;
        SingleOutputStreamOperator<V1> out = values.keyBy(v -> v.hashCode())
            .window(TumblingEventTimeWindows.of(Duration.ofMinutes(1))) // want "drops late elements without a trace"
            .reduce(f);
        out.print();
    }

    static <T> void typeArgument(DataStream<Tuple2<T, Long>> in, ReduceFunction<Tuple2<T, Long>> f) {
        DataStream<Tuple2<T, Long>> values = in;
        SingleOutputStreamOperator<Tuple2<T, Long>> out = values.keyBy(v -> v.f1)
            .window(TumblingEventTimeWindows.of(Duration.ofMinutes(1))) // want "drops late elements without a trace"
            .reduce(f);
        out.print();
    }

    static void callsGenerics(StreamExecutionEnvironment env) {
        typeVariable(SideOutputFixes.events(env), SideOutputFixes.SUM);
        typeArgument(SideOutputFixes.events(env), SideOutputFixes.SUM);
    }

    // A wildcard is no type a tag can be declared with. No fix.
    static void wildcard(StreamExecutionEnvironment env) {
        DataStream<? extends Tuple2<String, Long>> events = SideOutputFixes.events(env);
        events.keyBy(t -> t.f0).window(TumblingEventTimeWindows.of(Duration.ofMinutes(1))).reduce((a, b) -> a); // want "drops late elements without a trace"
    }

    // A block comment ends the window's line: the tag is set after the window, outside the comment.
    static void blockComment(StreamExecutionEnvironment env) {
        SingleOutputStreamOperator<Tuple2<String, Long>> sums = SideOutputFixes.events(env).keyBy(t -> t.f0)
            .window(TumblingEventTimeWindows.of(Duration.ofMinutes(1))) /* the tag is set before this comment // want "drops late elements without a trace"
            */
            .reduce(SideOutputFixes.SUM);
        sums.print();
    }

    // The window's line ends with the dot of the next call: the tag is set after the window, on its line.
    static void trailingDot(StreamExecutionEnvironment env) {
        SingleOutputStreamOperator<Tuple2<String, Long>> sums = SideOutputFixes.events(env).keyBy(t -> t.f0).
            window(TumblingEventTimeWindows.of(Duration.ofMinutes(1))). // want "drops late elements without a trace"
            reduce(SideOutputFixes.SUM);
        sums.print();
    }

    // The operator's statement shares its line with the block's brace: a read after the line would be outside the block. No fix.
    static void sharedLine(StreamExecutionEnvironment env, List<String> names) {
        for (String name : names) {
            SingleOutputStreamOperator<Tuple2<String, Long>> sums = SideOutputFixes.events(env).keyBy(t -> t.f0)
                .window(TumblingEventTimeWindows.of(Duration.ofMinutes(1))).reduce(SideOutputFixes.SUM); } // want "drops late elements without a trace"
    }
}
