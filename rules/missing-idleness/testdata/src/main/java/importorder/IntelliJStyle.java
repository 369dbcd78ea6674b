package importorder;

import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.connector.kafka.source.KafkaSource;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.streaming.api.windowing.assigners.TumblingEventTimeWindows;

import java.util.Objects;
import java.util.function.Function;

import static org.apache.flink.api.common.typeinfo.Types.STRING;

// IntelliJ's default layout: all other imports, then java and javax, then
// the static imports, each group sorted. The fix's import of
// java.time.Duration joins the java group at its sorted place.
public class IntelliJStyle {
    static void build(StreamExecutionEnvironment env, KafkaSource<String> kafka) {
        env.fromSource(kafka, WatermarkStrategy.<String>forMonotonousTimestamps(), "clicks") // want "a KafkaSource"
            .returns(STRING).filter(Objects::nonNull).map(s -> s).keyBy(s -> s)
            .window(TumblingEventTimeWindows.of(java.time.Duration.ofMinutes(1))).reduce((a, b) -> a).print();
        Function<String, String> same = Function.identity();
        same.apply("");
    }
}
