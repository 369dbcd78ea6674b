package late;

import org.apache.flink.api.common.functions.ReduceFunction;
import org.apache.flink.api.java.tuple.Tuple2;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.datastream.KeyedStream;
import org.apache.flink.streaming.api.datastream.SingleOutputStreamOperator;
import org.apache.flink.streaming.api.functions.sink.PrintSinkFunction;
import org.apache.flink.streaming.api.windowing.assigners.TumblingEventTimeWindows;
import org.apache.flink.util.OutputTag;

import java.time.Duration;
import java.util.List;

/** Every late side output here is read; nothing may be reported. */
public class Read {
    static final ReduceFunction<Tuple2<String, Long>> SUM = (a, b) -> Tuple2.of(a.f0, a.f1 + b.f1);
    final OutputTag<Tuple2<String, Long>> late = new OutputTag<Tuple2<String, Long>>("late") {};

    void printed(KeyedStream<Tuple2<String, Long>, String> keyed) {
        SingleOutputStreamOperator<Tuple2<String, Long>> sums = keyed
            .window(TumblingEventTimeWindows.of(Duration.ofMinutes(1)))
            .sideOutputLateData(late)
            .reduce(SUM);
        sums.getSideOutput(late).print();
    }

    void sameIdOtherVariable(KeyedStream<Tuple2<String, Long>, String> keyed) {
        SingleOutputStreamOperator<Tuple2<String, Long>> sums = keyed
            .window(TumblingEventTimeWindows.of(Duration.ofMinutes(1)))
            .sideOutputLateData(late)
            .reduce(SUM);
        sums.getSideOutput(new OutputTag<Tuple2<String, Long>>("late") {}).addSink(new PrintSinkFunction<>());
    }

    void afterNameAndUid(KeyedStream<Tuple2<String, Long>, String> keyed) {
        DataStream<Tuple2<String, Long>> lateRecords = keyed
            .window(TumblingEventTimeWindows.of(Duration.ofMinutes(1)))
            .sideOutputLateData(Tags.LATE)
            .reduce(SUM)
            .name("sums")
            .uid("sums")
            .setParallelism(2)
            .getSideOutput(Tags.LATE);
        lateRecords.map(t -> t.f0).print();
    }

    DataStream<Tuple2<String, Long>> returned(KeyedStream<Tuple2<String, Long>, String> keyed) {
        SingleOutputStreamOperator<Tuple2<String, Long>> sums = keyed
            .window(TumblingEventTimeWindows.of(Duration.ofMinutes(1)))
            .sideOutputLateData(late)
            .reduce(SUM);
        return sums.getSideOutput(late);
    }

    void passedOn(KeyedStream<Tuple2<String, Long>, String> keyed, List<DataStream<Tuple2<String, Long>>> sinks) {
        SingleOutputStreamOperator<Tuple2<String, Long>> sums = keyed
            .window(TumblingEventTimeWindows.of(Duration.ofMinutes(1)))
            .sideOutputLateData(late)
            .reduce(SUM);
        sinks.add(sums.getSideOutput(late));
    }

    static SingleOutputStreamOperator<Tuple2<String, Long>> windowed(KeyedStream<Tuple2<String, Long>, String> keyed) {
        return keyed
            .window(TumblingEventTimeWindows.of(Duration.ofMinutes(1)))
            .sideOutputLateData(Tags.LATE)
            .reduce(SUM);
    }

    static void sinkLate(SingleOutputStreamOperator<Tuple2<String, Long>> op) {
        op.getSideOutput(Tags.LATE).print();
    }

    void readByTheCaller(KeyedStream<Tuple2<String, Long>, String> keyed) {
        windowed(keyed).getSideOutput(Tags.LATE).print();
    }

    void readInAHelper(KeyedStream<Tuple2<String, Long>, String> keyed) {
        SingleOutputStreamOperator<Tuple2<String, Long>> sums = keyed
            .window(TumblingEventTimeWindows.of(Duration.ofMinutes(1)))
            .sideOutputLateData(Tags.LATE)
            .reduce(SUM);
        sinkLate(sums);
    }

    void escapesToALibrary(KeyedStream<Tuple2<String, Long>, String> keyed, List<SingleOutputStreamOperator<Tuple2<String, Long>>> registry) {
        SingleOutputStreamOperator<Tuple2<String, Long>> sums = keyed
            .window(TumblingEventTimeWindows.of(Duration.ofMinutes(1)))
            .sideOutputLateData(late)
            .reduce(SUM);
        registry.add(sums);
    }

    void notBuilt(KeyedStream<Tuple2<String, Long>, String> keyed) {
        // keyed.window(TumblingEventTimeWindows.of(Duration.ofMinutes(1))).sideOutputLateData(late).reduce(SUM);
        keyed.window(TumblingEventTimeWindows.of(Duration.ofMinutes(1))).sideOutputLateData(late);
    }
}
