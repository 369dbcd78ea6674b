package importorder;

import org.apache.flink.streaming.api.windowing.assigners.TumblingEventTimeWindows;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.connector.kafka.source.KafkaSource;
import java.util.Objects;
import org.apache.flink.api.common.eventtime.WatermarkStrategy;

// Imports in no order: the fix's import goes at the end of their block,
// where an unsorted file's author adds one.
public class Unsorted {
    static void build(StreamExecutionEnvironment env, KafkaSource<String> kafka) {
        env.fromSource(kafka, WatermarkStrategy.<String>forMonotonousTimestamps(), "clicks") // want "a KafkaSource"
            .filter(Objects::nonNull)
            .keyBy(s -> s).window(TumblingEventTimeWindows.of(java.time.Duration.ofMinutes(1))).reduce((a, b) -> a).print();
    }
}
