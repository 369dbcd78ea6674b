package jobs;

import org.apache.flink.api.common.serialization.SimpleStringEncoder;
import org.apache.flink.api.java.tuple.Tuple2;
import org.apache.flink.connector.file.sink.FileSink;
import org.apache.flink.core.fs.Path;
import org.apache.flink.streaming.api.datastream.KeyedStream;
import org.apache.flink.streaming.api.datastream.SingleOutputStreamOperator;
import org.apache.flink.streaming.api.datastream.WindowedStream;
import org.apache.flink.streaming.api.windowing.assigners.TumblingEventTimeWindows;
import org.apache.flink.streaming.api.windowing.windows.TimeWindow;

import java.time.Duration;

/** The shapes of lateness-into-append-sink's fix: allowedLateness replaced with a side output, read and printed. */
public class SideOutputFixes {
    static final FileSink<String> FILES = FileSink.forRowFormat(new Path("/out"), new SimpleStringEncoder<String>()).build();

    // A variable holds the operator, another's type shows the elements: fixed.
    static void variable(KeyedStream<Tuple2<String, Long>, String> in) {
        KeyedStream<Tuple2<String, Long>, String> keyed = in;
        SingleOutputStreamOperator<Tuple2<String, Long>> sums = keyed
            .window(TumblingEventTimeWindows.of(Duration.ofMinutes(1)))
            .allowedLateness(Duration.ofMinutes(5)) // want "FileSink appends each late firing"
            .reduce(LateFirings.SUM);
        sums.map(t -> t.f0 + "," + t.f1).sinkTo(FILES);
    }

    // A late tag is set already: a second would replace it. No fix.
    static void tagged(KeyedStream<Tuple2<String, Long>, String> in) {
        KeyedStream<Tuple2<String, Long>, String> keyed = in;
        SingleOutputStreamOperator<Tuple2<String, Long>> sums = keyed
            .window(TumblingEventTimeWindows.of(Duration.ofMinutes(1)))
            .sideOutputLateData(LateFirings.LATE)
            .allowedLateness(Duration.ofMinutes(5)) // want "FileSink appends each late firing"
            .reduce(LateFirings.SUM);
        sums.map(t -> t.f0 + "," + t.f1).sinkTo(FILES);
        sums.getSideOutput(LateFirings.LATE).print();
    }

    // allowedLateness as a statement of its own, before the operator's: the tag is declared before both.
    static void ownStatement(KeyedStream<Tuple2<String, Long>, String> in) {
        KeyedStream<Tuple2<String, Long>, String> keyed = in;
        WindowedStream<Tuple2<String, Long>, String, TimeWindow> windowed = keyed.window(TumblingEventTimeWindows.of(Duration.ofMinutes(1)));
        windowed.allowedLateness(Duration.ofMinutes(5)); // want "FileSink appends each late firing"
        SingleOutputStreamOperator<Tuple2<String, Long>> sums = windowed.reduce(LateFirings.SUM);
        sums.map(t -> t.f0 + "," + t.f1).sinkTo(FILES);
    }

    // allowedLateness in a helper, where a tag declared by the operator would be out of scope. No fix.
    static WindowedStream<Tuple2<String, Long>, String, TimeWindow> late(WindowedStream<Tuple2<String, Long>, String, TimeWindow> w) {
        return w.allowedLateness(Duration.ofMinutes(5)); // want "FileSink appends each late firing"
    }

    static void helper(KeyedStream<Tuple2<String, Long>, String> in) {
        KeyedStream<Tuple2<String, Long>, String> keyed = in;
        SingleOutputStreamOperator<Tuple2<String, Long>> sums = late(keyed.window(TumblingEventTimeWindows.of(Duration.ofMinutes(1))))
            .reduce(LateFirings.SUM);
        sums.map(t -> t.f0 + "," + t.f1).sinkTo(FILES);
    }
}
