package catalog;

import org.apache.flink.streaming.api.datastream.DataStream;

public class CatalogJob {
    static void build(DataStream<Long> in) {
        in.timeWindowAll(org.apache.flink.streaming.api.windowing.time.Time.seconds(1)).sum(0); // want "timeWindowAll is removed in Flink 2.0 \\(the project targets Flink 2.1.0, per build.gradle.kts\\)" "Time \\("
    }
}
