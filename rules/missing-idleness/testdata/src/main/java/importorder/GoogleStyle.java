package importorder;

import static org.apache.flink.api.common.typeinfo.Types.STRING;

import java.util.Objects;
import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.connector.kafka.source.KafkaSource;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.streaming.api.windowing.assigners.TumblingEventTimeWindows;

// google-java-format's layout: the static imports, a blank line, then every
// other import in one ASCII-sorted block. The fix's import of
// java.time.Duration goes into that block at its sorted place.
public class GoogleStyle {
    static void build(StreamExecutionEnvironment env, KafkaSource<String> kafka) {
        env.fromSource(kafka, WatermarkStrategy.<String>forMonotonousTimestamps(), "clicks") // want "a KafkaSource"
            .returns(STRING).filter(Objects::nonNull)
            .keyBy(s -> s).window(TumblingEventTimeWindows.of(java.time.Duration.ofMinutes(1))).reduce((a, b) -> a).print();
    }
}
