package v1;

import org.apache.flink.streaming.api.TimeCharacteristic;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.streaming.api.windowing.time.Time;

// Targets Flink 1.20 (its pom.xml): silent, though it would fail on 2.x.
public class V1Job {
    static long size(StreamExecutionEnvironment env) {
        env.setStreamTimeCharacteristic(TimeCharacteristic.EventTime);
        return Time.seconds(5).toMilliseconds();
    }
}
