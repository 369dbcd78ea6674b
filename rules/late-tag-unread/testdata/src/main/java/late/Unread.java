package late;

import org.apache.flink.api.common.functions.ReduceFunction;
import org.apache.flink.api.java.tuple.Tuple2;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.datastream.KeyedStream;
import org.apache.flink.streaming.api.datastream.SingleOutputStreamOperator;
import org.apache.flink.streaming.api.windowing.assigners.TumblingEventTimeWindows;
import org.apache.flink.util.OutputTag;

import java.time.Duration;

public class Unread {
    static final ReduceFunction<Tuple2<String, Long>> SUM = (a, b) -> Tuple2.of(a.f0, a.f1 + b.f1);
    final OutputTag<Tuple2<String, Long>> late = new OutputTag<Tuple2<String, Long>>("late") {};

    void neverRead(KeyedStream<Tuple2<String, Long>, String> keyed) {
        keyed.window(TumblingEventTimeWindows.of(Duration.ofMinutes(1)))
            .sideOutputLateData(late) // want "late side output \"late\" is lost: not read from the window operator"
            .reduce(SUM)
            .print();
    }

    void readOnAnotherOperator(KeyedStream<Tuple2<String, Long>, String> keyed) {
        SingleOutputStreamOperator<Tuple2<String, Long>> sums = keyed
            .window(TumblingEventTimeWindows.of(Duration.ofMinutes(1)))
            .sideOutputLateData(late) // want "(?s)\"late\" is lost: getSideOutput reads another operator.*operator that .reduce\\(...\\) builds, not"
            .reduce(SUM);
        sums.map(t -> t).getSideOutput(late).print();
    }

    void bareStatement(KeyedStream<Tuple2<String, Long>, String> keyed) {
        SingleOutputStreamOperator<Tuple2<String, Long>> sums = keyed
            .window(TumblingEventTimeWindows.of(Duration.ofMinutes(1)))
            .sideOutputLateData(Tags.LATE) // want "\"late-clicks\" is lost: the getSideOutput stream goes nowhere"
            .reduce(SUM);
        sums.getSideOutput(Tags.LATE);
        sums.print();
    }

    void unusedLocal(KeyedStream<Tuple2<String, Long>, String> keyed) {
        SingleOutputStreamOperator<Tuple2<String, Long>> sums = keyed
            .window(TumblingEventTimeWindows.of(Duration.ofMinutes(1)))
            .sideOutputLateData(late) // want "goes nowhere"
            .sum(1);
        DataStream<Tuple2<String, Long>> lateRecords = sums.getSideOutput(late);
        sums.print();
    }

    void sameFieldNameAnotherId(KeyedStream<Tuple2<String, Long>, String> keyed) {
        SingleOutputStreamOperator<Tuple2<String, Long>> sums = keyed
            .window(TumblingEventTimeWindows.of(Duration.ofMinutes(1)))
            .sideOutputLateData(Tags.LATE) // want "\"late-clicks\" is lost: not read from the window operator"
            .reduce(SUM);
        sums.getSideOutput(OtherTags.LATE).print();
    }

    void longTagId(KeyedStream<Tuple2<String, Long>, String> keyed) {
        keyed.window(TumblingEventTimeWindows.of(Duration.ofMinutes(1)))
            .sideOutputLateData(new OutputTag<Tuple2<String, Long>>("late-orders-of-the-eu-west-region-kept-for-audit") {}) // want "^late side output \"late-orders-of-the-eu-west-reg...\" is lost: not read"
            .reduce(SUM)
            .print();
    }

    void twoWindowsOneTagId(KeyedStream<Tuple2<String, Long>, String> keyed) {
        SingleOutputStreamOperator<Tuple2<String, Long>> first = keyed
            .window(TumblingEventTimeWindows.of(Duration.ofMinutes(1)))
            .sideOutputLateData(late) // want "getSideOutput reads another operator"
            .reduce(SUM);
        SingleOutputStreamOperator<Tuple2<String, Long>> second = keyed
            .window(TumblingEventTimeWindows.of(Duration.ofMinutes(5)))
            .sideOutputLateData(late)
            .reduce(SUM);
        first.print();
        second.getSideOutput(late).print(); // the second window's own read: not moved to the first
    }
}
