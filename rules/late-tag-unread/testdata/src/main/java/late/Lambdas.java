package late;

import org.apache.flink.api.common.functions.ReduceFunction;
import org.apache.flink.api.java.tuple.Tuple2;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.datastream.SingleOutputStreamOperator;
import org.apache.flink.streaming.api.windowing.assigners.TumblingEventTimeWindows;
import org.apache.flink.util.OutputTag;

import java.time.Duration;
import java.util.function.Function;

// A window built inside a lambda given to a helper: the operator the
// lambda returns is what the helper's call returns, so the tag is judged
// where the caller uses that result.
public class Lambdas {
    static final ReduceFunction<Tuple2<String, Long>> SUM = (a, b) -> Tuple2.of(a.f0, a.f1 + b.f1);
    static final OutputTag<Tuple2<String, Long>> LATE = new OutputTag<Tuple2<String, Long>>("late") {};

    static <T, R> R apply(DataStream<T> in, Function<DataStream<T>, R> step) {
        return step.apply(in);
    }

    static <T, R> R named(String name, DataStream<T> in, Function<DataStream<T>, R> step) {
        System.out.println(name);
        R out = step.apply(in);
        return out;
    }

    void unread(DataStream<Tuple2<String, Long>> in) {
        apply(in, s -> s.keyBy(t -> t.f0)
            .window(TumblingEventTimeWindows.of(Duration.ofMinutes(1)))
            .sideOutputLateData(LATE) // want "late side output \"late\" is lost: not read from the window operator"
            .reduce(SUM))
            .print();
    }

    void read(DataStream<Tuple2<String, Long>> in) {
        SingleOutputStreamOperator<Tuple2<String, Long>> sums = apply(in, s -> s.keyBy(t -> t.f0)
            .window(TumblingEventTimeWindows.of(Duration.ofMinutes(1)))
            .sideOutputLateData(LATE)
            .reduce(SUM));
        sums.getSideOutput(LATE).print();
        sums.print();
    }

    void readThroughTwoHelpers(DataStream<Tuple2<String, Long>> in) {
        SingleOutputStreamOperator<Tuple2<String, Long>> sums = named("sums", in, s -> s.keyBy(t -> t.f0)
            .window(TumblingEventTimeWindows.of(Duration.ofMinutes(1)))
            .sideOutputLateData(LATE)
            .reduce(SUM));
        sums.getSideOutput(LATE).print();
    }

    void readButDropped(DataStream<Tuple2<String, Long>> in) {
        SingleOutputStreamOperator<Tuple2<String, Long>> sums = named("sums", in, s -> s.keyBy(t -> t.f0)
            .window(TumblingEventTimeWindows.of(Duration.ofMinutes(1)))
            .sideOutputLateData(LATE) // want "the getSideOutput stream goes nowhere"
            .reduce(SUM));
        sums.getSideOutput(LATE);
        sums.print();
    }

    void readsAnotherTag(DataStream<Tuple2<String, Long>> in) {
        OutputTag<Tuple2<String, Long>> other = new OutputTag<Tuple2<String, Long>>("other") {};
        SingleOutputStreamOperator<Tuple2<String, Long>> sums = named("sums", in, s -> s.keyBy(t -> t.f0)
            .window(TumblingEventTimeWindows.of(Duration.ofMinutes(1)))
            .sideOutputLateData(LATE) // want "late side output \"late\" is lost: not read from the window operator"
            .reduce(SUM));
        sums.getSideOutput(other).print();
    }

    // The function escapes to code that is not the project's: more may be read there.
    Function<DataStream<Tuple2<String, Long>>, SingleOutputStreamOperator<Tuple2<String, Long>>> kept() {
        return s -> s.keyBy(t -> t.f0)
            .window(TumblingEventTimeWindows.of(Duration.ofMinutes(1)))
            .sideOutputLateData(LATE)
            .reduce(SUM);
    }
}
