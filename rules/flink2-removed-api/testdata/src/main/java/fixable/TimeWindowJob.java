package fixable;

import org.apache.flink.api.java.tuple.Tuple2;
import org.apache.flink.streaming.api.TimeCharacteristic;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.streaming.api.windowing.time.Time;

// Event time set explicitly: timeWindow made event-time windows, so the fix
// writes them out; the setStreamTimeCharacteristic call is deleted.
public class TimeWindowJob {
    static void build(StreamExecutionEnvironment env, DataStream<Tuple2<String, Long>> in) {
        env.setStreamTimeCharacteristic(TimeCharacteristic.EventTime); // want "TimeCharacteristic and setStreamTimeCharacteristic are removed in Flink 2.0"
        in.keyBy(t -> t.f0).timeWindow(Time.seconds(10)).sum(1); // want "timeWindow is removed in Flink 2.0 .*\\(EventTime\\) it made TumblingEventTimeWindows; write that window out, as window\\(TumblingEventTimeWindows.of\\(...\\)\\)$" "Time \\("
        in.keyBy(t -> t.f0).timeWindow(Time.minutes(1), Time.seconds(10)).sum(1); // want "timeWindow .* it made SlidingEventTimeWindows" "Time \\(" "Time \\("
        in.timeWindowAll(Time.seconds(5)).sum(1); // want "timeWindowAll .* as windowAll\\(TumblingEventTimeWindows.of" "Time \\("
    }
}
