package ingest;

import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.connector.kafka.source.KafkaSource;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;

import java.time.Duration;

/** The stream reaches the assignment through a helper's parameter. */
public class Helpers {
    static DataStream<String> withWatermarks(DataStream<String> events) {
        return events.assignTimestampsAndWatermarks( // want "^watermark strategy assigned (again )?after fromSource.*\\n.*\\nnote: records of a lagging KafkaSource partition"
            WatermarkStrategy.<String>forBoundedOutOfOrderness(Duration.ofSeconds(5)).withIdleness(Duration.ofMinutes(1)));
    }

    void run(StreamExecutionEnvironment env, KafkaSource<String> kafka) {
        withWatermarks(env.fromSource(kafka, WatermarkStrategy.noWatermarks(), "clicks").map(String::trim)).print();
    }

    /** A processing-time job: the later strategy assigns no watermarks either. */
    void processingTime(StreamExecutionEnvironment env, KafkaSource<String> kafka) {
        env.fromSource(kafka, WatermarkStrategy.noWatermarks(), "clicks")
            .map(String::trim)
            .assignTimestampsAndWatermarks(WatermarkStrategy.noWatermarks())
            .print();
    }
}
