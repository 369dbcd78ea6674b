package ingest;

import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.connector.file.src.FileSource;
import org.apache.flink.connector.kafka.source.KafkaSource;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.streaming.api.functions.ProcessFunction;
import org.apache.flink.util.Collector;

import java.time.Duration;

/** A strategy assigned again after a source that has one: the source's per-split watermarks are replaced. */
public class Reassigned {
    static final WatermarkStrategy<String> AT_SOURCE = WatermarkStrategy
        .<String>forBoundedOutOfOrderness(Duration.ofSeconds(5))
        .withIdleness(Duration.ofMinutes(1));

    void violations(StreamExecutionEnvironment env, KafkaSource<String> kafka, FileSource<String> files) {
        env.fromSource(kafka, AT_SOURCE, "clicks")
            .assignTimestampsAndWatermarks(AT_SOURCE) // want "^watermark strategy assigned again after fromSource, replacing AT_SOURCE\\nhelp: keep a single strategy, the one passed to fromSource\\nnote: records of a lagging KafkaSource partition"
            .print();

        DataStream<String> raw = env.fromSource(kafka, WatermarkStrategy.<String>forMonotonousTimestamps(), "orders");
        raw.map(String::trim)
            .assignTimestampsAndWatermarks(WatermarkStrategy.<String>forBoundedOutOfOrderness(Duration.ofSeconds(3))) // want "^watermark strategy assigned again after fromSource, replacing forMonotonousTimestamps\\(\\.\\.\\.\\)\\n.*\\nnote: records of a lagging KafkaSource"
            .print();

        env.fromSource(files, WatermarkStrategy.<String>forMonotonousTimestamps().withTimestampAssigner((s, ts) -> Long.parseLong(s)), "files")
            .filter(s -> !s.isEmpty())
            .assignTimestampsAndWatermarks(AT_SOURCE) // want "^watermark strategy assigned again after fromSource, replacing forMonotonousTimestamps\\(\\.\\.\\.\\)\\n.*\\nnote: one watermark generator per subtask sees all its splits interleaved, so watermark alignment and per-split idleness are lost"
            .print();
    }

    void lookAlikes(StreamExecutionEnvironment env, KafkaSource<String> kafka, WatermarkStrategy<String> given, MyStrategy custom) {
        // Strategies the code does not show: a parameter, a class of the project.
        env.fromSource(kafka, given, "a").assignTimestampsAndWatermarks(AT_SOURCE).print();
        env.fromSource(kafka, custom, "b").assignTimestampsAndWatermarks(AT_SOURCE).print();

        // No watermarks after the source: a processing-time job.
        env.fromSource(kafka, AT_SOURCE, "c").assignTimestampsAndWatermarks(WatermarkStrategy.noWatermarks()).print();

        // After a process function or a keyBy the stream may carry new timestamps.
        env.fromSource(kafka, AT_SOURCE, "d")
            .process(new ProcessFunction<String, String>() {
                @Override
                public void processElement(String value, Context ctx, Collector<String> out) {
                    out.collect(value);
                }
            })
            .assignTimestampsAndWatermarks(AT_SOURCE).print();
        env.fromSource(kafka, AT_SOURCE, "e").keyBy(s -> s).map(s -> s).assignTimestampsAndWatermarks(AT_SOURCE).print();

        // After a union the stream no longer corresponds to one source's splits.
        DataStream<String> x = env.fromSource(kafka, AT_SOURCE, "x");
        DataStream<String> y = env.fromSource(kafka, AT_SOURCE, "y");
        x.union(y).assignTimestampsAndWatermarks(AT_SOURCE).print();
    }

    abstract static class MyStrategy implements WatermarkStrategy<String> {}
}
