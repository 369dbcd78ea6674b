package gradle2;

import org.apache.flink.streaming.api.TimeCharacteristic;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;

public class GradleJob {
    static void build(StreamExecutionEnvironment env) {
        env.setStreamTimeCharacteristic(TimeCharacteristic.IngestionTime); // want "TimeCharacteristic and setStreamTimeCharacteristic are removed in Flink 2.0 \\(the project targets Flink 2.0.0, per build.gradle\\)"
    }
}
