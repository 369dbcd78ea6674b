package fixable;

import java.time.Duration;
import org.apache.flink.api.java.tuple.Tuple2;
import org.apache.flink.streaming.api.TimeCharacteristic;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.streaming.api.windowing.time.Time;

// Processing time: timeWindow made processing-time windows; the call
// becomes setAutoWatermarkInterval(0) (an unsafe fix).
public class ProcessingTimeJob {
    static void build(StreamExecutionEnvironment env, DataStream<Tuple2<String, Long>> in) {
        env.setStreamTimeCharacteristic(TimeCharacteristic.ProcessingTime); // want "Flink 2.0 removed TimeCharacteristic "
        in.keyBy(t -> t.f0).timeWindow(Time.seconds(10)).sum(1); // want "removed timeWindow .*\\nhelp: .*window\\(TumblingProcessingTimeWindows.of.*\\nnote: .*ProcessingTime in this project" "removed Flink's Time class"
        in.keyBy(t -> t.f0).window(org.apache.flink.streaming.api.windowing.assigners.TumblingEventTimeWindows.of(Duration.ofSeconds(1))).sum(1);
    }
}
