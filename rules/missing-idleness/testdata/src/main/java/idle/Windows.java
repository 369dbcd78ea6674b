package idle;

import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.windowing.assigners.TumblingEventTimeWindows;

import java.time.Duration;

/** An event-time window: the jobs' streams feed it, so something downstream waits for their watermark. */
final class Windows {
    private Windows() {}

    static DataStream<String> perMinute(DataStream<String> s) {
        return s.keyBy(x -> x).window(TumblingEventTimeWindows.of(Duration.ofMinutes(1))).reduce((a, b) -> a);
    }
}
