package bounds;

import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.windowing.assigners.TumblingEventTimeWindows;

import java.time.Duration;

public class Helpers {
    static final Duration ALLOWED_DISORDER = Duration.ofMinutes(2);

    static WatermarkStrategy<String> lenient() {
        return WatermarkStrategy.<String>forBoundedOutOfOrderness(ALLOWED_DISORDER); // want "bound of 2 min exceeds the 1 min size of TumblingEventTimeWindows"
    }

    static DataStream<String> perMinute(DataStream<String> in) {
        return in.keyBy(s -> s).window(TumblingEventTimeWindows.of(Duration.ofMinutes(1))).reduce((a, b) -> a);
    }
}
