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
        env.setStreamTimeCharacteristic(TimeCharacteristic.EventTime); // want "Flink 2.0 removed TimeCharacteristic \\(pom.xml targets Flink 2.0.0\\)"
        in.keyBy(t -> t.f0).timeWindow(Time.seconds(10)).sum(1); // want "Flink 2.0 removed timeWindow .*\\nhelp: write out the window it made: window\\(TumblingEventTimeWindows.of\\(...\\)\\)\\nnote: .*, EventTime in this project" "removed Flink's Time class"
        in.keyBy(t -> t.f0).timeWindow(Time.minutes(1), Time.seconds(10)).sum(1); // want "removed timeWindow .*\\nhelp: .*window\\(SlidingEventTimeWindows.of" "removed Flink's Time class" "removed Flink's Time class"
        in.timeWindowAll(Time.seconds(5)).sum(1); // want "removed timeWindowAll .*\\nhelp: .*windowAll\\(TumblingEventTimeWindows.of" "removed Flink's Time class"
    }
}
