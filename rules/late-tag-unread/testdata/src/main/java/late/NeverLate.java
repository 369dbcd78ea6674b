package late;

import org.apache.flink.api.common.functions.ReduceFunction;
import org.apache.flink.api.java.tuple.Tuple2;
import org.apache.flink.streaming.api.datastream.KeyedStream;
import org.apache.flink.streaming.api.windowing.assigners.TumblingProcessingTimeWindows;
import org.apache.flink.util.OutputTag;

import java.time.Duration;

/**
 * Late tags on windows where Flink calls no element late: nothing reaches them, so nothing
 * is lost (ineffective-lateness reports the calls).
 */
public class NeverLate {
    static final ReduceFunction<Tuple2<String, Long>> SUM = (a, b) -> Tuple2.of(a.f0, a.f1 + b.f1);
    static final OutputTag<Tuple2<String, Long>> LATE = new OutputTag<Tuple2<String, Long>>("late") {};

    void countWindow(KeyedStream<Tuple2<String, Long>, String> keyed) {
        keyed.countWindow(2).sideOutputLateData(LATE).reduce(SUM).print();
    }

    void processingTime(KeyedStream<Tuple2<String, Long>, String> keyed) {
        keyed.window(TumblingProcessingTimeWindows.of(Duration.ofMinutes(1)))
            .sideOutputLateData(LATE)
            .reduce(SUM)
            .print();
    }
}
