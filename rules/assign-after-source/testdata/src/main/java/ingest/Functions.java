package ingest;

import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.connector.kafka.source.KafkaSource;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;

import java.time.Duration;
import java.util.function.Function;

/** Jobs that hand the source stream to a lambda, as some tutorials do. */
public class Functions {
    static void runWithSource(StreamExecutionEnvironment env, KafkaSource<String> kafka, Function<DataStream<String>, Void> job) {
        job.apply(env.fromSource(kafka, WatermarkStrategy.noWatermarks(), "clicks").map(String::trim));
    }

    void job(StreamExecutionEnvironment env, KafkaSource<String> kafka) {
        Function<DataStream<String>, Void> printWindows = events -> {
            events.assignTimestampsAndWatermarks( // want "^watermark strategy assigned (again )?after fromSource.*\\n.*\\nnote: records of a lagging KafkaSource partition"
                WatermarkStrategy.<String>forBoundedOutOfOrderness(Duration.ofSeconds(5)).withIdleness(Duration.ofMinutes(1))).print();
            return null;
        };
        runWithSource(env, kafka, printWindows);
    }
}
