package jobs;

import org.apache.flink.api.common.functions.ReduceFunction;
import org.apache.flink.api.java.tuple.Tuple2;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.datastream.KeyedStream;
import org.apache.flink.streaming.api.datastream.SingleOutputStreamOperator;
import org.apache.flink.streaming.api.windowing.assigners.EventTimeSessionWindows;
import org.apache.flink.streaming.api.windowing.assigners.GlobalWindows;
import org.apache.flink.streaming.api.windowing.assigners.ProcessingTimeSessionWindows;
import org.apache.flink.streaming.api.windowing.assigners.SlidingProcessingTimeWindows;
import org.apache.flink.streaming.api.windowing.assigners.TumblingEventTimeWindows;
import org.apache.flink.streaming.api.windowing.assigners.TumblingProcessingTimeWindows;
import org.apache.flink.streaming.api.windowing.triggers.CountTrigger;
import org.apache.flink.util.OutputTag;

import java.time.Duration;

public class Lateness {
    static final ReduceFunction<Tuple2<String, Long>> SUM = (a, b) -> Tuple2.of(a.f0, a.f1 + b.f1);
    static final OutputTag<Tuple2<String, Long>> LATE = new OutputTag<Tuple2<String, Long>>("late") {};
    static final Duration LATENESS = Duration.ofMinutes(5);
    static final Duration NO_LATENESS = Duration.ZERO;

    void globalWindow(KeyedStream<Tuple2<String, Long>, String> keyed) {
        keyed.window(GlobalWindows.create())
            .trigger(CountTrigger.of(100))
            .allowedLateness(Duration.ofMinutes(1)) // want "allowedLateness has no effect on GlobalWindows windows"
            .reduce(SUM);
    }

    void processingTime(KeyedStream<Tuple2<String, Long>, String> keyed) {
        SingleOutputStreamOperator<Tuple2<String, Long>> sums = keyed
            .window(TumblingProcessingTimeWindows.of(Duration.ofMinutes(1)))
            .allowedLateness(LATENESS) // want "no effect on TumblingProcessingTimeWindows"
            .sideOutputLateData(LATE) // want "sideOutputLateData never receives a record"
            .reduce(SUM);
        sums.getSideOutput(LATE).print();
    }

    void assignerInAVariable(DataStream<Tuple2<String, Long>> events) {
        SlidingProcessingTimeWindows sliding = SlidingProcessingTimeWindows.of(Duration.ofMinutes(10), Duration.ofMinutes(1));
        events.windowAll(sliding).allowedLateness(Duration.ofSeconds(30)).sum(1); // want "no effect on SlidingProcessingTimeWindows"
    }

    void sessions(KeyedStream<Tuple2<String, Long>, String> keyed) {
        keyed.window(ProcessingTimeSessionWindows.withGap(Duration.ofMinutes(5)))
            .allowedLateness(Duration.ofMinutes(1)) // want "no effect"
            .sum(1);
    }

    void countWindow(KeyedStream<Tuple2<String, Long>, String> keyed) {
        keyed.countWindow(10).allowedLateness(Duration.ofSeconds(10)).sum(1); // want "no effect on countWindow"
    }

    // Look-alikes: event-time windows, and a lateness of zero.
    void eventTime(KeyedStream<Tuple2<String, Long>, String> keyed) {
        SingleOutputStreamOperator<Tuple2<String, Long>> sums = keyed
            .window(TumblingEventTimeWindows.of(Duration.ofMinutes(1)))
            .allowedLateness(Duration.ofMinutes(1))
            .sideOutputLateData(LATE)
            .reduce(SUM);
        sums.getSideOutput(LATE).print();
        keyed.window(EventTimeSessionWindows.withGap(Duration.ofMinutes(1))).allowedLateness(LATENESS).sum(1);
    }

    void zeroLateness(KeyedStream<Tuple2<String, Long>, String> keyed) {
        keyed.window(GlobalWindows.create()).trigger(CountTrigger.of(5)).allowedLateness(Duration.ZERO).sum(1);
        keyed.window(TumblingProcessingTimeWindows.of(Duration.ofMinutes(1))).allowedLateness(NO_LATENESS).sum(1);
        keyed.window(TumblingProcessingTimeWindows.of(Duration.ofMinutes(1))).allowedLateness(Duration.ofMillis(0)).sum(1);
        // keyed.window(GlobalWindows.create()).allowedLateness(Duration.ofMinutes(1)).sum(1);
    }
}
