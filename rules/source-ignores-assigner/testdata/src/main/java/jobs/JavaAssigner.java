package jobs;

import java.time.Duration;

import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.api.common.serialization.SimpleStringSchema;
import org.apache.flink.connector.kafka.source.KafkaSource;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;

/** In Java the source runs the strategy's assigner: nothing to report. */
public class JavaAssigner {
    public static void build(StreamExecutionEnvironment env) {
        KafkaSource<String> source = KafkaSource.<String>builder()
                .setBootstrapServers("localhost:9092")
                .setTopics("clicks")
                .setValueOnlyDeserializer(new SimpleStringSchema())
                .build();
        env.fromSource(source,
                WatermarkStrategy.<String>forBoundedOutOfOrderness(Duration.ofSeconds(5))
                        .withTimestampAssigner((s, ts) -> Long.parseLong(s.split(",")[0])),
                "clicks").print();
    }
}
