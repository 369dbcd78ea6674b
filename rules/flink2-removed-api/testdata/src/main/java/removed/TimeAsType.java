package removed;

import org.apache.flink.api.java.tuple.Tuple2;
import org.apache.flink.streaming.api.TimeCharacteristic;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.windowing.assigners.TumblingEventTimeWindows;
import org.apache.flink.streaming.api.windowing.time.Time;

// Time as a parameter type: no fix (the signature must change too).
// TimeCharacteristic only read: reported on the call, no fix.
public class TimeAsType {
    static final Time SIZE = Time.seconds(30); // want "removed Flink's Time class .*\\nhelp: .*change the types and values of Time in this file by hand"

    static void build(DataStream<Tuple2<String, Long>> in, Time size) {
        in.keyBy(t -> t.f0).window(TumblingEventTimeWindows.of(Time.milliseconds(size.toMilliseconds()))).sum(1); // want "removed Flink's Time class .*\\nhelp: .*change the types and values of Time in this file by hand"
        if (in.getExecutionEnvironment().getStreamTimeCharacteristic() == TimeCharacteristic.ProcessingTime) { // want "Flink 2.0 removed TimeCharacteristic "
            return;
        }
    }
}
