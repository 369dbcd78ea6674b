package catalog;

import org.apache.flink.streaming.api.datastream.DataStream;

public class CatalogJob {
    static void build(DataStream<Long> in) {
        in.timeWindowAll(org.apache.flink.streaming.api.windowing.time.Time.seconds(1)).sum(0); // want "Flink 2.0 removed timeWindowAll \\(build.gradle.kts targets Flink 2.1.0\\)" "removed Flink's Time class"
    }
}
