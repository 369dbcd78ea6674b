package late;

import org.apache.flink.api.java.tuple.Tuple2;
import org.apache.flink.streaming.api.datastream.KeyedStream;
import org.apache.flink.streaming.api.datastream.SingleOutputStreamOperator;
import org.apache.flink.streaming.api.datastream.WindowedStream;
import org.apache.flink.streaming.api.windowing.assigners.TumblingEventTimeWindows;
import org.apache.flink.streaming.api.windowing.windows.TimeWindow;
import org.apache.flink.util.OutputTag;

import java.time.Duration;

/** Windowed streams and operators stored back into their own variable. */
public class Reassigned {
    static final OutputTag<Tuple2<String, Long>> LATE = new OutputTag<Tuple2<String, Long>>("reassigned") {};

    void unread(KeyedStream<Tuple2<String, Long>, String> keyed) {
        WindowedStream<Tuple2<String, Long>, String, TimeWindow> w = keyed.window(TumblingEventTimeWindows.of(Duration.ofMinutes(1)));
        w = w.sideOutputLateData(LATE); // want "\"reassigned\" is lost: not read from the window operator"
        SingleOutputStreamOperator<Tuple2<String, Long>> op = w.reduce((a, b) -> a);
        op = op.name("sums");
        op = op.uid("sums");
        op.print();
    }

    void read(KeyedStream<Tuple2<String, Long>, String> keyed) {
        WindowedStream<Tuple2<String, Long>, String, TimeWindow> w = keyed.window(TumblingEventTimeWindows.of(Duration.ofMinutes(1)));
        w = w.sideOutputLateData(LATE);
        SingleOutputStreamOperator<Tuple2<String, Long>> op = w.reduce((a, b) -> a);
        op = op.name("sums");
        op.getSideOutput(LATE).print();
    }
}
