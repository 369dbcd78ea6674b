package bounds;

import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.windowing.assigners.TumblingEventTimeWindows;

import java.time.Duration;

public class Helpers {
    static final Duration ALLOWED_DISORDER = Duration.ofMinutes(2);

    static WatermarkStrategy<String> lenient() {
        return WatermarkStrategy.<String>forBoundedOutOfOrderness(ALLOWED_DISORDER); // want "bound \\(2 min\\) is larger than the size \\(1 min\\) of the TumblingEventTimeWindows window at Helpers.java:17"
    }

    static DataStream<String> perMinute(DataStream<String> in) {
        return in.keyBy(s -> s).window(TumblingEventTimeWindows.of(Duration.ofMinutes(1))).reduce((a, b) -> a);
    }
}
