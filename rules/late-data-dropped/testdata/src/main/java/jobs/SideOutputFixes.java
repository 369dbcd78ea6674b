package jobs;

import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.api.common.functions.ReduceFunction;
import org.apache.flink.api.java.tuple.Tuple2;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.datastream.KeyedStream;
import org.apache.flink.streaming.api.datastream.SingleOutputStreamOperator;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.streaming.api.windowing.assigners.TumblingEventTimeWindows;

import java.time.Duration;

/** The shapes of late-data-dropped's fix: a side output, read and printed, where the code holds the operator and shows the element type. */
public class SideOutputFixes {
    static final ReduceFunction<Tuple2<String, Long>> SUM = (a, b) -> Tuple2.of(a.f0, a.f1 + b.f1);

    static DataStream<Tuple2<String, Long>> events(StreamExecutionEnvironment env) {
        return Dropped.parse(env.fromSource(Dropped.unbounded(), WatermarkStrategy.noWatermarks(), "events"))
            .assignTimestampsAndWatermarks(WatermarkStrategy.<Tuple2<String, Long>>forBoundedOutOfOrderness(Duration.ofSeconds(5))
                .withTimestampAssigner((t, ts) -> t.f1));
    }

    // A variable holds the operator, a variable's type shows the elements: fixed.
    static void variable(StreamExecutionEnvironment env) {
        DataStream<Tuple2<String, Long>> clicks = events(env);
        SingleOutputStreamOperator<Tuple2<String, Long>> sums = clicks
            .keyBy(t -> t.f0)
            .window(TumblingEventTimeWindows.of(Duration.ofMinutes(1))) // want "drops late elements without a trace"
            .reduce(SUM)
            .name("sums");
        sums.print();
    }

    // The method's declared result shows the elements; the statement drops the operator: fixed.
    static void dropped(StreamExecutionEnvironment env) {
        events(env).keyBy(t -> t.f0).window(TumblingEventTimeWindows.of(Duration.ofMinutes(1))).reduce(SUM); // want "drops late elements without a trace"
    }

    // The chain goes on: Java would need the operator's type for a variable. No fix.
    static void chained(StreamExecutionEnvironment env) {
        events(env).keyBy(t -> t.f0)
            .window(TumblingEventTimeWindows.of(Duration.ofMinutes(1))) // want "drops late elements without a trace"
            .reduce(SUM)
            .print();
    }

    // An instance method: new OutputTag<T>(...) {} would hold this object. No fix.
    void instance(StreamExecutionEnvironment env) {
        SingleOutputStreamOperator<Tuple2<String, Long>> sums = events(env).keyBy(t -> t.f0)
            .window(TumblingEventTimeWindows.of(Duration.ofMinutes(1))) // want "drops late elements without a trace"
            .reduce(SUM);
        sums.print();
    }

    // A parameter's type arguments are not in the model, and a type variable cannot be extracted. No fix.
    static <T> void generic(KeyedStream<T, String> keyed, ReduceFunction<T> f) {
        SingleOutputStreamOperator<T> out = keyed
            .window(TumblingEventTimeWindows.of(Duration.ofMinutes(1))) // want "drops late elements without a trace"
            .reduce(f);
        out.print();
    }

    static void callsGeneric(StreamExecutionEnvironment env) {
        generic(events(env).keyBy(t -> t.f0), SUM);
    }

    // The operator in a variable declared as DataStream, which has no getSideOutput. No fix.
    static void asDataStream(StreamExecutionEnvironment env) {
        DataStream<Tuple2<String, Long>> sums = events(env).keyBy(t -> t.f0)
            .window(TumblingEventTimeWindows.of(Duration.ofMinutes(1))) // want "drops late elements without a trace"
            .reduce(SUM);
        sums.print();
    }
}
