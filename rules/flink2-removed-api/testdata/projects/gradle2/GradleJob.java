package gradle2;

import org.apache.flink.streaming.api.TimeCharacteristic;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;

public class GradleJob {
    static void build(StreamExecutionEnvironment env) {
        env.setStreamTimeCharacteristic(TimeCharacteristic.IngestionTime); // want "Flink 2.0 removed TimeCharacteristic \\(build.gradle targets Flink 2.0.0\\)"
    }
}
