package late;

import org.apache.flink.api.java.tuple.Tuple2;
import org.apache.flink.streaming.api.datastream.KeyedStream;
import org.apache.flink.streaming.api.datastream.SingleOutputStreamOperator;
import org.apache.flink.streaming.api.datastream.WindowedStream;
import org.apache.flink.streaming.api.windowing.assigners.TumblingEventTimeWindows;
import org.apache.flink.streaming.api.windowing.windows.TimeWindow;
import org.apache.flink.util.OutputTag;

import java.time.Duration;
import java.util.List;

/** Shapes where late-tag-unread's read would not compile: each gets no fix. */
public class Edges {
    // The tag is a local of the helper that sets it: the caller cannot name it.
    static WindowedStream<Tuple2<String, Long>, String, TimeWindow> keepLate(WindowedStream<Tuple2<String, Long>, String, TimeWindow> w) {
        OutputTag<Tuple2<String, Long>> late = new OutputTag<Tuple2<String, Long>>("kept") {};
        return w.sideOutputLateData(late); // want "\"kept\" is lost: not read from the window operator"
    }

    static void helperTag(KeyedStream<Tuple2<String, Long>, String> keyed) {
        SingleOutputStreamOperator<Tuple2<String, Long>> sums = keepLate(keyed.window(TumblingEventTimeWindows.of(Duration.ofMinutes(1))))
            .reduce(Unread.SUM);
        sums.print();
    }

    // The tag is declared in a block the read would be outside of.
    static void blockTag(KeyedStream<Tuple2<String, Long>, String> keyed) {
        SingleOutputStreamOperator<Tuple2<String, Long>> sums;
        {
            OutputTag<Tuple2<String, Long>> late = new OutputTag<Tuple2<String, Long>>("block") {};
            sums = keyed.window(TumblingEventTimeWindows.of(Duration.ofMinutes(1)))
                .sideOutputLateData(late) // want "\"block\" is lost: not read from the window operator"
                .reduce(Unread.SUM); }
        sums.print();
    }

    // The operator's statement shares its line with the loop's brace: a read after the line would be outside the loop.
    static void sharedLine(KeyedStream<Tuple2<String, Long>, String> keyed, List<String> names) {
        for (String name : names) {
            SingleOutputStreamOperator<Tuple2<String, Long>> sums = keyed.window(TumblingEventTimeWindows.of(Duration.ofMinutes(1)))
                .sideOutputLateData(Tags.LATE).reduce(Unread.SUM); sums.print(); } // want "\"late-clicks\" is lost: not read from the window operator"
    }
}
